// @vitest-environment node
// Issue 28 #5, #9 and #13: one payable key per order; money that arrives for an order already
// paid, remanded or deleted is a refund needed (要返金: recorded, audited, mailed, listed), never a
// second sale; the sandbox's push survives a failed delivery (a durable job retries it); a push
// dated far from now is refused.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiApp, createApiDeps } from "../app";
import { SandboxProvider } from "../adapters/payment-sandbox";
import { signSandboxPush } from "../adapters/sandbox-push-signature";
import { loadApiConfig } from "../config";
import type { Database } from "../db/client";
import {
  auditLogs,
  jobs,
  paymentAttempts,
  paymentNotifications,
  paymentRefunds,
} from "../db/schema";
import { createJobWorker } from "../publishing/jobs";
import { createTestDatabase, outboxMails, TEST_NOW } from "../testing/db";
import { body, get, loginAdmin, loginShop, patchJson, placeOrder, postJson } from "../testing/http";
import { PUSH_RETRY_DELAY_MS } from "./routes";
import { orderRow, salesOf } from "../testing/rows";

const SECRET = "second-payment-push-secret";
const CARD = { card_number: "4111111111111111", expiry: "12/30", cvc: "123", holder: "TARO" };

let db: Database;
let close: () => Promise<void>;
let now = TEST_NOW;
const clock = () => now;
let config: Awaited<ReturnType<typeof loadApiConfig>>;
let app: ReturnType<typeof createApiApp>;
let shop: string;
let admin: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  close = database.close;
  config = await loadApiConfig({ SANDBOX_PUSH_SECRET: SECRET });
  app = createApiApp({ db, config, clock });
  shop = (await loginShop(app)).token;
  admin = (await loginAdmin(app)).token;
});
afterAll(() => close());

const form = (target: typeof app, path: string, fields: Record<string, string>) =>
  target.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

async function issueKey(orderId: number, card = true) {
  const response = await postJson(
    app,
    `/api/adv/issue_payment_key/${orderId}`,
    card ? { card: 1, cardHolderEmail: "shop@example.com" } : {},
    shop,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await body(response)) as { paymentKey: string; paymentPageUrl: string };
}

const refundsOf = (orderId: number) =>
  db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.publishmentOrderId, orderId))
    .orderBy(asc(paymentRefunds.id));

/** A provider's signed push for an attempt, as a real provider (POP) may still send. */
async function paidPush(
  orderId: number,
  attemptIndex: number,
  at = "2025-06-15T11:30:00+09:00",
  fields: Record<string, unknown> = {},
) {
  const attempts = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.publishmentOrderId, orderId))
    .orderBy(asc(paymentAttempts.id));
  const attempt = attempts[attemptIndex]!;
  const raw = JSON.stringify({
    merchant_id: "sandbox",
    order_id: attempt.providerOrderId,
    status: "success",
    result_code: "A001",
    m_status: "success",
    payment_type: "card",
    gross_amount: attempt.amount,
    transaction_datetime: at,
    push_id: `push-${attempt.id}-${at}`,
    ...fields,
  });
  return app.request("/api/adv/payment_push", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Sandbox-Signature": signSandboxPush(SECRET, raw, now),
    },
    body: raw,
  });
}

