// The ad form's fields (SPEC §2 Ad create, Ad edit): title, five images with five bodies and the
// eye-catch choice, three links, and the store's details. Images are real file inputs sent with
// the form; with JavaScript each file is uploaded as soon as it is chosen and shown at once.
import { useEffect, useState, type ChangeEvent, type MouseEvent } from "react";
import { AD_IMAGE_SLOTS, AD_LINK_SLOTS, type AdImageSlot } from "../../shared/ad-page";
import { TITLE_MAX } from "~/domain/limits";
import type { UploadResult } from "~/routes/uploads";
import { TextField, TextareaField } from "./fields";
import type { Field } from "./form-state";
import { useHydrated } from "./hydrated";
import { Button } from "./ui";

type Fields = Record<string, Field>;
type Values = Record<string, string | undefined>;

const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
const UPLOAD_NETWORK_ERROR =
  "アップロードに失敗しました。通信状況をご確認のうえ、再度お試しください。";

type EyeCatch = { chosen: string; choose: (slot: string) => void };

function EyeCatchChoice({ slot, eyeCatch }: { slot: AdImageSlot; eyeCatch: EyeCatch }) {
  return (
    <label className="check">
      <input
        type="radio"
        name="eyecatchIndex"
        value={slot}
        checked={eyeCatch.chosen === String(slot)}
        onChange={() => eyeCatch.choose(String(slot))}
      />
      画像{slot}をアイキャッチ画像にする
    </label>
  );
}

/** The first slot other than `removed` whose image the form still holds. */
function firstImageSlot(form: HTMLFormElement, removed: AdImageSlot) {
  return AD_IMAGE_SLOTS.find((n) => {
    const input = form.elements.namedItem(`image${n}`);
    return n !== removed && input instanceof HTMLInputElement && input.value !== "";
  });
}

