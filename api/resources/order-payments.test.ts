// @vitest-environment node
// Payments recorded by hand (SPEC §4, §5, §7): POST publishment_orders/{id}/payment/bank_transfer
// and PATCH publishment_orders/{id}/payment (mark paid / unpaid); the allowed and refused
// transitions, the sale and its reversal, messages, mails, audit rows, and who may call them.
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLogs, messageBoxes, sales } from "../db/schema";
import { outboxMails, TEST_NOW } from "../testing/db";
import { body, get, patchJson, postJson } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";
import { violationsOf } from "../testing/violations";
import {
  lastMessage,
  oddPricedOrder,
  orderRow,
  salesOf,
  SEJ_SLIP,
  setPayment as setPaymentRow,
  type PaymentState,
} from "../testing/rows";

let api: TestApi;
let admin: string, shop: string, other: string;

beforeAll(async () => {
  ({ api, admin, shop, other } = await openDemoApi());
});
afterAll(() => api.close());

// Demo data: shop@ (client 1) owns drafts 12-15 (no order). TEST_NOW is 2025-06-15 12:00 JST.

// An odd price, so the rounding of the tax shows: 10 % of 12,345 is 1,234.5 → 1,234.
const orderFor = (adId: number, publishesAt?: string) =>
  oddPricedOrder(api, shop, adId, publishesAt);
const setPayment = (id: number, state?: PaymentState) => setPaymentRow(api.db, id, state);

const bankTransfer = (id: number, token = shop) =>
  postJson(api.app, `/api/adv/publishment_orders/${id}/payment/bank_transfer`, {}, token);
const payment = (id: number, payload: unknown, token = admin) =>
  patchJson(api.app, `/api/adv/publishment_orders/${id}/payment`, payload, token);
const paid = { isPaid: true, paidAt: "2025-06-14", paymentType: "direct" };

let orders: { 12: number; 13: number; 14: number };
beforeAll(async () => {
  orders = { 12: await orderFor(12), 13: await orderFor(13, "2025-06-18"), 14: await orderFor(14) };
});

describe("bank transfer", () => {
  test("none → waiting by bank transfer; the instructions, a message and a mail", async () => {
    const id = orders[12];
    await setPayment(id, {});
    const response = await bankTransfer(id);
    expect(response.status, await response.clone().text()).toBe(200);
    const json = await body(response);
    expect(json).toMatchObject({
      "@id": `/api/adv/publishment_orders/${id}`,
      paymentStatus: "waiting",
      paymentMethod: "bank_transfer",
      paymentMethodLabel: "銀行振込",
      paymentType: "direct",
      bankTransfer: {
        bankName: "見本銀行",
        branchName: "本店営業部",
        accountType: "普通",
        accountNumber: "0000000",
        accountHolder: "カ）サンプルシュッパン",
        amount: 13579,
        dueDate: "2025-06-30",
      },
    });
    const again = await get(
      api.app,
      `/api/adv/publishment_orders/${id}/payment/bank_transfer`,
      shop,
    );
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({
      instructions: { amount: 13579, dueDate: "2025-06-30" },
    });
    expect(
      (await get(api.app, `/api/adv/publishment_orders/${id}/payment/bank_transfer`, other)).status,
    ).toBe(404);
    const message = await lastMessage(api.db, 12);
    expect(message.subject).toBe("お振込先のご案内");
    expect(message.body).toContain("お振込金額: 13,579円（税込）");
    expect(message.body).toContain("お振込期限: 2025/06/30");
    const mail = (await outboxMails(api.db)).at(-1)!;
    expect(mail.subject).toBe("【お店News】お振込先のご案内（申込ID 000012）");
    expect(mail.body).toContain("見本銀行 本店営業部");
    expect(mail.body).toContain("お振込期限: 2025/06/30");
  });

  test("the deadline is before the start date when that comes first", async () => {
    const id = orders[13];
    await setPayment(id, {});
    expect((await body(await bankTransfer(id))).bankTransfer.dueDate).toBe("2025-06-17");
  });

  test("waiting by card or store: bank transfer instead, the slip cleared", async () => {
    const id = orders[13];
    for (const method of ["card", "cvs", "payeasy"]) {
      await setPayment(id, {
        paymentStatus: "waiting",
        paymentMethod: method,
        paymentType: "other",
        paymentSlip: SEJ_SLIP,
      });
      const response = await bankTransfer(id);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await body(response)).toMatchObject({
        paymentStatus: "waiting",
        paymentMethod: "bank_transfer",
        paymentType: "direct",
        paymentSlip: null,
      });
      expect((await orderRow(api.db, id)).paymentSlip).toBeNull();
    }
  });

  test("a paid order, or one already waiting for the transfer, is refused; nothing changes", async () => {
    const id = orders[12];
    for (const state of [
      { paymentStatus: "waiting", paymentMethod: "bank_transfer", paymentType: "direct" },
      { paymentStatus: "paid", paymentMethod: "card", paymentType: "other" },
      { paymentStatus: "paid", paymentMethod: "bank_transfer", paymentType: "direct" },
    ] as PaymentState[]) {
      await setPayment(id, state);
      const before = await orderRow(api.db, id);
      expect(await violationsOf(await bankTransfer(id))).toEqual([
        ["paymentStatus", "この申込はすでにお支払い手続き済みです。"],
      ]);
      expect(await orderRow(api.db, id)).toEqual(before);
    }
  });

  test("an administrator may choose it for the advertiser; another advertiser gets 404", async () => {
    const id = orders[12];
    await setPayment(id, {});
    expect((await bankTransfer(id, other)).status).toBe(404);
    expect((await orderRow(api.db, id)).paymentStatus).toBe("none");
    expect((await bankTransfer(id, admin)).status).toBe(200);
    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "order.bank_transfer"));
    expect(audit!.changes).toMatchObject({ paymentStatus: { before: "none", after: "waiting" } });
    expect((await bankTransfer(99999)).status).toBe(404);
  });
});

