// The 登録情報 edit form that AdvertiserEdit and the administrator's advertiser edit share: the
// registration-info fields (AccountFields.tsx) through input → confirm → 送信.
import type { ConfirmFormData } from "~/.server/forms";
import {
  ContactDetailFields,
  contactDetailRows,
  type ContactForm,
  type Option,
} from "./AccountFields";
import { ConfirmList, InputPhase, useConfirmForm } from "./ConfirmForm";
import { ConfirmFormPage, ConfirmPhase } from "./ConfirmFormPage";

/** The 登録情報 edit (AdvertiserEdit, AdministratorAdvertisersEdit): input → confirm → 送信. */
export function ContactDetailsForm({
  title,
  reply,
  current,
  prefectures,
}: {
  title: string;
  reply: ConfirmFormData | undefined;
  /** The saved details; null while the upstream is down (the form shows the posted values). */
  current: ContactForm | null;
  prefectures: Option[];
}) {
  const state = useConfirmForm<ContactForm>(reply, current ?? undefined);
  const { phase, fields, values, notices } = state;
  return (
    <ConfirmFormPage title={title} state={state}>
      <ConfirmPhase
        phase={phase}
        intro="以下の内容に変更します。よろしければ「送信」を押してください。"
      >
        <ConfirmList rows={contactDetailRows(values, prefectures)} />
      </ConfirmPhase>
      <InputPhase phase={phase}>
        <ContactDetailFields
          fields={fields}
          prefectures={prefectures}
          zipNotice={notices.zipCode}
        />
      </InputPhase>
    </ConfirmFormPage>
  );
}
