// The calls of SPEC §7, as API_PROFILE=spec offers them: every route with the query names it
// declares (the rest are removed before the full API's handler sees the request), whether it is
// paginated, and the filters its collection answer lists in hydra:search.
import type { SearchMapping } from "./search";
import { CLIENT_FILTERS, filter, order, POST_SEARCH_FILTERS, required } from "./search";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface SpecRoute {
  method: Method;
  /** Hono-style pattern: ":name" is one path segment. */
  path: string;
  /** The collection's filters and order[…] variables (hydra:search), in the order SPEC §7 gives. */
  filters?: readonly SearchMapping[];
  /** Other query names the operation reads (not filters: e.g. switch_user's `to`). */
  query?: readonly string[];
  /**
   * Pagination (API Platform's, maximum_items_per_page 30): `client` = page and itemsPerPage,
   * `page` = page only (items_per_page fixed).
   */
  paged?: "client" | "page";
  /**
   * The full API answers the whole (short) list unpaginated: the profile sorts it by the declared
   * order[…] and cuts the page out of it, as API Platform's OrderFilter and paginator would.
   */
  layerPaged?: boolean;
  /**
   * Query names the full API reads under another name: the spec's area sort
   * (order[publishmentOrder.region.id], order[publishmentOrder.locality.id]) is the full API's
   * order[area], which sorts by region id, then locality id.
   */
  aliases?: Readonly<Record<string, string>>;
  /** The answer as SPEC §7 gives it, when that is not the stripped resource (see answers.ts). */
  answer?: "reportRows" | "bareReportRows" | "refreshTokenOnly";
}

/** Ads' sorts: the advertiser's and the editors' tables (app/routes/advertiser._index/home.server.ts, list.server.ts). */
const POST_FILTERS: SearchMapping[] = [
  ...POST_SEARCH_FILTERS,
  order("priority"),
  order("id"),
  order("title"),
  order("owner.companyName"),
  order("publishmentOrder.publishesAt"),
  order("publishmentOrder.unpublishesAt"),
  order("publishmentOrder.region.id"),
  order("publishmentOrder.locality.id"),
];

const MESSAGE_FILTERS: SearchMapping[] = [
  filter("client"),
  filter("post"),
  order("createdAt"),
  order("id"),
];

/**
 * SPEC §7 "ordered by region id then id ascending" (the full API's one order); the profile sorts
 * the whole list by them before it cuts the page (layerPaged).
 */
const LOCALITY_FILTERS: SearchMapping[] = [order("region.id"), order("id")];

const get = (path: string, extra: Omit<SpecRoute, "method" | "path"> = {}): SpecRoute => ({
  method: "GET",
  path,
  ...extra,
});
const call = (method: Exclude<Method, "GET">, path: string, query?: string[]): SpecRoute => ({
  method,
  path,
  query,
});

const A = "/api/adv";

/**
 * SPEC §7 call by call, then what §7 says is "not shown" but a working server needs (the upload,
 * prefecture loads, the admin side's invoice and receipt, token refresh) and what the portal and
 * the payment sandbox reach (GET user_logins/{id}, the preview, the payment push). /site, /media,
 * /sandbox-pay and /readyz are outside /api and not touched by the profile.
 */
