// The ad edit screen's body (the advertiser's and the administrator's): the ad form, then a
// confirm phase showing the ad frame and the ad page as readers will see them. A route adds its
// notice, its own fields (and how they read in the confirm phase) and its links.
import { Form } from "react-router";
import type { ReactNode } from "react";
import type { advertisementPreview } from "~/.server/advertisement-form";
import type { ConfirmFormData } from "~/.server/forms";
import { AD_EDIT_STEPS } from "~/domain/labels";
import { AdvertisementPreview } from "./AdPreview";
import { AdvertisementFields } from "./AdvertisementForm";
import { InputPhase, PhaseActions, useConfirmForm } from "./ConfirmForm";
import { FormErrors } from "./fields";
import { StepHeader } from "./StepHeader";
import { Card } from "./ui";
import { formProps, type Field } from "./form-state";

type Fields = Record<string, Field>;
type Values = Record<string, string | undefined>;

export type AdvertisementEditData = ConfirmFormData & {
  summary: ReturnType<typeof advertisementPreview> | null;
};

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
        <Form method="post" encType="multipart/form-data" {...formProps(form)} className="stack">
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
