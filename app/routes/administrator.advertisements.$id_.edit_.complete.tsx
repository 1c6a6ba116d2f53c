// The administrator's ad edit completion (issue 10): the edit is saved and in effect at once (no
// review), with the way back to the ad and to the list.
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { idFromUrl, rethrowAsHttpError } from "~/.server/http-errors";
import { getPost } from "~/.server/upstream/resources";
import { CompletePage } from "~/components/CompletePage";
import { AD_EDIT_STEPS } from "~/domain/labels";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("広告編集完了") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  const post = await getPost(api, id).catch(rethrowAsHttpError);
  return { id, applicationId: post.formattedAdvertisementId ?? String(id) };
}

export default function AdministratorAdvertisementsEditComplete() {
  const { id, applicationId } = useLoaderData<typeof loader>();
  return (
    <CompletePage
      title="広告編集完了"
      steps={AD_EDIT_STEPS}
      links={[
        { to: `/administrator/advertisements/${id}/detail`, label: "広告詳細へ戻る" },
        { to: "/administrator/advertisements", label: "広告一覧へ戻る" },
      ]}
    >
      <p>申込ID {applicationId} の広告の編集内容を保存しました。</p>
      <p>
        編集部による編集のため再審査はなく、保存した内容がそのまま反映されます。審査・掲載の状況は変わりません。
      </p>
    </CompletePage>
  );
}
