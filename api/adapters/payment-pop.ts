// VeriTrans4G POP (ADR 0009): the payment key is requested with `fetch` (Basic auth with the
// server key); the result comes back as a JSON push signed with SHA-512 over its sorted fields and
// the server key. POP has no page without its pop.js, so paymentPageUrl is null.
//
// Assumptions (POP's guide is not public; shapes from public client code, see the report):
// - signature: the fields other than `signature`, sorted by name, as `k=v` joined by "&"; arrays
//   joined by ","; booleans "true"/"false"; null as ""; objects as their JSON; then ":" + the
//   server key; SHA-512, lower-case hex.
// - store and Pay-easy pushes carry VeriTrans4G's MDK names in snake case: `receipt_no`,
//   `haraikomi_url`, `cvs_type` (sej/lawson/famima/other) for stores; `shuno_kikan_no`,
//   `customer_no`, `confirm_no` for Pay-easy; the deadline in `payment_limit` (or `pay_limit`,
//   `expiry_time`), "YYYYMMDD[hhmmss]" Tokyo or ISO 8601. Missing fields → no slip.
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import {
  PushRefused,
  type IssuedPaymentKey,
  type PaymentEvent,
  type PaymentKeyRequest,
  type PaymentProvider,
  type PaymentSlip,
  type SlipStore,
} from "./payment";
import {
  dedupeKeyOf,
  eventKind,
  grossAmount,
  parseJsonObject,
  parseProviderTime,
} from "./payment-push-common";

export interface PopSettings {
  serverKey: string;
  /** e.g. https://pay.veritrans.co.jp/pop/v1 (no trailing slash). */
  apiUrl: string;
  /** Milliseconds before the key request is given up (the portal waits 5 s in all). */
  timeoutMs?: number;
}

const keyAnswerSchema = z.object({
  payment_key: z.string().optional(),
  result_code: z.string().optional(),
  status: z.string().optional(),
  message: z.string().optional(),
  payment_key_expiry_time: z.string().optional(),
});

const popPushSchema = z.object({
  order_id: z.string().min(1).max(100),
  status: z.string().optional(),
  m_status: z.enum(["success", "pending", "failure"]),
  payment_type: z.enum(["card", "cvs", "bank"]),
  gross_amount: grossAmount.optional(),
  transaction_datetime: z.string().optional(),
});

