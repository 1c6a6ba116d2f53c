// AdvertiserAdvertisementsPublishment (SPEC §2 Publishment application): region → locality, the
// desired start date (not before the earliest allowed day) and an active course; confirm with the
// computed end date and the price; submit. ?nextto={this ad} extends it: the copy that is applied
// for is made on 送信 (./publishment.server.ts applyForExtension), never on opening the form.
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  Form,
  useActionData,
  useLoaderData,
} from "react-router";
import { useState, type ReactNode } from "react";
import { adFrameData, adPageData } from "~/.server/ad-page";
import { requireAdvertiser } from "~/.server/auth";
import { handleConfirmForm, loadFormPage, preload } from "~/.server/forms";
import { idFromUrl } from "~/.server/http-errors";
import {
  applyForExtension,
  extensionOf,
  isExtensionOfItself,
  orderSummary,
  periodLabel,
  publishmentFields,
  publishmentSchema,
  validateExtension,
} from "./publishment.server";
import { publishmentChoices } from "~/.server/reference-data";
import { createOrder, validateOrder } from "~/.server/upstream/orders";
import { getFullPost } from "~/.server/upstream/resources";
import { AdPage } from "~/components/AdPage";
import { AdFrame } from "~/components/AdPreview";
import { ConfirmList, InputPhase, PhaseActions, useConfirmForm } from "~/components/ConfirmForm";
import { FormErrors, KEPT_CHOICE_LABEL, RadioGroupField, TextField } from "~/components/fields";
import { useHydrated } from "~/components/hydrated";
import { StepHeader } from "~/components/StepHeader";
import { Alert, BackToMyPage, Card, FlashAlert } from "~/components/ui";
import { formatYen } from "~/domain/money";
import { pageTitle } from "~/domain/meta";
import { earliestStartDate } from "~/domain/publishment";
import { slashDate } from "../../../shared/calendar-days";
import { formProps } from "~/components/form-state";

export const meta: MetaFunction = () => [{ title: pageTitle("掲載申込") }];

type UpstreamApi = Awaited<ReturnType<typeof requireAdvertiser>>["api"];

