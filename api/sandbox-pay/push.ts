// The sandbox's push to the merchant (ADR 0009): POP's field names, signed with
// X-Sandbox-Signature. The body is rebuilt from the sandbox_payments row, so a re-push of the
// same event sends the very same bytes (same push_id), which the API dedupes.
import { createHash } from "node:crypto";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import type { PaymentSlip } from "../adapters/payment";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPush } from "../adapters/sandbox-push-signature";
import type { sandboxPayments } from "../db/schema";

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

/** Sends a request to the merchant; in the app, the API's own app.fetch. */
export type Deliver = (request: Request) => Promise<Response>;

export interface SandboxPush {
  merchant_id: "sandbox";
  order_id: string;
  status: "success" | "failure";
  /** A001 paid or slip issued, C001 declined, G001 3-D Secure failed or cancelled. */
  result_code: string;
  m_status: "success" | "pending" | "failure";
  payment_type: "card" | "cvs" | "bank";
  gross_amount: number;
  /** ISO 8601, Tokyo offset. */
  transaction_datetime: string;
  push_id: string;
  slip?: PaymentSlip;
}

/** A UUID-shaped id derived from the event, so the same event always has the same push_id. */
function eventId(parts: string[]): string {
  const hex = createHash("sha256").update(parts.join("\n")).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The push for the row's current state, or null when nothing has happened yet. */
export function pushFor(row: SandboxPaymentRow): SandboxPush | null {
  const paymentType = row.paymentType ?? (row.enabledTypes.includes("card") ? "card" : "cvs");
  const base = {
    merchant_id: "sandbox" as const,
    order_id: row.providerOrderId,
    payment_type: paymentType,
    gross_amount: row.amount,
  };
  let push: Omit<SandboxPush, "push_id" | keyof typeof base>;
  if (row.status === "paid") {
    push = {
      status: "success",
      result_code: "A001",
      m_status: "success",
      transaction_datetime: toTokyoIso(row.paidAt ?? row.updatedAt),
    };
  } else if (row.status === "pending" && row.slip) {
    push = {
      status: "success",
      result_code: "A001",
      m_status: "pending",
      transaction_datetime: toTokyoIso(row.updatedAt),
      slip: row.slip,
    };
  } else if (row.status === "failed") {
    push = {
      status: "failure",
      result_code: row.maskedCardNumber?.endsWith("3220") ? "G001" : "C001",
      m_status: "failure",
      transaction_datetime: toTokyoIso(row.updatedAt),
    };
  } else {
    return null;
  }
  const push_id = eventId([row.paymentKey, push.m_status, push.transaction_datetime]);
  // Field order: POP's, then our push_id and slip.
  const { slip, ...rest } = push;
  return { ...base, ...rest, push_id, ...(slip ? { slip } : {}) };
}

/** Posts the push to the row's push_url; true when the merchant answered 2xx. */
export async function sendPush(
  row: SandboxPaymentRow,
  deliver: Deliver,
  secret: string,
  now: Date,
): Promise<boolean> {
  const push = pushFor(row);
  if (!push) return true;
  const body = JSON.stringify(push);
  try {
    const response = await deliver(
      new Request(row.pushUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [SANDBOX_SIGNATURE_HEADER]: signSandboxPush(secret, body, now),
        },
        body,
      }),
    );
    await response.body?.cancel();
    return response.ok;
  } catch (error) {
    console.error(
      `[sandbox-pay] push for ${row.providerOrderId} failed: ${(error as Error).message}`,
    );
    return false;
  }
}
