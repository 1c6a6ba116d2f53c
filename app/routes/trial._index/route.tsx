// TrialIndex (SPEC §2 Trial form): a prospect's first ad and registration in one multipart form,
// 次へ → confirm (previews) → 申込み. Server half: trial.server.ts.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  Form,
  useActionData,
  useLoaderData,
} from "react-router";
import { ContactDetailFields, contactDetailRows } from "~/components/AccountFields";
import { AdvertisementPreview } from "~/components/AdPreview";
import { AdvertisementFields } from "~/components/AdvertisementForm";
import { ConfirmList, InputPhase, PhaseActions, useConfirmForm } from "~/components/ConfirmForm";
import { FormErrors, TextField } from "~/components/fields";
import { StepHeader } from "~/components/StepHeader";
import { Card } from "~/components/ui";
import { AD_IMAGE_SLOTS } from "../../../shared/ad-page";
import { pageTitle } from "~/domain/meta";
import { slashDate } from "../../../shared/calendar-days";
import type { RouteHandle } from "~/root";
import { HONEYPOT_FIELD, TRIAL_TEXTS as T } from "./texts";
import { handleTrialForm, loadTrialPage, type TrialSummary } from "./trial.server";
import { formProps } from "~/components/form-state";

export const handle: RouteHandle = { layout: "full-page" };

export const meta: MetaFunction = () => [{ title: pageTitle(T.title) }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadTrialPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleTrialForm(request, context);

type Values = Record<string, string | undefined>;

/**
 * The honeypot: out of sight and out of the accessibility tree (`hidden` is display:none), never
 * focused or autofilled. It precedes the file inputs so the server knows before any upload.
 */
function Honeypot() {
  return (
    <div hidden>
      <label htmlFor="trial-fax">FAX</label>
      <input id="trial-fax" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

const unset = <span className="field-error">{T.unset}</span>;

/** Each image and body slot as it will be sent; an empty one is marked (SPEC §2). */
function slotRows(values: Values) {
  return AD_IMAGE_SLOTS.flatMap((n) => {
    const url = values[`image${n}Url`];
    const body = values[`body${n}`];
    return [
      {
        label: `画像${n}`,
        value: url ? <img src={url} alt={`画像${n}`} className="image-thumb" /> : unset,
      },
      { label: `本文${n}`, value: body || unset },
    ];
  });
}

export default function TrialIndex() {
  const { trialKey, prefectures, order, startDate } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = { eyecatchIndex: "1", publishesAt: startDate };
  const { phase, form, fields, values, notices, hasFieldErrors } = useConfirmForm<
    Record<string, string>
  >(actionData, defaults);
  const shown: Values = actionData ? values : defaults;
  const summary = phase === "confirm" ? (actionData?.summary as TrialSummary | null) : null;
  return (
    <Card>
      <h1 className="title-1">{T.title}</h1>
      <StepHeader steps={["入力", "確認", "完了"]} active={phase === "confirm" ? 1 : 0} />
      <div className="stack">
        <FormErrors errors={form.errors} hasFieldErrors={hasFieldErrors} />
        {phase === "confirm" ? <p>{T.confirmLead}</p> : <p>{T.intro}</p>}
        {summary ? (
          <AdvertisementPreview preview={summary.preview} siteLabel={T.sitePreview} />
        ) : null}
        <Form method="post" encType="multipart/form-data" {...formProps(form)} className="stack">
          {/* The key (the one this page was rendered with, or the posted one) and the honeypot
              come before the file inputs: the server reads them before any upload. */}
          <input type="hidden" name="trialKey" value={shown.trialKey ?? trialKey} />
          <Honeypot />
          {phase === "confirm" ? (
            <>
              <h2 className="title-2">{T.slotsHeading}</h2>
              <ConfirmList rows={slotRows(shown)} />
              {summary?.order ? (
                <>
                  <h2 className="title-2">{T.orderSection}</h2>
                  <ConfirmList
                    rows={[
                      { label: T.area, value: summary.order.areaLabel },
                      { label: T.course, value: summary.order.courseLabel },
                      { label: T.publishesAt, value: summary.order.startLabel },
                    ]}
                  />
                </>
              ) : null}
              <h2 className="title-2">{T.entrySection}</h2>
              <ConfirmList
                rows={[
                  { label: T.email, value: shown.email },
                  ...contactDetailRows(shown, prefectures),
                ]}
              />
              <ul className="small">
                {T.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </>
          ) : null}
          <InputPhase phase={phase}>
            <fieldset className="form-section stack">
              <legend>{T.adSection}</legend>
              <AdvertisementFields fields={fields} values={shown} notices={notices} />
            </fieldset>
            {order ? (
              <fieldset className="form-section stack">
                <legend>{T.orderSection}</legend>
                <ConfirmList
                  rows={[
                    { label: T.area, value: order.areaLabel },
                    { label: T.course, value: order.courseLabel },
                  ]}
                />
                <TextField
                  field={fields.publishesAt!}
                  label={T.publishesAt}
                  type="date"
                  required
                  min={startDate}
                  description={`${slashDate(startDate)}以降の日付を選べます。`}
                />
              </fieldset>
            ) : null}
            <fieldset className="form-section stack">
              <legend>{T.entrySection}</legend>
              <TextField
                field={fields.email!}
                label={T.email}
                type="email"
                required
                autoComplete="email"
              />
              <ContactDetailFields
                fields={fields as Parameters<typeof ContactDetailFields>[0]["fields"]}
                prefectures={prefectures}
                companyNameNote={T.companyNameNote}
                addressMarked={false}
                zipNotice={notices.zipCode}
              />
            </fieldset>
          </InputPhase>
          <PhaseActions phase={phase} submitLabel={T.submit} />
        </Form>
      </div>
    </Card>
  );
}
