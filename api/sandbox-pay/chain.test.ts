// @vitest-environment node
// The whole chain of a sandbox payment inside one API app (ADR 0009): the advertiser's key, the
// customer on the sandbox's pages, the signed push through the app's own stack to
// POST /api/adv/payment_push, and the order as GET posts/{id} then shows it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { publishmentOrders, sales } from "../db/schema";
import { body, get, postJson, placeOrder } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";

let api: TestApi;
let shop: string;

beforeAll(async () => {
  ({ api, shop } = await openDemoApi());
});
afterAll(() => api.close());

const form = (path: string, fields: Record<string, string>) =>
  api.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

async function orderOf(adId: number) {
  const post = await body(await get(api.app, `/api/adv/posts/${adId}`, shop));
  return post.publishmentOrder as Record<string, unknown>;
}

test("a card paid on the sandbox's page reaches the order through the push: 支払済み, one sale", async () => {
  // Demo draft 12 of shop@ gets an order (1ヶ月 course, 30,000 yen + tax).
  const { id: orderId } = await placeOrder(api.app, shop, 12);
  const key = await body(
    await postJson(
      api.app,
      `/api/adv/issue_payment_key/${orderId}`,
      { card: 1, cardHolderEmail: "shop@example.com" },
      shop,
    ),
  );
  expect((await orderOf(12)).paymentStatus).toBe("waiting");

  const paid = await form(`${key.paymentPageUrl}/card?embed=1`, {
    card_number: "4111 1111 1111 1111",
    expiry: "12/30",
    cvc: "123",
    holder: "TARO YAMADA",
  });
  expect(paid.status).toBe(200);
  expect(await paid.text()).toContain("決済が完了しました。");

  const order = await orderOf(12);
  expect(order.paymentStatus).toBe("paid");
  expect(order.paymentMethod).toBe("card");
  const rows = await api.db.select().from(sales).where(eq(sales.publishmentOrderId, orderId));
  expect(rows.map((r) => [r.net, r.tax])).toEqual([[30000, 3000]]);
});

test("a store slip shows on the order while waiting; the simulated store payment pays it", async () => {
  const { id: orderId } = await placeOrder(api.app, shop, 13);
  const key = await body(
    await postJson(api.app, `/api/adv/issue_payment_key/${orderId}`, {}, shop),
  );
  const issued = await form(`${key.paymentPageUrl}/cvs`, { store: "lawson" });
  expect(issued.status).toBe(200);

  const waiting = await orderOf(13);
  expect(waiting.paymentStatus).toBe("waiting");
  const slip = waiting.paymentSlip as { store: string; amount: number; slipUrl: string };
  expect(slip).toMatchObject({ store: "lawson", amount: 33000 });

  const simulated = await form(`${new URL(slip.slipUrl).pathname}/simulate`, {});
  expect(await simulated.text()).toContain("お支払いを受け付けました。");
  const after = await orderOf(13);
  expect(after).toMatchObject({ paymentStatus: "paid", paymentMethod: "cvs", paymentSlip: null });
  const [row] = await api.db
    .select({ paidAt: publishmentOrders.paidAt })
    .from(publishmentOrders)
    .where(eq(publishmentOrders.id, orderId));
  expect(row!.paidAt).not.toBeNull();
});
