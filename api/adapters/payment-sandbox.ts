// The sandbox payment provider (ADR 0009): stands in for VeriTrans4G POP with no network. A key is
// a sandbox_payments row read by the sandbox's own pages (api/sandbox-pay); its pushes are signed
// with SANDBOX_PUSH_SECRET (sandbox-push-signature.ts) and carry POP's field names.
import { randomBytes } from "node:crypto";
import { and, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { sandboxPayments } from "../db/schema";
import {
  PushRefused,
  type IssuedPaymentKey,
  type PaymentEvent,
  type PaymentKeyRequest,
  type PaymentProvider,
} from "./payment";
import {
  dedupeKeyOf,
  eventKind,
  grossAmount,
  parseJsonObject,
  parseProviderTime,
  slipSchema,
} from "./payment-push-common";
import { checkSandboxPush, SANDBOX_SIGNATURE_HEADER } from "./sandbox-push-signature";

/** The sandbox's hosted payment page for a key (a path on our own origin). */
export const sandboxPaymentPagePath = (paymentKey: string) =>
  `/sandbox-pay/pay/${encodeURIComponent(paymentKey)}`;

/** The push body the sandbox sends (ADR 0009: POP's field names, plus `slip`). */
const sandboxPushSchema = z.object({
  merchant_id: z.string().optional(),
  order_id: z.string().min(1).max(100),
  status: z.string().optional(),
  result_code: z.string().optional(),
  m_status: z.enum(["success", "pending", "failure"]),
  payment_type: z.enum(["card", "cvs", "bank"]),
  gross_amount: grossAmount,
  transaction_datetime: z.string(),
  push_id: z.string().optional(),
  slip: slipSchema.nullable().optional(),
});

export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox" as const;

  constructor(private readonly deps: { db: Database; clock: () => Date; pushSecret: string }) {}

  async issuePaymentKey(request: PaymentKeyRequest): Promise<IssuedPaymentKey> {
    const now = this.deps.clock();
    const paymentKey = randomBytes(24).toString("base64url");
    const expiresAt = new Date(now.getTime() + request.expiryMinutes * 60_000);
    await this.deps.db.insert(sandboxPayments).values({
      paymentKey,
      providerOrderId: request.providerOrderId,
      amount: request.grossAmount,
      enabledTypes: request.card ? ["card"] : ["cvs", "bank"],
      customerEmail: request.customerEmail,
      customerPhone: request.customerPhone,
      pushUrl: request.pushUrl,
      returnUrl: request.returnUrl,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    return { paymentKey, expiresAt, paymentPageUrl: sandboxPaymentPagePath(paymentKey) };
  }

  /** Unpaid keys of the order stop being payable: the sandbox's pages say so. */
  async retireKeys(paymentKeys: string[]): Promise<void> {
    if (paymentKeys.length === 0) return;
    await this.deps.db
      .update(sandboxPayments)
      .set({ status: "retired", updatedAt: this.deps.clock() })
      .where(
        and(
          inArray(sandboxPayments.paymentKey, paymentKeys),
          inArray(sandboxPayments.status, ["issued", "challenge", "pending", "failed"]),
        ),
      );
  }

  readPush(rawBody: string, headers: Headers, now: Date): PaymentEvent {
    const check = checkSandboxPush(
      this.deps.pushSecret,
      headers.get(SANDBOX_SIGNATURE_HEADER),
      rawBody,
      now,
    );
    if (check === "invalid") throw new PushRefused(401, "bad or missing signature");
    if (check === "stale") throw new PushRefused(400, "stale push");
    const parsed = sandboxPushSchema.safeParse(parseJsonObject(rawBody));
    if (!parsed.success) throw new PushRefused(400, "unreadable push");
    const push = parsed.data;
    const occurredAt = parseProviderTime(push.transaction_datetime);
    if (!occurredAt) throw new PushRefused(400, "unreadable push");
    return {
      providerOrderId: push.order_id,
      kind: eventKind(push.m_status, push.status),
      paymentType: push.payment_type,
      amount: push.gross_amount,
      occurredAt,
      slip: push.slip ?? null,
      dedupeKey: dedupeKeyOf("sandbox", rawBody),
    };
  }
}