export const SPEC_ROUTES: readonly SpecRoute[] = [
  // Authentication
  call("POST", "/api/authentication_token"),
  call("POST", "/api/authentication_token/refresh"),
  call("POST", `${A}/switch_user`, ["to"]),
  // Ads
  get(`${A}/posts`, {
    filters: POST_FILTERS,
    paged: "client",
    aliases: {
      "order[publishmentOrder.region.id]": "order[area]",
      "order[publishmentOrder.locality.id]": "order[area]",
    },
  }),
  get(`${A}/posts/:id`),
  get(`${A}/posts/:id/preview/:token`),
  call("POST", `${A}/posts/validate`),
  call("POST", `${A}/posts`),
  call("PUT", `${A}/posts/:id`),
  call("DELETE", `${A}/posts/:id`),
  call("POST", `${A}/posts/duplicate/from/:id`),
  call("PUT", `${A}/posts/:id/preview_token`),
  call("POST", `${A}/posts/:id/suspend`),
  call("POST", `${A}/posts/:id/resume`),
  call("POST", `${A}/posts/:id/contact`),
  call("POST", `${A}/posts/:id/sync`),
  get(`${A}/posts/:id/report`, { filters: [required("month")], answer: "reportRows" }),
  call("POST", `${A}/posts/validate_trial`),
  call("POST", `${A}/posts/create_trial`),
  // Orders and payments
  call("PATCH", `${A}/publishment_orders/:id/reapply`),
  call("POST", `${A}/publishment_orders/validate`),
  call("POST", `${A}/publishment_orders`),
  call("POST", `${A}/publishment_orders/:id/invoice`),
  call("POST", `${A}/publishment_orders/:id/receipt`),
  call("POST", `${A}/issue_payment_key/:orderId`),
  call("POST", `${A}/publishment_orders/:id/payment/bank_transfer`),
  call("PATCH", `${A}/publishment_orders/:id/payment`),
  call("PATCH", `${A}/publishment_orders/:id/confirm`),
  call("PATCH", `${A}/publishment_orders/:id/remand`),
  call("PATCH", `${A}/publishment_orders/:id/publishes_at`),
  // The provider's push (VeriTrans4G POP or the sandbox) that marks an order paid.
  call("POST", `${A}/payment_push`),
  // Uploads
  call("POST", `${A}/media_objects`),
  // Accounts
  get(`${A}/user_logins/:id`),
  call("PATCH", `${A}/user_logins/:id/update_email/validate`),
  { ...call("PATCH", `${A}/user_logins/:id/update_email`), answer: "refreshTokenOnly" },
  call("PATCH", `${A}/user_logins/:id/update_password/validate`),
  call("PATCH", `${A}/user_logins/:id/update_password`),
  call("POST", `${A}/advertiser_entries/validate`),
  call("POST", `${A}/advertiser_entries`),
  call("POST", `${A}/advertiser_entries/validate_trial`),
  call("POST", `${A}/advertiser_entries/validate_email`),
  // Clients
  get(`${A}/clients`, { filters: CLIENT_FILTERS, paged: "client" }),
  get(`${A}/clients/:id`),
  call("PATCH", `${A}/clients/:id`),
  call("POST", `${A}/clients/:id/validate`),
  call("PUT", `${A}/clients/:id/auto_confirmable`),
  call("DELETE", `${A}/clients/:id/auto_confirmable`),
  call("DELETE", `${A}/clients/:id`),
  // Messages
  get(`${A}/message_boxes`, { filters: MESSAGE_FILTERS, paged: "client" }),
  call("POST", `${A}/message_boxes/validate`),
  call("POST", `${A}/message_boxes`),
  // Other data
  get(`${A}/site_summary`),
  get(`${A}/sales`, { filters: [filter("month_recordedAt", "recordedAt")], paged: "page" }),
  get(`${A}/reports`, { query: ["month", "url"], answer: "bareReportRows" }),
  get(`${A}/publishment_courses`, { paged: "client", layerPaged: true }),
  get(`${A}/publishment_courses/:id`),
  call("POST", `${A}/publishment_courses/validate`),
  call("POST", `${A}/publishment_courses`),
  call("PUT", `${A}/publishment_courses/:id`),
  call("POST", `${A}/publishment_localities/validate`),
  call("POST", `${A}/publishment_localities`),
  call("PUT", `${A}/publishment_localities/:id`),
  get(`${A}/publishment_localities/:id`),
  get(`${A}/publishment_localities`, {
    filters: LOCALITY_FILTERS,
    paged: "client",
    layerPaged: true,
  }),
  get(`${A}/prefectures`, { paged: "client", layerPaged: true }),
  get(`${A}/publishment_regions`, { paged: "client", layerPaged: true }),
  // The IRIs the answers carry and the generic helpers load ("prefecture loads", a locality's
  // region): API Platform gives every resource its item operation.
  get(`${A}/prefectures/:id`),
  get(`${A}/publishment_regions/:id`),
  // API Platform's own documentation (api/api-docs.ts), listing only the routes above.
  get("/api/docs.jsonopenapi"),
  get("/api/docs.json"),
];

interface CompiledRoute {
  route: SpecRoute;
  pattern: RegExp;
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** "/api/adv/posts/:id/report" → /^\/api\/adv\/posts\/[^/]+\/report$/ (as method-not-allowed.ts) */
const compile = (path: string) =>
  new RegExp(
    `^${path
      .split("/")
      .map((s) => (s.startsWith(":") ? "[^/]+" : escape(s)))
      .join("/")}$`,
  );

const COMPILED: CompiledRoute[] = SPEC_ROUTES.map((route) => ({
  route,
  pattern: compile(route.path),
}));

/** The spec routes on this path, whatever their method. */
export function routesOn(path: string): SpecRoute[] {
  return COMPILED.filter((r) => r.pattern.test(path)).map((r) => r.route);
}

/** Whether the spec profile offers this route (a Hono pattern, as the full app registers it). */
export function isSpecRoute(method: string, path: string): boolean {
  const shape = (pattern: string) => pattern.replace(/:[^/]+/g, ":");
  return SPEC_ROUTES.some(
    (route) => route.method === method.toUpperCase() && shape(route.path) === shape(path),
  );
}

/** The query names a route keeps: its filters, its other query names, its pagination. */
export function declaredQuery(route: SpecRoute): Set<string> {
  const names = new Set<string>([
    ...(route.filters ?? []).map((m) => m.variable),
    ...(route.query ?? []),
  ]);
  if (route.paged) names.add("page");
  if (route.paged === "client") names.add("itemsPerPage");
  return names;
}
