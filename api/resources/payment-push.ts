// POST /api/adv/payment_push (ADR 0009): the provider's server-to-server push. Public (no bearer):
// the adapter verifies the signature before anything is read. Refused pushes write nothing. A
// push already received (same dedupe key) is acknowledged and not applied again: the
// payment_notifications row is inserted in the transaction of the push's effects.
//
// Nothing here logs the body, the headers or a key.
import { and, eq, ne } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import type { Mail } from "../adapters/mail";
import { sendAfterCommit } from "../adapters/mail";
import { PushRefused, type PaymentEvent } from "../adapters/payment";
import type { ApiDeps, ApiEnv } from "../context";
import type { Database } from "../db/client";
import {
  advertisements,
  messageBoxes,
  paymentAttempts,
  paymentNotifications,
  paymentRefunds,
  publishmentOrders,
  userLogins,
} from "../db/schema";
import {
  paymentSlipMail,
  refundNeededMail,
  slipLines,
  type RefundReason,
  type ReviewedAd,
} from "../domain/mails";
import { errorResponse, iri } from "../hydra";
import { PROVIDER_ACTOR, recordAudit } from "../audit";
import { withOwnerLogin } from "./ad-owners";
import { recordPayment } from "./record-payment";

export const SLIP_SUBJECT = "お支払い番号のご案内";

/** What the customer paid with, as the order's paymentMethod. */
const methodOf = (type: PaymentEvent["paymentType"]) =>
  type === "card" ? "card" : type === "cvs" ? "cvs" : "payeasy";

export function paymentPushRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.post("/api/adv/payment_push", async (c) => {
    const provider = deps.payments;
    // No provider, nobody to push: as if the route did not exist.
    if (!provider) return errorResponse(c, 404, "Not Found");
    const rawBody = await c.req.text();
    let event: PaymentEvent;
    try {
      event = provider.readPush(rawBody, c.req.raw.headers, deps.clock());
    } catch (error) {
      if (error instanceof PushRefused) {
        return errorResponse(c, error.status, error.message);
      }
      throw error;
    }

    const [attempt] = await deps.db
      .select()
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.providerOrderId, event.providerOrderId),
          eq(paymentAttempts.provider, provider.name),
        ),
      )
      .limit(1);
    if (!attempt) return errorResponse(c, 404, "Not Found");
    if (event.amount !== null && event.amount !== attempt.amount) {
      return errorResponse(c, 400, "amount does not match");
    }
    const now = deps.clock();
    // A sale counts in the month of its paid date: a date far from now would book one in a
    // closed month (or a future one). A real provider pushes within minutes.
    if (!isPlausiblePaymentTime(event.occurredAt, now)) {
      console.error(
        `[api] push for ${event.providerOrderId} refused: transaction date out of range`,
      );
      return errorResponse(c, 400, "transaction date out of range");
    }

    const mails: Mail[] = [];
    const applied = await deps.db.transaction(async (tx) => {
      const [notification] = await tx
        .insert(paymentNotifications)
        .values({
          dedupeKey: event.dedupeKey,
          provider: provider.name,
          providerOrderId: event.providerOrderId,
          kind: event.kind,
          receivedAt: now,
        })
        .onConflictDoNothing({ target: paymentNotifications.dedupeKey })
        .returning({ id: paymentNotifications.id });
      if (!notification) return false;
      await applyEvent(tx, { deps, c, attempt, event, now, mails });
      return true;
    });
    if (!applied) return c.json({ result: "duplicate" });
    deps.kickJobs?.();
    await sendAfterCommit(deps.mailer, mails);
    return c.json({ result: "ok" });
  });

  return routes;
}

/** How far before now a push's transaction may lie (a slip paid late at night, pushes retried). */
export const PUSH_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Clocks differ a little; a payment minutes in the future is not one. */
export const PUSH_MAX_AHEAD_MS = 10 * 60 * 1000;

export const isPlausiblePaymentTime = (occurredAt: Date, now: Date) =>
  occurredAt.getTime() >= now.getTime() - PUSH_MAX_AGE_MS &&
  occurredAt.getTime() <= now.getTime() + PUSH_MAX_AHEAD_MS;

type Attempt = typeof paymentAttempts.$inferSelect;

interface PushContext {
  deps: ApiDeps;
  c: Context<ApiEnv>;
  attempt: Attempt;
  event: PaymentEvent;
  now: Date;
  mails: Mail[];
}

