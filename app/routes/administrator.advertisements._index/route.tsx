// AdministratorAdvertisementsIndex (SPEC §2 Ad list): every advertiser's ads, filtered by a GET
// form (debounced and kept in the URL with JS), sorted and paged by links, needs-action rows marked.
import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type LoaderFunctionArgs, type MetaFunction, Link, useLoaderData } from "react-router";

import { requireAdministrator } from "~/.server/auth";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { PageLinks } from "~/components/TableControls";
import { pageTitle } from "~/domain/meta";
import { AdListFilterForm } from "./FilterForm";
import { loadAdminAdvertisementList } from "./list.server";
import { AdListLegend, AdListTable } from "./AdTable";

export const meta: MetaFunction = () => [{ title: pageTitle("広告管理") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const { searchParams } = new URL(request.url);
  return loadAdminAdvertisementList(api, context.upstreamUrl, searchParams).catch(
    rethrowAsHttpError,
  );
}

export default function AdministratorAdvertisementsIndex() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          広告管理
        </Title>
        <Anchor component={Link} to="/administrator">
          管理画面TOPへ
        </Anchor>
      </Group>
      {data.needsActionCount > 0 && data.filters.status !== "needs_action" ? (
        <Paper withBorder p="sm" className="needs-action-banner" role="status">
          <Text fw={700}>
            承認待ちの広告が {data.needsActionCount.toLocaleString("ja-JP")} 件あります。{" "}
            {data.statusFilter ? (
              <Anchor component={Link} to="?status=needs_action">
                承認待ちの広告だけを表示
              </Anchor>
            ) : null}
          </Text>
        </Paper>
      ) : null}
      {data.note ? (
        <Text size="sm" role="status" className="undeclared-note">
          {data.note}
        </Text>
      ) : null}
      <Paper withBorder p="md">
        <AdListFilterForm
          filters={data.filters}
          regions={data.regions}
          statusFilter={data.statusFilter}
          distributionFilter={data.distributionFilter}
        />
      </Paper>
      <Paper withBorder p="md">
        <Text size="sm" mb="sm">
          {data.totalItems.toLocaleString("ja-JP")} 件
        </Text>
        <AdListTable rows={data.rows} state={data.state} areaSortable={data.areaSortable} />
        <PageLinks page={data.state.page} totalItems={data.totalItems} pageSize={data.pageSize} />
        <AdListLegend />
      </Paper>
    </Stack>
  );
}
