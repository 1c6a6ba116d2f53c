// AdvertiserAdvertisementsDetail (SPEC §2 Ad detail): status, the ad as readers see it, the proof
// URL (issue/refresh), this ad's messages, and the way to preview, edit, copy, apply, inquire or
// go back, and extending the publishment (a copy of the ad applied for the following period, made
// when that application is sent: 掲載を延長する only opens the form).
// The payment section offers the order's invoice (請求書) and, once paid, its receipt (領収書) as
// PDF downloads (advertiser.advertisements.$id_.documents.ts), 支払う while the order can be paid,
// and what the order waits for: the bank account, the store / Pay-easy slip, or an unfinished card
// payment. The published section (./PublishedSection.tsx, server side in
// ~/.server/publishing-actions.ts) shows the public URL, the report link, and 掲載停止 / 掲載再開
// behind a confirmation that works without JavaScript. The page starts with where the ad stands
// (./StatusTimeline.tsx): a remanded ad's latest reasons with 修正する, and 申込 → … → 掲載.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  Form,
  useLoaderData,
} from "react-router";
import { loadAdvertisementDetail, newPreviewToken } from "~/.server/advertisement-detail";
import { requireAdvertiser } from "~/.server/auth";
import { readFormData } from "~/.server/forms";
import { idFromUrl, invariantFound, rethrowAsHttpError } from "~/.server/http-errors";
import {
  handlePublishingAction,
  isPublishingIntent,
  readConfirm,
} from "~/.server/publishing-actions";
import { setPreviewToken } from "~/.server/upstream/resources";
import { AdPage } from "~/components/AdPage";
import { SitePreviewButton } from "~/components/AdPreview";
import { ConfirmList } from "~/components/ConfirmList";
import { StageBadge } from "~/components/StageBadge";
import { MessageHistory } from "~/components/MessageHistory";
import { Alert, Button, ButtonLink, Card, FlashAlert } from "~/components/ui";
import { pageTitle } from "~/domain/meta";
import { TransferByInvoice, TransferDetails } from "~/components/TransferDetails";
import { PaymentSlipDetails } from "~/components/PaymentSlipDetails";
import { CARD_PAYMENT_MESSAGES } from "~/domain/payment";
import { readTableState } from "~/domain/paging";
import { PublishedSection } from "./PublishedSection";
import { loadRemandNotice } from "./remand.server";
import { RemandBox, StatusTimeline } from "./StatusTimeline";

/** The extension's application form; the copy is made when it is sent (issue 30). */
const extendHref = (id: number) => `/advertiser/advertisements/${id}/publishment?nextto=${id}`;

