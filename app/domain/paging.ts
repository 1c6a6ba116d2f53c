// Sortable, paged tables driven by plain GET links: ?page=2&sort=area&order=asc works without JS.

export type SortOrder = "asc" | "desc";
export type TableState<K extends string> = { page: number; sort: K; order: SortOrder };

/** Reads page/sort/order from a URL, falling back to the defaults for anything unexpected. */
export function readTableState<K extends string>(
  params: URLSearchParams,
  sortable: readonly K[],
  defaults: { sort: K; order: SortOrder },
): TableState<K> {
  const page = Number(params.get("page"));
  const sort = params.get("sort") as K | null;
  const order = params.get("order");
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    sort: sort && sortable.includes(sort) ? sort : defaults.sort,
    order: order === "asc" || order === "desc" ? order : defaults.order,
  };
}

/** The query string for another page or sort of the same table, keeping other parameters. */
export function tableHref(
  params: URLSearchParams,
  change: Partial<{ page: number; sort: string; order: SortOrder }>,
): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) next.set(key, String(value));
  if (change.sort !== undefined || change.order !== undefined) next.delete("page");
  if (next.get("page") === "1") next.delete("page");
  return `?${next.toString()}`;
}

/** Clicking a column header: a new column sorts ascending, the current one flips. */
export function nextSortOrder(
  state: { sort: string; order: SortOrder },
  column: string,
): SortOrder {
  return state.sort === column && state.order === "asc" ? "desc" : "asc";
}

export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/** The page numbers to show around the current page, with null where a gap (…) goes. */
export function pageWindow(page: number, total: number, radius = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - page) <= radius) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
