// Payments recorded by hand (SPEC §4, §5, §7; ARCHITECTURE §6): the advertiser chooses bank
// transfer (POST {order}/payment/bank_transfer: none, or waiting by card / store (ADR 0009) →
// waiting by transfer), and the editors mark an order paid or unpaid (PATCH {order}/payment). Each writes, in one transaction, the order, the sale
// (paid: net = the order's fixed price, tax = 10 % rounded down; unpaid: a reversal row with the
// negative amounts, so history is kept), the advertiser's system message and the audit row; the
// mail to the advertiser follows the commit. What marking paid does is recordPayment's
// (record-payment.ts), the same as for the provider's push.
//
// Decisions:
// - The transfer deadline is the order's one payment deadline (paymentDueOn: PAYMENT_DUE_DAYS after
//   the order date, never after the day before the start date), the same as the invoice's; read
//   again from the order each time, so a moved start date moves it everywhere at once.
// - A sale is recorded on the paid date given, so it counts in the month the money arrived, at the
//   moment of booking within that day (../domain/sales.ts); a reversal at the moment of the undo.
import { and, eq, isNull } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { startOfTokyoDay } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import { MESSAGE_MAX } from "../domain/limits";
import { taxedAmounts } from "../domain/pricing";
import { canChooseBankTransfer, canMarkPaid, canMarkUnpaid, paymentDueOn } from "../domain/payment";
import { isCalendarDate } from "../../shared/calendar-days";
import { sendAfterCommit } from "../adapters/mail";
import { recordAudit, type AuditChanges } from "../audit";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { messageBoxes, publishmentOrders, sales } from "../db/schema";
import type { TransferInstructions } from "../../shared/wire";
import { bankTransferMail, transferLines } from "../domain/mails";
import { iri, jsonLd, readBody } from "../hydra";
import { schedulePublication } from "../publishing/jobs";
import { blankToUndefined, Checks, optionalText, violation } from "../validation";
import { retireUnpaidKeys } from "./payment-attempts";
import { PAYMENT_SUBJECTS, paymentChanges, recordPayment } from "./record-payment";
import { findActiveOrder, findOrderOwner, orderBody } from "./publishment-order-routes";

export const PAYMENT_MESSAGES = {
  required: "必須です。",
  invalidChoice: "正しい選択肢ではありません。",
  invalidDate: "正しい日付を入力してください。",
  notTransferable: "この申込はすでにお支払い手続き済みです。",
  notMarkablePaid: "この申込は入金済みにできない状態です。",
  notMarkableUnpaid: "この申込は未入金に戻せない状態です。",
} as const;

// Moved beside recordPayment; exported here too for the modules that import them from here.
export { PAYMENT_SUBJECTS, paymentChanges } from "./record-payment";

type OrderRow = typeof publishmentOrders.$inferSelect;

/** The order's payment deadline (app/domain/payment.ts paymentDueOn) with the configured days. */
export const orderDueOn = (
  order: Pick<OrderRow, "orderedAt" | "publishesAt">,
  deps: Pick<ApiDeps, "config">,
) => paymentDueOn(order, deps.config.invoice.paymentDueDays);

const isPaidField = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : value),
  z.boolean({
    required_error: PAYMENT_MESSAGES.invalidChoice,
    invalid_type_error: PAYMENT_MESSAGES.invalidChoice,
  }),
);

const optionalNote = optionalText(MESSAGE_MAX);

export const paidShape = {
  isPaid: isPaidField,
  paidAt: z.preprocess(
    blankToUndefined,
    z
      .string({
        required_error: PAYMENT_MESSAGES.required,
        invalid_type_error: PAYMENT_MESSAGES.invalidDate,
      })
      .refine(isCalendarDate, PAYMENT_MESSAGES.invalidDate),
  ),
  paymentType: z.preprocess(
    blankToUndefined,
    z.enum(["direct", "other"], {
      errorMap: () => ({ message: PAYMENT_MESSAGES.invalidChoice }),
    }),
  ),
  paymentMethod: optionalNote,
  paymentNote: optionalNote,
};

