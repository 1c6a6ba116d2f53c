// AdvertiserNew (SPEC §2 Registration): login info and registration info, 次へ → confirm → 送信.
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { registrationFields, registrationSchema } from "~/.server/account-schemas";
import { anonymousUpstream } from "~/.server/auth";
import { handleConfirmForm, loadFormPage } from "~/.server/forms";
import { addressAutofill } from "~/.server/postal-address";
import { upstreamTarget } from "~/.server/context";
import { prefectureOptions } from "~/.server/reference-data";
import { createAdvertiserEntry, validateAdvertiserEntry } from "~/.server/upstream/accounts";
import {
  ContactDetailFields,
  contactDetailRows,
  type ContactForm,
} from "~/components/AccountFields";
import {
  ConfirmList,
  InputPhase,
  MASKED_SECRET,
  NewPasswordFields,
  useConfirmForm,
} from "~/components/ConfirmForm";
import { ConfirmFormPage, ConfirmPhase } from "~/components/ConfirmFormPage";
import { TextField } from "~/components/fields";
import { Card } from "~/components/ui";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("広告主登録") }];

const SECRETS = ["newPassword", "newPasswordConfirm"] as const;
type RegistrationForm = ContactForm & Record<"email" | (typeof SECRETS)[number], string>;

export async function loader({ context }: LoaderFunctionArgs) {
  const prefectures = await loadFormPage(
    context,
    () => prefectureOptions(upstreamTarget(context)),
    () => [],
  );
  return { prefectures };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const api = anonymousUpstream(context);
  return handleConfirmForm(request, {
    context,
    autofill: addressAutofill(context),
    schema: registrationSchema,
    fields: registrationFields,
    secretFields: SECRETS,
    validate: (entry) => validateAdvertiserEntry(api, entry),
    save: async (entry) => {
      await createAdvertiserEntry(api, entry);
      return redirect("/advertiser/created");
    },
  });
}

export default function AdvertiserNew() {
  const { prefectures } = useLoaderData<typeof loader>();
  const state = useConfirmForm<RegistrationForm>(useActionData<typeof action>());
  const { phase, fields, values, sealed, notices } = state;
  return (
    <Card>
      <ConfirmFormPage title="広告主登録" state={state}>
        <ConfirmPhase
          phase={phase}
          intro="以下の内容で登録します。よろしければ「送信」を押してください。"
        >
          <h2 className="title-2">ログイン情報</h2>
          <ConfirmList
            rows={[
              { label: "メールアドレス", value: values.email },
              { label: "パスワード", value: MASKED_SECRET },
            ]}
          />
          <h2 className="title-2">登録情報</h2>
          <ConfirmList rows={contactDetailRows(values, prefectures)} />
        </ConfirmPhase>
        <InputPhase phase={phase}>
          <>
            <fieldset className="form-section stack">
              <legend>ログイン情報</legend>
              <TextField
                field={fields.email}
                label="メールアドレス"
                type="email"
                required
                autoComplete="email"
              />
              <NewPasswordFields
                password={fields.newPassword}
                confirm={fields.newPasswordConfirm}
                label="パスワード"
                sealed={sealed}
              />
            </fieldset>
            <fieldset className="form-section stack">
              <legend>登録情報</legend>
              <ContactDetailFields
                fields={fields}
                prefectures={prefectures}
                zipNotice={notices.zipCode}
              />
            </fieldset>
          </>
        </InputPhase>
      </ConfirmFormPage>
    </Card>
  );
}
