// Sort headers and page links for server-paged tables: plain links, so they work without JS and
// cost almost no JavaScript (advertiser pages have a 110 KiB budget, ARCHITECTURE §8).
import { Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { nextSortOrder, pageCount, pageWindow, tableHref, type SortOrder } from "~/domain/paging";

export function SortLink({
  column,
  state,
  children,
}: {
  column: string;
  state: { sort: string; order: SortOrder };
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const active = state.sort === column;
  return (
    <Link
      className="sort-link"
      to={tableHref(params, { sort: column, order: nextSortOrder(state, column) })}
      preventScrollReset
    >
      {children}
      <span aria-hidden="true" className={active ? "sort-mark active" : "sort-mark"}>
        {active ? (state.order === "asc" ? "▲" : "▼") : "⇅"}
      </span>
    </Link>
  );
}

export function PageLinks({
  page,
  totalItems,
  pageSize,
}: {
  page: number;
  totalItems: number;
  pageSize: number;
}) {
  const [params] = useSearchParams();
  const total = pageCount(totalItems, pageSize);
  if (total <= 1) return null;
  const link = (p: number, label: ReactNode, aria?: string) =>
    p < 1 || p > total ? (
      <span className="page-link disabled" aria-hidden="true">
        {label}
      </span>
    ) : (
      <Link
        className="page-link"
        to={tableHref(params, { page: p })}
        preventScrollReset
        aria-label={aria}
      >
        {label}
      </Link>
    );
  return (
    <nav aria-label="ページ" className="pagination">
      {link(page - 1, "‹", "前のページ")}
      {pageWindow(page, total).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="page-gap">
            …
          </span>
        ) : p === page ? (
          <span key={p} className="page-link current" aria-current="page">
            {p}
          </span>
        ) : (
          <span key={p}>{link(p, p, `${p}ページ`)}</span>
        ),
      )}
      {link(page + 1, "›", "次のページ")}
    </nav>
  );
}

/** A plain table with the portal's styles; `minWidth` keeps columns readable on phones (it scrolls). */
export function DataTable({
  minWidth,
  stackOnPhone,
  children,
}: {
  minWidth?: number;
  /** On phones each row becomes a card of "label: value" lines (cells need `data-label`). */
  stackOnPhone?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table
        className={stackOnPhone ? "data-table stack-on-phone" : "data-table"}
        style={minWidth ? { minWidth } : undefined}
      >
        {children}
      </table>
    </div>
  );
}