export const unpaidShape = { isPaid: isPaidField, paymentNote: optionalNote };

export function orderPaymentRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  /** The order of a non-deleted ad the caller may see (administrators: any); else 404. */
  async function findOrder(c: Context<ApiEnv>) {
    const row = await findActiveOrder(deps.db, c);
    return { row, owner: await findOrderOwner(deps.db, row.order.advertisementId) };
  }

  const adOf = (row: { order: OrderRow }, title: string) => ({
    formattedAdvertisementId: formatAdvertisementId(row.order.advertisementId),
    title,
  });

  async function systemMessage(
    tx: typeof deps.db,
    row: { order: OrderRow; ownerId: number },
    subject: string,
    body: string,
  ) {
    const [message] = await tx
      .insert(messageBoxes)
      .values({
        clientId: row.ownerId,
        advertisementId: row.order.advertisementId,
        sender: "system",
        subject,
        body,
        createdAt: deps.clock(),
      })
      .returning({ id: messageBoxes.id });
    return iri("message_boxes", message!.id);
  }

  /** Our account, the order's amount with tax and the deadline. */
  function instructions(order: OrderRow, dueDate: string): TransferInstructions {
    const { bank } = deps.config.invoice;
    return {
      bankName: bank.name,
      branchName: bank.branch,
      accountType: bank.accountType,
      accountNumber: bank.accountNumber,
      accountHolder: bank.accountHolder,
      amount: taxedAmounts(order.price).total,
      dueDate,
    };
  }

  // The instructions again while the order waits for the transfer (the ad detail shows them);
  // `instructions` is null in any other state.
  routes.get("/api/adv/publishment_orders/:id/payment/bank_transfer", async (c) => {
    const { row } = await findOrder(c);
    const o = row.order;
    const waiting = o.paymentStatus === "waiting" && o.paymentMethod === "bank_transfer";
    return jsonLd(c, {
      "@context": "/api/contexts/BankTransfer",
      "@id": `${iri("publishment_orders", o.id)}/payment/bank_transfer`,
      publishmentOrder: iri("publishment_orders", o.id),
      instructions: waiting ? instructions(o, orderDueOn(o, deps)) : null,
    });
  });

  routes.post("/api/adv/publishment_orders/:id/payment/bank_transfer", async (c) => {
    const { row, owner } = await findOrder(c);
    if (!canChooseBankTransfer(row.order)) {
      throw violation("paymentStatus", PAYMENT_MESSAGES.notTransferable);
    }
    const now = deps.clock();
    const transfer = instructions(row.order, orderDueOn(row.order, deps));
    const { updated, retired } = await deps.db.transaction(async (tx) => {
      const [after] = await tx
        .update(publishmentOrders)
        .set({
          paymentStatus: "waiting",
          paymentMethod: "bank_transfer",
          paymentType: "direct",
          paymentDueDate: transfer.dueDate,
          paymentSlip: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(publishmentOrders.id, row.order.id),
            // The state it was read in (none, or waiting by card / store): nothing changed since.
            eq(publishmentOrders.paymentStatus, row.order.paymentStatus),
            row.order.paymentMethod === null
              ? isNull(publishmentOrders.paymentMethod)
              : eq(publishmentOrders.paymentMethod, row.order.paymentMethod),
          ),
        )
        .returning();
      if (!after) throw violation("paymentStatus", PAYMENT_MESSAGES.notTransferable);
      const message = await systemMessage(
        tx,
        row,
        PAYMENT_SUBJECTS.bankTransfer,
        transferLines(transfer).join("\n"),
      );
      await recordAudit(tx, c, deps, {
        action: "order.bank_transfer",
        target: iri("publishment_orders", row.order.id),
        advertisementId: row.order.advertisementId,
        changes: {
          ...paymentChanges(row.order, after),
          messageBox: { before: null, after: message },
        },
      });
      // A card or store key issued before cannot pay as well (issue 28 #5).
      return { updated: after, retired: await retireUnpaidKeys(tx, row.order.id, now) };
    });
    await deps.payments?.retireKeys(retired);
    await sendAfterCommit(deps.mailer, [
      bankTransferMail({
        to: owner.email,
        ad: adOf(row, owner.title),
        transfer,
        loginUrl: deps.config.loginUrl,
      }),
    ]);
    return jsonLd(c, { ...orderBody({ ...row, order: updated }), bankTransfer: transfer });
  });

  routes.patch("/api/adv/publishment_orders/:id/payment", requireAdministrator, async (c) => {
    const { row, owner } = await findOrder(c);
    const input = await readBody(c);
    const { isPaid } = new Checks({ isPaid: isPaidField }, input).result();
    const now = deps.clock();
    const target = iri("publishment_orders", row.order.id);
    const amounts = taxedAmounts(row.order.price);

    if (isPaid) {
      if (!canMarkPaid(row.order)) {
        throw violation("paymentStatus", PAYMENT_MESSAGES.notMarkablePaid);
      }
      const checks = new Checks(paidShape, input);
      if (checks.values.paymentType === "other" && checks.values.paymentMethod === undefined) {
        checks.add("paymentMethod", PAYMENT_MESSAGES.required);
      }
      const v = checks.result();
      const method = v.paymentType === "direct" ? "bank_transfer" : v.paymentMethod!;
      const recorded = await deps.db.transaction(async (tx) => {
        const done = await recordPayment(
          tx,
          { deps, c },
          {
            order: row.order,
            owner: { clientId: row.ownerId, email: owner.email, title: owner.title },
            paidAt: startOfTokyoDay(v.paidAt),
            paidDate: v.paidAt,
            paymentType: v.paymentType,
            paymentMethod: method,
            paymentNote: v.paymentNote ?? null,
            // Waiting by card or store: the provider settles it, not the editors.
            only:
              row.order.paymentStatus === "waiting"
                ? eq(publishmentOrders.paymentMethod, "bank_transfer")
                : undefined,
          },
        );
        if (!done) throw violation("paymentStatus", PAYMENT_MESSAGES.notMarkablePaid);
        return done;
      });
      deps.kickJobs?.();
      await sendAfterCommit(deps.mailer, [recorded.mail]);
      return jsonLd(c, orderBody({ ...row, order: recorded.order }));
    }

    if (!canMarkUnpaid(row.order)) {
      throw violation("paymentStatus", PAYMENT_MESSAGES.notMarkableUnpaid);
    }
    const { paymentNote } = new Checks(unpaidShape, input).result();
    const wasPaid = row.order.paymentStatus === "paid";
    const updated = await deps.db.transaction(async (tx) => {
      const [after] = await tx
        .update(publishmentOrders)
        .set({
          paymentStatus: "none",
          paidAt: null,
          paymentType: "none",
          paymentMethod: null,
          paymentNote: paymentNote ?? null,
          paymentDueDate: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(publishmentOrders.id, row.order.id),
            eq(publishmentOrders.paymentStatus, row.order.paymentStatus),
          ),
        )
        .returning();
      if (!after) throw violation("paymentStatus", PAYMENT_MESSAGES.notMarkableUnpaid);
      // Unpaid: the ad leaves the site (ADR 0010).
      await schedulePublication(tx, deps, after);
      const changes: AuditChanges = paymentChanges(row.order, after);
      // Only a paid order has a sale to reverse; a waiting one had none.
      if (wasPaid) {
        const [sale] = await tx
          .insert(sales)
          .values({
            publishmentOrderId: row.order.id,
            net: -amounts.net,
            tax: -amounts.tax,
            recordedAt: now,
          })
          .returning({ id: sales.id });
        changes.sale = { before: null, after: iri("sales", sale!.id) };
      }
      const message = await systemMessage(
        tx,
        row,
        PAYMENT_SUBJECTS.unpaid,
        "お支払い状況を「支払前」に戻しました。",
      );
      await recordAudit(tx, c, deps, {
        action: "order.mark_unpaid",
        target,
        advertisementId: row.order.advertisementId,
        changes: { ...changes, messageBox: { before: null, after: message } },
      });
      return after;
    });
    deps.kickJobs?.();
    return jsonLd(c, orderBody({ ...row, order: updated }));
  });

  return routes;
}
