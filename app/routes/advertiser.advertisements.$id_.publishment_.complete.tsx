// AdvertiserAdvertisementsPublishmentComplete: the application is in. Payment and the ad detail
// link come with the payment and ad-detail screens. Opened later for an order it does not
// describe (paid, being paid, remanded; see publishmentCompleteDescribes) it goes to the ad detail.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdvertiser } from "~/.server/auth";
import { idFromUrl, rethrowAsHttpError } from "~/.server/http-errors";
import { getPost } from "~/.server/upstream/resources";
import { CompletePage } from "~/components/CompletePage";
import { ConfirmList } from "~/components/ConfirmList";
import { manuscriptStatusLabel } from "~/domain/advertisement";
import { publishmentCompleteDescribes } from "~/domain/completion";
import { formatDate } from "~/domain/dates";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("掲載申込完了") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const post = await getPost(api, id).catch(rethrowAsHttpError);
  const order = post.publishmentOrder;
  if (!order || !publishmentCompleteDescribes(order)) {
    throw redirect(`/advertiser/advertisements/${id}`);
  }
  return {
    applicationId: post.formattedAdvertisementId ?? String(post.id),
    title: post.title ?? "",
    period: `${formatDate(order.publishesAt)} 〜 ${formatDate(order.unpublishesAt)}`,
    status: manuscriptStatusLabel(order),
  };
}

export default function AdvertiserAdvertisementsPublishmentComplete() {
  const data = useLoaderData<typeof loader>();
  return (
    <CompletePage title="掲載申込" steps={["申込内容の入力", "申込内容の確認", "お支払い"]}>
      <p>
        掲載のお申し込みを受け付けました。編集部で原稿を確認のうえ、結果をメッセージでお知らせします。
      </p>
      <ConfirmList
        rows={[
          { label: "対象の広告", value: `${data.applicationId} ${data.title}` },
          { label: "掲載期間", value: data.period },
          { label: "原稿ステータス", value: data.status },
        ]}
      />
    </CompletePage>
  );
}
