// Reading API Platform payloads: collections in either Hydra prefix style, and violation lists.
import { z } from "zod";
import { log } from "../logger";
import type { UpstreamClient, Query } from "./client";
import { UpstreamUnavailableError, type Violation } from "./errors";
import { searchVariables } from "./search";

/** `search`: the query variables the answer declares (./search.ts), when it has a template. */
export type Collection<T> = { member: T[]; totalItems: number; search?: ReadonlySet<string> };

const view = z
  .object({
    "@id": z.string().optional(),
    "hydra:next": z.string().optional(),
    next: z.string().optional(),
  })
  .passthrough();

const looseCollection = z
  .object({
    "hydra:member": z.array(z.unknown()).optional(),
    member: z.array(z.unknown()).optional(),
    "hydra:totalItems": z.number().optional(),
    totalItems: z.number().optional(),
    // A view the portal cannot read only costs the estimate below, never the page.
    "hydra:view": view.optional().catch(undefined),
    view: view.optional().catch(undefined),
  })
  .passthrough();

/**
 * Under partial pagination there is no total: count the pages before this one (the view's `@id`
 * names the page and, when the portal asked for one, the page size), this page, and one more item
 * when a next page exists, so page links offer the next page and stop at the last.
 */
function partialTotal(pageView: z.infer<typeof view> | undefined, count: number): number {
  const hasNext = Boolean(pageView?.["hydra:next"] ?? pageView?.next);
  const params = pageView?.["@id"]
    ? new URL(pageView["@id"], "http://upstream.invalid").searchParams
    : new URLSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get("page"))) || 1);
  const pageSize = Math.trunc(Number(params.get("itemsPerPage"))) || count;
  return (page - 1) * pageSize + count + (hasNext ? 1 : 0);
}

/** Accepts both `hydra:member`/`hydra:totalItems` (JSON-LD with prefix) and `member`/`totalItems`. */
export function parseCollection<T>(
  body: unknown,
  item: z.ZodType<T, z.ZodTypeDef, unknown>,
): Collection<T> {
  const c = looseCollection.parse(body);
  const member = z.array(item).parse(c["hydra:member"] ?? c.member ?? []);
  const totalItems =
    c["hydra:totalItems"] ?? c.totalItems ?? partialTotal(c["hydra:view"] ?? c.view, member.length);
  return withSearch({ member, totalItems }, searchVariables(body));
}

/** The collection with its search variables, the key left out when the answer had none. */
function withSearch<C extends object>(collection: C, search: ReadonlySet<string> | undefined) {
  return search ? { ...collection, search } : collection;
}

/** One server page as read: its members, its total when given, and its next link (same path). */
type ServerPage<T> = {
  member: T[];
  totalItems: number | undefined;
  next: string | undefined;
  search: ReadonlySet<string> | undefined;
};

/** One page as the server serves it: its members, total, next link and declared filters. */
export async function readServerPage<T>(
  api: UpstreamClient,
  path: string,
  at: { path: string; query?: Query },
  item: z.ZodType<T, z.ZodTypeDef, unknown>,
): Promise<ServerPage<T>> {
  const response = await api.request("GET", at.path, { query: at.query });
  // Logged by the collection's path: a next link's query may carry a filter's value.
  const page = await api.readAnswer("GET", path, response, (body) => {
    const c = looseCollection.parse(body);
    return {
      member: z.array(item).parse(c["hydra:member"] ?? c.member ?? []),
      totalItems: c["hydra:totalItems"] ?? c.totalItems,
      next: c["hydra:view"]?.["hydra:next"] ?? c.view?.next,
      search: searchVariables(body),
    };
  });
  // The token goes only where the collection is: a next link elsewhere is not followed.
  if (page.next !== undefined && !page.next.startsWith(`${path}?`)) {
    throw new UpstreamUnavailableError(502, path);
  }
  return page;
}

/** A reference list longer than this many pages is an upstream fault, not data to cut short. */
export const MAX_LIST_PAGES = 20;

/**
 * Every member of a collection, following `hydra:next` / `view.next` page by page: API Platform
 * pages every collection (30 a page by default, and may ignore `itemsPerPage`), and under partial
 * pagination the next link is all there is (no totalItems, no last). A link elsewhere than this
 * collection is not followed (the token would go with it); more than `maxPages` pages is an error.
 */
export async function getAllMembers<T>(
  api: UpstreamClient,
  path: string,
  item: z.ZodType<T, z.ZodTypeDef, unknown>,
  query?: Query,
  maxPages = MAX_LIST_PAGES,
): Promise<T[]> {
  const members: T[] = [];
  let at: { path: string; query?: Query } | undefined = { path, query };
  for (let count = 0; at; count++) {
    if (count >= maxPages) throw new UpstreamUnavailableError(502, path);
    const page: ServerPage<T> = await readServerPage(api, path, at, item);
    members.push(...page.member);
    at = page.next === undefined ? undefined : { path: page.next };
  }
  return members;
}

