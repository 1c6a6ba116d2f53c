// AdministratorCoursesIndex (SPEC §2 Course list, 掲載コース管理): every course with its price
// (tax excluded) and period, a link to edit each, and the button to register a new one.
import { Group, Paper, Stack } from "@mantine/core";
import { type LoaderFunctionArgs, type MetaFunction, Link, useLoaderData } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { AdminListHeader } from "~/components/AdminListHeader";
import { DataTable, type Column } from "~/components/TableControls";
import { ButtonLink } from "~/components/ui";
import { emptyTexts } from "~/domain/labels";
import { pageTitle } from "~/domain/meta";
import { loadCourseRows, type CourseRow } from "./list.server";

export const meta: MetaFunction = () => [{ title: pageTitle("掲載コース管理") }];

export async function loader({ context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  return { rows: await loadCourseRows(api).catch(rethrowAsHttpError) };
}

const editPath = (id: number) => `/administrator/courses/${id}/edit`;

const columns: Column<CourseRow>[] = [
  {
    label: "管理ID",
    nowrap: true,
    cell: (row) => <Link to={editPath(row.id)}>{row.id}</Link>,
  },
  { label: "有効", nowrap: true, cell: (row) => (row.isActive ? "有効" : "") },
  { label: "コース名称", cell: (row) => row.name },
  { label: "価格(税抜)", nowrap: true, cell: (row) => row.price },
  { label: "備考", cell: (row) => row.note },
  { label: "掲載期間", nowrap: true, cell: (row) => row.period },
  {
    label: "操作",
    cell: (row) => (
      <ButtonLink to={editPath(row.id)} variant="default" size="xs">
        編集<span className="visually-hidden">（管理ID {row.id}）</span>
      </ButtonLink>
    ),
  },
];

export default function AdministratorCoursesIndex() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <AdminListHeader title="掲載コース管理" />
      <Group>
        <ButtonLink to="/administrator/courses/new">新規コース登録</ButtonLink>
      </Group>
      <Paper withBorder p="md">
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          empty={emptyTexts.courses}
          minWidth={760}
        />
      </Paper>
    </Stack>
  );
}
