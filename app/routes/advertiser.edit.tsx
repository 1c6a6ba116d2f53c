// AdvertiserEdit (SPEC §2 Edit registration): contact details, every field required.
import { getFormProps } from "@conform-to/react";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { contactDetailFields, contactDetailsSchema } from "~/.server/account-schemas";
import { requireAdvertiser } from "~/.server/auth";
import { handleConfirmForm, loadFormPage } from "~/.server/forms";
import { addressAutofill } from "~/.server/postal-address";
import { upstreamTarget } from "~/.server/context";
import { prefectureOptions, prefectureValue } from "~/.server/reference-data";
import { updateClient, validateClient } from "~/.server/upstream/accounts";
import { getClient } from "~/.server/upstream/resources";
import {
  ContactDetailFields,
  contactDetailRows,
  type ContactForm,
} from "~/components/AccountFields";
import {
  InputPhase,
  SealedValues,
  ConfirmList,
  PhaseActions,
  useConfirmForm,
} from "~/components/ConfirmForm";
import { FormErrors } from "~/components/fields";
import { StepHeader } from "~/components/StepHeader";
import { BackToMyPage, Card } from "~/components/ui";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("登録情報の変更") }];

export async function loader({ context }: LoaderFunctionArgs) {
  const { identity, api } = await requireAdvertiser(context);
  const [client, prefectures] = await loadFormPage(
    context,
    () =>
      Promise.all([
        getClient(api, identity.advertiserId ?? 0),
        prefectureOptions(upstreamTarget(context)),
      ]),
    // The form shows the posted values; the saved ones wait for the upstream.
    (): [null, never[]] => [null, []],
  );
  if (!client) return { current: null, prefectures };
  const current: ContactForm = {
    companyName: client.companyName,
    personInCharge: client.personInCharge,
    tel: client.tel ?? "",
    zipCode: client.zipCode ?? "",
    prefecture: prefectureValue(client.prefecture, prefectures),
    city: client.city ?? "",
    address: client.address ?? "",
  };
  return { current, prefectures };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { identity, api } = await requireAdvertiser(context);
  const id = identity.advertiserId ?? 0;
  return handleConfirmForm(request, {
    context,
    autofill: addressAutofill(context),
    schema: contactDetailsSchema,
    fields: contactDetailFields,
    validate: (details) => validateClient(api, id, details),
    save: async (details) => {
      await updateClient(api, id, details);
      return redirect("/advertiser/edit/complete");
    },
  });
}

export default function AdvertiserEdit() {
  const { current, prefectures } = useLoaderData<typeof loader>();
  const { phase, form, fields, values, sealed, hasFieldErrors, notices } =
    useConfirmForm<ContactForm>(useActionData<typeof action>(), current ?? undefined);
  return (
    <Card>
      <h1 className="title-1">登録情報の変更</h1>
      <StepHeader steps={["入力", "確認", "完了"]} active={phase === "confirm" ? 1 : 0} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors errors={form.errors} hasFieldErrors={hasFieldErrors} />
        <SealedValues sealed={sealed} />
        {phase === "confirm" ? (
          <>
            <p>以下の内容に変更します。よろしければ「送信」を押してください。</p>
            <ConfirmList rows={contactDetailRows(values, prefectures)} />
          </>
        ) : null}
        <InputPhase phase={phase}>
          <ContactDetailFields
            fields={fields}
            prefectures={prefectures}
            zipNotice={notices.zipCode}
          />
        </InputPhase>
        <PhaseActions phase={phase} />
      </Form>
      <BackToMyPage />
    </Card>
  );
}