describe("mark paid", () => {
  test("from none (direct): paid, bank_transfer, a sale on the paid date, message, mail, audit", async () => {
    const id = orders[14];
    await setPayment(id, {});
    await api.db.delete(sales).where(eq(sales.publishmentOrderId, id));
    const response = await payment(id, { ...paid, paymentNote: "6/14 入金確認" });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await body(response)).toMatchObject({
      paymentStatus: "paid",
      paymentStatusLabel: "支払済み",
      paymentMethod: "bank_transfer",
      paymentType: "direct",
      paymentNote: "6/14 入金確認",
      paidAt: "2025-06-14T00:00:00+09:00",
    });
    const rows = await salesOf(api.db, id);
    expect(rows.map((r) => [r.net, r.tax])).toEqual([[12345, 1234]]);
    // Paid yesterday, booked today: the last instant of the paid day (its month, after all else).
    expect(rows[0]!.recordedAt.toISOString()).toBe("2025-06-14T14:59:59.000Z");
    expect((await lastMessage(api.db, 14)).subject).toBe("入金を確認しました");
    const mail = (await outboxMails(api.db)).at(-1)!;
    expect(mail.subject).toBe("【お店News】入金を確認しました（申込ID 000014）");
    expect(mail.body).toContain("ご入金額: 13,579円（税込）");
    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "order.mark_paid"))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit!.changes).toMatchObject({
      paymentStatus: { before: "none", after: "paid" },
      paidAt: { before: null, after: "2025-06-14T00:00:00+09:00" },
      sale: { before: null, after: `/api/adv/sales/${rows[0]!.id}` },
    });
  });

  test("a second mark-paid is refused and records no second sale", async () => {
    const id = orders[14];
    const count = (await salesOf(api.db, id)).length;
    const before = await orderRow(api.db, id);
    expect(await violationsOf(await payment(id, paid))).toEqual([
      ["paymentStatus", "この申込は入金済みにできない状態です。"],
    ]);
    expect(await orderRow(api.db, id)).toEqual(before);
    expect(await salesOf(api.db, id)).toHaveLength(count);
  });

  test("from waiting by bank transfer; type other with its method", async () => {
    const id = orders[12];
    await setPayment(id, { paymentStatus: "waiting", paymentMethod: "bank_transfer" });
    const response = await payment(id, {
      isPaid: true,
      paidAt: "2025-06-15",
      paymentType: "other",
      paymentMethod: "現金",
    });
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({
      paymentStatus: "paid",
      paymentType: "other",
      paymentMethod: "現金",
      paymentMethodLabel: "現金",
    });
  });

  test("waiting by card or store is refused", async () => {
    const id = orders[12];
    for (const method of ["card", "cvs"]) {
      await setPayment(id, { paymentStatus: "waiting", paymentMethod: method });
      expect(await violationsOf(await payment(id, paid))).toEqual([
        ["paymentStatus", "この申込は入金済みにできない状態です。"],
      ]);
      expect((await orderRow(api.db, id)).paymentStatus).toBe("waiting");
    }
  });

  test("field rules: paidAt required, type direct or other, method required for other", async () => {
    const id = orders[12];
    await setPayment(id, {});
    expect(await violationsOf(await payment(id, { isPaid: true }))).toEqual([
      ["paidAt", "必須です。"],
      ["paymentType", "正しい選択肢ではありません。"],
    ]);
    expect(
      await violationsOf(
        await payment(id, { isPaid: true, paidAt: "2025-02-30", paymentType: "none" }),
      ),
    ).toEqual([
      ["paidAt", "正しい日付を入力してください。"],
      ["paymentType", "正しい選択肢ではありません。"],
    ]);
    expect(
      await violationsOf(
        await payment(id, { isPaid: true, paidAt: "2025-06-15", paymentType: "other" }),
      ),
    ).toEqual([["paymentMethod", "必須です。"]]);
    expect(await violationsOf(await payment(id, {}))).toEqual([
      ["isPaid", "正しい選択肢ではありません。"],
    ]);
    expect((await orderRow(api.db, id)).paymentStatus).toBe("none");
  });
});