/**
 * The most server pages one screen page may cost: 300 rows from a server serving 10 a page
 * (and the page the first row lies in) fit; a smaller server page is an upstream fault.
 */
export const MAX_SERVER_PAGES_PER_SCREEN = 32;

/**
 * Screen page `page` of `itemsPerPage` rows: items (page−1)·size … page·size−1 of the collection,
 * whatever page size the server really serves (API Platform caps `itemsPerPage` at
 * `maximum_items_per_page`, or ignores it and serves 30). The server page asked first is
 * `page` itself: honoured, that is the whole answer (one call). Otherwise the server's page size
 * is the member count of an answer that has a next link (only the last page is short); the
 * server page holding the screen's first item is read and next links followed until the screen is
 * full. A last page (no next link) beyond page 1 is ambiguous without a total (a short honoured
 * page or a capped one), so page 1 is read to learn the size. Totals come from `totalItems`;
 * under partial pagination they are the rows before, these rows and one more when more exist.
 */
export async function getCollectionPage<T>(
  api: UpstreamClient,
  path: string,
  item: z.ZodType<T, z.ZodTypeDef, unknown>,
  query: Query,
  { page, itemsPerPage }: { page: number; itemsPerPage: number },
): Promise<Collection<T>> {
  const ask = (n: number) => ({ path, query: { ...query, page: n, itemsPerPage } });
  const first = await readServerPage(api, path, ask(page), item);
  const start = (page - 1) * itemsPerPage;
  // A full page is the size asked for (a capped server answers fewer, and one serving more
  // answers more); a short one is honoured only as the collection's last page.
  const honoured =
    first.member.length === itemsPerPage ||
    (first.next === undefined && (page === 1 || first.totalItems === start + first.member.length));
  if (honoured) {
    const member = first.member.slice(0, itemsPerPage);
    const more = first.next !== undefined || first.member.length > itemsPerPage;
    const totalItems = first.totalItems ?? start + member.length + (more ? 1 : 0);
    return withSearch({ member, totalItems }, first.search);
  }
  let sizeFrom = first;
  let pageOne: ServerPage<T> | undefined;
  if (first.next === undefined) {
    pageOne = await readServerPage(api, path, ask(1), item);
    if (pageOne.next === undefined) {
      // Everything is on the server's first page.
      const member = pageOne.member.slice(start, start + itemsPerPage);
      const totalItems = pageOne.totalItems ?? pageOne.member.length;
      return withSearch({ member, totalItems }, first.search);
    }
    sizeFrom = pageOne;
  }
  const serverSize = sizeFrom.member.length;
  if (serverSize === 0) throw new UpstreamUnavailableError(502, path);
  const serverPage = Math.floor(start / serverSize) + 1;
  let current = serverPage === page ? first : serverPage === 1 && pageOne ? pageOne : undefined;
  current ??= await readServerPage(api, path, ask(serverPage), item);
  const member: T[] = [];
  let skip = start % serverSize;
  for (let read = 1; ; read++) {
    const taken = current.member.slice(skip, skip + itemsPerPage - member.length);
    member.push(...taken);
    if (member.length >= itemsPerPage || current.next === undefined) {
      const more = current.next !== undefined || skip + taken.length < current.member.length;
      const totalItems = first.totalItems ?? start + member.length + (more ? 1 : 0);
      return withSearch({ member, totalItems }, first.search);
    }
    if (read >= MAX_SERVER_PAGES_PER_SCREEN) {
      log.warn(`upstream GET ${path}: more than ${read} server pages for one screen page`);
      throw new UpstreamUnavailableError(502, path);
    }
    current = await readServerPage(api, path, { path: current.next }, item);
    skip = 0;
  }
}

const violationList = z.object({
  violations: z.array(
    z.object({
      propertyPath: z.string().default(""),
      message: z.string(),
      code: z.string().nullish(),
    }),
  ),
});

/** Violations from a JSON-LD ConstraintViolationList or a problem+json body; [] when neither. */
export function parseViolations(body: unknown): Violation[] {
  const parsed = violationList.safeParse(body);
  if (!parsed.success) return [];
  return parsed.data.violations.map(({ propertyPath, message, code }) => ({
    propertyPath,
    message,
    ...(code ? { code } : {}),
  }));
}

/** The id at the end of an IRI such as `/api/adv/posts/12` (a query or a trailing slash aside). */
export function idFromIri(iri: string): number {
  const path = iri.split(/[?#]/)[0] ?? "";
  return Number(path.split("/").filter(Boolean).pop());
}
