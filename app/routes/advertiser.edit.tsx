// AdvertiserEdit (SPEC §2 Edit registration): contact details, every field required. The form
// and its action are shared with the administrator's edit (~/.server/contact-details.ts).
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { requireAdvertiser } from "~/.server/auth";
import { contactFormOf, handleContactDetails } from "~/.server/contact-details";
import { loadFormPage } from "~/.server/forms";
import { upstreamTarget } from "~/.server/context";
import { prefectureOptions } from "~/.server/reference-data";
import { getClient } from "~/.server/upstream/resources";
import { ContactDetailsForm } from "~/components/ContactDetailsForm";
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
  return { current: client && contactFormOf(client, prefectures), prefectures };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { identity, api } = await requireAdvertiser(context);
  const id = identity.advertiserId ?? 0;
  return handleContactDetails(request, context, api, { id, done: "/advertiser/edit/complete" });
}

export default function AdvertiserEdit() {
  const { current, prefectures } = useLoaderData<typeof loader>();
  return (
    <Card>
      <ContactDetailsForm
        title="登録情報の変更"
        reply={useActionData<typeof action>()}
        current={current}
        prefectures={prefectures}
      />
      <BackToMyPage />
    </Card>
  );
}
