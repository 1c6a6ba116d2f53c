// The area form of AdministratorAreasNew and …Edit (SPEC §2 Area screens): input, then confirm
// (修正 / 送信). The WordPress application password is write-only: the field says only whether
// one is stored, and the confirm phase says whether it changes, never what it is. A stored password
// belongs to its URL's host: the hint says it is typed again when the URL moves (the upstream
// refuses a blank one then, beside this field).
import type { AreaForm as AreaFormValues } from "~/.server/area-form";
import type { ConfirmFormData } from "~/.server/forms";
import { useConfirmForm } from "~/components/ConfirmForm";
import { ConfirmFormCard } from "~/components/ConfirmFormCard";
import { PasswordField, SelectField, TextField } from "~/components/fields";

export const PASSWORD_SET_HINT =
  "設定済み（変更するとき、またはURLの接続先（ホスト）を変えるときだけ入力）";
export const PASSWORD_UNSET_HINT = "未設定";
const PASSWORD_KEPT_HINT = "入力済み（送信まで保持されます。変更するときだけ入力し直してください）";
const PASSWORD_NOT_ECHOED = "入力したパスワードは再表示しません。もう一度入力してください。";
export const PASSWORD_CHANGES = "●●●●（変更）";
export const PASSWORD_UNCHANGED = "変更なし";

type Props = {
  title: string;
  /** The locality being edited; null for a new one. */
  current: { id: number; hasWpRestPassword: boolean; values: AreaFormValues } | null;
  regions: { value: string; label: string }[];
  actionData: ConfirmFormData | undefined;
};

/** What the confirm phase says of the password: it changes, stays, or goes with the WordPress URL. */
function passwordSummary(typed: boolean, stored: boolean, wordpress: boolean) {
  if (!wordpress) return stored ? "削除（WordPress設定なし）" : "なし";
  if (typed) return PASSWORD_CHANGES;
  return stored ? PASSWORD_UNCHANGED : PASSWORD_UNSET_HINT;
}

export function AreaForm({ title, current, regions, actionData }: Props) {
  const { phase, form, fields, values, sealed, hasFieldErrors } = useConfirmForm<AreaFormValues>(
    actionData,
    current?.values,
  );
  const stored = current?.hasWpRestPassword ?? false;
  const typed = Boolean(sealed.wpRestPassword);
  const passwordRejected = Boolean(fields.wpRestPassword.errors?.length);
  const passwordHint = typed
    ? PASSWORD_KEPT_HINT
    : [
        stored ? PASSWORD_SET_HINT : PASSWORD_UNSET_HINT,
        passwordRejected && actionData ? PASSWORD_NOT_ECHOED : null,
      ]
        .filter(Boolean)
        .join(" ");
  const regionLabel = regions.find((r) => r.value === values.region)?.label ?? "";
  const link = (url?: string) => url ?? "";
  return (
    <ConfirmFormCard
      title={title}
      form={form}
      phase={phase}
      hasFieldErrors={hasFieldErrors}
      sealed={sealed}
      confirmIntro="以下の内容で登録/修正します。よろしければ「送信」を押してください。"
      confirmRows={[
        { label: "管理ID", value: current ? String(current.id) : "(新規)" },
        { label: "地域", value: regionLabel },
        { label: "エリア名", value: values.name },
        { label: "ニュースサイトURL", value: link(values.blogUrl) },
        { label: "WordPress REST API URL", value: link(values.wpRestUrl) },
        { label: "WordPress ユーザー名", value: values.wpRestUser },
        {
          label: "WordPress アプリケーションパスワード",
          value: passwordSummary(typed, stored, Boolean(values.wpRestUrl)),
        },
        { label: "GA アカウント", value: values.gaAccount },
        { label: "GA プロパティ", value: values.gaProperty },
        { label: "GA ビュー（プロファイル）", value: values.gaProfile },
      ]}
      back={{ to: "/administrator/areas", label: "エリア一覧へ戻る", className: "area-form-back" }}
    >
      <fieldset className="form-section stack">
        <legend>エリア</legend>
        <div className="field">
          <label htmlFor="area-id" className="field-label">
            管理ID
          </label>
          <input
            id="area-id"
            className="input"
            readOnly
            value={current ? String(current.id) : "(新規)"}
          />
        </div>
        <SelectField field={fields.region} label="地域" required options={regions} />
        <TextField field={fields.name} label="エリア名" required maxLength={100} />
      </fieldset>
      <fieldset className="form-section stack">
        <legend>ニュースサイト</legend>
        <TextField
          field={fields.blogUrl}
          label="ニュースサイトURL"
          type="url"
          placeholder="https://"
          description="このエリアの記事が載るニュースサイトのURLです。"
        />
      </fieldset>
      <fieldset className="form-section stack">
        <legend>WordPress（配信先）</legend>
        <p className="field-description">
          URLを入力すると、このエリアの広告は WordPress
          に配信されます。空欄のときは内蔵ニュースサイトに掲載されます（ユーザー名とパスワードも削除されます）。
        </p>
        <TextField
          field={fields.wpRestUrl}
          label="WordPress REST API URL"
          type="url"
          placeholder="https://"
        />
        <TextField field={fields.wpRestUser} label="WordPress ユーザー名" autoComplete="off" />
        <PasswordField
          key={JSON.stringify(sealed) + String(actionData?.result.status ?? "")}
          field={fields.wpRestPassword}
          label="WordPress アプリケーションパスワード"
          autoComplete="new-password"
          description={passwordHint}
        />
      </fieldset>
      <fieldset className="form-section stack">
        <legend>アクセス解析</legend>
        <TextField field={fields.gaAccount} label="GA アカウント" />
        <TextField field={fields.gaProperty} label="GA プロパティ" />
        <TextField field={fields.gaProfile} label="GA ビュー（プロファイル）" />
      </fieldset>
    </ConfirmFormCard>
  );
}
