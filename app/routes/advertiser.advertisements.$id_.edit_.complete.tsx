// AdvertiserAdvertisementsComplete (SPEC §2 Ad edit): the edit is accepted; an applied ad shows it
// after about 3 business days. Opened later for an ad that was not just edited (its order was not
// re-applied since, see editCompleteDescribes) it goes to the ad detail.
import { redirect, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { requireAdvertiser } from "~/.server/auth";
import { idFromUrl, rethrowAsHttpError } from "~/.server/http-errors";
import { getPost } from "~/.server/upstream/resources";
import { CompletePage } from "~/components/CompletePage";
import { editCompleteDescribes } from "~/domain/completion";
import { pageTitle } from "~/domain/meta";
import { AD_EDIT_STEPS } from "~/domain/labels";

export const meta: MetaFunction = () => [{ title: pageTitle("広告編集完了") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const post = await getPost(api, id).catch(rethrowAsHttpError);
  if (!editCompleteDescribes(post.publishmentOrder)) {
    throw redirect(`/advertiser/advertisements/${id}`);
  }
  return { id, applied: Boolean(post.publishmentOrder) };
}

export default function AdvertiserAdvertisementsComplete() {
  const { id, applied } = useLoaderData<typeof loader>();
  return (
    <CompletePage
      title="広告編集完了"
      steps={AD_EDIT_STEPS}
      links={[
        { to: "/advertiser", label: "マイページへ戻る" },
        { to: `/advertiser/advertisements/${id}`, label: "広告詳細を見る" },
      ]}
    >
      <p>広告の編集を受け付けました。</p>
      {applied ? (
        <>
          <p>掲載中の広告への反映には、審査のため3営業日程度かかります。</p>
          <p>審査の結果はメッセージでお知らせします。</p>
        </>
      ) : (
        <p>この広告はまだ掲載を申し込んでいません。広告詳細から掲載を申し込めます。</p>
      )}
    </CompletePage>
  );
}
