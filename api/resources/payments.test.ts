// @vitest-environment node
// Card and store payments (ADR 0009) with the sandbox provider: POST issue_payment_key/{orderId}
// (who may, card holder rules, what is written, a failing provider) and POST payment_push (the
// signature, replays, unknown orders, wrong amounts, paid / pending / failed, idempotence).
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PaymentProvider, PaymentSlip } from "../adapters/payment";
import { signSandboxPush } from "../adapters/sandbox-push-signature";
import { createApiApp } from "../app";
import {
  advertisements,
  auditLogs,
  messageBoxes,
  paymentAttempts,
  paymentNotifications,
  publishmentOrders,
  sales,
  sandboxPayments,
} from "../db/schema";
import { outboxMails, TEST_NOW } from "../testing/db";
import { body, get, postJson } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";
import { violationsOf } from "../testing/violations";
import {
  lastMessage,
  oddPricedOrder,
  orderRow,
  salesOf,
  SEJ_SLIP,
  setPayment,
} from "../testing/rows";

const SECRET = "test-sandbox-push-secret";

let api: TestApi;
let admin: string, shop: string, other: string;

beforeAll(async () => {
  ({ api, admin, shop, other } = await openDemoApi({ env: { SANDBOX_PUSH_SECRET: SECRET } }));
});
afterAll(() => api.close());

// Demo data: shop@ (client 1) owns drafts 12-15 (no order). TEST_NOW is 2025-06-15 12:00 JST.

// 12,345 + 10 % rounded down (1,234) = 13,579 yen.
const orderFor = (adId: number) => oddPricedOrder(api, shop, adId);
const resetPayment = (id: number) =>
  setPayment(api.db, id, { paymentSlip: null, paymentDueDate: null, paymentKey: null });

const issue = (id: number, payload: unknown = {}, token = shop, app = api.app) =>
  postJson(app, `/api/adv/issue_payment_key/${id}`, payload, token);

const attemptsOf = (id: number) =>
  api.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.publishmentOrderId, id))
    .orderBy(asc(paymentAttempts.id));
async function countOf(table: typeof paymentNotifications | typeof messageBoxes) {
  const [row] = await api.db.select({ n: count() }).from(table);
  return row!.n;
}

/** Issues a key and returns its attempt. */
async function issued(id: number, payload: unknown = {}) {
  const response = await issue(id, payload);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await attemptsOf(id)).at(-1)!;
}

type Push = Record<string, unknown>;
/** A sandbox push in POP's field names (ADR 0009). */
function pushFor(attempt: { providerOrderId: string; amount: number }, fields: Push = {}): Push {
  return {
    merchant_id: "sandbox",
    order_id: attempt.providerOrderId,
    status: "success",
    result_code: "A001000000000000",
    m_status: "success",
    payment_type: "card",
    gross_amount: attempt.amount,
    transaction_datetime: "2025-06-15T12:00:00+09:00",
    push_id: "push-1",
    ...fields,
  };
}

function sendPush(
  payload: Push | string,
  opts: { signedAt?: Date; secret?: string; header?: string | null } = {},
) {
  const raw = typeof payload === "string" ? payload : JSON.stringify(payload);
  const header =
    opts.header === undefined
      ? signSandboxPush(opts.secret ?? SECRET, raw, opts.signedAt ?? TEST_NOW)
      : opts.header;
  return api.app.request("/api/adv/payment_push", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(header === null ? {} : { "X-Sandbox-Signature": header }),
    },
    body: raw,
  });
}

const slip = SEJ_SLIP;

let orders: { 12: number; 13: number; 14: number; 15: number };
beforeAll(async () => {
  orders = {
    12: await orderFor(12),
    13: await orderFor(13),
    14: await orderFor(14),
    15: await orderFor(15),
  };
});

