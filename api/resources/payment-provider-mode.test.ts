// @vitest-environment node
// Issue 28 #1: the test-card sandbox pays orders, so it exists only in demo mode or with
// PAYMENT_SANDBOX=on (logged loudly at start). Outside both, card and store payment are refused
// clearly and the sandbox's pages and push are not there at all.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, test, vi } from "vitest";
import { loadApiConfig } from "../config";
import { announcePayments } from "../index";
import { paymentAttempts, publishmentOrders } from "../db/schema";
import { signSandboxPush } from "../adapters/sandbox-push-signature";
import { createTestApi, TEST_NOW } from "../testing/db";
import { body, get, loginShop, placeOrder, postJson } from "../testing/http";
import { isOwnReturnUrl } from "./payment-keys";

const SECRET = "provider-mode-push-secret";
const PRODUCTION = { DEMO: "false", SANDBOX_PUSH_SECRET: SECRET };

afterEach(() => vi.restoreAllMocks());

async function apiWithOrder(env: Record<string, string>) {
  const api = await createTestApi({ env });
  const shop = (await loginShop(api.app)).token;
  // Demo data: shop@ owns draft 12 (no order yet).
  const order = await placeOrder(api.app, shop, 12);
  return { api, shop, orderId: order.id as number };
}

describe("outside demo mode without POP keys", () => {
  test("a payment key is refused, nothing is written, and the sandbox does not exist", async () => {
    const { api, shop, orderId } = await apiWithOrder(PRODUCTION);
    try {
      const refused = await postJson(
        api.app,
        `/api/adv/issue_payment_key/${orderId}`,
        { card: 1, cardHolderEmail: "shop@example.com" },
        shop,
      );
      expect(refused.status).toBe(503);
      expect((await body(refused))["hydra:description"]).toBe(
        "クレジットカード・コンビニ決済は現在ご利用いただけません。銀行振込をご利用ください。",
      );
      const [order] = await api.db
        .select()
        .from(publishmentOrders)
        .where(eq(publishmentOrders.id, orderId));
      expect(order!.paymentStatus).toBe("none");
      expect(
        await api.db
          .select()
          .from(paymentAttempts)
          .where(eq(paymentAttempts.publishmentOrderId, orderId)),
      ).toEqual([]);

      // The sandbox's pop-up script, its pay pages and its push are not served.
      expect((await get(api.app, "/sandbox-pay/pop.js")).status).toBe(404);
      expect((await get(api.app, "/sandbox-pay/pay/anything")).status).toBe(404);
      const raw = JSON.stringify({ order_id: "ADV000012-00000000", m_status: "success" });
      const push = await api.app.request("/api/adv/payment_push", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Sandbox-Signature": signSandboxPush(SECRET, raw, TEST_NOW),
        },
        body: raw,
      });
      expect(push.status).toBe(404);
    } finally {
      await api.close();
    }
  });
});

describe("PAYMENT_SANDBOX=on outside demo mode", () => {
  test("the sandbox takes payments, and the start says so loudly", async () => {
    const { api, shop, orderId } = await apiWithOrder({ ...PRODUCTION, PAYMENT_SANDBOX: "on" });
    try {
      const issued = await postJson(
        api.app,
        `/api/adv/issue_payment_key/${orderId}`,
        { card: 1, cardHolderEmail: "shop@example.com" },
        shop,
      );
      expect(issued.status).toBe(200);
      const key = await body(issued);
      expect(key.provider).toBe("sandbox");
      expect((await get(api.app, `/sandbox-pay/pay/${key.paymentKey}`)).status).toBe(200);

      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      announcePayments(api.config);
      expect(warn.mock.calls.join("\n")).toMatch(/PAYMENT_SANDBOX=on outside demo mode/);
    } finally {
      await api.close();
    }
  });
});

describe("which provider the configuration gives", () => {
  test("the sandbox in demo mode only, or when opted in; never beside POP", async () => {
    expect((await loadApiConfig({})).payment.sandbox).toBe(true);
    expect((await loadApiConfig({ DEMO: "false" })).payment.sandbox).toBe(false);
    expect((await loadApiConfig({ DATABASE_URL: "postgres://db/x" })).payment.sandbox).toBe(false);
    expect(
      (await loadApiConfig({ DATABASE_URL: "postgres://db/x", PAYMENT_SANDBOX: "on" })).payment
        .sandbox,
    ).toBe(true);
    expect((await loadApiConfig({ PAYMENT_SANDBOX: "off" })).payment.sandbox).toBe(false);
    await expect(
      loadApiConfig({
        POP_SERVER_KEY: "s",
        POP_CLIENT_KEY: "c",
        POP_PUSH_URL: "https://ads.example.jp/api/adv/payment_push",
        PAYMENT_SANDBOX: "on",
      }),
    ).rejects.toThrow(/PAYMENT_SANDBOX/);
  });

  test("no provider is announced as bank transfer only", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    announcePayments(await loadApiConfig({ DEMO: "false" }));
    expect(warn.mock.calls.join("\n")).toMatch(/card and store payment are not offered/);
  });
});

describe("isOwnReturnUrl (issue 28 #10)", () => {
  test("a path on our origin, or an absolute URL on PUBLIC_ORIGIN; nothing else", () => {
    const origin = "https://ads.example.jp";
    expect(isOwnReturnUrl("/advertiser/advertisements/12/publishment/complete", null)).toBe(true);
    expect(isOwnReturnUrl("https://ads.example.jp/advertiser", origin)).toBe(true);
    for (const other of [
      "https://ads.example.jp.evil.example/",
      "http://ads.example.jp/advertiser",
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      "/\t/evil.example/",
      "advertiser",
    ]) {
      expect(isOwnReturnUrl(other, origin), other).toBe(false);
    }
    expect(isOwnReturnUrl("https://ads.example.jp/advertiser", null)).toBe(false);
  });
});
