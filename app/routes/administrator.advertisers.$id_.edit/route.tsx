// AdministratorAdvertisersEdit (SPEC §2 Advertiser edit): the advertiser's contact details, with
// the same fields and rules as the advertiser's own edit (AdvertiserEdit): input → confirm →
// submit (PATCH the client) → AdministratorAdvertisersComplete.
import { getFormProps } from "@conform-to/react";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { contactDetailFields, contactDetailsSchema } from "~/.server/account-schemas";
import { requireAdministrator } from "~/.server/auth";
import { handleConfirmForm, loadFormPage } from "~/.server/forms";
import { addressAutofill } from "~/.server/postal-address";
import { idFromUrl, rethrowAsHttpError } from "~/.server/http-errors";
import { upstreamTarget } from "~/.server/context";
import { prefectureOptions, prefectureValue } from "~/.server/reference-data";
import { updateClient, validateClient } from "~/.server/upstream/accounts";
import { getAdminClient } from "~/.server/upstream/clients";
import {
  ContactDetailFields,
  contactDetailRows,
  type ContactForm,
} from "~/components/AccountFields";
import {
  ConfirmList,
  InputPhase,
  PhaseActions,
  SealedValues,
  useConfirmForm,
} from "~/components/ConfirmForm";
import { FormErrors } from "~/components/fields";
import { StepHeader } from "~/components/StepHeader";
import { Card } from "~/components/ui";
import { formatAdvertiserId } from "../../../shared/ids";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("広告主情報の編集") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  const [client, prefectures] = await loadFormPage(
    context,
    () =>
      Promise.all([
        getAdminClient(api, id).catch(rethrowAsHttpError),
        prefectureOptions(upstreamTarget(context)),
      ]),
    // The form shows the posted values; the saved ones wait for the upstream.
    (): [null, never[]] => [null, []],
  );
  // A deleted advertiser is not edited: its detail says so.
  if (client?.isDeleted) throw redirect(`/administrator/advertisers/${id}`);
  const current: ContactForm | null = client && {
    companyName: client.companyName,
    personInCharge: client.personInCharge,
    tel: client.tel ?? "",
    zipCode: client.zipCode ?? "",
    prefecture: prefectureValue(client.prefecture, prefectures),
    city: client.city ?? "",
    address: client.address ?? "",
  };
  return { id, displayId: formatAdvertiserId(id), current, prefectures };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  return handleConfirmForm(request, {
    context,
    autofill: addressAutofill(context),
    schema: contactDetailsSchema,
    fields: contactDetailFields,
    validate: (details) => validateClient(api, id, details),
    save: async (details) => {
      await updateClient(api, id, details);
      return redirect(`/administrator/advertisers/${id}/complete`);
    },
  });
}

export default function AdministratorAdvertisersEdit() {
  const { id, displayId, current, prefectures } = useLoaderData<typeof loader>();
  const { phase, form, fields, values, sealed, hasFieldErrors, notices } =
    useConfirmForm<ContactForm>(useActionData<typeof action>(), current ?? undefined);
  return (
    <Card>
      <h1 className="title-1">{`広告主情報の編集（ID ${displayId}）`}</h1>
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
      <p>
        <Link to={`/administrator/advertisers/${id}`}>広告主詳細へ戻る</Link>
      </p>
    </Card>
  );
}
