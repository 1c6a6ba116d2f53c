// Rows API tests read back after a request (an order, its sales, an ad's newest message) and the
// order rows payment tests set up before one.
import { asc, desc, eq } from "drizzle-orm";
import type { PaymentSlip } from "../adapters/payment";
import type { Database } from "../db/client";
import { messageBoxes, publishmentOrders, sales } from "../db/schema";
import type { TestApi } from "./demo-api";
import { placeOrder } from "./http";

/**
 * An order of ad `adId` placed as `token` (placeOrder), priced 12,345 yen so that the rounding of
 * the tax shows: 10 % of it is 1,234.5 → 1,234, 13,579 yen with tax.
 */
export async function oddPricedOrder(
  api: TestApi,
  token: string,
  adId: number,
  publishesAt?: string,
) {
  const { id } = await placeOrder(api.app, token, adId, publishesAt);
  await api.db.update(publishmentOrders).set({ price: 12345 }).where(eq(publishmentOrders.id, id));
  return id;
}

/** A 7-Eleven slip for an odd-priced order's 13,579 yen, as the provider answers it. */
export const SEJ_SLIP: PaymentSlip = {
  store: "sej",
  receiptNumber: "1234567890123",
  confirmationNumber: null,
  collectorNumber: null,
  amount: 13579,
  expiresAt: "2025-06-22T14:59:59.000Z",
  slipUrl: null,
};

/** Columns of an order's row a test sets. */
export type PaymentState = Partial<typeof publishmentOrders.$inferInsert>;

/** Sets the order's payment back to none (no method, type or date), then `state` over that. */
export async function setPayment(db: Database, id: number, state: PaymentState = {}) {
  await db
    .update(publishmentOrders)
    .set({
      paymentStatus: "none",
      paymentMethod: null,
      paymentType: "none",
      paidAt: null,
      ...state,
    })
    .where(eq(publishmentOrders.id, id));
}

/** The first order the database holds (the demo's, for a test that needs any) and its ad. */
export async function firstOrder(db: Database) {
  const [order] = await db
    .select({ id: publishmentOrders.id, adId: publishmentOrders.advertisementId })
    .from(publishmentOrders)
    .limit(1);
  return order!;
}

/** The order's row as stored. */
export async function orderRow(db: Database, id: number) {
  const [row] = await db.select().from(publishmentOrders).where(eq(publishmentOrders.id, id));
  return row!;
}

/** The order's sales rows (a sale and its reversals), oldest first. */
export const salesOf = (db: Database, orderId: number) =>
  db.select().from(sales).where(eq(sales.publishmentOrderId, orderId)).orderBy(asc(sales.id));

/** The newest message about ad `adId`. */
export async function lastMessage(db: Database, adId: number) {
  const [row] = await db
    .select()
    .from(messageBoxes)
    .where(eq(messageBoxes.advertisementId, adId))
    .orderBy(desc(messageBoxes.id))
    .limit(1);
  return row!;
}
