// The report screens' shared parts (SPEC §2 Report, Ad report): month links, the per-day table
// with its empty and loading texts. Plain links and markup, so they work without JavaScript.
import { Link, useLocation, useNavigation } from "react-router";
import type { ReactNode } from "react";
import type { ReportRow } from "../../shared/report";
import { emptyTexts } from "~/domain/labels";
import { formatCtr } from "../../shared/report";
import { formatReportDay } from "~/domain/report";
import { TableBody } from "./TableControls";

/** 前月 / 翌月 as links; out of range (or without what the page needs) a disabled label. */
export function ReportMonthNav({
  previous,
  next,
  hrefFor,
}: {
  previous: string | null;
  next: string | null;
  hrefFor: (month: string) => string;
}) {
  const link = (month: string | null, label: string) =>
    month ? (
      // The same route with another month: nothing to discover (no data-discover marker).
      <Link className="btn btn-default" to={hrefFor(month)} preventScrollReset discover="none">
        {label}
      </Link>
    ) : (
      <span className="btn btn-default" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav aria-label="月の切り替え" className="group report-month-nav">
      {link(previous, "前月")}
      {link(next, "翌月")}
    </nav>
  );
}

/** True while a navigation to another month (or URL) of this same screen is under way. */
export function useReportPending(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
}

type Column = { label: string; cell: (row: ReportRow) => ReactNode };

const baseColumns: Column[] = [
  { label: "日付", cell: (row) => formatReportDay(row.d) },
  { label: "リスト表示回数(imp)", cell: (row) => row.imp.toLocaleString("ja-JP") },
  { label: "クリック回数(click)", cell: (row) => row.clk.toLocaleString("ja-JP") },
  { label: "クリック率(CTR)", cell: (row) => formatCtr(row.ctr) },
  { label: "広告URL閲覧回数(PV)", cell: (row) => row.pv.toLocaleString("ja-JP") },
];
const linkColumns: Column[] = [1, 2, 3].map((n) => ({
  label: `リンク${n}クリック数`,
  cell: (row: ReportRow) => row[`link${n}` as "link1"].toLocaleString("ja-JP"),
}));
const noteColumn: Column = {
  label: "備考",
  cell: (row) =>
    row.note.length === 0 ? null : (
      <ul className="report-notes">
        {row.note.map((n) => (
          <li key={n.id}>{n.subject}</li>
        ))}
      </ul>
    ),
};

/**
 * The per-day table. `withLinks` adds the three link columns (the ad's own report); the URL
 * report of SPEC §2 has exactly the six columns it lists.
 */
export function ReportTable({
  rows,
  withLinks = false,
}: {
  rows: readonly ReportRow[];
  withLinks?: boolean;
}) {
  const pending = useReportPending();
  const columns = withLinks
    ? [...baseColumns, ...linkColumns, noteColumn]
    : [...baseColumns, noteColumn];
  return (
    <div aria-busy={pending} className="report-table">
      {pending ? (
        <p role="status" className="report-loading">
          {emptyTexts.loading}
        </p>
      ) : null}
      {/* Unlike the other tables this one does not turn into cards on phones: nine figures per
          day read better side by side, so it scrolls sideways with the date column held. */}
      {/* Focusable, so a keyboard can scroll it sideways too. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="日別の数値">
        <table className="report-data-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <TableBody rows={rows} columnCount={columns.length} empty={emptyTexts.reports}>
            {(row) => (
              <tr key={row.d}>
                {columns.map((column) => (
                  <td key={column.label}>{column.cell(row)}</td>
                ))}
              </tr>
            )}
          </TableBody>
        </table>
      </div>
    </div>
  );
}
