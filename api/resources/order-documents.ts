// The documents of an order (ARCHITECTURE §6 pdf adapter): a qualified invoice (適格請求書) at any
// time, and a receipt (領収書) once the order is paid. The ad's owner and administrators; another
// advertiser's, a deleted or an unknown ad's order → 404. A receipt issued again says 再発行: the
// order counts its receipts. An administrator's issue, or one while impersonating, leaves an
// audit row.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { addCalendarDays, tokyoDate } from "../../app/domain/dates";
import { taxedAmounts } from "../../app/domain/money";
import { slashDate } from "../../app/domain/publication";
import type { DocumentLine, PdfRenderer } from "../adapters/pdf";
import { pdfkitRenderer } from "../adapters/pdf";
import { recordAudit } from "../audit";
import type { ApiDeps, ApiEnv } from "../context";
import { advertisements, clients, publishmentOrders } from "../db/schema";
import { iri, notFound } from "../hydra";
import { violation } from "../validation";
import { paymentMethodLabel } from "./publishment-orders";
import { findActiveOrder } from "./publishment-order-routes";

export const DOCUMENT_MESSAGES = {
  receiptBeforePayment: "お支払いが完了していないため、領収書は発行できません。",
} as const;

export const RECEIPT_PROVISO = "広告掲載料として";

/** "INV-000123": one per order, the same every time it is issued. */
export const invoiceNumber = (orderId: number) => `INV-${String(orderId).padStart(6, "0")}`;
/** "RCP-000123-2": the order and which receipt this is. */
export const receiptNumber = (orderId: number, issue: number) =>
  `RCP-${String(orderId).padStart(6, "0")}-${issue}`;

function pdfResponse(c: Context, body: Buffer, filename: string) {
  return c.body(new Uint8Array(body), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Content-Length": String(body.byteLength),
    "Cache-Control": "no-store",
  });
}

export function orderDocumentRoutes(deps: ApiDeps, renderer: PdfRenderer = pdfkitRenderer) {
  const routes = new Hono<ApiEnv>();

  /** The order with its ad's title and the owner's company; not visible or deleted → 404. */
  async function findOrder(c: Context<ApiEnv>) {
    const row = await findActiveOrder(deps.db, c);
    const [ad] = await deps.db
      .select({ title: advertisements.title, companyName: clients.companyName })
      .from(advertisements)
      .innerJoin(clients, eq(clients.id, advertisements.ownerId))
      .where(eq(advertisements.id, row.order.advertisementId));
    if (!ad) throw notFound();
    return { ...row, ...ad };
  }

  const lineOf = (row: Awaited<ReturnType<typeof findOrder>>): DocumentLine => ({
    title: row.title,
    area: `${row.region.name} > ${row.locality.name}`,
    course: row.order.courseName,
    period: `${slashDate(tokyoDate(row.order.publishesAt))}〜${slashDate(tokyoDate(row.order.unpublishesAt))}`,
  });

  routes.post("/api/adv/publishment_orders/:id/invoice", async (c) => {
    const row = await findOrder(c);
    const issuedOn = tokyoDate(deps.clock());
    const { invoice } = deps.config;
    const pdf = await renderer.invoice({
      number: invoiceNumber(row.order.id),
      issuedOn,
      dueOn: addCalendarDays(issuedOn, invoice.paymentDueDays),
      recipient: row.companyName,
      line: lineOf(row),
      amounts: taxedAmounts(row.order.price),
      issuer: invoice,
    });
    // Recorded once the document exists: a failed rendering issued nothing.
    await recordAudit(deps.db, c, deps, {
      action: "order.invoice",
      target: iri("publishment_orders", row.order.id),
      advertisementId: row.order.advertisementId,
    });
    return pdfResponse(c, pdf, `invoice-${row.order.id}.pdf`);
  });

  routes.post("/api/adv/publishment_orders/:id/receipt", async (c) => {
    const row = await findOrder(c);
    const now = deps.clock();
    // Counted in the same statement that checks the payment, so a concurrent unpay cannot slip in.
    const issued = await deps.db.transaction(async (tx) => {
      const [after] = await tx
        .update(publishmentOrders)
        .set({ receiptIssuedCount: sql`${publishmentOrders.receiptIssuedCount} + 1` })
        .where(
          and(
            eq(publishmentOrders.id, row.order.id),
            eq(publishmentOrders.paymentStatus, "paid"),
            isNotNull(publishmentOrders.paidAt),
          ),
        )
        .returning({
          count: publishmentOrders.receiptIssuedCount,
          paidAt: publishmentOrders.paidAt,
          paymentMethod: publishmentOrders.paymentMethod,
        });
      if (!after) throw violation("paymentStatus", DOCUMENT_MESSAGES.receiptBeforePayment);
      await recordAudit(tx, c, deps, {
        action: "order.receipt",
        target: iri("publishment_orders", row.order.id),
        advertisementId: row.order.advertisementId,
        changes: { receiptIssuedCount: { before: after.count - 1, after: after.count } },
      });
      return after;
    });
    const pdf = await renderer.receipt({
      number: receiptNumber(row.order.id, issued.count),
      issuedOn: tokyoDate(now),
      paidOn: tokyoDate(issued.paidAt!),
      recipient: row.companyName,
      amounts: taxedAmounts(row.order.price),
      proviso: RECEIPT_PROVISO,
      methodLabel: paymentMethodLabel(issued.paymentMethod) ?? "",
      reissue: issued.count > 1,
      issuer: deps.config.invoice,
    });
    return pdfResponse(c, pdf, `receipt-${row.order.id}.pdf`);
  });

  return routes;
}
