// AdvertiserAdvertisementsEdit (SPEC §2 Ad edit): input, then a confirm phase showing the ad page
// and the ad frame as readers will see them, then save. An ad that already has an order goes
// back to review (reapply, SPEC §4).
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { handleAdvertisementEdit, loadAdvertisementEdit } from "~/.server/advertisement-edit";
import { requireAdvertiser } from "~/.server/auth";
import { idFromUrl } from "~/.server/http-errors";
import { reapplyOrder, updatePost } from "~/.server/upstream/posts";
import { AdvertisementEditForm } from "~/components/AdvertisementEditForm";
import { Alert, BackToMyPage } from "~/components/ui";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("広告編集") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  return loadAdvertisementEdit(context, api, idFromUrl(params.id));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  return handleAdvertisementEdit(request, context, api, idFromUrl(params.id), {
    save: async (input, post) => {
      await updatePost(api, post.id, input);
      if (post.publishmentOrder) await reapplyOrder(api, post.publishmentOrder["@id"], input);
      return redirect(`/advertiser/advertisements/${post.id}/edit/complete`);
    },
  });
}

export default function AdvertiserAdvertisementsEdit() {
  const { id, applicationId, hasOrder, defaults } = useLoaderData<typeof loader>();
  return (
    <AdvertisementEditForm
      heading={`広告編集（申込ID ${applicationId}）`}
      actionData={useActionData<typeof action>()}
      defaults={defaults}
      notice={
        hasOrder ? (
          <Alert color="blue">
            掲載を申し込んだ広告です。保存すると原稿は再審査になり、掲載中の広告への反映には3営業日程度かかります。
          </Alert>
        ) : null
      }
    >
      <div className="group">
        <a href={`/advertiser/advertisements/${id}`}>広告詳細へ戻る</a>
      </div>
      <BackToMyPage />
    </AdvertisementEditForm>
  );
}