describe("issue_payment_key", () => {
  test("a store key: the sandbox's page, the attempt, the order waiting by cvs", async () => {
    const id = orders[12];
    await resetPayment(id);
    const response = await issue(id, { returnUrl: "/advertiser/advertisements/12/done" });
    expect(response.status, await response.clone().text()).toBe(200);
    const json = await body(response);
    expect(json).toMatchObject({
      "@type": "PaymentKey",
      provider: "sandbox",
      expiresAt: "2025-06-15T13:00:00+09:00",
      publishmentOrder: `/api/adv/publishment_orders/${id}`,
    });
    expect(json.paymentKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(json.paymentPageUrl).toBe(`/sandbox-pay/pay/${json.paymentKey}`);

    const [attempt] = await attemptsOf(id);
    expect(attempt).toMatchObject({
      provider: "sandbox",
      paymentKey: json.paymentKey,
      card: false,
      amount: 13579,
      status: "issued",
    });
    expect(attempt!.providerOrderId).toMatch(/^ADV000012-[0-9a-f]{8}$/);
    const [sandbox] = await api.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.paymentKey, json.paymentKey));
    expect(sandbox).toMatchObject({
      providerOrderId: attempt!.providerOrderId,
      amount: 13579,
      enabledTypes: ["cvs", "bank"],
      pushUrl: "http://localhost/api/adv/payment_push",
      returnUrl: "/advertiser/advertisements/12/done",
    });
    expect(await orderRow(api.db, id)).toMatchObject({
      paymentStatus: "waiting",
      paymentMethod: "cvs",
      paymentType: "other",
      paymentKey: json.paymentKey,
      paymentSlip: null,
      paymentDueDate: null,
    });
  });

  test("a card key: the phone stored as digits, card only, the order waiting by card", async () => {
    const id = orders[13];
    await resetPayment(id);
    const response = await issue(id, {
      card: 1,
      cardHolderHomePhoneNumber: "０３－１２３４－５６７８",
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { paymentKey } = await body(response);
    const [sandbox] = await api.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.paymentKey, paymentKey));
    expect(sandbox).toMatchObject({
      enabledTypes: ["card"],
      customerPhone: "0312345678",
      customerEmail: null,
    });
    expect((await attemptsOf(id)).at(-1)!.card).toBe(true);
    expect(await orderRow(api.db, id)).toMatchObject({
      paymentStatus: "waiting",
      paymentMethod: "card",
    });
    // A second key (the customer changed their mind): a new attempt, the order by the new key.
    const again = await body(await issue(id, { card: "true", cardHolderEmail: "a@example.com" }));
    expect(again.paymentKey).not.toBe(paymentKey);
    expect(await attemptsOf(id)).toHaveLength(2);
    expect((await orderRow(api.db, id)).paymentKey).toBe(again.paymentKey);
  });

  test("own orders only: another advertiser, a deleted ad or an unknown order is 404", async () => {
    const id = orders[14];
    await resetPayment(id);
    expect((await issue(id, {}, other)).status).toBe(404);
    expect((await issue(99999)).status).toBe(404);
    await api.db.update(advertisements).set({ isDeleted: true }).where(eq(advertisements.id, 14));
    try {
      expect((await issue(id)).status).toBe(404);
      expect((await issue(id, {}, admin)).status).toBe(404);
    } finally {
      await api.db
        .update(advertisements)
        .set({ isDeleted: false })
        .where(eq(advertisements.id, 14));
    }
    expect(await attemptsOf(id)).toHaveLength(0);
    expect((await orderRow(api.db, id)).paymentStatus).toBe("none");
  });

  test("an administrator may issue one; it is audited", async () => {
    const id = orders[14];
    await resetPayment(id);
    expect((await issue(id, {}, admin)).status).toBe(200);
    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "order.payment_key"), eq(auditLogs.advertisementId, 14)));
    expect(audit!.target).toBe(`/api/adv/publishment_orders/${id}`);
    expect(audit!.changes).toMatchObject({
      paymentStatus: { before: "none", after: "waiting" },
      paymentMethod: { before: null, after: "cvs" },
    });
  });

  test("a paid order is refused; waiting for a bank transfer is not", async () => {
    const id = orders[15];
    await resetPayment(id);
    await api.db
      .update(publishmentOrders)
      .set({ paymentStatus: "paid", paymentMethod: "bank_transfer", paymentType: "direct" })
      .where(eq(publishmentOrders.id, id));
    expect(await violationsOf(await issue(id))).toEqual([
      ["paymentStatus", "この申込はお支払い済みです。"],
    ]);
    expect(await attemptsOf(id)).toHaveLength(0);
    await api.db
      .update(publishmentOrders)
      .set({ paymentStatus: "waiting" })
      .where(eq(publishmentOrders.id, id));
    expect((await issue(id, { card: 1, cardHolderEmail: "a@example.com" })).status).toBe(200);
    await resetPayment(id);
  });

  test("card rules: an e-mail or a phone, each one given valid; returnUrl on our origin", async () => {
    const id = orders[15];
    await resetPayment(id);
    const attempts = (await attemptsOf(id)).length;
    expect(await violationsOf(await issue(id, { card: 1 }))).toEqual([
      ["cardHolderEmail", "メールアドレスまたは電話番号を入力してください。"],
    ]);
    expect(
      await violationsOf(
        await issue(id, { card: 1, cardHolderEmail: "a@", cardHolderHomePhoneNumber: "" }),
      ),
    ).toEqual([["cardHolderEmail", "メールアドレスの形式が正しくありません。"]]);
    expect(
      await violationsOf(
        await issue(id, {
          card: 1,
          cardHolderEmail: "a@example.com",
          cardHolderHomePhoneNumber: "03-1234-567",
        }),
      ),
    ).toEqual([["cardHolderHomePhoneNumber", "電話番号は数字10桁または11桁で入力してください。"]]);
    expect(
      await violationsOf(
        await issue(id, { card: 1, cardHolderEmail: "a@", cardHolderHomePhoneNumber: "0312" }),
      ),
    ).toEqual([
      ["cardHolderEmail", "メールアドレスの形式が正しくありません。"],
      ["cardHolderHomePhoneNumber", "電話番号は数字10桁または11桁で入力してください。"],
    ]);
    // Another site (issue 28 #10: the paid page redirected anywhere), however it is spelt.
    for (const returnUrl of [
      "javascript:alert(1)",
      "https://evil.example/phish",
      "//evil.example/phish",
      "/\\evil.example/phish",
      "\\\\evil.example",
      "http://localhost:3000/advertiser",
    ]) {
      expect(await violationsOf(await issue(id, { returnUrl })), returnUrl).toEqual([
        ["returnUrl", "正しい値を入力してください。"],
      ]);
    }
    expect(await violationsOf(await issue(id, { returnUrl: `/${"x".repeat(2000)}` }))).toEqual([
      ["returnUrl", "2000文字以内で入力してください。"],
    ]);
    expect(await attemptsOf(id)).toHaveLength(attempts);
    expect((await orderRow(api.db, id)).paymentStatus).toBe("none");
  });

  test("a failing provider: 502, and nothing is written", async () => {
    const id = orders[15];
    await resetPayment(id);
    const failing: PaymentProvider = {
      name: "pop",
      issuePaymentKey: () => Promise.reject(new Error("POP refused: result_code RC01")),
      readPush: () => {
        throw new Error("unused");
      },
      retireKeys: () => Promise.resolve(),
    };
    const app = createApiApp({
      db: api.db,
      config: api.config,
      clock: () => TEST_NOW,
      payments: failing,
    });
    const before = await orderRow(api.db, id);
    const attempts = (await attemptsOf(id)).length;
    const response = await issue(id, { card: 1, cardHolderEmail: "a@example.com" }, shop, app);
    expect(response.status).toBe(502);
    const json = await body(response);
    expect(json["hydra:description"] ?? json.detail).toBe("決済サービスに接続できませんでした。");
    expect(JSON.stringify(json)).not.toContain("RC01");
    expect(await attemptsOf(id)).toHaveLength(attempts);
    expect(await orderRow(api.db, id)).toEqual(before);
  });
});

