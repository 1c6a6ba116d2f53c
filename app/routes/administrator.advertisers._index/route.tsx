// AdministratorAdvertisersIndex (SPEC §2 Advertiser list): a GET filter form (ID, 会社名, 担当者,
// メールアドレス), sortable headers and page links (300 a page), all plain links: no JS needed.
import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
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
import { DataTable, PageLinks, ROW_BUTTON, RowLink, type Column } from "~/components/TableControls";
import { emptyTexts } from "~/domain/labels";
import { pageTitle } from "~/domain/meta";
import { loadAdvertiserList, type AdvertiserRow } from "./list.server";

export const meta: MetaFunction = () => [{ title: pageTitle("広告主管理") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const { searchParams } = new URL(request.url);
  return loadAdvertiserList(api, searchParams).catch(rethrowAsHttpError);
}

const detailPath = (id: number) => `/administrator/advertisers/${id}`;

const columns: Column<AdvertiserRow>[] = [
  {
    label: "ID",
    sort: "id",
    nowrap: true,
    cell: (row) => <RowLink to={detailPath(row.id)}>{row.displayId}</RowLink>,
  },
  { label: "会社名", sort: "companyName", cell: (row) => row.companyName },
  { label: "担当者", sort: "personInCharge", cell: (row) => row.personInCharge },
  { label: "メールアドレス", sort: "email", cell: (row) => row.email },
  { label: "電話番号", nowrap: true, cell: (row) => row.tel },
  { label: "自動承認", nowrap: true, cell: (row) => row.autoConfirm },
  {
    label: "操作",
    cell: (row) => (
      <RowLink
        to={detailPath(row.id)}
        className={ROW_BUTTON}
        aria-label={`${row.displayId} の詳細`}
      >
        詳細
      </RowLink>
    ),
  },
];

export default function AdministratorAdvertisersIndex() {
  const data = useLoaderData<typeof loader>();
  const { filters } = data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          広告主管理
        </Title>
        <Anchor component={Link} to="/administrator">
          管理画面TOPへ
        </Anchor>
      </Group>
      <Paper withBorder p="md">
        {/* A remount per URL keeps the fields in step with back/forward and the links. */}
        <Form
          method="get"
          role="search"
          aria-label="広告主の絞り込み"
          key={JSON.stringify(filters)}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <TextInput
              label="ID"
              name="id"
              defaultValue={filters.id}
              inputMode="numeric"
              autoComplete="off"
            />
            <TextInput label="会社名" name="companyName" defaultValue={filters.companyName} />
            <TextInput label="担当者" name="personInCharge" defaultValue={filters.personInCharge} />
            <TextInput
              label="メールアドレス"
              name="email"
              defaultValue={filters.email}
              autoComplete="off"
            />
          </SimpleGrid>
          {data.state.sort !== "id" || data.state.order !== "desc" ? (
            <>
              <input type="hidden" name="sort" value={data.state.sort} />
              <input type="hidden" name="order" value={data.state.order} />
            </>
          ) : null}
          <Group gap="xs" mt="sm">
            <Button type="submit">検索</Button>
            <Button component={Link} to="/administrator/advertisers" variant="default">
              クリア
            </Button>
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
          empty={emptyTexts.advertisers}
          sortState={data.state}
          minWidth={900}
        />
        <PageLinks page={data.state.page} totalItems={data.totalItems} pageSize={data.pageSize} />
      </Paper>
    </Stack>
  );
}
