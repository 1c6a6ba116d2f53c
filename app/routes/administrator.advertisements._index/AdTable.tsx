// The ad list's table (cards on phones) with the SPEC §4 row styles: each styled row also carries
// a text badge, so the style never depends on colour alone, and a legend explains them. The list
// sorts by priority before the chosen column (SPEC §7): the priority is a column of its own,
// marked as sorted, and the caption says the order in words (issue 30 #10).
import type { ReactNode } from "react";
import { ROW_BUTTON, RowLink, SortLink, TableBody, TableFrame } from "~/components/TableControls";
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

/** Always sorted first, ascending: the header shows it, without a link (it cannot be changed). */
const PRIORITY_LABEL = "優先度";

const columns: Column[] = [
  {
    label: PRIORITY_LABEL,
    nowrap: true,
    cell: (row) => (row.priority === null ? "—" : String(row.priority)),
  },
  {
    label: "申込ID",
    sort: "id",
    nowrap: true,
    cell: (row) => <RowLink to={detailPath(row.id)}>{row.applicationId}</RowLink>,
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
      <RowLink
        to={detailPath(row.id)}
        className={ROW_BUTTON}
        aria-label={`${row.applicationId} の詳細`}
      >
        詳細
      </RowLink>
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
  const sorted = columns.find((column) => column.sort === state.sort)?.label ?? "申込ID";
  return (
    <TableFrame minWidth={1000}>
      <caption className="table-order">
        {`並び順：${PRIORITY_LABEL}の小さい順、同じ${PRIORITY_LABEL}の中は「${sorted}」の${
          state.order === "asc" ? "昇順" : "降順"
        }`}
      </caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.sort ? (
                <SortLink column={column.sort} state={state}>
                  {column.label}
                </SortLink>
              ) : column.label === PRIORITY_LABEL ? (
                <>
                  {column.label}
                  <span aria-hidden="true" className="sort-mark active">
                    ▲
                  </span>
                </>
              ) : (
                column.label
              )}
            </th>
          ))}
        </tr>
      </thead>
      <TableBody rows={rows} columnCount={columns.length} empty={emptyTexts.advertisements}>
        {(row) => (
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
        )}
      </TableBody>
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