describe("payment_push", () => {
  test("refused pushes change nothing: bad or missing signature 401, stale 400, unreadable 400", async () => {
    const id = orders[12];
    await resetPayment(id);
    const attempt = await issued(id);
    const before = await orderRow(api.db, id);
    const notifications = await countOf(paymentNotifications);
    const push = pushFor(attempt);
    expect((await sendPush(push, { secret: "another-secret-of-someone" })).status).toBe(401);
    expect((await sendPush(push, { header: null })).status).toBe(401);
    const raw = JSON.stringify(push);
    const tampered = signSandboxPush(SECRET, raw, TEST_NOW);
    expect(
      (await sendPush(JSON.stringify({ ...push, gross_amount: 1 }), { header: tampered })).status,
    ).toBe(401);
    // Signed six minutes ago: a replay.
    const stale = new Date(TEST_NOW.getTime() - 360_000);
    expect((await sendPush(push, { signedAt: stale })).status).toBe(400);
    expect((await sendPush("not json")).status).toBe(400);
    expect((await sendPush({ ...push, m_status: "maybe" })).status).toBe(400);
    expect(await orderRow(api.db, id)).toEqual(before);
    expect(await countOf(paymentNotifications)).toBe(notifications);
    expect(await salesOf(api.db, id)).toHaveLength(0);
  });

  test("an unknown provider order is 404; an amount not the attempt's is 400; nothing changes", async () => {
    const id = orders[12];
    await resetPayment(id);
    const attempt = await issued(id);
    const before = await orderRow(api.db, id);
    const notifications = await countOf(paymentNotifications);
    expect(
      (await sendPush(pushFor({ providerOrderId: "ADV000012-00000000", amount: 13579 }))).status,
    ).toBe(404);
    expect((await sendPush(pushFor(attempt, { gross_amount: 100 }))).status).toBe(400);
    expect(await orderRow(api.db, id)).toEqual(before);
    expect(await countOf(paymentNotifications)).toBe(notifications);
    expect(await salesOf(api.db, id)).toHaveLength(0);
  });

  test("paid: the order paid by card, one sale, a message and the paid mail; once only", async () => {
    const id = orders[12];
    await resetPayment(id);
    const attempt = await issued(id, { card: 1, cardHolderEmail: "a@example.com" });
    const messages = await countOf(messageBoxes);
    const push = pushFor(attempt, { transaction_datetime: "2025-06-15T11:30:00+09:00" });
    const response = await sendPush(push);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await body(response)).toEqual({ result: "ok" });
    const order = await orderRow(api.db, id);
    expect(order).toMatchObject({
      paymentStatus: "paid",
      paymentMethod: "card",
      paymentType: "other",
      paymentSlip: null,
    });
    expect(order.paidAt!.toISOString()).toBe("2025-06-15T02:30:00.000Z");
    expect((await salesOf(api.db, id)).map((s) => [s.net, s.tax])).toEqual([[12345, 1234]]);
    expect((await attemptsOf(id)).at(-1)).toMatchObject({ status: "paid", paymentType: "card" });
    expect(await countOf(messageBoxes)).toBe(messages + 1);
    expect((await lastMessage(api.db, 12)).subject).toBe("入金を確認しました");
    const mail = (await outboxMails(api.db)).at(-1)!;
    expect(mail.subject).toBe("【お店News】入金を確認しました（申込ID 000012）");
    expect(mail.body).toContain("ご入金額: 13,579円（税込）");
    const detail = await body(await get(api.app, `/api/adv/publishment_orders/${id}`, shop));
    expect(detail).toMatchObject({ paymentStatus: "paid", paymentMethodLabel: "クレジットカード" });

    // The same push again: acknowledged, not applied.
    const again = await sendPush(push);
    expect(again.status).toBe(200);
    expect(await body(again)).toEqual({ result: "duplicate" });
    // Another paid push for the paid order (another push id): still one sale, one message.
    expect((await sendPush({ ...push, push_id: "push-2" })).status).toBe(200);
    expect(await salesOf(api.db, id)).toHaveLength(1);
    expect(await countOf(messageBoxes)).toBe(messages + 1);
    expect((await orderRow(api.db, id)).paidAt!.toISOString()).toBe("2025-06-15T02:30:00.000Z");
  });

  test("pending: the slip on the order and on the ad, a message and a mail; then paid at the store", async () => {
    const id = orders[13];
    await resetPayment(id);
    const attempt = await issued(id);
    const response = await sendPush(
      pushFor(attempt, { m_status: "pending", status: "success", payment_type: "cvs", slip }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await orderRow(api.db, id)).toMatchObject({
      paymentStatus: "waiting",
      paymentMethod: "cvs",
      paymentType: "other",
      paymentSlip: slip,
      paymentDueDate: "2025-06-22",
    });
    expect(await salesOf(api.db, id)).toHaveLength(0);
    const post = await body(await get(api.app, "/api/adv/posts/13", shop));
    expect(post.publishmentOrder).toMatchObject({
      paymentStatus: "waiting",
      paymentMethodLabel: "コンビニ払い",
      paymentSlip: slip,
    });
    const message = await lastMessage(api.db, 13);
    expect(message.subject).toBe("お支払い番号のご案内");
    expect(message.body.split("\n")).toEqual([
      "お支払い先: セブン-イレブン",
      "受付番号: 1234567890123",
      "金額: 13,579円（税込）",
      "期限: 2025/06/22 23:59",
    ]);
    const mail = (await outboxMails(api.db)).at(-1)!;
    expect(mail.subject).toBe("【お店News】お支払い番号のご案内（申込ID 000013）");
    expect(mail.body).toContain("受付番号: 1234567890123");

    const paid = await sendPush(
      pushFor(attempt, {
        payment_type: "cvs",
        push_id: "push-paid",
        transaction_datetime: "20250615113000",
      }),
    );
    expect(paid.status).toBe(200);
    const order = await orderRow(api.db, id);
    expect(order).toMatchObject({
      paymentStatus: "paid",
      paymentMethod: "cvs",
      paymentSlip: null,
      paymentDueDate: null,
    });
    expect(order.paidAt!.toISOString()).toBe("2025-06-15T02:30:00.000Z");
    expect(await salesOf(api.db, id)).toHaveLength(1);
  });

  test("pending by Pay-easy: ペイジー with the collector and confirmation numbers", async () => {
    const id = orders[14];
    await resetPayment(id);
    const attempt = await issued(id);
    const payeasy: PaymentSlip = {
      ...slip,
      store: "payeasy",
      receiptNumber: "12345678901",
      confirmationNumber: "4567",
      collectorNumber: "58091",
    };
    expect(
      (
        await sendPush(
          pushFor(attempt, { m_status: "pending", payment_type: "bank", slip: payeasy }),
        )
      ).status,
    ).toBe(200);
    const detail = await body(await get(api.app, `/api/adv/publishment_orders/${id}`, admin));
    expect(detail).toMatchObject({
      paymentStatus: "waiting",
      paymentMethod: "payeasy",
      paymentMethodLabel: "ペイジー（銀行ATM）",
      paymentSlip: payeasy,
    });
    expect((await lastMessage(api.db, 14)).body).toContain("収納機関番号: 58091");
    expect((await lastMessage(api.db, 14)).body).toContain("確認番号: 4567");
  });

  test("failed: the attempt failed, the order unchanged", async () => {
    const id = orders[15];
    await resetPayment(id);
    const attempt = await issued(id, { card: 1, cardHolderEmail: "a@example.com" });
    const before = await orderRow(api.db, id);
    const messages = await countOf(messageBoxes);
    const response = await sendPush(
      pushFor(attempt, { status: "failure", m_status: "failure", result_code: "D001000000000000" }),
    );
    expect(response.status).toBe(200);
    expect(await orderRow(api.db, id)).toEqual(before);
    expect((await attemptsOf(id)).at(-1)!.status).toBe("failed");
    expect(await countOf(messageBoxes)).toBe(messages);
    expect(await salesOf(api.db, id)).toHaveLength(0);
    // The order as the portal reads it (alone and embedded in its ad) says the card was declined
    // (issue 30 #5), while it still waits for a payment.
    const declined = {
      paymentStatus: "waiting",
      paymentMethod: "card",
      paymentAttemptStatus: "failed",
    };
    expect(await body(await get(api.app, `/api/adv/publishment_orders/${id}`, shop))).toMatchObject(
      declined,
    );
    const post = await body(await get(api.app, `/api/adv/posts/${before.advertisementId}`, shop));
    expect(post).toMatchObject({ publishmentOrder: declined });
    // A new key starts over: nothing has failed yet.
    await issued(id, { card: 1, cardHolderEmail: "a@example.com" });
    expect(await body(await get(api.app, `/api/adv/publishment_orders/${id}`, shop))).toMatchObject(
      { paymentAttemptStatus: "issued" },
    );
  });

  test("a push whose effects fail is not recorded as received: the retry applies it", async () => {
    const id = orders[14];
    await resetPayment(id);
    await api.db.delete(sales).where(eq(sales.publishmentOrderId, id));
    const attempt = await issued(id);
    const push = pushFor(attempt, { payment_type: "cvs", push_id: "push-retry" });
    const notifications = await countOf(paymentNotifications);
    await api.db.execute(
      sql.raw("alter table sales add constraint test_no_sale check (net < 0) not valid"),
    );
    try {
      expect((await sendPush(push)).status).toBe(500);
    } finally {
      await api.db.execute(sql.raw("alter table sales drop constraint test_no_sale"));
    }
    expect(await countOf(paymentNotifications)).toBe(notifications);
    expect((await orderRow(api.db, id)).paymentStatus).toBe("waiting");
    const retry = await sendPush(push);
    expect(await body(retry)).toEqual({ result: "ok" });
    expect((await orderRow(api.db, id)).paymentStatus).toBe("paid");
    expect(await salesOf(api.db, id)).toHaveLength(1);
  });

  test("is public: an unsigned push is refused by its signature (401), not for want of a bearer", async () => {
    const response = await api.app.request("/api/adv/payment_push", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toBeNull();
  });
});
