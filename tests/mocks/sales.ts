// GET /api/adv/sales (ADR 0011): a month's sales as a paged Hydra collection with hydra:view next
// links (as the API builds them), and GET /api/adv/sales_totals/{month}, the month's sums;
// administrators only (403 otherwise), a malformed month 400.
import { http } from "msw";
import type { Sale } from "../../app/domain/sales";
import { api, authenticate, hydraError, item } from "./upstream";

const ROLE_ADMINISTRATOR = "ROLE_ADMINISTRATOR";
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

let nextSaleId = 1;

/** A sale of the wire shape; amounts and names may be overridden. */
export function saleFixture(
  overrides: Partial<Omit<Sale, "publishmentOrder">> & {
    title?: string;
    companyName?: string;
    orderId?: number;
    advertisementId?: number;
  } = {},
): Sale {
  const { title, companyName, orderId, advertisementId, ...sale } = overrides;
  const id = sale.id ?? nextSaleId++;
  const adId = advertisementId ?? 100 + id;
  return {
    id,
    net: 30000,
    tax: 3000,
    recordedAt: "2026-11-10T10:00:00+09:00",
    saleIndexLabel: "渋谷区 1ヶ月コース",
    ...sale,
    publishmentOrder: {
      id: orderId ?? 500 + id,
      advertisement: {
        id: adId,
        title: title ?? `広告${id}`,
        owner: { id: 7, companyName: companyName ?? "株式会社デモ" },
      },
      region: { id: 1, name: "東京都" },
      locality: { id: 2, name: "渋谷区" },
      course: { id: 3, name: "1ヶ月コース" },
    },
  };
}

export type SalesRequest = {
  month: string | null;
  page: number;
  itemsPerPage: number;
  /** Recorded when the mock allows partial pages. */
  partial?: string | null;
};

export type SalesMockOptions = {
  /** Sales per month, "YYYY-MM", oldest first. */
  months?: Record<string, Sale[]>;
  /** Every request, to see how the portal reads the pages. */
  requests?: SalesRequest[];
  /** A plain (API Platform 4) collection: member/view/next instead of hydra:*. */
  style?: "hydra" | "plain";
  /** Answers 500 from this page on. */
  failFromPage?: number;
  /** API Platform's `maximum_items_per_page` (the API's own: 1000). */
  maxItemsPerPage?: number;
  /**
   * API Platform's client-side partial pagination allowed: `partial=true` pages have no
   * totalItems and a next link whenever they are full. Without it the name is ignored.
   */
  partialPages?: boolean;
  /** A next link to somewhere else (the portal must not follow it). */
  foreignNext?: boolean;
  /** The totals item answers 500. */
  failTotals?: boolean;
  /** No totals call (404, as the PHP server implementing SPEC §7 only). */
  totalsAbsent?: boolean;
  /**
   * GET /api/adv/payment_refunds?month= (issue 28 #5, our extension): the refunds per month, or
   * "absent" for an upstream without the call (404, as the PHP server). Default: none.
   */
  refunds?: Record<string, unknown[]> | "absent";
};

/** The totals item as the API computes it: over every sale of the month, reversals subtracting. */
function totalsItem(month: string, all: readonly Sale[]) {
  const net = all.reduce((sum, sale) => sum + sale.net, 0);
  const tax = all.reduce((sum, sale) => sum + sale.tax, 0);
  return {
    "@context": "/api/contexts/SalesTotals",
    "@id": `/api/adv/sales_totals/${month}`,
    "@type": "SalesTotals",
    month,
    count: all.length,
    net,
    tax,
    gross: net + tax,
  };
}

/** The caller when an administrator, else the 401 or 403 the API answers. */
async function administrator(request: Request): Promise<Response | null> {
  const user = await authenticate(request);
  if (user instanceof Response) return user;
  return user.roles.includes(ROLE_ADMINISTRATOR) ? null : hydraError(403, "Access Denied.");
}

export function salesHandlers({
  months = {},
  requests = [],
  style = "hydra",
  failFromPage,
  foreignNext = false,
  maxItemsPerPage = 1000,
  partialPages = false,
  failTotals = false,
  totalsAbsent = false,
  refunds = {},
}: SalesMockOptions = {}) {
  return [
    http.get(api("/api/adv/payment_refunds"), async ({ request }) => {
      if (refunds === "absent") return hydraError(404, "Not Found");
      const refused = await administrator(request);
      if (refused) return refused;
      const members = refunds[new URL(request.url).searchParams.get("month") ?? ""] ?? [];
      return item({
        "@context": "/api/contexts/PaymentRefund",
        "@id": "/api/adv/payment_refunds",
        "@type": "hydra:Collection",
        "hydra:totalItems": members.length,
        "hydra:member": members,
      });
    }),
    http.get(api("/api/adv/sales_totals/:month"), async ({ request, params }) => {
      if (totalsAbsent) return hydraError(404, "Not Found");
      const refused = await administrator(request);
      if (refused) return refused;
      const month = String(params.month);
      if (!MONTH.test(month)) return hydraError(400, "month: YYYY-MM");
      if (failTotals) return hydraError(500, "Internal Server Error");
      return item(totalsItem(month, months[month] ?? []));
    }),
    http.get(api("/api/adv/sales"), async ({ request }) => {
      const refused = await administrator(request);
      if (refused) return refused;
      const url = new URL(request.url);
      const month = url.searchParams.get("month_recordedAt");
      const page = Number(url.searchParams.get("page") ?? "1");
      const itemsPerPage = Math.min(
        maxItemsPerPage,
        Number(url.searchParams.get("itemsPerPage") ?? "30"),
      );
      const partial = partialPages ? url.searchParams.get("partial") : null;
      requests.push({ month, page, itemsPerPage, ...(partialPages ? { partial } : {}) });
      if (!month || !MONTH.test(month)) return hydraError(400, "month_recordedAt: YYYY-MM");
      if (failFromPage !== undefined && page >= failFromPage) {
        return hydraError(500, "Internal Server Error");
      }
      const all = months[month] ?? [];
      const members = all.slice((page - 1) * itemsPerPage, page * itemsPerPage);
      const last = Math.max(1, Math.ceil(all.length / itemsPerPage));
      const href = (n: number) => {
        const params = new URLSearchParams(url.search);
        params.delete("page");
        params.append("page", String(n));
        return `${foreignNext ? "/api/adv/posts" : "/api/adv/sales"}?${params.toString()}`;
      };
      const isPartial = partial === "true";
      const full = members.length === itemsPerPage;
      const next = (isPartial ? full : page < last) ? href(page + 1) : undefined;
      const total = isPartial
        ? {}
        : { [style === "hydra" ? "hydra:totalItems" : "totalItems"]: all.length };
      return item(
        style === "hydra"
          ? {
              "@context": "/api/contexts/Sale",
              "@id": "/api/adv/sales",
              "@type": "hydra:Collection",
              ...total,
              "hydra:member": members,
              "hydra:view": {
                "@id": href(page),
                "@type": "hydra:PartialCollectionView",
                ...(next ? { "hydra:next": next } : {}),
              },
            }
          : {
              "@id": "/api/adv/sales",
              "@type": "Collection",
              ...total,
              member: members,
              view: { "@id": href(page), ...(next ? { next } : {}) },
            },
      );
    }),
  ];
}
