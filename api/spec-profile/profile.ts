// API_PROFILE (ADR 0016, issue 29): one layer over the full reference API. In both profiles it
// adds API Platform's hydra:search to collection answers; under `spec` it also makes the API
// behave like a PHP API Platform server that implements only SPEC §7: other /api paths are
// Symfony's 404, undeclared query names are dropped, pages hold at most 30, and answers carry only
// the fields SPEC §3 gives. The full API's handlers are not touched: the layer rewrites the
// request's query before them and their answer after them.
import type { Context, MiddlewareHandler } from "hono";
import type { ApiEnv } from "../context";
import { ApiError, formatOf, JSON_LD, readPage, serializers, type ApiFormat } from "../hydra";
import { MethodNotAllowedError } from "../method-not-allowed";
import { stripReportRow, stripToSpec } from "./fields";
import { declaredQuery, routesOn, type SpecRoute } from "./routes";
import { FULL_FILTERS, iriTemplate, type SearchMapping } from "./search";

export type ApiProfile = "full" | "spec";

/** API Platform's maximum_items_per_page (and its default items_per_page) on the spec server. */
export const SPEC_MAX_ITEMS_PER_PAGE = 30;

type Json = Record<string, unknown>;

/** Registered after the security headers and before routing (method-not-allowed.ts) and auth. */
export function apiProfile(profile: ApiProfile): MiddlewareHandler<ApiEnv> {
  return profile === "spec" ? specLayer : fullLayer;
}

const fullLayer: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  const filters = fullFiltersOn(c.req.path);
  if (c.req.method !== "GET" || !filters) return;
  if (await appendSearch(c, filters)) return;
  await rewriteAnswer(c, (body) => withSearch(c, body, filters));
};

/** How a collection's JSON starts (serializeCollection's first keys), in either dialect. */
const COLLECTION_HEAD = /^\{"@context":"[^"\\]*","@id":"[^"\\]*","@type":"(hydra:)?Collection",/;
const CLOSING_BRACE = 0x7d;

/**
 * withSearch on the answer's bytes: hydra:search written after a collection's last key without
 * parsing and writing again the whole page (a sales page of 1,000 is ~450 KiB; that round trip
 * cost ~10 ms a page). The same bytes as rewriteAnswer writes; false (nothing done) for an
 * answer that is not plainly one of our collections, which rewriteAnswer then reads.
 */
async function appendSearch(c: Context, filters: readonly SearchMapping[]): Promise<boolean> {
  const res = c.res;
  if (res.status < 200 || res.status >= 300 || res.status === 204) return false;
  if (!/json/i.test(res.headers.get("Content-Type") ?? "")) return false;
  const bytes = new Uint8Array(await res.clone().arrayBuffer());
  const head = new TextDecoder().decode(bytes.subarray(0, 1024));
  if (!COLLECTION_HEAD.test(head) || bytes[bytes.length - 1] !== CLOSING_BRACE) return false;
  const format: ApiFormat = formatOf(c);
  const key = format === "apip4" ? "search" : "hydra:search";
  const tail = new TextEncoder().encode(
    `,${JSON.stringify(key)}:${JSON.stringify(iriTemplate(c.req.path, filters, format))}}`,
  );
  const body = new Uint8Array(bytes.length - 1 + tail.length);
  body.set(bytes.subarray(0, bytes.length - 1));
  body.set(tail, bytes.length - 1);
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  // Unset first: Hono's `res` setter would copy the old answer's headers onto the new one.
  c.res = undefined;
  c.res = new Response(body, { status: res.status, headers });
  return true;
}

const specLayer: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const route = specRoute(c);
  const original = new URL(c.req.url);
  const forwarded = route.method === "GET" ? forwardedUrl(route, original) : null;
  if (forwarded) c.req.raw = new Request(forwarded, c.req.raw);
  await next();
  if (route.method !== "GET") return rewriteAnswer(c, (body) => specAnswer(route, body));
  await rewriteAnswer(c, (body) => {
    let answer = body;
    if (forwarded && isCollection(answer)) {
      answer = pagedAnswer(c, route, answer, original, forwarded);
      if (route.filters) answer = withSearch(c, answer, route.filters);
    }
    return specAnswer(route, answer);
  });
};