/** One field's text in the signed string. */
function signedValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(signedValue).join(",");
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** POP's push signature of a parsed body (ADR 0009). */
export function popPushSignature(fields: Record<string, unknown>, serverKey: string): string {
  const joined = Object.keys(fields)
    .filter((key) => key !== "signature")
    .sort()
    .map((key) => `${key}=${signedValue(fields[key])}`)
    .join("&");
  return createHash("sha512").update(`${joined}:${serverKey}`, "utf8").digest("hex");
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number"
      ? String(value)
      : null;

const CVS_STORES: Record<string, SlipStore> = {
  sej: "sej",
  "7eleven": "sej",
  lawson: "lawson",
  famima: "famima",
  familymart: "famima",
  other: "other",
  econ: "other",
};

/** "YYYYMMDD" (end of that day, Tokyo), "YYYYMMDDhhmmss" Tokyo, or ISO 8601. */
function slipExpiry(value: string | null): string | null {
  if (!value) return null;
  const date = /^\d{8}$/.test(value)
    ? parseProviderTime(`${value}235959`)
    : parseProviderTime(value);
  return date ? date.toISOString() : null;
}

/** The slip of a store / Pay-easy push, best effort (see the assumptions above). */
function popSlip(
  fields: Record<string, unknown>,
  paymentType: "card" | "cvs" | "bank",
  amount: number | null,
): PaymentSlip | null {
  if (paymentType === "card" || amount === null) return null;
  const expiresAt = slipExpiry(
    text(fields.payment_limit) ?? text(fields.pay_limit) ?? text(fields.expiry_time),
  );
  if (!expiresAt) return null;
  if (paymentType === "bank") {
    const receiptNumber = text(fields.customer_no);
    if (!receiptNumber) return null;
    return {
      store: "payeasy",
      receiptNumber,
      confirmationNumber: text(fields.confirm_no),
      collectorNumber: text(fields.shuno_kikan_no),
      amount,
      expiresAt,
      slipUrl: text(fields.url),
    };
  }
  const receiptNumber = text(fields.receipt_no);
  if (!receiptNumber) return null;
  const storeCode = (text(fields.cvs_type) ?? text(fields.payment_sub_type) ?? "").toLowerCase();
  return {
    store: CVS_STORES[storeCode] ?? "other",
    receiptNumber,
    confirmationNumber: text(fields.confirm_no),
    collectorNumber: null,
    amount,
    expiresAt,
    slipUrl: text(fields.haraikomi_url),
  };
}

export class PopProvider implements PaymentProvider {
  readonly name = "pop" as const;

  constructor(private readonly settings: PopSettings) {}

  async issuePaymentKey(request: PaymentKeyRequest): Promise<IssuedPaymentKey> {
    const auth = Buffer.from(`${this.settings.serverKey}:`, "utf8").toString("base64");
    const payload: Record<string, unknown> = {
      order_id: request.providerOrderId,
      gross_amount: request.grossAmount,
      payment_key_expiry_duration: request.expiryMinutes,
      enabled_payment_types: request.card ? ["card"] : ["cvs", "bank"],
      push_url: request.pushUrl,
    };
    // 3-D Secure 2. POP's card object documents only 3ds_version here; the e-mail goes in
    // `email` (the phone is not sent: see the report).
    if (request.card) payload.card = { "3ds_version": 2 };
    if (request.customerEmail) {
      payload.email = { customer_email_address: request.customerEmail };
    }
    let response: Response;
    try {
      response = await fetch(`${this.settings.apiUrl}/payment-key`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          Accept: "application/json",
          Authorization: `Basic ${auth}`,
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 4000),
      });
    } catch (error) {
      throw new Error(`POP payment-key request failed: ${(error as Error).name}`);
    }
    let answer: z.infer<typeof keyAnswerSchema> = {};
    try {
      const parsed = keyAnswerSchema.safeParse(await response.json());
      if (parsed.success) answer = parsed.data;
    } catch {
      // Not JSON: reported below with the HTTP status.
    }
    const resultCode = answer.result_code ?? "none";
    if (!response.ok || answer.status === "failure" || !answer.payment_key) {
      throw new Error(
        `POP refused the payment key: HTTP ${response.status}, result_code ${resultCode}`,
      );
    }
    const expiresAt =
      (answer.payment_key_expiry_time && parseProviderTime(answer.payment_key_expiry_time)) ||
      new Date(Date.now() + request.expiryMinutes * 60_000);
    return { paymentKey: answer.payment_key, expiresAt, paymentPageUrl: null };
  }

  /** POP has no call that cancels an unused key; it expires (payment_key_expiry_duration). */
  async retireKeys(): Promise<void> {}

  readPush(rawBody: string, _headers: Headers, now: Date): PaymentEvent {
    const fields = parseJsonObject(rawBody);
    const given = fields && typeof fields.signature === "string" ? fields.signature : null;
    if (!fields || !given || !/^[0-9a-f]{128}$/i.test(given)) {
      // An unreadable body cannot be told apart from a forged one: both lack a valid signature.
      throw new PushRefused(401, "bad or missing signature");
    }
    const expected = Buffer.from(popPushSignature(fields, this.settings.serverKey), "hex");
    if (!timingSafeEqual(expected, Buffer.from(given.toLowerCase(), "hex"))) {
      throw new PushRefused(401, "bad or missing signature");
    }
    const parsed = popPushSchema.safeParse(fields);
    if (!parsed.success) throw new PushRefused(400, "unreadable push");
    const push = parsed.data;
    const occurredAt = push.transaction_datetime
      ? parseProviderTime(push.transaction_datetime)
      : now;
    if (!occurredAt) throw new PushRefused(400, "unreadable push");
    const amount = push.gross_amount ?? null;
    return {
      providerOrderId: push.order_id,
      kind: eventKind(push.m_status, push.status),
      paymentType: push.payment_type,
      amount,
      occurredAt,
      slip: popSlip(fields, push.payment_type, amount),
      dedupeKey: dedupeKeyOf("pop", rawBody),
    };
  }
}
