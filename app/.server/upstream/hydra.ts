// Reading API Platform payloads: collections in either Hydra prefix style, and violation lists.
import { z } from "zod";
import type { UpstreamClient, Query } from "./client";
import { UpstreamUnavailableError, type Violation } from "./errors";

export type Collection<T> = { member: T[]; totalItems: number };

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
  return { member, totalItems };
}

const pageLinks = z
  .object({
    "hydra:view": z.object({ "hydra:next": z.string().optional() }).passthrough().optional(),
    view: z.object({ next: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

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
  let page: { path: string; query?: Query } | null = { path, query };
  for (let count = 0; page; count++) {
    if (count >= maxPages) throw new UpstreamUnavailableError(502, path);
    const response = await api.request("GET", page.path, { query: page.query });
    // Logged by the collection's path: a next link's query may carry a filter's value.
    const next = await api.readAnswer("GET", path, response, (body) => {
      members.push(...parseCollection(body, item).member);
      const links = pageLinks.parse(body);
      return links["hydra:view"]?.["hydra:next"] ?? links.view?.next;
    });
    if (next === undefined) page = null;
    else if (next.startsWith(`${path}?`)) page = { path: next };
    else throw new UpstreamUnavailableError(502, path);
  }
  return members;
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
