// 操作履歴 (issue 10): the audit trail for administrators, newest first, filtered by a GET form
// (actor, action, target) and paged by links, so it works without JavaScript. The trail is an
// extension of SPEC §7: an upstream without it gets a page saying so (and no dashboard link).
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  type LoaderFunctionArgs,
  type MetaFunction,
  Form,
  Link,
  useLoaderData,
} from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { listAuditLogs, type AuditLog } from "~/.server/upstream/audit-logs";
import { upstreamExtensions } from "~/.server/upstream/extensions";
import { AdminListHeader } from "~/components/AdminListHeader";
import { ExtensionUnavailable } from "~/components/ExtensionUnavailable";
import { DataTable, PageLinks, RowLink, type Column } from "~/components/TableControls";
import { AUDIT_ACTIONS, auditActionLabel, isAuditAction } from "~/domain/audit";
import {
  auditActorLabel,
  auditChanges,
  auditTargetLabel,
  auditTargetQuery,
  postIdOf,
} from "~/domain/audit-view";
import { formatDateTime } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import { pageTitle } from "~/domain/meta";
import { readTableState } from "~/domain/paging";

export const meta: MetaFunction = () => [{ title: pageTitle("操作履歴") }];

const PAGE_SIZE = 30;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const params = new URL(request.url).searchParams;
  const { page } = readTableState(params, ["occurredAt"], { sort: "occurredAt", order: "desc" });
  const filters = {
    actor: (params.get("actor") ?? "").trim().slice(0, 254),
    action: isAuditAction(params.get("action") ?? "") ? params.get("action")! : "",
    target: (params.get("target") ?? "").trim().slice(0, 200),
  };
  const read = await upstreamExtensions
    .use("auditLogs", () =>
      listAuditLogs(api, {
        page,
        itemsPerPage: PAGE_SIZE,
        actor: filters.actor || undefined,
        action: filters.action || undefined,
        ...auditTargetQuery(filters.target),
      }),
    )
    .catch(rethrowAsHttpError);
  if (!read.present) return { available: false as const };
  const { member, totalItems } = read.value;
  return {
    available: true as const,
    filters,
    page,
    pageSize: PAGE_SIZE,
    totalItems,
    rows: member.map(toRow),
  };
}

function toRow(log: AuditLog) {
  const adId = postIdOf(log.advertisement) ?? postIdOf(log.target);
  return {
    id: log.id,
    occurredAt: formatDateTime(log.occurredAt),
    actor: auditActorLabel(log.actor, log.impersonator),
    action: auditActionLabel(log.action),
    ad: adId === null ? null : { id: adId, label: `申込ID ${formatAdvertisementId(adId)}` },
    // A target that is not the ad itself (an order, an advertiser) is named beside the ad link.
    target: postIdOf(log.target) === null ? auditTargetLabel(log.target) : "",
    changes: auditChanges(log.changes),
    clientIp: log.clientIp ?? "",
  };
}
type Row = ReturnType<typeof toRow>;
type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

const columns: Column<Row>[] = [
  { label: "日時", nowrap: true, cell: (row) => row.occurredAt },
  { label: "操作者", cell: (row) => row.actor },
  { label: "操作", nowrap: true, cell: (row) => row.action },
  {
    label: "対象",
    cell: (row) => (
      <>
        {row.ad ? (
          <RowLink to={`/administrator/advertisements/${row.ad.id}/detail`}>{row.ad.label}</RowLink>
        ) : null}
        {row.ad && row.target ? <br /> : null}
        {row.target ? <span className="dimmed small">{row.target}</span> : null}
      </>
    ),
  },
  {
    label: "変更内容",
    cell: (row) =>
      row.changes.length === 0 ? null : (
        <ul className="change-list">
          {row.changes.map((c) => (
            <li key={c.field}>{`${c.field}: ${c.before} → ${c.after}`}</li>
          ))}
        </ul>
      ),
  },
  { label: "IPアドレス", nowrap: true, cell: (row) => row.clientIp },
];

const actionOptions = [
  { value: "", label: "すべて" },
  ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
];

export default function AdministratorAuditLogs() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <AdminListHeader title="操作履歴" />
      {data.available ? <AuditTrail data={data} /> : <ExtensionUnavailable />}
    </Stack>
  );
}

function AuditTrail({ data }: { data: Extract<LoaderData, { available: true }> }) {
  return (
    <>
      <Paper withBorder p="md">
        <Form method="get" role="search" aria-label="操作履歴の絞り込み">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="操作者（メールアドレス）"
              name="actor"
              defaultValue={data.filters.actor}
            />
            <NativeSelect
              label="操作"
              name="action"
              defaultValue={data.filters.action}
              data={actionOptions}
            />
            <TextInput
              label="対象（申込ID）"
              name="target"
              defaultValue={data.filters.target}
              description="例: 000012、または /api/adv/posts/12"
            />
          </SimpleGrid>
          <Group mt="md" justify="flex-end" gap="xs">
            <Button component={Link} to="/administrator/audit_logs" variant="default">
              条件をクリア
            </Button>
            <Button type="submit">検索</Button>
          </Group>
        </Form>
      </Paper>
      <Paper withBorder p="md">
        <Text size="sm" mb="sm">
          {data.totalItems.toLocaleString("ja-JP")} 件
        </Text>
        <DataTable
          columns={columns}
          rows={data.rows}
          rowKey={(row) => row.id}
          empty="操作履歴はありません。"
          minWidth={960}
        />
        <PageLinks page={data.page} totalItems={data.totalItems} pageSize={data.pageSize} />
      </Paper>
    </>
  );
}