export const meta: MetaFunction = () => [{ title: pageTitle("広告詳細") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { identity, api } = await requireAdvertiser(context);
  const url = new URL(request.url);
  const { page } = readTableState(url.searchParams, ["id"], { sort: "id", order: "desc" });
  const detail = await loadAdvertisementDetail(api, {
    id: idFromUrl(params.id),
    clientId: identity.advertiserId ?? 0,
    messagePage: page,
    origin: url.origin,
    visitor: context.previewVisitor,
  }).catch(rethrowAsHttpError);
  const remand = detail.remanded
    ? await loadRemandNotice(api, {
        clientId: identity.advertiserId ?? 0,
        postId: detail.id,
        statusNote: detail.status.note,
      }).catch(rethrowAsHttpError)
    : null;
  return {
    ...detail,
    remand,
    page,
    confirm: readConfirm(url),
    flash: context.session.takeFlash() ?? null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const intent = (await readFormData(request)).get("intent");
  // Advertisers suspend and resume; syncing is the editors' (the API refuses it too).
  if (isPublishingIntent(intent) && intent !== "sync") {
    return handlePublishingAction(api, context, {
      id,
      intent,
      back: `/advertiser/advertisements/${id}`,
    });
  }
  // A page rendered before 掲載を延長する became a link still posts this: open the form, copy nothing.
  if (intent === "extend") return redirect(extendHref(id));
  invariantFound(intent === "previewToken");
  await setPreviewToken(api, id, newPreviewToken()).catch(rethrowAsHttpError);
  context.session.flash({
    kind: "info",
    message: "プルーフURLを発行しました。前のURLは使えなくなります。",
  });
  return redirect(`/advertiser/advertisements/${id}`);
}

export default function AdvertiserAdvertisementsDetail() {
  const data = useLoaderData<typeof loader>();
  const { status } = data;
  return (
    <div className="stack">
      <Card>
        <h1 className="title-1">広告詳細（申込ID {data.applicationId}）</h1>
        <FlashAlert flash={data.flash} />
        {data.remand ? <RemandBox id={data.id} remand={data.remand} /> : null}
        <StatusTimeline steps={data.timeline} />
        <div className="group" style={{ marginTop: 12 }}>
          {data.sitePreview ? (
            <SitePreviewButton
              action={data.sitePreview.url}
              fields={data.sitePreview.fields}
              label="プレビュー"
            />
          ) : null}
          <ButtonLink to={`/advertiser/advertisements/${data.id}/edit`} variant="default">
            編集する
          </ButtonLink>
          <ButtonLink to={`/advertiser/advertisements/new?from=${data.id}`} variant="default">
            コピーして新規作成
          </ButtonLink>
          {data.hasOrder ? (
            <ButtonLink to={extendHref(data.id)} variant="default">
              掲載を延長する
            </ButtonLink>
          ) : null}
        </div>
        <h2 className="title-2" style={{ marginTop: 12 }}>
          支払・掲載状況
        </h2>
        {data.hasOrder ? (
          <>
            <ConfirmList
              rows={[
                { label: "原稿ステータス", value: status.manuscript },
                { label: "支払ステータス", value: status.payment },
                {
                  label: "掲載状況",
                  value: status.distributionTone ? (
                    <>
                      <StageBadge label={status.distribution} tone={status.distributionTone} />{" "}
                      <span className="small">{status.distributionNote}</span>
                    </>
                  ) : (
                    status.distribution
                  ),
                },
                { label: "掲載地域", value: status.area },
                { label: "掲載期間", value: status.period },
                ...(status.note ? [{ label: "編集部より", value: status.note }] : []),
              ]}
            />
            {data.bankTransfer ? <TransferDetails transfer={data.bankTransfer} /> : null}
            {data.transferByInvoice ? <TransferByInvoice {...data.transferByInvoice} /> : null}
            {data.paymentSlip ? <PaymentSlipDetails slip={data.paymentSlip} /> : null}
            {data.cardProblem ? (
              <div style={{ marginTop: 12 }}>
                <Alert color="red">{CARD_PAYMENT_MESSAGES[data.cardProblem]}</Alert>
              </div>
            ) : null}
            {data.payHref ? (
              <div className="group" style={{ marginTop: 12 }}>
                <ButtonLink to={data.payHref}>支払う</ButtonLink>
              </div>
            ) : null}
            <DocumentButtons id={data.id} {...data.documents} />
            <PublishedSection id={data.id} publishing={data.publishing} confirm={data.confirm} />
          </>
        ) : (
          <div className="stack tight">
            <Alert color="blue">この広告はまだ掲載を申し込んでいません。</Alert>
            <div>
              <ButtonLink to={`/advertiser/advertisements/${data.id}/publishment`}>
                掲載を申し込む
              </ButtonLink>
            </div>
          </div>
        )}
      </Card>
      <Card>
        <h2 className="title-2">プルーフURL</h2>
        <p className="small dimmed">ログインしていない方にも原稿を確認してもらえるURLです。</p>
        {data.proofUrl ? (
          <p className="proof-url">
            <a href={data.proofUrl} target="_blank" rel="noopener noreferrer">
              {data.proofUrl}
            </a>
          </p>
        ) : null}
        <Form method="post">
          <Button type="submit" name="intent" value="previewToken" variant="default">
            {data.proofUrl ? "URLを更新する" : "URLを発行する"}
          </Button>
        </Form>
      </Card>
      <Card>
        <h2 className="title-2">原稿プレビュー</h2>
        <AdPage ad={data.ad} />
      </Card>
      <Card>
        <h2 className="title-2">メッセージ</h2>
        <MessageHistory {...data.messages} page={data.page} />
      </Card>
      <div className="group">
        <ButtonLink to="/advertiser" variant="default">
          戻る
        </ButtonLink>
        <ButtonLink to={`/advertiser/contact?advertisement=${data.id}`} variant="light">
          この広告について問い合わせる
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * 請求書 whenever there is an order, 領収書 once it is paid: a form posting to the documents resource
 * route, which answers the PDF as a download (a plain form submission, also without JavaScript).
 */
function DocumentButtons(props: { id: number; invoice: boolean; receipt: boolean }) {
  const { id, invoice, receipt } = props;
  return (
    <Form
      method="post"
      action={`/advertiser/advertisements/${id}/documents`}
      reloadDocument
      className="group"
      style={{ marginTop: 12 }}
    >
      {invoice ? (
        <Button type="submit" name="intent" value="invoice" variant="default">
          請求書
        </Button>
      ) : null}
      {receipt ? (
        <Button type="submit" name="intent" value="receipt" variant="default">
          領収書
        </Button>
      ) : null}
    </Form>
  );
}