/**
 * The §7 route the request is for. Otherwise what Symfony's router answers before anything else
 * runs (symfony/http-kernel EventListener/RouterListener.php): a 404 `No route found for
 * "GET http://host/path"` (with ` (from "<Referer>")` when the request names one) for a path no
 * route has, a 405 with Allow for a path that has routes for other methods.
 */
function specRoute(c: Context<ApiEnv>): SpecRoute {
  const url = new URL(c.req.url);
  const target = `${c.req.method} ${url.origin}${c.req.path}`;
  const routes = routesOn(c.req.path);
  if (routes.length === 0) {
    const referer = c.req.header("Referer");
    const from = referer ? ` (from "${referer}")` : "";
    throw new ApiError(404, `No route found for "${target}"${from}`);
  }
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  const route = routes.find((r) => r.method === method);
  if (route) return route;
  const allowed = [...new Set(routes.map((r) => r.method))];
  throw new MethodNotAllowedError(
    allowed,
    `No route found for "${target}": Method Not Allowed (Allow: ${allowed.join(", ")})`,
  );
}

/**
 * The URL the full handler sees: only the declared query names (the spec's aliases renamed to the
 * full API's, the first one winning), and on a paginated collection an itemsPerPage of at most 30.
 */
function forwardedUrl(route: SpecRoute, original: URL): URL {
  const url = new URL(original.pathname, original.origin);
  for (const [key, value] of cleanQuery(route, original.searchParams)) {
    const alias = route.aliases?.[key];
    if (alias === undefined) url.searchParams.append(key, value);
    else if (!url.searchParams.has(alias)) url.searchParams.append(alias, value);
  }
  if (route.paged) {
    url.searchParams.set("itemsPerPage", String(itemsPerPageOf(original.searchParams, route)));
  }
  return url;
}

/** The request's declared query pairs, itemsPerPage capped: what the view links carry. */
function cleanQuery(route: SpecRoute, params: URLSearchParams): URLSearchParams {
  const declared = declaredQuery(route);
  const clean = new URLSearchParams();
  for (const [key, value] of params) {
    if (!declared.has(key)) continue;
    if (key === "itemsPerPage") clean.set(key, String(itemsPerPageOf(params, route)));
    else clean.append(key, value);
  }
  return clean;
}

/** API Platform: the client's itemsPerPage (when the operation takes one), at most 30. */
function itemsPerPageOf(params: URLSearchParams, route: SpecRoute): number {
  const asked = route.paged === "client" ? params.get("itemsPerPage") : null;
  const n = asked === null ? SPEC_MAX_ITEMS_PER_PAGE : Math.trunc(Number(asked));
  return Number.isFinite(n) ? Math.min(n, SPEC_MAX_ITEMS_PER_PAGE) : 0;
}

/**
 * The collection as the spec server pages it: a short list the full API answers whole is cut to
 * its page here, and the view is written again from the client's own (cleaned) query, so its
 * links carry the names the client sent (not the full API's aliases) and the capped page size.
 */
function pagedAnswer(c: Context, route: SpecRoute, body: Json, original: URL, forwarded: URL) {
  if (!route.paged) return body;
  const format = formatOf(c);
  const key = (k: string) => (format === "apip4" ? k : `hydra:${k}`);
  const members = membersOf(body);
  const totalItems = Number(body[key("totalItems")] ?? members.length);
  const page = readPage(forwarded.searchParams, SPEC_MAX_ITEMS_PER_PAGE, SPEC_MAX_ITEMS_PER_PAGE);
  const url = new URL(original.pathname, original.origin);
  url.search = cleanQuery(route, original.searchParams).toString();
  const rewritten = serializers(format).collection({
    context: String(body["@context"]),
    id: String(body["@id"]),
    url,
    members: route.layerPaged
      ? sortedBy(members, url.searchParams).slice(page.offset, page.offset + page.itemsPerPage)
      : members,
    totalItems,
    page,
  });
  return { ...body, ...rewritten, [key("view")]: rewritten[key("view")] };
}

