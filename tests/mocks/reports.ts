// GET /api/adv/posts/{id}/report and GET /api/adv/reports (ADR 0010): Hydra collections of
// ReportRow paged as API Platform pages (30 rows unless asked; the URL lookup also as §7's bare
// array, as the PHP server answers); an advertiser reads only its own ads (404 otherwise), the URL lookup is for
// administrators (403 otherwise); a malformed month is 400, an unknown URL an empty collection.
import { http, HttpResponse } from "msw";
import type { ReportRow } from "../../shared/report";
import { api, authenticate, hydraError, pagedCollection, type CollectionStyle } from "./upstream";

export function reportRow(d: string, overrides: Partial<ReportRow> = {}): ReportRow {
  return {
    d,
    imp: 120,
    clk: 3,
    ctr: 0.025,
    pv: 5,
    link1: 1,
    link2: 0,
    link3: 0,
    note: [],
    ...overrides,
  };
}

export type ReportsMockOptions = {
  /** Rows per ad id and month: `{ 12: { "2026-11": [...] } }`. */
  posts?: Record<number, Record<string, ReportRow[]>>;
  /** The advertiser (client id) owning each ad; an advertiser asking for another's ad gets 404. */
  owners?: Record<number, number>;
  /** Rows per article URL and month. */
  urls?: Record<string, Record<string, ReportRow[]>>;
  style?: CollectionStyle;
  /** API Platform's `maximum_items_per_page`; pages are 30 rows unless the portal asks. */
  maxItemsPerPage?: number;
  /** Next links to another resource (the portal must not follow them). */
  foreignNext?: boolean;
  /** The URL lookup's answer: `style`'s collection, or a bare array (SPEC §7). */
  urlStyle?: CollectionStyle | "array";
};

const ROLE_ADMINISTRATOR = "ROLE_ADMINISTRATOR";
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function reportsHandlers({
  posts = {},
  owners = {},
  urls = {},
  style = "hydra",
  maxItemsPerPage,
  foreignNext,
  urlStyle = style,
}: ReportsMockOptions = {}) {
  const paging = { style, maxItemsPerPage, foreignNext };
  return [
    http.get(api("/api/adv/posts/:id/report"), async ({ request, params }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      const id = Number(params.id);
      const admin = user.roles.includes(ROLE_ADMINISTRATOR);
      if (!(id in owners) || (!admin && owners[id] !== user.advertiser)) {
        return hydraError(404, "Not Found");
      }
      const month = new URL(request.url).searchParams.get("month") ?? "";
      if (!MONTH.test(month)) return hydraError(400, "month must be YYYY-MM");
      const rows = posts[id]?.[month] ?? [];
      return pagedCollection(request, `/api/adv/posts/${id}/report`, rows, paging);
    }),

    http.get(api("/api/adv/reports"), async ({ request }) => {
      const user = await authenticate(request);
      if (user instanceof Response) return user;
      if (!user.roles.includes(ROLE_ADMINISTRATOR)) return hydraError(403, "Access Denied.");
      const query = new URL(request.url).searchParams;
      const month = query.get("month") ?? "";
      if (!MONTH.test(month)) return hydraError(400, "month must be YYYY-MM");
      const rows = urls[query.get("url") ?? ""]?.[month] ?? [];
      return urlStyle === "array"
        ? HttpResponse.json(rows)
        : pagedCollection(request, "/api/adv/reports", rows, { ...paging, style: urlStyle });
    }),
  ];
}
