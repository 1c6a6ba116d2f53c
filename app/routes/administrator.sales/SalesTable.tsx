// The sales table (cards on phones). A reversal (mark-unpaid) row carries a 取消 badge and its
// amounts show their minus sign, so it never depends on colour alone.
import { DataTable, RowLink, type Column } from "~/components/TableControls";
import { emptyTexts } from "~/domain/labels";
import type { SaleRow } from "~/domain/sales";

const columns: Column<SaleRow>[] = [
  { label: "売上ID", nowrap: true, cell: (row) => row.id },
  // A strictly SPEC §3 upstream gives no date: a dash, not an empty cell.
  { label: "計上日", nowrap: true, cell: (row) => row.recordedOn || "—" },
  // The ad's 申込ID, as every other screen shows it; the order's own id is not a person's number.
  { label: "申込ID", nowrap: true, cell: (row) => row.applicationId },
  {
    label: "広告",
    cell: (row) => (
      <>
        {row.reversal ? <span className="row-badge row-badge-reversal">取消</span> : null}
        {row.advertisementId === null ? null : (
          <RowLink to={`/administrator/advertisements/${row.advertisementId}/detail`}>
            {row.title || "(タイトル未設定)"}
          </RowLink>
        )}
      </>
    ),
  },
  { label: "会社名", cell: (row) => row.companyName },
  { label: "地域/エリア", cell: (row) => row.area },
  { label: "コース", cell: (row) => row.course },
  { label: "金額(税抜)", nowrap: true, className: "amount", cell: (row) => row.net },
  { label: "消費税", nowrap: true, className: "amount", cell: (row) => row.tax },
  { label: "合計", nowrap: true, className: "amount", cell: (row) => row.gross },
];

export function SalesTable({ rows }: { rows: SaleRow[] }) {
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      empty={emptyTexts.sales}
      minWidth={1040}
      rowProps={(row) => ({
        className: row.reversal ? "row-reversal" : undefined,
        "data-testid": "sale-row",
      })}
    />
  );
}
