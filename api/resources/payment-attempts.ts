// The payment keys of an order (payment_attempts), as far as more than one resource changes them.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { paymentAttempts } from "../db/schema";

/**
 * One payable key per order (issue 28 #5): a new key, or the choice of a bank transfer, retires the
 * order's unpaid keys. Answers their payment keys, for the provider to refuse after the commit.
 */
export async function retireUnpaidKeys(tx: Database, orderId: number, now: Date) {
  const retired = await tx
    .update(paymentAttempts)
    .set({ status: "retired", updatedAt: now })
    .where(
      and(
        eq(paymentAttempts.publishmentOrderId, orderId),
        inArray(paymentAttempts.status, ["issued", "pending", "failed"]),
      ),
    )
    .returning({ paymentKey: paymentAttempts.paymentKey });
  return retired.map((attempt) => attempt.paymentKey);
}