/**
 * A whole list (layerPaged) in the order its declared `order[a.b]=asc|desc` ask, in query order,
 * as API Platform's OrderFilter would sort it before paging; ties keep the full API's order.
 */
function sortedBy(members: unknown[], params: URLSearchParams): unknown[] {
  const keys = [...params]
    .map(([key, dir]) => ({ path: /^order\[(.+)\]$/.exec(key)?.[1], dir: dir.toLowerCase() }))
    .filter((k): k is { path: string; dir: string } => !!k.path && /^(asc|desc)$/.test(k.dir));
  if (keys.length === 0) return members;
  const at = (value: unknown, path: string) =>
    path.split(".").reduce<unknown>((v, name) => (isObject(v) ? v[name] : undefined), value);
  const compare = (a: unknown, b: unknown) =>
    typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
  return [...members].sort((a, b) => {
    for (const { path, dir } of keys) {
      const order = compare(at(a, path), at(b, path));
      if (order !== 0) return dir === "desc" ? -order : order;
    }
    return 0;
  });
}

/** The answer as §7 gives it: stripped to §3's fields, or the shape the route names. */
function specAnswer(route: SpecRoute, body: unknown): unknown {
  if (route.answer === "reportRows" && isCollection(body)) {
    return stripToSpec(mapMembers(body, stripReportRow));
  }
  if (route.answer === "bareReportRows" && isCollection(body)) {
    return membersOf(body).map(stripReportRow);
  }
  if (route.answer === "refreshTokenOnly" && isObject(body)) {
    const { "@context": context, "@id": id, "@type": type, refreshToken } = body;
    return { "@context": context, "@id": id, "@type": type, refreshToken };
  }
  return stripToSpec(body);
}

/** hydra:search after the collection's other keys, as API Platform appends it. */
function withSearch(c: Context, body: Json, filters: readonly SearchMapping[]): Json {
  if (!isCollection(body) || filters.length === 0) return body;
  const format: ApiFormat = formatOf(c);
  const key = format === "apip4" ? "search" : "hydra:search";
  return { ...body, [key]: iriTemplate(c.req.path, filters, format) };
}

function fullFiltersOn(path: string): readonly SearchMapping[] | undefined {
  return FULL_FILTERS_COMPILED.find(([pattern]) => pattern.test(path))?.[1];
}

const FULL_FILTERS_COMPILED = FULL_FILTERS.map(
  ([path, filters]) => [new RegExp(`^${path.replace(/:[a-zA-Z]+/g, "[^/]+")}$`), filters] as const,
);

/** Replaces a successful JSON answer's body; anything else (errors, PDFs, 204s) is left as it is. */
async function rewriteAnswer(c: Context, rewrite: (body: Json) => unknown) {
  const res = c.res;
  if (c.req.method === "HEAD") return;
  if (res.status < 200 || res.status >= 300 || res.status === 204) return;
  if (!/json/i.test(res.headers.get("Content-Type") ?? "")) return;
  const body = (await res.clone().json()) as unknown;
  if (!isObject(body)) return;
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  headers.set("Content-Type", res.headers.get("Content-Type") ?? JSON_LD);
  // Unset first: Hono's `res` setter would copy the old answer's headers onto the new one.
  c.res = undefined;
  c.res = new Response(JSON.stringify(rewrite(body)), { status: res.status, headers });
}

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const isCollection = (value: unknown): value is Json =>
  isObject(value) && (value["@type"] === "hydra:Collection" || value["@type"] === "Collection");

function membersOf(body: Json): unknown[] {
  const members = body["hydra:member"] ?? body.member;
  return Array.isArray(members) ? members : [];
}

function mapMembers(body: Json, f: (member: unknown) => unknown): Json {
  const key = "hydra:member" in body ? "hydra:member" : "member";
  return { ...body, [key]: membersOf(body).map(f) };
}