describe("one payable key per order", () => {
  test("a slip issued later for a retired key leaves the order as it is", async () => {
    const copy = await body(await postJson(app, "/api/adv/posts/duplicate/from/14", {}, shop));
    const { id: orderId } = await placeOrder(app, shop, copy.id);
    await issueKey(orderId, false);
    await issueKey(orderId);
    const slip = {
      store: "lawson",
      receiptNumber: "1234567890",
      confirmationNumber: null,
      collectorNumber: null,
      amount: 33000,
      expiresAt: "2025-06-22T23:59:59+09:00",
      slipUrl: null,
    };
    const pending = await paidPush(orderId, 0, "2025-06-15T11:40:00+09:00", {
      m_status: "pending",
      payment_type: "cvs",
      slip,
    });
    expect(pending.status).toBe(200);
    expect(await orderRow(db, orderId)).toMatchObject({
      paymentStatus: "waiting",
      paymentMethod: "card",
      paymentSlip: null,
    });
  });

  test("a new key retires the earlier one: its page and its slip can no longer be paid", async () => {
    const { id: orderId } = await placeOrder(app, shop, 12);
    const slipKey = await issueKey(orderId, false);
    expect((await form(app, `${slipKey.paymentPageUrl}/cvs`, { store: "lawson" })).status).toBe(
      200,
    );
    const cardKey = await issueKey(orderId);

    // The store slip issued first is void: its page says so and the store cannot pay it.
    const [slipAttempt, cardAttempt] = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.publishmentOrderId, orderId))
      .orderBy(asc(paymentAttempts.id));
    expect([slipAttempt!.status, cardAttempt!.status]).toEqual(["retired", "issued"]);
    const slipPage = `/sandbox-pay/slips/${encodeURIComponent(slipKey.paymentKey)}`;
    const voided = await get(app, slipPage);
    expect(voided.status).toBe(410);
    expect(await voided.text()).toContain("新しいお手続きに切り替わったため無効です");
    expect((await form(app, `${slipPage}/simulate`, {})).status).toBe(410);
    expect((await form(app, `${slipKey.paymentPageUrl}/card`, CARD)).status).toBe(410);

    // The card key pays once: one sale.
    expect((await form(app, `${cardKey.paymentPageUrl}/card?embed=1`, CARD)).status).toBe(200);
    expect((await orderRow(db, orderId)).paymentStatus).toBe("paid");
    expect(await salesOf(db, orderId)).toHaveLength(1);
  });
});

describe("money for an order that cannot keep it is a refund needed", () => {
  test("paid twice (a key the provider could not retire): 要返金, audited, mailed, listed", async () => {
    const { id: orderId } = await placeOrder(app, shop, 13);
    await issueKey(orderId);
    await issueKey(orderId);
    expect((await paidPush(orderId, 1)).status).toBe(200);
    expect((await orderRow(db, orderId)).paymentStatus).toBe("paid");
    const mailsBefore = (await outboxMails(db)).length;

    // The retired first key pays too (POP cannot cancel a key).
    expect((await paidPush(orderId, 0)).status).toBe(200);
    expect(await salesOf(db, orderId)).toHaveLength(1);
    const [refund] = await refundsOf(orderId);
    expect(refund).toMatchObject({ reason: "already_paid", amount: 33000, paymentType: "card" });

    const [audit] = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, "order.refund_needed"),
          eq(auditLogs.target, `/api/adv/publishment_orders/${orderId}`),
        ),
      );
    expect(audit).toMatchObject({ actorUserLoginId: null, advertisementId: 13 });

    const mails = (await outboxMails(db)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe("editor@example.com");
    expect(mails[0]!.subject).toContain("【要返金】");
    expect(mails[0]!.body).toContain("理由: お支払い済みの申込への重複入金");
    expect(mails[0]!.body).toContain("入金額: 33,000円（税込）");

    // The same payment told again (another push id) is not a second refund.
    expect((await paidPush(orderId, 0, "2025-06-15T11:31:00+09:00")).status).toBe(200);
    expect(await refundsOf(orderId)).toHaveLength(1);

    // The editors' list of it, by order and by month; advertisers get nothing.
    const byOrder = await body(
      await get(app, `/api/adv/payment_refunds?publishmentOrder=${orderId}`, admin),
    );
    expect(byOrder["hydra:totalItems"]).toBe(1);
    expect(byOrder["hydra:member"][0]).toMatchObject({
      "@type": "PaymentRefund",
      advertisement: "/api/adv/posts/13",
      reason: "already_paid",
      amount: 33000,
    });
    const byMonth = await body(await get(app, "/api/adv/payment_refunds?month=2025-06", admin));
    expect(byMonth["hydra:member"].map((r: { id: number }) => r.id)).toContain(refund!.id);
    expect((await get(app, "/api/adv/payment_refunds?month=2025-06", shop)).status).toBe(403);
  });

  test("after a remand or a deletion: 要返金, no sale, the order not paid", async () => {
    const remandedOrder = (await placeOrder(app, shop, 14)).id as number;
    await issueKey(remandedOrder);
    const remanded = await patchJson(
      app,
      `/api/adv/publishment_orders/${remandedOrder}/remand`,
      { note: "画像を差し替えてください" },
      admin,
    );
    expect(remanded.status).toBe(200);
    expect((await paidPush(remandedOrder, 0)).status).toBe(200);
    expect((await refundsOf(remandedOrder)).map((r) => r.reason)).toEqual(["remanded"]);
    expect(await salesOf(db, remandedOrder)).toEqual([]);
    expect((await orderRow(db, remandedOrder)).paymentStatus).not.toBe("paid");

    const deletedOrder = (await placeOrder(app, shop, 15)).id as number;
    await issueKey(deletedOrder);
    const deleted = await app.request("/api/adv/posts/15", {
      method: "DELETE",
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(deleted.status).toBe(204);
    expect((await paidPush(deletedOrder, 0)).status).toBe(200);
    expect((await refundsOf(deletedOrder)).map((r) => r.reason)).toEqual(["deleted"]);
    expect(await salesOf(db, deletedOrder)).toEqual([]);
  });
});