function ImageSlot({
  slot,
  fields,
  values,
  notices,
  eyeCatch,
  instantUpload,
}: {
  slot: AdImageSlot;
  fields: Fields;
  values: Values;
  notices: readonly string[];
  eyeCatch: EyeCatch;
  instantUpload: boolean;
}) {
  const hydrated = useHydrated();
  const field = fields[`image${slot}`]!;
  const saved = { id: values[`image${slot}`] ?? "", url: values[`image${slot}Url`] ?? "" };
  const [image, setImage] = useState(saved);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // What /uploads said about the image it stored (a portrait cropped), until another is chosen.
  const [uploadNotice, setUploadNotice] = useState<string | null>(null);
  // After a round trip the server's values are the truth again.
  useEffect(() => {
    setImage({ id: saved.id, url: saved.url });
    setUploadError(null);
    setUploadNotice(null);
  }, [saved.id, saved.url]);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const body = new FormData();
    // The trial form's key goes first: the server picks where the file goes before reading it.
    const trialKey = input.form?.querySelector<HTMLInputElement>('input[name="trialKey"]')?.value;
    if (trialKey) body.set("trialKey", trialKey);
    body.set("file", file);
    setUploading(true);
    setUploadError(null);
    setUploadNotice(null);
    try {
      const response = await fetch("/uploads", {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      const result = (await response.json()) as UploadResult;
      if (result.ok) {
        setImage({ id: result["@id"], url: result.contentUrl });
        setUploadNotice(result.notice ?? null);
      } else setUploadError(result.message);
    } catch {
      setUploadError(UPLOAD_NETWORK_ERROR);
    } finally {
      // Uploaded (or refused): the form need not send the file again.
      input.value = "";
      setUploading(false);
    }
  }

  function remove(event: MouseEvent<HTMLButtonElement>) {
    const form = event.currentTarget.form;
    if (!window.confirm(`画像${slot}を削除しますか？`)) return;
    setImage({ id: "", url: "" });
    setUploadNotice(null);
    // The eye-catch moves to the first remaining image, as the server does without JS.
    const next = form ? firstImageSlot(form, slot) : undefined;
    if (eyeCatch.chosen === String(slot) && next !== undefined) eyeCatch.choose(String(next));
  }

  // The server's error was about the slot as it sent it back; an image chosen since replaces it.
  const judged = image.id === saved.id;
  const errors = uploadError ? [uploadError] : judged ? (field.errors ?? []) : [];
  // The same goes for the server's notice; without an image there is nothing it is about.
  const notice = uploadNotice ?? (judged && image.url && notices.length ? notices.join(" ") : null);
  const required = slot === 1;
  const fileId = `${field.id}-file`;
  const noticeId = `${field.id}-notice`;
  const describedBy = [errors.length ? field.errorId : null, notice ? noticeId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field image-field">
      <label htmlFor={fileId} className={required ? "field-label required" : "field-label"}>
        画像{slot}
      </label>
      <input type="hidden" name={`image${slot}`} value={image.id} />
      <input type="hidden" name={`image${slot}Url`} value={image.url} />
      {image.url ? (
        <div className="image-current">
          <img src={image.url} alt={`画像${slot}`} className="image-thumb" />
          <div className="stack tight">
            <EyeCatchChoice slot={slot} eyeCatch={eyeCatch} />
            {hydrated ? (
              <Button type="button" variant="default" size="sm" onClick={remove}>
                画像{slot}を削除
              </Button>
            ) : (
              <label className="check">
                <input type="checkbox" name={`image${slot}Delete`} value="on" />
                画像{slot}を削除する
              </label>
            )}
          </div>
        </div>
      ) : (
        // Without an image yet, the slot can still be the eye-catch of the file chosen now.
        <EyeCatchChoice slot={slot} eyeCatch={eyeCatch} />
      )}
      {notice ? (
        <p className="field-notice" id={noticeId} role="status">
          {notice}
        </p>
      ) : null}
      <input
        id={fileId}
        type="file"
        name={`image${slot}File`}
        accept={IMAGE_ACCEPT}
        className="input"
        onChange={hydrated && instantUpload ? upload : undefined}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {uploading ? <p className="field-description">アップロード中…</p> : null}
      {errors.length ? (
        <p className="field-error" id={field.errorId}>
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 「12/50」 under the title: the server renders the count of the value it had, so the limit shows
 * without JavaScript; with it, every keystroke updates it (one listener on the document, so the
 * count survives the input being re-created). The input has no maxlength, which would cut a
 * pasted title silently: a longer one is let in and said to be too long, here at once and by the
 * server's error on 次へ (with or without JavaScript).
 */
const titleTooLong = (over: number) =>
  `${over}文字多すぎます。${TITLE_MAX}文字以内にしてください。`;

function CharacterCount({ inputId, initial }: { inputId: string; initial: string }) {
  const [length, setLength] = useState(initial.length);
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (input instanceof HTMLInputElement) setLength(input.value.length);
    const update = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.id === inputId) {
        setLength(target.value.length);
      }
    };
    document.addEventListener("input", update);
    return () => document.removeEventListener("input", update);
  }, [inputId]);
  const over = length - TITLE_MAX;
  return (
    <>
      <span className={over > 0 ? "char-count over" : "char-count"} data-testid="title-count">
        {length}/{TITLE_MAX}
      </span>
      {/* Only the overflow is announced, not every keystroke's count. */}
      <span className="char-count over" aria-live="polite">
        {over > 0 ? titleTooLong(over) : ""}
      </span>
    </>
  );
}

export function AdvertisementFields({
  fields,
  values,
  notices = {},
  instantUpload = true,
}: {
  fields: Fields;
  values: Values;
  /** The server's notices per field (useConfirmForm): an image cropped on its way up. */
  notices?: Readonly<Record<string, readonly string[]>>;
  /**
   * With JavaScript a chosen file goes to /uploads at once (logged-in users). The anonymous
   * trial form sends its files with the form instead, under its key (ADR 0012).
   */
  instantUpload?: boolean;
}) {
  const saved = values.eyecatchIndex ?? "1";
  const [chosen, choose] = useState(saved);
  // After a round trip the server's choice is the truth again.
  useEffect(() => choose(saved), [saved]);
  const eyeCatch = { chosen, choose };
  const eyeCatchErrors = fields.eyecatchIndex?.errors;
  return (
    <div className="stack">
      <TextField
        field={fields.title!}
        label="タイトル"
        required
        description={
          <>
            {`${TITLE_MAX}文字以内。ニュースサイトでは「タイトル【店名】」と表示されます。`}{" "}
            <CharacterCount inputId={fields.title!.id} initial={values.title ?? ""} />
          </>
        }
      />

      <section className="stack">
        <h2 className="title-2">画像と本文</h2>
        <p className="field-description">
          画像はJPEG・PNG・GIF・WebP（10MBまで）の横長または正方形のものをお使いください。
          縦長の画像は中央を横長（4:3）に切り抜きます。
          アイキャッチ画像は一覧の広告枠に表示されます。
        </p>
        {eyeCatchErrors?.length ? (
          <p className="field-error" id={fields.eyecatchIndex!.errorId}>
            アイキャッチ画像：{eyeCatchErrors.join(" ")}
          </p>
        ) : null}
        {AD_IMAGE_SLOTS.map((n) => (
          <fieldset key={n} className="ad-slot">
            <legend className="title-3">
              画像{n}・本文{n}
            </legend>
            <ImageSlot
              slot={n}
              fields={fields}
              values={values}
              notices={notices[`image${n}`] ?? []}
              eyeCatch={eyeCatch}
              instantUpload={instantUpload}
            />
            <TextareaField
              field={fields[`body${n}`]!}
              label={`本文${n}`}
              required={n === 1}
              rows={n === 1 ? 6 : 4}
            />
          </fieldset>
        ))}
      </section>

      <section className="stack">
        <h2 className="title-2">リンク</h2>
        {AD_LINK_SLOTS.map((n) => (
          <div key={n} className="link-pair">
            <TextField field={fields[`link${n}Title`]!} label={`リンク${n} 表示名`} />
            <TextField
              field={fields[`link${n}Url`]!}
              label={`リンク${n} URL`}
              type="url"
              placeholder="https://"
            />
          </div>
        ))}
      </section>

      <section className="stack">
        <h2 className="title-2">店舗情報</h2>
        <TextField field={fields.storeName!} label="店名" required />
        <TextField
          field={fields.storeAddress!}
          label="住所"
          required
          autoComplete="street-address"
        />
        <TextField
          field={fields.storeTel!}
          label="掲載用電話番号"
          type="tel"
          required
          inputMode="tel"
          placeholder="03-1234-5678"
        />
        <TextField
          field={fields.businessHours!}
          label="営業時間"
          placeholder="11:00〜21:00（水曜定休）"
        />
        <TextField
          field={fields.mapParameters!}
          label="地図の表示場所"
          description="空欄なら住所の場所を表示します。建物名などで位置を指定したい場合に入力してください。"
        />
        <TextField
          field={fields.homepage!}
          label="ホームページ"
          type="url"
          placeholder="https://"
        />
      </section>
    </div>
  );
}
