// Sale and SalesTotals (ADR 0011): the month's sales for the administrators' 売上一覧 and its CSV,
// and the month's totals in one aggregate. A month is a Tokyo calendar month of recordedAt; a
// reversal (mark-unpaid) is a row with negative amounts. One query with joins per page.
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { Hono } from "hono";
import { startOfTokyoDay, tokyoDate, toTokyoIso } from "../../shared/tokyo-calendar";
import { EARLIEST_SALES_MONTH, latestSalesMonth } from "../domain/sales";
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
import { badRequest, iri, jsonLd, readPage, collectionResponse } from "../hydra";

const SALE_CONTEXT = "/api/contexts/Sale";
const SALES_TOTALS_CONTEXT = "/api/contexts/SalesTotals";
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

/**
 * The sales recorded in a Tokyo month; a missing or malformed month, or one outside SPEC §5's
 * range (Sep 2020 to a year after the current month), is a 400 naming `field`.
 */
function recordedIn(month: string | null | undefined, field: string, now: Date) {
  const range = tokyoMonthRange(month);
  if (!range) throw badRequest(`${field}: YYYY-MM の形式で月を指定してください。`);
  const latest = latestSalesMonth(tokyoDate(now));
  if (month! < EARLIEST_SALES_MONTH || month! > latest) {
    throw badRequest(
      `${field}: ${EARLIEST_SALES_MONTH} から ${latest} までの月を指定してください。`,
    );
  }
  return and(gte(sales.recordedAt, range.from), lt(sales.recordedAt, range.to));
}

/** PostgreSQL's count and sum are bigint (a string to the driver); a month's yen fit a number. */
const asNumber = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

// Only what serializeSale writes: PGlite decodes every field of 10,000 rows for a month's CSV.
const saleColumns = {
  sale: { id: sales.id, net: sales.net, tax: sales.tax, recordedAt: sales.recordedAt },
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
  sale: Pick<typeof sales.$inferSelect, "id" | "net" | "tax" | "recordedAt">;
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
    const where = recordedIn(
      url.searchParams.get("month_recordedAt"),
      "month_recordedAt",
      deps.clock(),
    );
    const page = readPage(url.searchParams, DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE);
    // The page's sales first (the (recorded_at, id) index gives them in order, unsorted), then
    // the joins for those rows only: joining the whole month before LIMIT cost ~90 ms a page at
    // 10,000 sales.
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
    return collectionResponse(c, SALE_CONTEXT, "/sales", rows.map(serializeSale), {
      page,
      totalItems: total?.n ?? 0,
    });
  });

  // The month's totals as one item, so the list screen reads one page of rows and this rather
  // than the whole month (issue 15): the recorded_at index bounds the aggregate to the month.
  routes.get("/api/adv/sales_totals/:month", requireAdministrator, async (c) => {
    const month = c.req.param("month");
    const [totals] = await deps.db
      .select({
        count: asNumber(sql`count(*)`),
        net: asNumber(sql`sum(${sales.net})`),
        tax: asNumber(sql`sum(${sales.tax})`),
      })
      .from(sales)
      .where(recordedIn(month, "month", deps.clock()));
    const { count = 0, net = 0, tax = 0 } = totals ?? {};
    return jsonLd(c, {
      "@context": SALES_TOTALS_CONTEXT,
      "@id": iri("sales_totals", month),
      "@type": "SalesTotals",
      month,
      count,
      net,
      tax,
      gross: net + tax,
    });
  });

  return routes;
}