describe("the sandbox's push is durable (issue 28 #9)", () => {
  test("a push that did not arrive is retried by the job worker, after a restart too", async () => {
    // A second draft of shop@: copy 12 (the copy has no order).
    const copy = await body(await postJson(app, "/api/adv/posts/duplicate/from/12", {}, shop));
    const { id: orderId } = await placeOrder(app, shop, copy.id);
    const key = await issueKey(orderId);

    // The merchant refuses every push (it cannot verify it), as if it were down.
    const unreachable = createApiApp({
      db,
      config,
      clock,
      payments: new SandboxProvider({ db, clock, pushSecret: "a-different-secret-0123456789" }),
    });
    const page = await form(unreachable, `${key.paymentPageUrl}/card?embed=1`, CARD);
    expect(await page.text()).toContain("加盟店への通知に失敗しました。");
    expect((await orderRow(db, orderId)).paymentStatus).toBe("waiting");

    // A restarted API runs its jobs: the push arrives, once.
    const deps = createApiDeps({ db, config, clock });
    createApiApp({ db, config, deps });
    const worker = createJobWorker({ deps, log: () => {} });
    now = new Date(TEST_NOW.getTime() + PUSH_RETRY_DELAY_MS + 1000);
    try {
      await worker.runOnce();
    } finally {
      now = TEST_NOW;
    }
    expect((await orderRow(db, orderId)).paymentStatus).toBe("paid");
    expect(await salesOf(db, orderId)).toHaveLength(1);
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "sandbox_push")))
      .orderBy(asc(jobs.id));
    expect(job).toBeDefined();
    const open = await db.select().from(jobs).where(eq(jobs.kind, "sandbox_push"));
    expect(open.filter((row) => row.doneAt === null)).toEqual([]);
  });
});

describe("a push dated far from now (issue 28 #13)", () => {
  test("is refused: no sale in a closed month, nothing recorded", async () => {
    const copy = await body(await postJson(app, "/api/adv/posts/duplicate/from/13", {}, shop));
    const { id: orderId } = await placeOrder(app, shop, copy.id);
    await issueKey(orderId);
    const notificationsBefore = (await db.select().from(paymentNotifications)).length;
    for (const at of ["2025-01-31T12:00:00+09:00", "2025-06-15T14:00:00+09:00"]) {
      expect((await paidPush(orderId, 0, at)).status, at).toBe(400);
    }
    expect(await salesOf(db, orderId)).toEqual([]);
    expect((await db.select().from(paymentNotifications)).length).toBe(notificationsBefore);
    // Yesterday's payment is fine.
    expect((await paidPush(orderId, 0, "2025-06-14T23:00:00+09:00")).status).toBe(200);
    expect(await salesOf(db, orderId)).toHaveLength(1);
  });
});
