// POST /api/adv/issue_payment_key/{orderId} (ADR 0009): a payment key for card or store / Pay-easy
// payment of an order, from the configured provider (POP or the sandbox). The provider is asked
// first; only when it answered are the attempt, the order's new state and the audit row written,
// in one transaction. A provider that fails leaves nothing behind (502).
import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import { taxedAmounts } from "../domain/pricing";
import {
  CARD_HOLDER_TEXTS,
  isCardHolderEmail,
  isCardHolderPhone,
  normalizeCardHolderPhone,
} from "../domain/payment";
import type { IssuedPaymentKey } from "../adapters/payment";
import { paymentPushUrl } from "../adapters/payment-provider";
import { recordAudit } from "../audit";
import type { ApiDeps, ApiEnv } from "../context";
import { paymentAttempts, publishmentOrders } from "../db/schema";
import { ApiError, iri, jsonLd, readBody } from "../hydra";
import { Checks, MESSAGES, violation, blankToUndefined } from "../validation";
import { paymentChanges } from "./order-payments";
import { retireUnpaidKeys } from "./payment-attempts";
import { findActiveOrder } from "./publishment-order-routes";

export const PAYMENT_KEY_MESSAGES = {
  ...CARD_HOLDER_TEXTS,
  alreadyPaid: "この申込はお支払い済みです。",
  notOffered:
    "クレジットカード・コンビニ決済は現在ご利用いただけません。銀行振込をご利用ください。",
  providerUnavailable: "決済サービスに接続できませんでした。",
} as const;

export const RETURN_URL_MAX = 2000;

const cardFlag = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    if (v === undefined) return false;
    if (v === 1 || v === "1" || v === "true") return true;
    if (v === 0 || v === "0" || v === "false") return false;
    return v;
  },
  z.boolean({ invalid_type_error: MESSAGES.invalidChoice }),
);

const optionalString = z.preprocess(
  blankToUndefined,
  z.string({ invalid_type_error: MESSAGES.invalidValue }).optional(),
);

/**
 * Where the provider's page may send the browser back to: a path on the origin the page was opened
 * from (the sandbox is served on the portal's origin), or an absolute URL on PUBLIC_ORIGIN. Any
 * other site would make our payment page an open redirect (issue 28 #10).
 */
export function isOwnReturnUrl(value: string, siteOrigin: string | null): boolean {
  if (/^\/(?![/\\])/.test(value)) {
    // A path; the URL parser must read it as one on our origin (no "/\evil", no control tricks).
    const base = "http://own.invalid";
    try {
      return new URL(value, base).origin === base;
    } catch {
      return false;
    }
  }
  if (!siteOrigin) return false;
  try {
    return new URL(value).origin === siteOrigin;
  } catch {
    return false;
  }
}

export const keyShape = (siteOrigin: string | null) => ({
  card: cardFlag,
  cardHolderEmail: optionalString.refine(
    (value) => value === undefined || isCardHolderEmail(value),
    PAYMENT_KEY_MESSAGES.invalidEmail,
  ),
  cardHolderHomePhoneNumber: optionalString.refine(
    (value) => value === undefined || isCardHolderPhone(value),
    PAYMENT_KEY_MESSAGES.invalidPhone,
  ),
  returnUrl: z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: MESSAGES.invalidValue })
      .max(RETURN_URL_MAX, MESSAGES.tooLong(RETURN_URL_MAX))
      .refine((value) => isOwnReturnUrl(value, siteOrigin), MESSAGES.invalidValue)
      .optional(),
  ),
});

/** "ADV000012-3f9a1c2e": unique per key, as POP requires of order_id. */
export const providerOrderIdFor = (advertisementId: number) =>
  `ADV${formatAdvertisementId(advertisementId)}-${randomBytes(4).toString("hex")}`;

export function paymentKeyRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.post("/api/adv/issue_payment_key/:orderId", async (c) => {
    const provider = deps.payments;
    const row = await findActiveOrder(deps.db, c, "orderId");
    // No provider configured (not POP, and the sandbox is off outside demo mode): refused before
    // anything is read or written, so no order waits for a payment that cannot come.
    if (!provider) throw new ApiError(503, PAYMENT_KEY_MESSAGES.notOffered);
    if (row.order.paymentStatus === "paid") {
      throw violation("paymentStatus", PAYMENT_KEY_MESSAGES.alreadyPaid);
    }

    const checks = new Checks(keyShape(deps.config.siteOrigin), await readBody(c));
    const v = checks.values;
    if (
      v.card === true &&
      v.cardHolderEmail === undefined &&
      v.cardHolderHomePhoneNumber === undefined &&
      !checks.has("cardHolderEmail") &&
      !checks.has("cardHolderHomePhoneNumber")
    ) {
      checks.add("cardHolderEmail", PAYMENT_KEY_MESSAGES.emailOrPhone);
    }
    const input = checks.result();

    const now = deps.clock();
    const amount = taxedAmounts(row.order.price).total;
    const providerOrderId = providerOrderIdFor(row.order.advertisementId);
    let issued: IssuedPaymentKey;
    try {
      issued = await provider.issuePaymentKey({
        providerOrderId,
        grossAmount: amount,
        card: input.card,
        customerEmail: input.cardHolderEmail ?? null,
        customerPhone:
          input.cardHolderHomePhoneNumber === undefined
            ? null
            : normalizeCardHolderPhone(input.cardHolderHomePhoneNumber),
        pushUrl: paymentPushUrl(deps.config),
        returnUrl: input.returnUrl ?? null,
        expiryMinutes: deps.config.payment.keyExpiryMinutes,
      });
    } catch (error) {
      // The adapter's message names the result code, never a key.
      console.error(`[api] payment key for ${providerOrderId}: ${(error as Error).message}`);
      throw new ApiError(502, PAYMENT_KEY_MESSAGES.providerUnavailable);
    }

    const target = iri("publishment_orders", row.order.id);
    const retired = await deps.db.transaction(async (tx) => {
      const earlier = await retireUnpaidKeys(tx, row.order.id, now);
      await tx.insert(paymentAttempts).values({
        publishmentOrderId: row.order.id,
        provider: provider.name,
        providerOrderId,
        paymentKey: issued.paymentKey,
        card: input.card,
        amount,
        expiresAt: issued.expiresAt,
        createdAt: now,
        updatedAt: now,
      });
      const [after] = await tx
        .update(publishmentOrders)
        .set({
          paymentStatus: "waiting",
          paymentMethod: input.card ? "card" : "cvs",
          paymentType: "other",
          paymentSlip: null,
          paymentDueDate: null,
          paymentKey: issued.paymentKey,
          updatedAt: now,
        })
        .where(
          and(eq(publishmentOrders.id, row.order.id), ne(publishmentOrders.paymentStatus, "paid")),
        )
        .returning();
      // Paid by a push in the meantime.
      if (!after) throw violation("paymentStatus", PAYMENT_KEY_MESSAGES.alreadyPaid);
      await recordAudit(tx, c, deps, {
        action: "order.payment_key",
        target,
        advertisementId: row.order.advertisementId,
        changes: {
          ...paymentChanges(row.order, after),
          paymentAttempt: { before: null, after: providerOrderId },
        },
      });
      return earlier;
    });
    await provider.retireKeys(retired);

    return jsonLd(c, {
      "@context": "/api/contexts/PaymentKey",
      "@type": "PaymentKey",
      paymentKey: issued.paymentKey,
      provider: provider.name,
      expiresAt: toTokyoIso(issued.expiresAt),
      paymentPageUrl: issued.paymentPageUrl,
      publishmentOrder: target,
    });
  });

  return routes;
}
