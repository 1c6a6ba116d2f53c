// Rows API tests read back after a request: an order, its sales, an ad's newest message.
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { messageBoxes, publishmentOrders, sales } from "../db/schema";

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
