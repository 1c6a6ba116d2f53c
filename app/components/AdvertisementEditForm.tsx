// The ad edit screen's body (the advertiser's and the administrator's): the ad form, then a
// confirm phase showing the ad frame and the ad page as readers will see them. A route adds its
// notice, its own fields (and how they read in the confirm phase) and its links.
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { advertisementPreview } from "~/.server/advertisement-form";
import type { ConfirmFormData } from "~/.server/forms";
import { AD_EDIT_STEPS } from "~/domain/labels";
import { AdFrame, SitePreviewButton } from "./AdPreview";
import { AdPage } from "./AdPage";
import { AdvertisementFields } from "./AdvertisementForm";
import { InputPhase, PhaseActions, useConfirmForm } from "./ConfirmForm";
import { FormErrors } from "./fields";
import { StepHeader } from "./StepHeader";
import { Card } from "./ui";

type Fields = Record<string, FieldMetadata<string | undefined>>;
type Values = Record<string, string | undefined>;

export type AdvertisementEditData = ConfirmFormData & {
  summary: ReturnType<typeof advertisementPreview> | null;
};

/** The confirm phase's previews: the ad frame of the list, the ad page, the news site's own. */
export function AdvertisementPreview({
  preview,
  siteLabel,
}: {
  preview: AdvertisementEditData["summary"] & {};
  /** The news-site button's label (the trial form's is 広告ページをプレビューする). */
  siteLabel?: string;
}) {
  return (
    <section className="stack">
      <h2 className="title-2">広告枠のプレビュー</h2>
      <AdFrame frame={preview.frame} />
      <h2 className="title-2 preview-block">広告ページのプレビュー</h2>
      {preview.site ? (
        <div>
          <SitePreviewButton
            action={preview.site.url}
            fields={preview.site.fields}
            label={siteLabel}
          />
        </div>
      ) : null}
      <AdPage ad={preview.page} />
    </section>
  );
}

export function AdvertisementEditForm({
  heading,
  actionData,
  defaults,
  notice,
  extraFields,
  extraConfirm,
  children,
}: {
  heading: string;
  actionData: AdvertisementEditData | undefined;
  defaults: Record<string, string>;
  /** Shown above the form in both phases. */
  notice?: ReactNode;
  /** The route's own fields, after the ad's. */
  extraFields?: (fields: Fields, values: Values) => ReactNode;
  /** How the route's own fields read in the confirm phase, above the previews. */
  extraConfirm?: (values: Values) => ReactNode;
  /** Links under the form. */
  children?: ReactNode;
}) {
  const { phase, form, fields, values, notices, hasFieldErrors } = useConfirmForm<
    Record<string, string>
  >(actionData, defaults);
  const shown = actionData ? values : defaults;
  const preview = phase === "confirm" ? actionData?.summary : null;
  return (
    <Card>
      <h1 className="title-1">{heading}</h1>
      <StepHeader steps={AD_EDIT_STEPS} active={phase === "confirm" ? 1 : 0} />
      <div className="stack">
        {notice}
        {phase === "confirm" ? (
          <p>以下の内容で保存します。よろしければ「送信」を押してください。</p>
        ) : null}
        {phase === "confirm" ? extraConfirm?.(shown) : null}
        {preview ? <AdvertisementPreview preview={preview} /> : null}
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack">
          <FormErrors errors={form.errors} hasFieldErrors={hasFieldErrors} />
          <InputPhase phase={phase}>
            <AdvertisementFields fields={fields} values={shown} notices={notices} />
            {extraFields?.(fields, shown)}
          </InputPhase>
          <PhaseActions phase={phase} />
        </Form>
        {children}
      </div>
    </Card>
  );
}
