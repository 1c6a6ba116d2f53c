// AdministratorIndex (SPEC §2 Dashboard): the management menu and the site status. A menu entry
// built on an extension of SPEC §7 (操作履歴, the demo outbox) is offered only while the upstream
// is not known to lack it (app/.server/upstream/extensions.ts: probed once per process and TTL).
import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type LoaderFunctionArgs, type MetaFunction, Link, useLoaderData } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { env } from "~/.server/env";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { upstreamExtensions, type ExtensionName } from "~/.server/upstream/extensions";
import { getSiteSummary } from "~/.server/upstream/resources";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("管理画面TOP") }];

const menu = [
  {
    label: "広告管理",
    to: "/administrator/advertisements",
    note: "審査・承認・差し戻し、入金管理",
  },
  { label: "売上管理", to: "/administrator/sales", note: "月別の売上とCSV出力" },
  { label: "広告主管理", to: "/administrator/advertisers", note: "広告主の情報、代理ログイン" },
  { label: "エリア管理", to: "/administrator/areas", note: "掲載地域とエリアの設定" },
  { label: "掲載コース管理", to: "/administrator/courses", note: "コースと料金の設定" },
  { label: "広告成果レポート", to: "/administrator/ad_report/", note: "記事URL別のアクセス" },
  {
    label: "操作履歴",
    to: "/administrator/audit_logs",
    note: "管理者の操作の記録",
    extension: "auditLogs",
  },
] as const satisfies readonly {
  label: string;
  to: string;
  note: string;
  extension?: ExtensionName;
}[];

export async function loader({ context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  // Demo mode keeps mails in the outbox: its viewer is linked then only.
  const demo = env().demo;
  // Unknown (a probe that failed) still links: the page itself says when the feature is missing.
  const offered = (name: ExtensionName) =>
    upstreamExtensions.probe(name, api, {}).then((presence) => presence !== "absent");
  const [summary, auditLogs, mailOutbox] = await Promise.all([
    getSiteSummary(api).catch(rethrowAsHttpError),
    offered("auditLogs"),
    demo ? offered("mailOutbox") : false,
  ]);
  return {
    summary,
    menu: menu.filter((item) => !("extension" in item) || { auditLogs }[item.extension]),
    outbox: mailOutbox,
  };
}

/** A site-status number that opens the list it counts. */
function Stat({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Card withBorder padding="md" component={Link} to={to} className="stat-link">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value.toLocaleString("ja-JP")}
      </Text>
      <Text size="xs" c="orange.8">
        一覧を見る ›
      </Text>
    </Card>
  );
}

export default function AdministratorIndex() {
  const { summary, menu, outbox } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        管理画面TOP
      </Title>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          サイトの状況
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Stat
            label="承認待ちの広告"
            value={summary.waiting_for_confirmation}
            to="/administrator/advertisements?status=needs_action"
          />
          <Stat
            label="掲載中の広告"
            value={summary.publishing_advertisments}
            to="/administrator/advertisements?distribution=publishing"
          />
          <Stat label="広告主" value={summary.advertisers} to="/administrator/advertisers" />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          メニュー
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {menu.map((item) => (
            <Card key={item.to} withBorder padding="md">
              <Group justify="space-between">
                <Anchor href={item.to} fw={700}>
                  {item.label}
                </Anchor>
              </Group>
              <Text size="sm" c="dimmed">
                {item.note}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Paper>
      {outbox ? (
        <Text size="sm">
          <Anchor href="/administrator/mails">送信メール（デモ）</Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
