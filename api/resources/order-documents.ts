// The documents of an order (ARCHITECTURE §6 pdf adapter): a qualified invoice (適格請求書) at any
// time, and a receipt (領収書) once the order is paid. The ad's owner and administrators; another
// advertiser's, a deleted or an unknown ad's order → 404. A receipt issued again says 再発行: the
// order counts its receipts. An administrator's issue, or one while impersonating, leaves an
// audit row.
//
// One identity (issue 30 #3): an order belongs to exactly one ad, so its documents carry the ad's
// 申込ID (formattedAdvertisementId, SPEC §3), the number the advertiser sees on every screen and
// mail: INV-000018, RCP-000018-2, invoice-000018.pdf. The order's own id stays internal.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { documentFilename, formatAdvertisementId } from "../../shared/ids";
import { taxedAmounts } from "../domain/pricing";
import { slashDate } from "../../shared/calendar-days";
import type { DocumentLine, InvoicePayment, PdfRenderer } from "../adapters/pdf";
import { pdfkitRenderer } from "../adapters/pdf";
import { recordAudit } from "../audit";
import type { ApiDeps, ApiEnv } from "../context";
import { publishmentOrders } from "../db/schema";
import { iri } from "../hydra";
import { violation } from "../validation";
import { paymentMethodLabel } from "./publishment-orders";
import { orderDueOn } from "./order-payments";
import { findActiveOrder, findOrderOwner } from "./publishment-order-routes";

export const DOCUMENT_MESSAGES = {
  receiptBeforePayment: "お支払いが完了していないため、領収書は発行できません。",
} as const;

export const RECEIPT_PROVISO = "広告掲載料として";

/** "INV-000018": the ad's 申込ID; one per order, the same every time it is issued. */
export const invoiceNumber = (advertisementId: number) =>
  `INV-${formatAdvertisementId(advertisementId)}`;
/** "RCP-000018-2": the ad's 申込ID and which receipt this is. */
export const receiptNumber = (advertisementId: number, issue: number) =>
  `RCP-${formatAdvertisementId(advertisementId)}-${issue}`;

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
    const { title, companyName } = await findOrderOwner(deps.db, row.order.advertisementId);
    return { ...row, title, companyName };
  }

  const lineOf = (row: Awaited<ReturnType<typeof findOrder>>): DocumentLine => ({
    title: row.title,
    area: `${row.region.name} > ${row.locality.name}`,
    course: row.order.courseName,
    period: `${slashDate(tokyoDate(row.order.publishesAt))}〜${slashDate(tokyoDate(row.order.unpublishesAt))}`,
  });

  /** Paid: when and how; otherwise the order's one payment deadline (as the transfer's). */
  const invoicePayment = (order: typeof publishmentOrders.$inferSelect): InvoicePayment =>
    order.paymentStatus === "paid" && order.paidAt
      ? {
          status: "paid",
          paidOn: tokyoDate(order.paidAt),
          methodLabel: paymentMethodLabel(order.paymentMethod) ?? "",
        }
      : { status: "due", dueOn: orderDueOn(order, deps) };

  routes.post("/api/adv/publishment_orders/:id/invoice", async (c) => {
    const row = await findOrder(c);
    const pdf = await renderer.invoice({
      number: invoiceNumber(row.order.advertisementId),
      issuedOn: tokyoDate(deps.clock()),
      payment: invoicePayment(row.order),
      recipient: row.companyName,
      line: lineOf(row),
      amounts: taxedAmounts(row.order.price),
      issuer: deps.config.invoice,
    });
    // Recorded once the document exists: a failed rendering issued nothing.
    await recordAudit(deps.db, c, deps, {
      action: "order.invoice",
      target: iri("publishment_orders", row.order.id),
      advertisementId: row.order.advertisementId,
    });
    return pdfResponse(
      c,
      pdf,
      documentFilename("invoice", formatAdvertisementId(row.order.advertisementId)),
    );
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
      number: receiptNumber(row.order.advertisementId, issued.count),
      issuedOn: tokyoDate(now),
      paidOn: tokyoDate(issued.paidAt!),
      recipient: row.companyName,
      amounts: taxedAmounts(row.order.price),
      proviso: RECEIPT_PROVISO,
      methodLabel: paymentMethodLabel(issued.paymentMethod) ?? "",
      reissue: issued.count > 1,
      issuer: deps.config.invoice,
    });
    return pdfResponse(
      c,
      pdf,
      documentFilename("receipt", formatAdvertisementId(row.order.advertisementId)),
    );
  });

  return routes;
}
