// PaymentRefund (issue 28 #5, an extension of SPEC §7): payments the provider took that must go
// back (要返金), for the editors' ad detail (`?publishmentOrder=`) and the sales list (`?month=`,
// the Tokyo month the push arrived in). Administrators only; never a sale.
import { and, asc, count, eq, gte, lt, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { advertisements, paymentRefunds, publishmentOrders } from "../db/schema";
import { badRequest, iri, parseIdOrIri } from "../hydra";
import { pagedCollectionResponse, type PagedCollection } from "./paged-collection";
import { tokyoMonthRange } from "./sales";

/** All of them on one page unless the query asks for fewer. */
const REFUNDS: PagedCollection = {
  context: "/api/contexts/PaymentRefund",
  path: "/payment_refunds",
  itemsPerPage: 100,
  maxItemsPerPage: 100,
};

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

  routes.get("/api/adv/payment_refunds", requireAdministrator, (c) => {
    const where = and(...refundFilters(new URL(c.req.url).searchParams));
    return pagedCollectionResponse(
      c,
      REFUNDS,
      deps.db
        .select({ refund: paymentRefunds, advertisementId: advertisements.id })
        .from(paymentRefunds)
        .innerJoin(publishmentOrders, eq(publishmentOrders.id, paymentRefunds.publishmentOrderId))
        .innerJoin(advertisements, eq(advertisements.id, publishmentOrders.advertisementId))
        .where(where)
        .orderBy(asc(paymentRefunds.recordedAt), asc(paymentRefunds.id))
        .$dynamic(),
      deps.db.select({ n: count() }).from(paymentRefunds).where(where),
      serializeRefund,
    );
  });

  return routes;
}
