// AdministratorAreasIndex (SPEC §2 Area screens): every locality by region, with where its ads go,
// a way to edit each and to register a new one.
import { Paper, Stack } from "@mantine/core";
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { AdminListHeader } from "~/components/AdminListHeader";
import { TableBody, TableFrame } from "~/components/TableControls";
import { ButtonLink } from "~/components/ui";
import { emptyTexts } from "~/domain/labels";
import { pageTitle } from "~/domain/meta";
import { loadAreaList } from "./list.server";

export const meta: MetaFunction = () => [{ title: pageTitle("エリア管理") }];

export async function loader({ context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  return loadAreaList(api).catch(rethrowAsHttpError);
}

const COLUMNS = ["ID", "地域", "エリア名", "ニュースサイト", "配信先", "操作"];

export default function AdministratorAreasIndex() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <AdminListHeader title="エリア管理" />
      <div>
        <ButtonLink to="/administrator/areas/new">新規エリア登録</ButtonLink>
      </div>
      <Paper withBorder p="md">
        <TableFrame minWidth={720}>
          <thead>
            <tr>
              {COLUMNS.map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <TableBody rows={rows} columnCount={COLUMNS.length} empty={emptyTexts.areas}>
            {(row) => (
              <tr key={row.id} data-testid="area-row">
                <td data-label="ID" className="nowrap">
                  {row.id}
                </td>
                <td data-label="地域" className="nowrap">
                  {row.region}
                </td>
                <td data-label="エリア名">{row.name}</td>
                <td data-label="ニュースサイト">
                  {row.blogUrl ? (
                    <a href={row.blogUrl} target="_blank" rel="noreferrer">
                      {row.blogUrl}
                    </a>
                  ) : null}
                </td>
                <td data-label="配信先" className="nowrap">
                  {row.destination}
                </td>
                <td data-label="操作">
                  <ButtonLink
                    to={`/administrator/areas/${row.id}/edit`}
                    variant="default"
                    className="btn-row"
                    aria-label={`${row.name} を編集`}
                  >
                    編集
                  </ButtonLink>
                </td>
              </tr>
            )}
          </TableBody>
        </TableFrame>
      </Paper>
    </Stack>
  );
}
