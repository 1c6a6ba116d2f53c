// The outbox viewer of demo mode (not a screen of SPEC §2): the mails the API has queued, newest
// first, 10 a page by GET links. An extension of SPEC §7 (our reference API's, in demo mode only):
// where the upstream has no outbox this page says the feature is unavailable, and why.
import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { upstreamExtensions } from "~/.server/upstream/extensions";
import { listOutboxMails } from "~/.server/upstream/mails";
import { ExtensionUnavailable } from "~/components/ExtensionUnavailable";
import { PageLinks } from "~/components/TableControls";
import { formatDateTime } from "../../shared/tokyo-calendar";
import { pageTitle } from "~/domain/meta";
import { readTableState } from "~/domain/paging";

export const meta: MetaFunction = () => [{ title: pageTitle("送信メール（デモ）") }];

const PAGE_SIZE = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const { page } = readTableState(new URL(request.url).searchParams, ["id"], {
    sort: "id",
    order: "desc",
  });
  const read = await upstreamExtensions
    .use("mailOutbox", () => listOutboxMails(api, page, PAGE_SIZE))
    .catch(rethrowAsHttpError);
  if (!read.present) return { available: false as const };
  const { member, totalItems } = read.value;
  return {
    available: true as const,
    page,
    pageSize: PAGE_SIZE,
    totalItems,
    mails: member.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      body: m.body,
      createdAt: formatDateTime(m.createdAt),
      sentAt: m.sentAt ? formatDateTime(m.sentAt) : null,
    })),
  };
}

export default function AdministratorMails() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h3">
          送信メール（デモ）
        </Title>
        <Anchor href="/administrator" size="sm">
          管理画面TOPへ戻る
        </Anchor>
      </Group>
      {!loaded.available ? (
        <ExtensionUnavailable note="送信メールの保管箱はデモモードでのみ利用できます。本番の設定では、メールは SMTP で送信され、この画面には表示されません。" />
      ) : (
        <>
          <Text size="sm">
            デモモードの送信メール（送信待ちの保管箱）です。メールは実際には送信されず、ここに保存されます（SMTP_URL
            を設定した場合のみ送信されます）。
          </Text>
          {loaded.mails.length === 0 ? (
            <Paper withBorder p="md">
              <Text>メールはありません。</Text>
            </Paper>
          ) : (
            <Stack
              gap="md"
              component="ol"
              aria-label="送信メール"
              style={{ listStyle: "none", padding: 0, margin: 0 }}
            >
              {loaded.mails.map((mail) => (
                <Paper key={mail.id} withBorder p="md" component="li">
                  <Stack gap="xs">
                    <Title order={2} size="h5" style={{ overflowWrap: "anywhere" }}>
                      {mail.subject}
                    </Title>
                    <Group gap="md" wrap="wrap">
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        宛先: {mail.to}
                      </Text>
                      <Text size="sm">日時: {mail.createdAt}</Text>
                      <Text size="sm" fw={700}>
                        {mail.sentAt ? `送信済み ${mail.sentAt}` : "未送信"}
                      </Text>
                    </Group>
                    <Text
                      component="pre"
                      size="sm"
                      style={{
                        whiteSpace: "pre-wrap",
                        overflowWrap: "anywhere",
                        fontFamily: "inherit",
                        margin: 0,
                      }}
                    >
                      {mail.body}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
          <PageLinks page={loaded.page} totalItems={loaded.totalItems} pageSize={loaded.pageSize} />
        </>
      )}
    </Stack>
  );
}
