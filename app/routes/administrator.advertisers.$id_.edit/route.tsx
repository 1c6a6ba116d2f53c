// AdministratorAdvertisersEdit (SPEC §2 Advertiser edit): the advertiser's contact details, with
// the same fields and rules as the advertiser's own edit (AdvertiserEdit): input → confirm →
// submit (PATCH the client) → AdministratorAdvertisersComplete.
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  Link,
  useActionData,
  useLoaderData,
} from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { contactFormOf, handleContactDetails } from "~/.server/contact-details";
import { loadFormPage } from "~/.server/forms";
import { idFromUrl, rethrowAsHttpError } from "~/.server/http-errors";
import { upstreamTarget } from "~/.server/context";
import { prefectureOptions } from "~/.server/reference-data";
import { getAdminClient } from "~/.server/upstream/clients";
import { ContactDetailsForm } from "~/components/ContactDetailsForm";
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
  const current = client && contactFormOf(client, prefectures);
  return { id, displayId: formatAdvertiserId(id), current, prefectures };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  return handleContactDetails(request, context, api, {
    id,
    done: `/administrator/advertisers/${id}/complete`,
  });
}

export default function AdministratorAdvertisersEdit() {
  const { id, displayId, current, prefectures } = useLoaderData<typeof loader>();
  return (
    <Card>
      <ContactDetailsForm
        title={`広告主情報の編集（ID ${displayId}）`}
        reply={useActionData<typeof action>()}
        current={current}
        prefectures={prefectures}
      />
      <p>
        <Link to={`/administrator/advertisers/${id}`}>広告主詳細へ戻る</Link>
      </p>
    </Card>
  );
}