async function applyEvent(tx: Database, push: PushContext) {
  const { deps, attempt, event, now, mails } = push;
  if (event.kind === "failed") {
    await tx
      .update(paymentAttempts)
      .set({ status: "failed", updatedAt: now })
      .where(and(eq(paymentAttempts.id, attempt.id), ne(paymentAttempts.status, "paid")));
    return;
  }

  // Locks the attempt: a second push of the same payment (another push id) waits, then finds it
  // paid and changes nothing.
  const moved = await tx
    .update(paymentAttempts)
    .set({
      status: event.kind,
      paymentType: event.paymentType,
      ...(event.kind === "paid" ? { paidAt: event.occurredAt } : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(paymentAttempts.id, attempt.id),
        ne(paymentAttempts.status, "paid"),
        // A slip of a retired key (a later key or a bank transfer was chosen) changes nothing.
        event.kind === "pending" ? ne(paymentAttempts.status, "retired") : undefined,
      ),
    )
    .returning({ id: paymentAttempts.id });
  if (moved.length === 0) return;

  const [owner] = await withOwnerLogin(
    tx
      .select({
        order: publishmentOrders,
        orderId: publishmentOrders.id,
        advertisementId: publishmentOrders.advertisementId,
        paymentStatus: publishmentOrders.paymentStatus,
        publishmentStatus: publishmentOrders.publishmentStatus,
        deleted: advertisements.isDeleted,
        ownerId: advertisements.ownerId,
        title: advertisements.title,
        email: userLogins.email,
      })
      .from(publishmentOrders)
      .innerJoin(advertisements, eq(advertisements.id, publishmentOrders.advertisementId))
      .$dynamic(),
  )
    .where(eq(publishmentOrders.id, attempt.publishmentOrderId))
    .limit(1);
  if (!owner) return;
  const ad = {
    formattedAdvertisementId: formatAdvertisementId(owner.advertisementId),
    title: owner.title,
  };
  const message = (subject: string, body: string) =>
    tx.insert(messageBoxes).values({
      clientId: owner.ownerId,
      advertisementId: owner.advertisementId,
      sender: "system",
      subject,
      body,
      createdAt: now,
    });
  const notPaid = and(
    eq(publishmentOrders.id, owner.orderId),
    ne(publishmentOrders.paymentStatus, "paid"),
  );

  if (event.kind === "paid") {
    const ids = { orderId: owner.orderId, advertisementId: owner.advertisementId };
    const reason = refundReasonOf(owner);
    if (reason) {
      await recordRefund(tx, push, { ad, reason, ...ids });
      return;
    }
    // What a payment does is decided once, for this push and the editors' mark-paid alike.
    const recorded = await recordPayment(
      tx,
      { deps, c: push.c, actor: PROVIDER_ACTOR },
      {
        order: owner.order,
        owner: { clientId: owner.ownerId, email: owner.email, title: owner.title },
        paidAt: event.occurredAt,
        paidDate: tokyoDate(event.occurredAt),
        paymentType: "other",
        paymentMethod: methodOf(event.paymentType),
      },
    );
    // Paid in the meantime (another key, the editors) by a transaction that committed first.
    if (!recorded) {
      await recordRefund(tx, push, { ad, reason: "already_paid", ...ids });
      return;
    }
    mails.push(recorded.mail);
    return;
  }

  // pending: a slip was issued (store / Pay-easy). A card payment still in progress changes
  // nothing on the order.
  if (event.paymentType === "card") return;
  const slip = event.slip;
  const [after] = await tx
    .update(publishmentOrders)
    .set({
      paymentStatus: "waiting",
      paymentType: "other",
      paymentMethod: methodOf(event.paymentType),
      paymentSlip: slip,
      paymentDueDate: slip ? tokyoDate(new Date(slip.expiresAt)) : null,
      updatedAt: now,
    })
    .where(notPaid)
    .returning({ id: publishmentOrders.id });
  if (!after || !slip) return;
  await message(SLIP_SUBJECT, slipLines(slip).join("\n"));
  mails.push(paymentSlipMail({ to: owner.email, ad, slip, loginUrl: deps.config.loginUrl }));
}

/** Why a payment for this order cannot be kept: it is paid already, sent back, or its ad deleted. */
function refundReasonOf(order: {
  paymentStatus: string;
  publishmentStatus: string;
  deleted: boolean;
}): RefundReason | null {
  if (order.deleted) return "deleted";
  if (order.paymentStatus === "paid") return "already_paid";
  if (order.publishmentStatus === "remanded") return "remanded";
  return null;
}

/**
 * 要返金 (issue 28 #5): the money is recorded as to be refunded, not as a sale; the editors are
 * told by mail and the audit trail says the provider did it. Once per attempt.
 */
async function recordRefund(
  tx: Database,
  { deps, c, attempt, event, now, mails }: PushContext,
  target: { ad: ReviewedAd; reason: RefundReason; orderId: number; advertisementId: number },
) {
  const [refund] = await tx
    .insert(paymentRefunds)
    .values({
      publishmentOrderId: target.orderId,
      paymentAttemptId: attempt.id,
      provider: attempt.provider,
      providerOrderId: attempt.providerOrderId,
      amount: attempt.amount,
      paymentType: event.paymentType,
      reason: target.reason,
      paidAt: event.occurredAt,
      recordedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentRefunds.id });
  if (!refund) return;
  await recordAudit(
    tx,
    c,
    deps,
    {
      action: "order.refund_needed",
      target: iri("publishment_orders", target.orderId),
      advertisementId: target.advertisementId,
      changes: {
        refundReason: { before: null, after: target.reason },
        refundAmount: { before: null, after: attempt.amount },
        providerOrderId: { before: null, after: attempt.providerOrderId },
      },
    },
    PROVIDER_ACTOR,
  );
  mails.push(
    refundNeededMail({
      to: deps.config.editorialEmail,
      ad: target.ad,
      reason: target.reason,
      amount: attempt.amount,
      paidDate: tokyoDate(event.occurredAt),
      providerOrderId: attempt.providerOrderId,
      loginUrl: deps.config.loginUrl,
    }),
  );
}
