// AdministratorAdvertisementsDetail (SPEC §2 Ad detail): the ad's status, its owner and order, the
// ad as readers will see it, the review actions enabled as SPEC §4 says, and its message box.
// Server side: ./detail.server.ts; the action forms: ./ReviewForms.tsx; the 掲載 panel (sync,
// suspend, resume, report link): ./PublishingPanel.tsx with ~/.server/publishing-actions.ts.
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
  Form,
  Link,
  useActionData,
  useLoaderData,
} from "react-router";
import { publicOrigin } from "~/.server/advertisement-detail";
import { requireAdministrator } from "~/.server/auth";
import { loadFormPage, readFormData } from "~/.server/forms";
import { idFromUrl } from "~/.server/http-errors";
import {
  handlePublishingAction,
  isPublishingIntent,
  readConfirm,
} from "~/.server/publishing-actions";
import { AdminDetailHeader } from "~/components/AdminDetailHeader";
import { AdPage } from "~/components/AdPage";
import { AdFrame, SitePreviewButton } from "~/components/AdPreview";
import { PaymentSlipDetails } from "~/components/PaymentSlipDetails";
import { RefundsNeeded } from "~/components/RefundsNeeded";
import { ConfirmList } from "~/components/ConfirmList";
import { MessageHistory } from "~/components/MessageHistory";
import { UPSTREAM_DOWN_MESSAGE } from "~/domain/error-texts";
import { pageTitle } from "~/domain/meta";
import { readTableState } from "~/domain/paging";
import {
  detailPath,
  handleReviewAction,
  loadReviewDetail,
  readConfirmUnpaid,
} from "./detail.server";
import { PublishingPanel } from "./PublishingPanel";
import { ReviewActions } from "./ReviewForms";

export const meta: MetaFunction = () => [{ title: pageTitle("広告詳細") }];

/**
 * After any of this page's forms the ad is read again, a refused one (4xx) too, as under Remix 2:
 * a refusal here often means another editor changed the ad, and the page should show it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  defaultShouldRevalidate,
  formMethod,
}) => defaultShouldRevalidate || formMethod === "POST";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  const url = new URL(request.url);
  const { page } = readTableState(url.searchParams, ["id"], { sort: "id", order: "desc" });
  const detail = await loadFormPage(
    context,
    () =>
      loadReviewDetail(api, {
        id,
        messagePage: page,
        origin: publicOrigin(url.origin),
        visitor: context.previewVisitor,
      }),
    // This request's action met an outage: the page shows its banner and the typed values.
    () => null,
  );
  return {
    id,
    detail,
    page,
    confirmDelete: url.searchParams.get("delete") === "confirm",
    confirm: readConfirm(url),
    confirmUnpaid: readConfirmUnpaid(url),
    flash: context.session.takeFlash() ?? null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (isPublishingIntent(intent)) {
    const via = formData.get("via");
    return handlePublishingAction(api, context, {
      id,
      intent,
      back: detailPath(id),
      via: typeof via === "string" ? via : null,
    });
  }
  return handleReviewAction(api, context, id, formData);
}

/**
 * 請求書 whenever there is an order, 領収書 once it is paid: a form posting to the documents resource
 * route (administrator.advertisements.$id_.documents.ts), which answers the PDF as a download.
 */
function DocumentButtons(props: { id: number; invoice: boolean; receipt: boolean }) {
  const { id, invoice, receipt } = props;
  return (
    <Form method="post" action={`/administrator/advertisements/${id}/documents`} reloadDocument>
      <Group gap="xs" mt="sm">
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
      </Group>
    </Form>
  );
}

export default function AdministratorAdvertisementsDetail() {
  const { id, detail, page, confirmDelete, confirmUnpaid, confirm, flash } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The sync's answer goes to its fetcher; the review forms read only their own replies.
  const actionData = answer && "result" in answer ? answer : undefined;
  return (
    <Stack gap="lg">
      <AdminDetailHeader
        title={`広告詳細${detail ? `（申込ID ${detail.applicationId}）` : ""}`}
        editHref={detail && !detail.isDeleted ? `/administrator/advertisements/${id}/edit` : null}
        back={{ to: "/administrator/advertisements", label: "広告一覧へ戻る" }}
        flash={flash}
      />
      {!detail ? (
        <Alert color="red" role="alert">
          {UPSTREAM_DOWN_MESSAGE}
        </Alert>
      ) : (
        <>
          {detail.isDeleted ? (
            <Alert color="red" role="status">
              この広告は削除済みです
            </Alert>
          ) : null}
          <RefundsNeeded refunds={detail.refunds} title="要返金の入金があります" />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                ステータス
              </Title>
              <ConfirmList
                rows={[
                  { label: "原稿ステータス", value: detail.status.manuscript },
                  { label: "支払ステータス", value: detail.status.payment || "—" },
                  { label: "配信状況", value: detail.status.distribution || "—" },
                  { label: "掲載地域", value: detail.status.area || "—" },
                  { label: "掲載期間", value: detail.hasOrder ? detail.status.period : "—" },
                  { label: "ステータスメモ", value: detail.status.note || "—" },
                  {
                    label: "優先度",
                    value: detail.priority === null ? "—" : String(detail.priority),
                  },
                ]}
              />
              {detail.order?.paymentSlip ? (
                <PaymentSlipDetails slip={detail.order.paymentSlip} />
              ) : null}
              {detail.hasOrder && !detail.isDeleted ? (
                <DocumentButtons id={id} {...detail.documents} />
              ) : null}
            </Paper>
            <Stack gap="lg">
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="sm">
                  広告主
                </Title>
                <ConfirmList
                  rows={[
                    { label: "会社名", value: detail.owner.companyName },
                    { label: "広告主ID", value: detail.owner.displayId },
                  ]}
                />
                <Anchor component={Link} to={detail.owner.adsHref} size="sm">
                  この広告主の広告一覧
                </Anchor>
              </Paper>
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="sm">
                  申込内容
                </Title>
                {detail.order ? (
                  <ConfirmList
                    rows={[
                      { label: "掲載地域", value: detail.order.area },
                      { label: "掲載コース", value: detail.order.course },
                      { label: "掲載期間", value: detail.order.period },
                      { label: "料金", value: detail.order.price },
                    ]}
                  />
                ) : (
                  <Text size="sm">この広告はまだ掲載を申し込んでいません。</Text>
                )}
              </Paper>
            </Stack>
          </SimpleGrid>
          {detail.hasOrder && !detail.isDeleted ? (
            <PublishingPanel id={id} publishing={detail.publishing} confirm={confirm} />
          ) : null}
          {detail.isDeleted ? null : (
            <ReviewActions
              id={id}
              order={detail.order}
              confirmDelete={confirmDelete}
              confirmUnpaid={confirmUnpaid}
              actionData={actionData}
            />
          )}
          <Paper withBorder p="md">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                原稿プレビュー
              </Title>
              {detail.sitePreview ? (
                <SitePreviewButton
                  action={detail.sitePreview.url}
                  fields={detail.sitePreview.fields}
                  label="ニュースサイトでプレビュー"
                />
              ) : null}
            </Group>
            <Text size="sm" fw={700} mb={4}>
              一覧での表示
            </Text>
            <AdFrame frame={detail.frame} />
            <Text size="sm" fw={700} mt="md" mb={4}>
              広告ページ
            </Text>
            <AdPage ad={detail.ad} />
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              メッセージ
            </Title>
            <MessageHistory {...detail.messages} page={page} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
