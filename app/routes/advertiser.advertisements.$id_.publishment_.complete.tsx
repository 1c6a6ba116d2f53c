// AdvertiserAdvertisementsPublishmentComplete: the application is in, and this is the payment
// choice screen (issue 11): the amount (税抜, 消費税, 税込) and the ways to pay. Bank transfer is a
// plain form (works without JS): the API records the choice (入金待ち) and the user lands on the ad
// detail, which shows the account, the amount with tax and the deadline. Card and convenience store
// / ATM payment are said to be coming, as text only (no dead button). Opened later for an order it
// does not describe (paid, being paid, remanded; see publishmentCompleteDescribes) it goes to the
// ad detail.
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireAdvertiser } from "~/.server/auth";
import { readFormData } from "~/.server/forms";
import { idFromUrl, invariantFound, rethrowAsHttpError } from "~/.server/http-errors";
import { chooseBankTransfer } from "~/.server/upstream/orders";
import { getPost } from "~/.server/upstream/resources";
import { CompletePage } from "~/components/CompletePage";
import { ConfirmList } from "~/components/ConfirmList";
import { Button } from "~/components/ui";
import { manuscriptStatusLabel } from "~/domain/advertisement";
import { publishmentCompleteDescribes } from "~/domain/completion";
import { formatDate } from "~/domain/dates";
import { pageTitle } from "~/domain/meta";
import { formatYen, taxedAmounts } from "~/domain/money";

export const meta: MetaFunction = () => [{ title: pageTitle("掲載申込完了") }];

const detailPath = (id: number) => `/advertiser/advertisements/${id}`;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const post = await getPost(api, id).catch(rethrowAsHttpError);
  const order = post.publishmentOrder;
  if (!order || !publishmentCompleteDescribes(order)) {
    throw redirect(detailPath(id));
  }
  return {
    id,
    applicationId: post.formattedAdvertisementId ?? String(post.id),
    title: post.title ?? "",
    period: `${formatDate(order.publishesAt)} 〜 ${formatDate(order.unpublishesAt)}`,
    status: manuscriptStatusLabel(order),
    amounts: order.price == null ? null : taxedAmounts(order.price),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const intent = (await readFormData(request)).get("intent");
  invariantFound(intent === "bankTransfer");
  const post = await getPost(api, id).catch(rethrowAsHttpError);
  const order = post.publishmentOrder;
  // Already paid or being paid: the detail says how (the API would refuse it too).
  if (!order || !publishmentCompleteDescribes(order)) return redirect(detailPath(id));
  await chooseBankTransfer(api, order["@id"]).catch(rethrowAsHttpError);
  context.session.flash({
    kind: "info",
    message: "お支払い方法を銀行振込にしました。下記のお振込先へお振込みください。",
  });
  return redirect(detailPath(id));
}

export default function AdvertiserAdvertisementsPublishmentComplete() {
  const data = useLoaderData<typeof loader>();
  return (
    <CompletePage
      title="掲載申込"
      steps={["申込内容の入力", "申込内容の確認", "お支払い"]}
      links={[
        { to: detailPath(data.id), label: "広告詳細へ" },
        { to: "/advertiser", label: "マイページへ戻る" },
      ]}
    >
      <p>
        掲載のお申し込みを受け付けました。編集部で原稿を確認のうえ、結果をメッセージでお知らせします。
      </p>
      <ConfirmList
        rows={[
          { label: "対象の広告", value: `${data.applicationId} ${data.title}` },
          { label: "掲載期間", value: data.period },
          { label: "原稿ステータス", value: data.status },
          ...(data.amounts
            ? [
                { label: "掲載料金（税抜）", value: formatYen(data.amounts.net) },
                { label: "消費税（10%）", value: formatYen(data.amounts.tax) },
                { label: "お支払い金額（税込）", value: formatYen(data.amounts.total) },
              ]
            : []),
        ]}
      />
      <section aria-label="お支払い方法">
        <h2 className="title-2">お支払い方法</h2>
        <h3 className="title-3">銀行振込</h3>
        <p className="small">
          お振込先の口座、お振込金額（税込）とお振込期限をご案内します。メールでもお送りします。
        </p>
        <Form method="post">
          <Button type="submit" name="intent" value="bankTransfer">
            銀行振込で支払う
          </Button>
        </Form>
        <h3 className="title-3">クレジットカード・コンビニ・ATM</h3>
        <p className="small dimmed">
          クレジットカード（3Dセキュア）、コンビニ・銀行ATM（Pay-easy）でのお支払いは近日対応予定です。
        </p>
      </section>
    </CompletePage>
  );
}
