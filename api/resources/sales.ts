// Sale (ADR 0011): the month's sales for the administrators' 売上一覧 and its CSV. A month is a
// Tokyo calendar month of recordedAt; a reversal (mark-unpaid) is a row with negative amounts.
// One query with joins per page: the ad, its owner, the order's region and locality.
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { Hono } from "hono";
import { startOfTokyoDay, toTokyoIso } from "../../app/domain/dates";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import {
  advertisements,
  clients,
  publishmentLocalities,
  publishmentOrders,
  publishmentRegions,
  sales,
} from "../db/schema";
import { API_PREFIX, badRequest, collection, iri, jsonLd, readPage } from "../hydra";

const SALE_CONTEXT = "/api/contexts/Sale";
const DEFAULT_ITEMS_PER_PAGE = 30;
const MAX_ITEMS_PER_PAGE = 1000;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The instants [from, to) of a Tokyo calendar month "YYYY-MM"; null when malformed. */
export function tokyoMonthRange(month: string | null | undefined): { from: Date; to: Date } | null {
  const match = month ? MONTH.exec(month) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const m = Number(match[2]);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: startOfTokyoDay(`${month}-01`), to: startOfTokyoDay(`${next}-01`) };
}

const saleColumns = {
  sale: sales,
  order: {
    id: publishmentOrders.id,
    courseId: publishmentOrders.courseId,
    courseName: publishmentOrders.courseName,
  },
  advertisement: { id: advertisements.id, title: advertisements.title },
  owner: { id: clients.id, companyName: clients.companyName },
  region: { id: publishmentRegions.id, name: publishmentRegions.name },
  locality: { id: publishmentLocalities.id, name: publishmentLocalities.name },
};

type SaleRow = {
  sale: typeof sales.$inferSelect;
  order: { id: number; courseId: number; courseName: string };
  advertisement: { id: number; title: string };
  owner: { id: number; companyName: string };
  region: { id: number; name: string };
  locality: { id: number; name: string };
};

/** The course is the order's snapshot (its name when ordered), as the price is. */
export function serializeSale({ sale, order, advertisement, owner, region, locality }: SaleRow) {
  return {
    "@id": iri("sales", sale.id),
    "@type": "Sale",
    id: sale.id,
    net: sale.net,
    tax: sale.tax,
    recordedAt: toTokyoIso(sale.recordedAt),
    saleIndexLabel: `${locality.name} ${order.courseName}`,
    publishmentOrder: {
      "@id": iri("publishment_orders", order.id),
      id: order.id,
      advertisement: {
        "@id": iri("posts", advertisement.id),
        id: advertisement.id,
        title: advertisement.title,
        owner: {
          "@id": iri("clients", owner.id),
          id: owner.id,
          companyName: owner.companyName,
        },
      },
      region: { id: region.id, name: region.name },
      locality: { id: locality.id, name: locality.name },
      course: { id: order.courseId, name: order.courseName },
    },
  };
}

export function saleRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/sales", requireAdministrator, async (c) => {
    const url = new URL(c.req.url);
    const range = tokyoMonthRange(url.searchParams.get("month_recordedAt"));
    if (!range) throw badRequest("month_recordedAt: YYYY-MM の形式で月を指定してください。");
    const where = and(gte(sales.recordedAt, range.from), lt(sales.recordedAt, range.to));
    const page = readPage(url.searchParams, DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE);
    // The page's sales first (the recorded_at index gives them in order), then the joins for
    // those rows only: joining the whole month before LIMIT cost ~90 ms a page at 10,000 sales.
    const pageOfSales = deps.db
      .select({ id: sales.id })
      .from(sales)
      .where(where)
      .orderBy(asc(sales.recordedAt), asc(sales.id))
      .limit(page.itemsPerPage)
      .offset(page.offset)
      .as("page_of_sales");
    const rows = await deps.db
      .select(saleColumns)
      .from(pageOfSales)
      .innerJoin(sales, eq(sales.id, pageOfSales.id))
      .innerJoin(publishmentOrders, eq(publishmentOrders.id, sales.publishmentOrderId))
      .innerJoin(advertisements, eq(advertisements.id, publishmentOrders.advertisementId))
      .innerJoin(clients, eq(clients.id, advertisements.ownerId))
      .innerJoin(publishmentRegions, eq(publishmentRegions.id, publishmentOrders.regionId))
      .innerJoin(publishmentLocalities, eq(publishmentLocalities.id, publishmentOrders.localityId))
      .orderBy(asc(sales.recordedAt), asc(sales.id));
    const [total] = await deps.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(sales)
      .where(where);
    return jsonLd(
      c,
      collection({
        context: SALE_CONTEXT,
        id: `${API_PREFIX}/sales`,
        url,
        members: rows.map(serializeSale),
        totalItems: total?.n ?? 0,
        page,
      }),
    );
  });

  return routes;
}