/** The ad and the choices of area and course. */
async function loadApplication(api: UpstreamApi, upstreamUrl: string, adId: number) {
  const [post, choices] = await Promise.all([
    getFullPost(api, adId),
    publishmentChoices(api, upstreamUrl),
  ]);
  return { post, choices };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const now = new Date();
  const earliest = earliestStartDate(now);
  const nextto = new URL(request.url).searchParams.get("nextto");
  const loaded = await loadFormPage(
    context,
    async () => ({
      ...(await loadApplication(api, context.upstreamUrl, id)),
      extension: await extensionOf(api, nextto, earliest),
    }),
    // After an outage the posted form keeps the choices; the ad waits for the upstream.
    () => null,
  );
  const post = loaded?.post;
  const extendingItself = isExtensionOfItself(id, nextto);
  return {
    extension: loaded?.extension ?? null,
    extendingItself,
    flash: context.session.takeFlash() ?? null,
    ad: {
      id,
      title: post?.title ?? "",
      applicationId: post?.formattedAdvertisementId ?? "",
    },
    // Extending this very ad: its order is the one being extended; the copy gets the new one.
    alreadyOrdered: Boolean(post?.publishmentOrder) && !extendingItself,
    preview: post ? { page: adPageData(post), frame: adFrameData(post) } : null,
    regions: loaded?.choices.regions ?? [],
    courses: (loaded?.choices.courses ?? []).map((c) => ({
      value: c["@id"],
      label: `${c.name}（${periodLabel(c)}）`,
      description: `${formatYen(c.price)}（税抜）${c.note ? ` ${c.note}` : ""}`,
    })),
    earliest,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const extending = isExtensionOfItself(id, new URL(request.url).searchParams.get("nextto"));
  const application = await preload(loadApplication(api, context.upstreamUrl, id));
  const order = (
    post: { "@id": string },
    value: {
      region: string;
      locality: string;
      course: string;
      publishesAt: string;
    },
  ) => ({
    ...value,
    advertisement: post["@id"],
    paymentType: "none" as const,
  });
  return handleConfirmForm(request, {
    context,
    schema: publishmentSchema(new Date()),
    fields: publishmentFields,
    prepare: application,
    validate: (value, { post }) =>
      extending
        ? validateExtension(api, order(post, value))
        : validateOrder(api, order(post, value)),
    save: async (value, { post }) => {
      if (!extending) {
        await createOrder(api, order(post, value));
        return redirect(`/advertiser/advertisements/${post.id}/publishment/complete`);
      }
      const { advertisement: _extended, ...rest } = order(post, value);
      const applied = await applyForExtension(api, post.id, rest);
      if (applied.failed) context.session.flash({ kind: "error", message: EXTENSION_NOT_APPLIED });
      return redirect(applied.to);
    },
    // The confirm phase shows the end date and the price of the chosen course.
    summarize: (value, { choices }) => {
      const course = choices.courses.find((c) => c["@id"] === value.course);
      return course ? orderSummary(course, value.publishesAt) : null;
    },
  });
}

const EXTENSION_NOT_APPLIED =
  "広告のコピーは作成しましたが、掲載の申し込みができませんでした。この画面からもう一度お申し込みください。";

/**
 * A required choice of this form, written out rather than SelectField: its options are the
 * caller's (the kept choice, a region's localities grouped), and the region's change is followed.
 */
function ChoiceSelect(props: {
  field: { id: string; name: string; errors?: string[] };
  label: string;
  defaultValue: string;
  onChange?: (value: string) => void;
  children: ReactNode;
}) {
  const { field, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={field.id} className="field-label required">
        {props.label}
      </label>
      <select
        id={field.id}
        name={field.name}
        className="input"
        required
        defaultValue={props.defaultValue}
        onChange={onChange && ((event) => onChange(event.currentTarget.value))}
        aria-invalid={field.errors?.length ? true : undefined}
      >
        <option value="">選択してください</option>
        {props.children}
      </select>
      {field.errors?.length ? <p className="field-error">{field.errors.join(" ")}</p> : null}
    </div>
  );
}

type PublishmentForm = { region: string; locality: string; publishesAt: string; course: string };

export default function AdvertiserAdvertisementsPublishment() {
  const {
    ad,
    alreadyOrdered,
    extension,
    extendingItself,
    flash,
    preview,
    regions,
    courses,
    earliest,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const {
    phase,
    form,
    fields,
    values: posted,
    hasFieldErrors,
  } = useConfirmForm<PublishmentForm>(actionData, extension?.defaults);
  const values: Partial<PublishmentForm> = actionData ? posted : (extension?.defaults ?? {});
  // With JS the locality list follows the chosen region; without it (and in the server render)
  // every locality shows, grouped by region, so a posted choice is always listed and kept.
  const hydrated = useHydrated();
  const [region, setRegion] = useState(values.region ?? "");
  const regionLabel = regions.find((r) => r.value === values.region)?.label;
  const localityLabel = regions
    .flatMap((r) => r.localities)
    .find((l) => l.value === values.locality)?.label;
  const summary = actionData?.summary ?? null;
  // Posted choices the lists do not hold (they could not be loaded: upstream down) stay chosen.
  const kept = (value: string | undefined, listed: boolean) =>
    value && !listed ? <option value={value}>{KEPT_CHOICE_LABEL}</option> : null;

  return (
    <Card>
      <h1 className="title-1">掲載申込</h1>
      <StepHeader
        steps={["申込内容の入力", "申込内容の確認", "お支払い"]}
        active={phase === "confirm" ? 1 : 0}
      />
      <ConfirmList rows={[{ label: "対象の広告", value: `${ad.applicationId} ${ad.title}` }]} />
      <FlashAlert flash={flash} />
      {extension ? (
        <Alert color="blue">
          {`申込ID ${extension.applicationId}（${extension.period}）の掲載延長です。同じ原稿をコピーした広告で申し込みます。`}
          {extendingItself ? "コピーは「送信」を押したときに作成されます。" : ""}
        </Alert>
      ) : null}
      <div className="stack tight" style={{ marginTop: 12 }}>
        {preview ? (
          <>
            <AdFrame frame={preview.frame} />
            <details className="ad-preview-details">
              <summary>原稿プレビュー（広告ページ）を見る</summary>
              <AdPage ad={preview.page} />
            </details>
          </>
        ) : null}
        {/* Extending: this is the published ad itself; its copy can be edited once it exists. */}
        {extendingItself ? null : (
          <p className="small">
            <a href={`/advertiser/advertisements/${ad.id}/edit`} className="link-target">
              原稿を修正する
            </a>
          </p>
        )}
      </div>
      {alreadyOrdered ? (
        <div className="stack" style={{ marginTop: 16 }}>
          <Alert color="blue">この広告はすでに掲載を申し込んでいます。</Alert>
          <BackToMyPage />
        </div>
      ) : (
        <Form method="post" {...formProps(form)} className="stack" style={{ marginTop: 16 }}>
          <FormErrors errors={form.errors} hasFieldErrors={hasFieldErrors} />
          {phase === "confirm" && summary ? (
            <>
              <p>以下の内容で掲載を申し込みます。よろしければ「送信」を押してください。</p>
              <ConfirmList
                rows={[
                  { label: "掲載地域", value: `${regionLabel ?? ""} > ${localityLabel ?? ""}` },
                  { label: "掲載期間", value: summary.period },
                  { label: "掲載コース", value: summary.course },
                  { label: "料金", value: summary.price },
                ]}
              />
              <p className="small dimmed">
                掲載は開始日の0:00から終了日の23:59までです。お支払いは申込後に選べます。
              </p>
            </>
          ) : null}
          <InputPhase phase={phase}>
            <ChoiceSelect
              field={fields.region}
              label="掲載地域"
              defaultValue={values.region ?? ""}
              onChange={setRegion}
            >
              {kept(values.region, regionLabel !== undefined)}
              {regions.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </ChoiceSelect>
            <ChoiceSelect
              field={fields.locality}
              label="エリア"
              defaultValue={values.locality ?? ""}
            >
              {kept(values.locality, localityLabel !== undefined)}
              {regions
                .filter((r) => !hydrated || !region || r.value === region)
                .map((r) => (
                  <optgroup key={r.value} label={r.label}>
                    {r.localities.map((l) => (
                      <option key={l.value} value={l.value}>
                        {l.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
            </ChoiceSelect>
            <TextField
              field={fields.publishesAt}
              label="掲載開始希望日"
              type="date"
              required
              min={earliest}
              description={`${slashDate(earliest)}以降の日付を選べます（17時を過ぎると翌々日以降）。`}
            />
            <RadioGroupField field={fields.course} label="掲載コース" required options={courses} />
          </InputPhase>
          <PhaseActions phase={phase} />
        </Form>
      )}
    </Card>
  );
}
