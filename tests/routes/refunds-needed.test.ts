// 要返金 on the editors' screens (issue 28 #5), through the real server and the embedded API: the
// advertiser opens a card payment, then chooses a bank transfer; the editors mark the transfer
// paid; the provider (one that cannot cancel a key, as POP) still reports the card paid. That
// second payment is not a sale, and the ad detail and the sales list say it must be refunded.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signSandboxPush } from "../../api/adapters/sandbox-push-signature";
import { paymentAttempts } from "../../api/db/schema";
import { startStack, type Stack } from "./stack";

const PUSH_SECRET = "refunds-route-test-push-secret";

let stack: Stack;
let admin = "";
let adminToken = "";
let shopToken = "";

beforeAll(async () => {
  stack = await startStack({}, { SANDBOX_PUSH_SECRET: PUSH_SECRET });
  const shopPair = await stack.tokens("shop@example.com", "shop-password");
  shopToken = shopPair.token;
  ({ cookie: admin, token: adminToken } = await stack.session(
    "admin@example.com",
    "admin-password",
  ));
});
afterAll(async () => {
  await stack?.close();
});

async function apiCall(method: string, path: string, token: string, json?: unknown) {
  const response = await fetch(`${stack.base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/ld+json",
      ...(json === undefined
        ? {}
        : {
            "Content-Type":
              method === "PATCH" ? "application/merge-patch+json" : "application/ld+json",
          }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

const page = async (path: string) => {
  const response = await stack.fetch(path, { headers: { Cookie: admin } });
  return { status: response.status, html: await response.text() };
};

it("a second payment shows as 要返金 on the ad detail and the sales list, not as a sale", async () => {
  // Demo data: ad 2 (shop@) has an order that is not paid yet.
  const post = await apiCall("GET", "/api/adv/posts/2", shopToken);
  const orderId = (post.publishmentOrder as { id: number }).id;
  await apiCall("POST", `/api/adv/issue_payment_key/${orderId}`, shopToken, {
    card: 1,
    cardHolderEmail: "shop@example.com",
  });
  await apiCall(
    "POST",
    `/api/adv/publishment_orders/${orderId}/payment/bank_transfer`,
    shopToken,
    {},
  );
  const [card] = await stack.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.publishmentOrderId, orderId));
  expect(card!.status).toBe("retired");

  // The editors record the transfer …
  const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" });
  await apiCall("PATCH", `/api/adv/publishment_orders/${orderId}/payment`, adminToken, {
    isPaid: true,
    paidAt: today,
    paymentType: "direct",
    paymentMethod: "bank_transfer",
  });
  const salesBefore = await page("/administrator/sales");
  const countBefore = /data-testid="sales-count">([^<]*)</.exec(salesBefore.html)![1];

  // … and the provider reports the card paid too.
  const raw = JSON.stringify({
    merchant_id: "sandbox",
    order_id: card!.providerOrderId,
    status: "success",
    result_code: "A001",
    m_status: "success",
    payment_type: "card",
    gross_amount: card!.amount,
    transaction_datetime: new Date().toISOString(),
    push_id: "route-test-late-card",
  });
  const pushed = await fetch(`${stack.base}/api/adv/payment_push`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Sandbox-Signature": signSandboxPush(PUSH_SECRET, raw, new Date()),
    },
    body: raw,
  });
  expect(pushed.status).toBe(200);

  const detail = await page("/administrator/advertisements/2/detail");
  expect(detail.status).toBe(200);
  expect(detail.html).toContain("要返金の入金があります");
  expect(detail.html).toContain("お支払い済みの申込への重複入金");

  const sales = await page("/administrator/sales");
  expect(sales.html).toContain("要返金（");
  expect(sales.html).toContain("お支払い済みの申込への重複入金");
  // One sale for the order (the editors' mark-paid), not two.
  expect(/data-testid="sales-count">([^<]*)</.exec(sales.html)![1]).toBe(countBefore);
});
