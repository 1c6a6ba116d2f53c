// What a payment does (ADR 0009, 0010, 0011), decided once for both ways money is recorded: the
// editors' mark-paid (PATCH {order}/payment, order-payments.ts) and the provider's push
// (POST /api/adv/payment_push, payment-push.ts). In the caller's transaction: the order becomes
// paid (paidAt, how it was paid, no slip and no deadline left), its publication is scheduled, the
// sale is booked on the paid date, the advertiser gets a system message and the audit trail a
// `order.mark_paid` row (the editor, or the provider as actor). The mail to the advertiser is
// returned for the caller to send after the commit, and the caller kicks the job worker.
import { and, eq, ne, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import { taxedAmounts } from "../domain/pricing";
import type { Mail } from "../adapters/mail";
import { recordAudit, type AuditActor, type AuditChanges } from "../audit";
import type { ApiDeps, ApiEnv } from "../context";
import type { Database } from "../db/client";
import { messageBoxes, publishmentOrders, sales } from "../db/schema";
import { paymentLines, paymentReceivedMail } from "../domain/mails";
import { saleRecordedAt } from "../domain/sales";
import { iri } from "../hydra";
import { schedulePublication } from "../publishing/jobs";

export const PAYMENT_SUBJECTS = {
  bankTransfer: "お振込先のご案内",
  paid: "入金を確認しました",
  unpaid: "入金の記録を取り消しました",
} as const;

type OrderRow = typeof publishmentOrders.$inferSelect;

export interface Payment {
  /** The order as the caller read it (the audit's "before"). */
  order: OrderRow;
  /** The advertiser: their client id (messages), login e-mail (the mail) and the ad's title. */
  owner: { clientId: number; email: string; title: string };
  /** When the money arrived (the editors give a date: its 00:00 Tokyo). */
  paidAt: Date;
  /** The Tokyo date the money arrived: the sale's month, the message's and the mail's date. */
  paidDate: string;
  paymentType: "direct" | "other";
  /** bank_transfer, card, cvs, payeasy, or the editors' text. */
  paymentMethod: string;
  /** The editors' note; undefined leaves the order's as it is. */
  paymentNote?: string | null;
  /** A further condition the order must still meet (besides not being paid yet). */
  only?: SQL;
}

export interface RecordedPayment {
  order: OrderRow;
  /** The paid mail, to send once the transaction has committed. */
  mail: Mail;
}

/**
 * Records `payment` in `tx`. Null when the order was paid meanwhile (or no longer meets `only`):
 * nothing is written, and the caller decides (the editors get a violation, the push a refund).
 */
export async function recordPayment(
  tx: Database,
  ctx: { deps: ApiDeps; c: Context<ApiEnv>; actor?: AuditActor },
  payment: Payment,
): Promise<RecordedPayment | null> {
  const { deps } = ctx;
  const { order, owner } = payment;
  const now = deps.clock();
  const [after] = await tx
    .update(publishmentOrders)
    .set({
      paymentStatus: "paid",
      paidAt: payment.paidAt,
      paymentType: payment.paymentType,
      paymentMethod: payment.paymentMethod,
      ...(payment.paymentNote !== undefined ? { paymentNote: payment.paymentNote } : {}),
      paymentSlip: null,
      paymentDueDate: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(publishmentOrders.id, order.id),
        ne(publishmentOrders.paymentStatus, "paid"),
        payment.only,
      ),
    )
    .returning();
  if (!after) return null;
  // A confirmed order now goes on the site (ADR 0010), in this transaction.
  await schedulePublication(tx, deps, after);
  const amounts = taxedAmounts(order.price);
  const [sale] = await tx
    .insert(sales)
    .values({
      publishmentOrderId: order.id,
      net: amounts.net,
      tax: amounts.tax,
      // The sale counts on the day the money arrived, booked now (../domain/sales.ts).
      recordedAt: saleRecordedAt(payment.paidDate, now),
    })
    .returning({ id: sales.id });
  const [message] = await tx
    .insert(messageBoxes)
    .values({
      clientId: owner.clientId,
      advertisementId: order.advertisementId,
      sender: "system",
      subject: PAYMENT_SUBJECTS.paid,
      body: paymentLines(amounts.total, payment.paidDate).join("\n"),
      createdAt: now,
    })
    .returning({ id: messageBoxes.id });
  await recordAudit(
    tx,
    ctx.c,
    deps,
    {
      action: "order.mark_paid",
      target: iri("publishment_orders", order.id),
      advertisementId: order.advertisementId,
      changes: {
        ...paymentChanges(order, after),
        sale: { before: null, after: iri("sales", sale!.id) },
        messageBox: { before: null, after: iri("message_boxes", message!.id) },
      },
    },
    ctx.actor,
  );
  const mail = paymentReceivedMail({
    to: owner.email,
    ad: {
      formattedAdvertisementId: formatAdvertisementId(order.advertisementId),
      title: owner.title,
    },
    amount: amounts.total,
    paidDate: payment.paidDate,
    loginUrl: deps.config.loginUrl,
  });
  return { order: after, mail };
}

/** The payment fields an action changed, instants as on the wire. */
export function paymentChanges(before: OrderRow, after: OrderRow): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of ["paymentStatus", "paymentMethod", "paymentType", "paymentNote"] as const) {
    if (before[key] !== after[key]) changes[key] = { before: before[key], after: after[key] };
  }
  const instant = (d: Date | null) => (d ? toTokyoIso(d) : null);
  if (instant(before.paidAt) !== instant(after.paidAt)) {
    changes.paidAt = { before: instant(before.paidAt), after: instant(after.paidAt) };
  }
  return changes;
}
