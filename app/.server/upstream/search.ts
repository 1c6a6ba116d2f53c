// Which query variables an API Platform collection declares: its `hydra:search` IriTemplate
// (`hydra:mapping[].variable`; `search`/`mapping` in the apip4 dialect). A filter or sort the
// portal offers beyond SPEC §7 is offered only when the upstream declares it (issue 29): a filter
// it does not apply would silently show every row.
import type { Query } from "./client";

/** The variables of a collection answer's search template; undefined when it has none (or one the
 * portal cannot read: that costs only the extra filters, never the page). */
export function searchVariables(body: unknown): ReadonlySet<string> | undefined {
  const search = field(body, "search");
  const mapping = field(search, "mapping");
  if (!Array.isArray(mapping)) return undefined;
  const variables = mapping
    .map((entry) => field(entry, "variable"))
    .filter((variable): variable is string => typeof variable === "string");
  return new Set(variables);
}

/** `hydra:<name>` or the unprefixed `<name>`, from an object. */
function field(value: unknown, name: string): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  return record[`hydra:${name}`] ?? record[name];
}

/** SPEC §7's query variables per collection: what counts as declared when the answer has no
 * search template. `order[field]` is the generic table sort (a column's own field). */
export const SECTION7_VARIABLES = {
  advertiserPosts: ["owner", "page", "itemsPerPage"],
  adminPosts: [
    "page",
    "itemsPerPage",
    "order[priority]",
    "owner",
    "owner.companyName",
    "title",
    "publishmentOrder.region",
    "publishmentOrder.locality",
    "has_publishmentOrder",
  ],
} as const satisfies Record<string, readonly string[]>;

/** The editors' status filter: API Platform's SearchFilter on the order's status (not §7). */
export const STATUS_VARIABLE = "publishmentOrder.publishmentStatus[]";

/** The editors' 配信状況 filter (not §7): our reference API's, as its list labels rows (SPEC §4). */
export const DISTRIBUTION_VARIABLE = "distributionStatus";

/**
 * Whether the upstream applies `variable`: its search template says so; without one, SPEC §7
 * does (`section7`: that collection's SECTION7_VARIABLES).
 */
export function isDeclared(
  variables: ReadonlySet<string> | undefined,
  variable: string,
  section7: readonly string[],
): boolean {
  return variables ? variables.has(variable) : section7.includes(variable);
}

/** Whether a collection applies a query variable (see isDeclared). */
export type Declares = (variable: string) => boolean;

/** A query as sent: its variables with a value, in a stable order (undefined and "" are not sent). */
const sent = (query: Query) =>
  JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== "")
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/**
 * One page read with only the variables the collection declares. `query` builds the query from a
 * `Declares`: first everything the screen asks for is sent (one call when all of it is declared);
 * when the answer's template (or §7 without one) leaves some out, the page is read again without
 * them, so a list is never shown as if filtered by a variable the upstream may have ignored.
 */
export async function readDeclared<C extends { search?: ReadonlySet<string> }>(
  section7: readonly string[],
  query: (declares: Declares) => Query,
  read: (query: Query) => Promise<C>,
): Promise<{ page: C; declares: Declares }> {
  const wanted = query(() => true);
  const first = await read(wanted);
  const declares: Declares = (variable) => isDeclared(first.search, variable, section7);
  const allowed = query(declares);
  const page = sent(allowed) === sent(wanted) ? first : await read(allowed);
  return { page, declares };
}

/** The pairs of order variables that sort by region id, then locality id (API Platform's
 * OrderFilter on the relation's id, or on the relation itself: both order by the id). */
const AREA_PAIRS = [
  ["order[publishmentOrder.region.id]", "order[publishmentOrder.locality.id]"],
  ["order[publishmentOrder.region]", "order[publishmentOrder.locality]"],
] as const;

/**
 * The posts' area sort (SPEC §7: region id, then locality id) in the form the upstream declares:
 * our reference API's `order[area]`, else an OrderFilter pair on the two relations; null when
 * none is declared (the screen then offers no area sort).
 */
export function areaOrder(declares: Declares, direction: "asc" | "desc"): Query | null {
  if (declares("order[area]")) return { "order[area]": direction };
  const pair = AREA_PAIRS.find(([region, locality]) => declares(region) && declares(locality));
  return pair ? { [pair[0]]: direction, [pair[1]]: direction } : null;
}