describe("mark unpaid", () => {
  test("paid → none, paidAt cleared, a reversal sale with negative amounts", async () => {
    const id = orders[14];
    expect((await orderRow(api.db, id)).paymentStatus).toBe("paid");
    const response = await payment(id, { isPaid: false });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await body(response)).toMatchObject({
      paymentStatus: "none",
      paidAt: null,
      paymentType: "none",
      paymentMethod: null,
    });
    const rows = await salesOf(api.db, id);
    expect(rows.map((r) => [r.net, r.tax])).toEqual([
      [12345, 1234],
      [-12345, -1234],
    ]);
    expect(rows.reduce((sum, r) => sum + r.net + r.tax, 0)).toBe(0);
    const none = await get(
      api.app,
      `/api/adv/publishment_orders/${id}/payment/bank_transfer`,
      admin,
    );
    expect((await body(none)).instructions).toBeNull();
    expect((await lastMessage(api.db, 14)).subject).toBe("入金の記録を取り消しました");
  });

  test("waiting → none without a sale; none is refused", async () => {
    const id = orders[12];
    await setPayment(id, { paymentStatus: "waiting", paymentMethod: "bank_transfer" });
    const count = (await salesOf(api.db, id)).length;
    expect((await payment(id, { isPaid: false })).status).toBe(200);
    expect(await salesOf(api.db, id)).toHaveLength(count);
    expect(await violationsOf(await payment(id, { isPaid: false }))).toEqual([
      ["paymentStatus", "この申込は未入金に戻せない状態です。"],
    ]);
  });
});

describe("a payment that replaces a reversal (issue 30 #11)", () => {
  const monthIds = async () =>
    (await body(await get(api.app, "/api/adv/sales?month_recordedAt=2025-06", admin)))[
      "hydra:member"
    ] as { id: number; net: number; publishmentOrder: { id: number } }[];

  test("paid, unpaid and paid again the same day are listed in that order", async () => {
    const id = orders[13];
    await setPayment(id, {});
    await api.db.delete(sales).where(eq(sales.publishmentOrderId, id));
    const today = { ...paid, paidAt: "2025-06-15" };
    try {
      api.setNow(new Date("2025-06-15T01:00:00Z")); // 10:00 JST
      expect((await payment(id, today)).status).toBe(200);
      api.setNow(new Date("2025-06-15T02:00:00Z"));
      expect((await payment(id, { isPaid: false })).status).toBe(200);
      api.setNow(new Date("2025-06-15T03:00:00Z"));
      expect((await payment(id, today)).status).toBe(200);
    } finally {
      api.setNow(TEST_NOW);
    }
    const listed = (await monthIds()).filter((s) => s.publishmentOrder.id === id);
    expect(listed.map((s) => s.net)).toEqual([12345, -12345, 12345]);
    // The order of booking, also by id: nothing for a reader to sort again.
    expect(listed.map((s) => s.id)).toEqual([...listed.map((s) => s.id)].sort((a, b) => a - b));
  });
});

describe("access", () => {
  test("advertisers may not mark paid or unpaid (403), not even their own order", async () => {
    const id = orders[12];
    await setPayment(id, {});
    expect((await payment(id, paid, shop)).status).toBe(403);
    expect((await payment(id, { isPaid: false }, other)).status).toBe(403);
    expect((await orderRow(api.db, id)).paymentStatus).toBe("none");
    expect((await payment(99999, paid)).status).toBe(404);
  });
});

describe("atomicity", () => {
  test("a failing audit row undoes the change, the sale and the message", async () => {
    const id = orders[12];
    await setPayment(id, {});
    const before = await orderRow(api.db, id);
    const saleCount = (await salesOf(api.db, id)).length;
    const messages = (await api.db.select().from(messageBoxes)).length;
    await api.db.execute(
      sql.raw(
        "alter table audit_logs add constraint test_no_paid check (action <> 'order.mark_paid') not valid",
      ),
    );
    try {
      expect((await payment(id, paid)).status).toBe(500);
    } finally {
      await api.db.execute(sql.raw("alter table audit_logs drop constraint test_no_paid"));
    }
    expect(await orderRow(api.db, id)).toEqual(before);
    expect(await salesOf(api.db, id)).toHaveLength(saleCount);
    expect(await api.db.select().from(messageBoxes)).toHaveLength(messages);
  });
});
