// The ad list's table (cards on phones) with the SPEC §4 row styles: each styled row also carries
// a text badge, so the style never depends on colour alone, and a legend explains them.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SortLink, TableFrame } from "~/components/TableControls";
import { ButtonLink } from "~/components/ui";
import type { AdListSort } from "~/domain/admin-ad-list";
import { adminRowKindLabels, adminRowKindNotes, type AdminRowKind } from "~/domain/advertisement";
import { emptyTexts } from "~/domain/labels";
import type { SortOrder } from "~/domain/paging";
import type { AdminAdvertisementRow } from "./list.server";

const detailPath = (id: number) => `/administrator/advertisements/${id}/detail`;

type Column = {
  label: string;
  sort?: AdListSort;
  nowrap?: boolean;
  cell: (row: AdminAdvertisementRow) => ReactNode;
};

export function RowBadge({ kind }: { kind: AdminRowKind }) {
  return <span className={`row-badge row-badge-${kind}`}>{adminRowKindLabels[kind]}</span>;
}

const columns: Column[] = [
  {
    label: "申込ID",
    sort: "id",
    nowrap: true,
    cell: (row) => <Link to={detailPath(row.id)}>{row.applicationId}</Link>,
  },
  {
    label: "タイトル",
    sort: "title",
    cell: (row) => (
      <>
        {row.kind ? <RowBadge kind={row.kind} /> : null}
        {row.isDeleted ? <span className="row-badge row-badge-deleted">削除済み</span> : null}
        {row.title}
      </>
    ),
  },
  {
    label: "広告主",
    sort: "companyName",
    cell: (row) => (
      <>
        {row.companyName}
        {row.advertiserId ? <span className="dimmed small"> ({row.advertiserId})</span> : null}
      </>
    ),
  },
  { label: "エリア", sort: "area", cell: (row) => row.area },
  { label: "掲載開始", sort: "publishesAt", nowrap: true, cell: (row) => row.publishesAt },
  { label: "掲載終了", sort: "unpublishesAt", nowrap: true, cell: (row) => row.unpublishesAt },
  { label: "原稿ステータス", nowrap: true, cell: (row) => row.manuscriptStatus },
  { label: "支払ステータス", nowrap: true, cell: (row) => row.paymentStatus },
  { label: "配信状況", nowrap: true, cell: (row) => row.distribution },
  {
    label: "操作",
    cell: (row) => (
      <ButtonLink
        to={detailPath(row.id)}
        variant="default"
        className="btn-row"
        aria-label={`${row.applicationId} の詳細`}
      >
        詳細
      </ButtonLink>
    ),
  },
];

/** The area column sorts only where the upstream declares an area sort (list.server.ts). */
const columnsFor = (areaSortable: boolean) =>
  areaSortable ? columns : columns.map((c) => (c.sort === "area" ? { ...c, sort: undefined } : c));

const rowClass = (row: AdminAdvertisementRow) =>
  [row.kind ? `row-${row.kind}` : "", row.isDeleted ? "row-deleted" : ""].join(" ").trim() ||
  undefined;

export function AdListTable({
  rows,
  state,
  areaSortable,
}: {
  rows: AdminAdvertisementRow[];
  state: { sort: string; order: SortOrder };
  areaSortable: boolean;
}) {
  const columns = columnsFor(areaSortable);
  return (
    <TableFrame minWidth={960}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.sort ? (
                <SortLink column={column.sort} state={state}>
                  {column.label}
                </SortLink>
              ) : (
                column.label
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="empty">
              {emptyTexts.advertisements}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.id} className={rowClass(row)} data-testid="ad-row">
              {columns.map((column) => (
                <td
                  key={column.label}
                  data-label={column.label}
                  className={column.nowrap ? "nowrap" : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </TableFrame>
  );
}

/** What the row styles mean (SPEC §4 Row styles). */
export function AdListLegend() {
  const kinds = Object.keys(adminRowKindLabels) as AdminRowKind[];
  return (
    <dl className="row-legend" aria-label="行の色分け">
      {kinds.map((kind) => (
        <div key={kind} className={`row-legend-item row-${kind}`}>
          <dt>
            <RowBadge kind={kind} />
          </dt>
          <dd>{adminRowKindNotes[kind]}</dd>
        </div>
      ))}
    </dl>
  );
}
