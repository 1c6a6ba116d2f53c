// The sales table (cards on phones). A reversal (mark-unpaid) row carries a 取消 badge and its
// amounts show their minus sign, so it never depends on colour alone.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { TableFrame } from "~/components/TableControls";
import { formatAdvertisementId } from "~/domain/ids";
import { emptyTexts } from "~/domain/labels";
import type { SaleRow } from "~/domain/sales";

type Column = { label: string; className?: string; cell: (row: SaleRow) => ReactNode };

const columns: Column[] = [
  { label: "売上ID", className: "nowrap", cell: (row) => row.id },
  { label: "計上日", className: "nowrap", cell: (row) => row.recordedOn },
  { label: "申込ID", className: "nowrap", cell: (row) => row.orderId },
  {
    label: "広告",
    cell: (row) => (
      <>
        {row.reversal ? <span className="row-badge row-badge-reversal">取消</span> : null}
        <Link to={`/administrator/advertisements/${row.advertisementId}/detail`}>
          {row.title || "(タイトル未設定)"}
        </Link>
        <span className="dimmed small"> ({formatAdvertisementId(row.advertisementId)})</span>
      </>
    ),
  },
  { label: "会社名", cell: (row) => row.companyName },
  { label: "地域/エリア", cell: (row) => row.area },
  { label: "コース", cell: (row) => row.course },
  { label: "金額(税抜)", className: "nowrap amount", cell: (row) => row.net },
  { label: "消費税", className: "nowrap amount", cell: (row) => row.tax },
  { label: "合計", className: "nowrap amount", cell: (row) => row.gross },
];

export function SalesTable({ rows }: { rows: SaleRow[] }) {
  return (
    <TableFrame minWidth={1040}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.className}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="empty">
              {emptyTexts.sales}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr
              key={row.id}
              className={row.reversal ? "row-reversal" : undefined}
              data-testid="sale-row"
            >
              {columns.map((column) => (
                <td key={column.label} data-label={column.label} className={column.className}>
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
