// AdvertiserAdvertisementsPublishmentComplete: the application is in, and this is the payment
// choice screen (SPEC §2, issue 11, ADR 0009): the amount (税抜, 消費税, 税込) and three ways to pay,
// each a plain form that works without JS. Bank transfer: the API records the choice (入金待ち)
// and the ad detail shows the account. Card (3-D Secure) and store / Pay-easy: the API issues a
// payment key; with JS the provider's pop-up opens on this page (PaymentMethods), without JS the
// browser goes to the provider's page, which sends it back here with ?payment=…. Offered while
// paymentChoiceOffered(order); otherwise the page goes to the ad detail.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { requireAdvertiser } from "~/.server/auth";
import { env } from "~/.server/env";
import { readFormData } from "~/.server/forms";
import { idFromUrl, invariantFound, rethrowAsHttpError } from "~/.server/http-errors";
import { pagePaymentProvider } from "~/.server/payment-provider";
import { chooseBankTransfer } from "~/.server/upstream/orders";
import { getPost, orderPrice } from "~/.server/upstream/resources";
import { CompletePage } from "~/components/CompletePage";
import { ConfirmList } from "~/components/ConfirmList";
import { manuscriptStatusLabel } from "~/domain/advertisement";
import { formatDate } from "../../../shared/tokyo-calendar";
import { paymentMethodLabels } from "~/domain/labels";
import { pageTitle } from "~/domain/meta";
import { formatYen, taxedAmounts } from "~/domain/money";
import { cardPaymentProblem, paymentChoiceOffered } from "~/domain/payment";
import {
  bankTransferFlash,
  cardHolderDefaults,
  needsJavaScriptReply,
  paymentReturn,
  returnFlash,
  startPayment,
} from "./payment.server";
import { PaymentMethods } from "./PaymentMethods";

export const meta: MetaFunction = () => [{ title: pageTitle("掲載申込完了") }];

/** What happens next (issue 30 #8): an auto-approved order waits for nothing but the payment. */
const RECEIVED_TEXTS = {
  review:
    "掲載のお申し込みを受け付けました。編集部で原稿を確認のうえ、結果をメッセージでお知らせします。",
  approved:
    "掲載のお申し込みを受け付けました。原稿は承認済みです。お支払いが確認できしだい、掲載期間に合わせて掲載します。",
} as const;

const detailPath = (id: number) => `/advertiser/advertisements/${id}`;
const pagePath = (id: number) => `${detailPath(id)}/publishment/complete`;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, identity } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const returned = paymentReturn(new URL(request.url).searchParams);
  const post = await getPost(api, id).catch(rethrowAsHttpError);
  const order = post.publishmentOrder;
  // Back from the provider (or the pop-up's success): the ad detail says what happens next.
  if (returned === "success" || returned === "pending") {
    context.session.flash({ kind: "info", message: returnFlash(order) });
    throw redirect(detailPath(id));
  }
  if (!order || !paymentChoiceOffered(order)) throw redirect(detailPath(id));
  const method = order.paymentMethod ?? "";
  const price = await orderPrice(api, order).catch(rethrowAsHttpError);
  return {
    id,
    applicationId: post.formattedAdvertisementId ?? String(post.id),
    title: post.title ?? "",
    period: `${formatDate(order.publishesAt)} 〜 ${formatDate(order.unpublishesAt)}`,
    status: manuscriptStatusLabel(order),
    /** Approved already (an auto-approved advertiser's order): nothing is left to review. */
    approved: order.publishmentStatus === "confirmed",
    amounts: price === null ? null : taxedAmounts(price),
    /** Card declined or not finished: said instead of 入金待ち, with what to do (issue 30 #5). */
    cardProblem: cardPaymentProblem(order),
    /** 現在のお支払い方法 while the order already waits (another method may still be chosen). */
    waitingBy:
      order.paymentStatus === "waiting" && !cardPaymentProblem(order)
        ? (paymentMethodLabels[method] ?? (method || "その他"))
        : null,
    bankTransferChosen: order.paymentStatus === "waiting" && method === "bank_transfer",
    provider: pagePaymentProvider(env()),
    returnedFailure: returned === "failure",
    holder: await cardHolderDefaults(api, identity),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  invariantFound(intent === "bankTransfer" || intent === "card" || intent === "store");
  const post = await getPost(api, id).catch(rethrowAsHttpError);
  const order = post.publishmentOrder;
  // Already paid or remanded: the detail says how (the API would refuse it too).
  if (!order || !paymentChoiceOffered(order)) return redirect(detailPath(id));
  if (intent === "bankTransfer") {
    const instructions = await chooseBankTransfer(api, order["@id"]).catch(rethrowAsHttpError);
    context.session.flash({ kind: "info", message: bankTransferFlash(instructions) });
    return redirect(detailPath(id));
  }
  const js = formData.get("js") === "1";
  const started = await startPayment(api, {
    orderId: order.id,
    intent,
    formData,
    // A path: the provider's page is on our origin and sends the browser back here (issue 28 #10).
    returnUrl: pagePath(id),
  }).catch(rethrowAsHttpError);
  if (!started.ok) return data({ paymentKey: null, reply: started.reply }, { status: 400 });
  if (js) return data({ paymentKey: started.paymentKey, reply: null });
  if (started.paymentPageUrl) return redirect(started.paymentPageUrl);
  return data({ paymentKey: null, reply: needsJavaScriptReply(intent, formData) }, { status: 400 });
}

export default function AdvertiserAdvertisementsPublishmentComplete() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <CompletePage
      title="掲載申込"
      steps={["申込内容の入力", "申込内容の確認", "お支払い"]}
      links={[
        { to: detailPath(data.id), label: "広告詳細へ" },
        { to: "/advertiser", label: "マイページへ戻る" },
      ]}
    >
      <p>{data.approved ? RECEIVED_TEXTS.approved : RECEIVED_TEXTS.review}</p>
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
      <PaymentMethods
        provider={data.provider}
        detailHref={detailPath(data.id)}
        pageHref={pagePath(data.id)}
        waitingBy={data.waitingBy}
        cardProblem={data.cardProblem}
        bankTransferChosen={data.bankTransferChosen}
        returnedFailure={data.returnedFailure}
        holder={data.holder}
        reply={actionData?.reply ?? null}
      />
    </CompletePage>
  );
}
