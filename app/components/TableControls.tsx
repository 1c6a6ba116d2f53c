// Sort headers and page links for server-paged tables: plain links, so they work without JS and
// cost almost no JavaScript (advertiser pages have a 110 KiB budget, ARCHITECTURE §8).
import { Link, useNavigate, useSearchParams } from "react-router";
import { useEffect, useRef, type CSSProperties, type HTMLAttributes, type ReactNode } from "react";
import { buttonClass } from "~/components/ui";
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

/** A column of a {@link DataTable}: its header, how a row fills it, and whether it sorts. */
export type Column<Row> = {
  /** The header text; on phones also the label in front of the value on each card. */
  label: string;
  /** The sort key when the header sorts the table (needs the table's `sortState`). */
  sort?: string;
  nowrap?: boolean;
  /** Classes of the column's header and cells (e.g. `amount`: numbers aligned right). */
  className?: string;
  cell: (row: Row) => ReactNode;
};

/** A cell with nothing in it: on phones its card line is not rendered (no "label:" alone). */
const isBlank = (content: ReactNode) =>
  content === null || content === undefined || content === false || content === "";

const cellClass = (column: { nowrap?: boolean; className?: string }, blank = false) =>
  [column.nowrap ? "nowrap" : null, column.className, blank ? "cell-blank" : null]
    .filter(Boolean)
    .join(" ") || undefined;

/** A table's body: a row per item, or one row across every column saying there are none. */
export function TableBody<Row>({
  rows,
  columnCount,
  empty,
  children,
}: {
  rows: readonly Row[];
  columnCount: number;
  /** The text shown when there are no rows. */
  empty: ReactNode;
  /** The `<tr>` of one row, with its key. */
  children: (row: Row) => ReactNode;
}) {
  return (
    <tbody>
      {rows.length === 0 ? (
        <tr>
          <td colSpan={columnCount} className="empty">
            {empty}
          </td>
        </tr>
      ) : (
        rows.map((row) => children(row))
      )}
    </tbody>
  );
}

/**
 * The portal's data table. On wide screens a plain table (`minWidth` keeps the columns readable,
 * scrolling sideways inside the card if need be); on phones every row becomes a card of
 * "label: value" lines, by CSS alone, with the labels taken from the columns (`data-label`); a
 * cell with no value has no line there.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  sortState,
  minWidth,
  rowProps,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Attributes of a row's `<tr>` (a class for a row style, a test id). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & { "data-testid"?: string };
  /** The text shown when there are no rows. */
  empty: ReactNode;
  sortState?: { sort: string; order: SortOrder };
  minWidth?: number;
}) {
  return (
    <TableFrame minWidth={minWidth}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.className}>
              {column.sort && sortState ? (
                <SortLink column={column.sort} state={sortState}>
                  {column.label}
                </SortLink>
              ) : (
                column.label
              )}
            </th>
          ))}
        </tr>
      </thead>
      <TableBody rows={rows} columnCount={columns.length} empty={empty}>
        {(row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((column) => {
              const content = column.cell(row);
              return (
                <td
                  key={column.label}
                  data-label={column.label}
                  className={cellClass(column, isBlank(content))}
                >
                  {content}
                </td>
              );
            })}
          </tr>
        )}
      </TableBody>
    </TableFrame>
  );
}

/**
 * The bare table frame for tables whose rows need their own markup. It turns into cards on phones
 * like {@link DataTable}; give every body cell a `data-label` with its column's header.
 */
export function TableFrame({ minWidth, children }: { minWidth?: number; children: ReactNode }) {
  // A custom property rather than `min-width` itself, so the phone layout can drop it in CSS.
  const style = minWidth ? ({ "--table-min-width": `${minWidth}px` } as CSSProperties) : undefined;
  const frame = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // One listener for every RowLink: a plain click navigates inside the app, as a Link's would;
    // a click with a modifier (new tab, download) or another button is the browser's.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[data-row-link]");
      const href = link?.getAttribute("href");
      if (!href) return;
      event.preventDefault();
      navigate(href);
    };
    element.addEventListener("click", onClick);
    // Says the links now navigate inside the app (a browser test waits for it).
    element.dataset.rowLinks = "app";
    return () => element.removeEventListener("click", onClick);
  }, [navigate]);
  return (
    <div className="table-scroll" ref={frame}>
      <table className="data-table" style={style}>
        {children}
      </table>
    </div>
  );
}

/** A row's action link that looks like a compact button (詳細, 編集). */
export const ROW_BUTTON = buttonClass({ variant: "default", className: "btn-row" });

/**
 * A link in a table's row: a plain `<a>`, so a page of 300 rows renders no router hooks per cell
 * (a React Router `Link` each was most of the advertisers page's render: ADR 0013). With JS, the
 * table's one listener (TableFrame) navigates inside the app as a Link would.
 */
export function RowLink({
  to,
  className,
  children,
  "aria-label": label,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
}) {
  return (
    <a href={to} className={className} aria-label={label} data-row-link="">
      {children}
    </a>
  );
}
