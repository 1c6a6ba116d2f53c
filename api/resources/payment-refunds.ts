// PaymentRefund (issue 28 #5, an extension of SPEC §7): payments the provider took that must go
// back (要返金), for the editors' ad detail (`?publishmentOrder=`) and the sales list (`?month=`,
// the Tokyo month the push arrived in). Administrators only; never a sale.
import { and, asc, count, eq, gte, lt, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { advertisements, paymentRefunds, publishmentOrders } from "../db/schema";
import { badRequest, iri, parseIdOrIri, readPage, collectionResponse } from "../hydra";
import { tokyoMonthRange } from "./sales";

const REFUND_CONTEXT = "/api/contexts/PaymentRefund";
const MAX_ITEMS_PER_PAGE = 100;

type RefundRow = {
  refund: typeof paymentRefunds.$inferSelect;
  advertisementId: number;
};

export function serializeRefund({ refund, advertisementId }: RefundRow) {
  return {
    "@id": iri("payment_refunds", refund.id),
    "@type": "PaymentRefund",
    id: refund.id,
    publishmentOrder: iri("publishment_orders", refund.publishmentOrderId),
    advertisement: iri("posts", advertisementId),
    reason: refund.reason,
    amount: refund.amount,
    paymentType: refund.paymentType,
    provider: refund.provider,
    providerOrderId: refund.providerOrderId,
    paidAt: toTokyoIso(refund.paidAt),
    recordedAt: toTokyoIso(refund.recordedAt),
  };
}

/** `publishmentOrder` (an IRI or an id) and `month` (YYYY-MM); at least one is required. */
function refundFilters(params: URLSearchParams): SQL[] {
  const conditions: SQL[] = [];
  const order = params.get("publishmentOrder");
  if (order !== null) {
    const id = parseIdOrIri(order, "publishment_orders");
    if (!id) throw badRequest("publishmentOrder: 申込を指定してください。");
    conditions.push(eq(paymentRefunds.publishmentOrderId, id));
  }
  const month = params.get("month");
  if (month !== null) {
    const range = tokyoMonthRange(month);
    if (!range) throw badRequest("month: YYYY-MM の形式で月を指定してください。");
    conditions.push(
      gte(paymentRefunds.recordedAt, range.from),
      lt(paymentRefunds.recordedAt, range.to),
    );
  }
  if (conditions.length === 0)
    throw badRequest("publishmentOrder または month を指定してください。");
  return conditions;
}

export function paymentRefundRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/payment_refunds", requireAdministrator, async (c) => {
    const url = new URL(c.req.url);
    const where = and(...refundFilters(url.searchParams));
    const page = readPage(url.searchParams, MAX_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE);
    const [rows, [total]] = await Promise.all([
      deps.db
        .select({ refund: paymentRefunds, advertisementId: advertisements.id })
        .from(paymentRefunds)
        .innerJoin(publishmentOrders, eq(publishmentOrders.id, paymentRefunds.publishmentOrderId))
        .innerJoin(advertisements, eq(advertisements.id, publishmentOrders.advertisementId))
        .where(where)
        .orderBy(asc(paymentRefunds.recordedAt), asc(paymentRefunds.id))
        .limit(page.itemsPerPage)
        .offset(page.offset),
      deps.db.select({ n: count() }).from(paymentRefunds).where(where),
    ]);
    return collectionResponse(c, REFUND_CONTEXT, "/payment_refunds", rows.map(serializeRefund), {
      page,
      totalItems: total?.n ?? 0,
    });
  });

  return routes;
}
