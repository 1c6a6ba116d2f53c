// @vitest-environment node
// The documents of an order: POST publishment_orders/{id}/invoice and /receipt answer PDFs whose
// text holds the legal items of a qualified invoice (適格請求書) and of a receipt; a receipt only once
// paid, 再発行 from the second on; the owner and administrators only.
import { and, desc, eq, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { advertisements, auditLogs, publishmentOrders } from "../db/schema";
import { TEST_NOW } from "../testing/db";
import { body, loginShop, postJson, placeOrder } from "../testing/http";
import { pdfText } from "../testing/pdf-text";
import { openDemoApi, type TestApi } from "../testing/demo-api";

let api: TestApi;
let admin: string, shop: string, other: string;

beforeAll(async () => {
  ({ api, admin, shop, other } = await openDemoApi());
});
afterAll(() => api.close());

// Demo data: shop@ (client 1, カフェ・ド・デモ株式会社) owns drafts 12-15. TEST_NOW is 2025-06-15
// 12:00 JST. Course 1 is one month: from 2025-07-01 the period ends 2025-08-01 (computeEndDate).

/** A fresh order of shop@'s draft `adId` starting 2025-07-01. */
async function orderFor(adId: number) {
  return (await placeOrder(api.app, shop, adId)) as {
    id: number;
    course: { name: string; price: number };
    region: { name: string };
    locality: { name: string };
  };
}

/** Marks the order paid directly (mark-paid is another slice). */
async function markPaid(orderId: number, paidAt = new Date("2025-06-20T01:00:00Z")) {
  await api.db
    .update(publishmentOrders)
    .set({ paymentStatus: "paid", paidAt, paymentMethod: "bank_transfer", paymentType: "direct" })
    .where(eq(publishmentOrders.id, orderId));
}

const invoice = (id: number, token: string) =>
  postJson(api.app, `/api/adv/publishment_orders/${id}/invoice`, {}, token);
const receipt = (id: number, token: string) =>
  postJson(api.app, `/api/adv/publishment_orders/${id}/receipt`, {}, token);

async function pdfOf(response: Response) {
  expect(response.status, response.status === 200 ? "" : await response.clone().text()).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  return { disposition: response.headers.get("content-disposition"), ...(await pdfText(bytes)) };
}

const titleOf = async (adId: number) =>
  (
    await api.db
      .select({ title: advertisements.title })
      .from(advertisements)
      .where(eq(advertisements.id, adId))
  )[0]!.title;

describe("invoice", () => {
  test("holds the items of a qualified invoice, with 10 % tax rounded down once", async () => {
    const order = await orderFor(12);
    // A price whose tax has a fraction: 15,999 × 10 % = 1,599.9 → 1,599.
    await api.db
      .update(publishmentOrders)
      .set({ price: 15999 })
      .where(eq(publishmentOrders.id, order.id));
    const pdf = await pdfOf(await invoice(order.id, shop));
    // The ad's 申込ID names the file and numbers the invoice, as on every screen (issue 30 #3).
    expect(pdf.disposition).toBe(`attachment; filename="invoice-000012.pdf"`);
    expect(pdf.pages).toBe(1);
    expect(pdf.size.map(Math.round)).toEqual([595, 842]); // A4
    const t = pdf.text;
    expect(t).toContain("請求書");
    // Issuer, registration number and address from the configuration (demo sample values).
    expect(t).toContain("株式会社サンプル出版（見本）");
    expect(t).toContain("登録番号 T0000000000000");
    expect(t).toContain("東京都千代田区見本町1-2-3");
    // Recipient, issue date (Tokyo), a number derived from the order.
    expect(t).toContain("カフェ・ド・デモ株式会社 御中");
    expect(t).toContain("発行日: 2025年6月15日");
    expect(t).toContain("請求書番号: INV-000012");
    // The line: title, area, course, period.
    expect(t).toContain(`広告掲載料「${await titleOf(12)}」`);
    expect(t).toContain(`掲載エリア: ${order.region.name} > ${order.locality.name}`);
    expect(t).toContain(`掲載コース: ${order.course.name}`);
    expect(t).toContain("掲載期間: 2025/07/01〜2025/08/01");
    // Amount per tax rate, tax per rate, total.
    expect(t).toContain("10%対象（税抜） 15,999円");
    expect(t).toContain("消費税（10%） 1,599円");
    expect(t).toContain("合計（税込） 17,598円");
    // Deadline: 30 days after ordering (7/15), but never after the day before the start (7/1).
    expect(t).toContain("お支払期限: 2025年6月30日");
    expect(t).toContain("お支払期限（2025年6月30日）までにお振込みください。");
    expect(t).toContain("見本銀行 本店営業部");
    expect(t).toContain("普通 0000000");
    expect(t).toContain("カ）サンプルシュッパン");
  });

  test("is the same invoice number every time and open to administrators", async () => {
    const order = await orderFor(13);
    const first = await pdfOf(await invoice(order.id, shop));
    const second = await pdfOf(await invoice(order.id, admin));
    const number = "INV-000013";
    expect(first.text).toContain(number);
    expect(second.text).toContain(number);
  });

  test("another advertiser's, a deleted ad's and an unknown order are 404", async () => {
    const order = await orderFor(14);
    expect((await invoice(order.id, other)).status).toBe(404);
    expect((await receipt(order.id, other)).status).toBe(404);
    expect((await invoice(999_999, admin)).status).toBe(404);
    await api.db.update(advertisements).set({ isDeleted: true }).where(eq(advertisements.id, 14));
    expect((await invoice(order.id, shop)).status).toBe(404);
    expect((await invoice(order.id, admin)).status).toBe(404);
    expect((await receipt(order.id, admin)).status).toBe(404);
  });
});

describe("invoice: one deadline, and a paid one says so (issue 30 #2)", () => {
  /** The order of a draft an earlier test placed (starting 2025-07-01, ordered 2025-06-15). */
  async function orderOf(adId: number) {
    const [row] = await api.db
      .select({ id: publishmentOrders.id })
      .from(publishmentOrders)
      .where(eq(publishmentOrders.advertisementId, adId));
    return row!.id;
  }

  test("the invoice's deadline is the bank transfer's, whenever either is issued", async () => {
    const id = await orderOf(13);
    try {
      // The transfer is chosen the day after ordering, the invoice issued ten days later.
      // Tokens last a day: log in again at each moved clock.
      api.setNow(new Date("2025-06-16T03:00:00Z"));
      const chosen = await postJson(
        api.app,
        `/api/adv/publishment_orders/${id}/payment/bank_transfer`,
        {},
        (await loginShop(api.app)).token,
      );
      expect(chosen.status, await chosen.clone().text()).toBe(200);
      const due = (await body(chosen)).bankTransfer.dueDate as string;
      api.setNow(new Date("2025-06-26T03:00:00Z"));
      const { text } = await pdfOf(await invoice(id, (await loginShop(api.app)).token));
      const [y, m, d] = due.split("-").map(Number);
      expect(text).toContain(`お支払期限: ${y}年${m}月${d}日`);
      expect(due).toBe("2025-06-30");
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("a paid order's invoice says 支払済み, when and how, and asks for nothing", async () => {
    const id = await orderOf(13);
    await api.db
      .update(publishmentOrders)
      .set({
        paymentStatus: "paid",
        paidAt: new Date("2025-06-20T01:00:00Z"),
        paymentMethod: "card",
        paymentType: "other",
      })
      .where(eq(publishmentOrders.id, id));
    const { text } = await pdfOf(await invoice(id, shop));
    expect(text).toContain("支払済み");
    expect(text).toContain("お支払い状況: 支払済み（2025年6月20日・クレジットカード）");
    expect(text).not.toContain("お振込みください");
    expect(text).not.toContain("お支払期限");
    expect(text).not.toContain("お振込先");
  });
});

describe("invoice audit", () => {
  /** A seeded order of shop@'s that the other tests of this file leave alone. */
  async function seededOrderId() {
    const [row] = await api.db
      .select({ id: publishmentOrders.id })
      .from(publishmentOrders)
      .innerJoin(advertisements, eq(advertisements.id, publishmentOrders.advertisementId))
      .where(
        and(
          eq(advertisements.ownerId, 1),
          eq(advertisements.isDeleted, false),
          notInArray(advertisements.id, [12, 13, 14, 15]),
        ),
      )
      .limit(1);
    return row!.id;
  }

  test("an administrator's and an impersonated issue are audited; the advertiser's own is not", async () => {
    const id = await seededOrderId();
    const switched = await body(
      await postJson(api.app, "/api/adv/switch_user?to=shop%40example.com", {}, admin),
    );
    await pdfOf(await invoice(id, shop));
    await pdfOf(await invoice(id, admin));
    await pdfOf(await invoice(id, switched.token));
    const rows = await api.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, "order.invoice"),
          eq(auditLogs.target, `/api/adv/publishment_orders/${id}`),
        ),
      )
      .orderBy(auditLogs.id);
    expect(rows.map((r) => [r.actorUserLoginId, r.impersonatorUserLoginId])).toEqual([
      [1, null], // the administrator
      [2, 1], // shop@, with the administrator behind it
    ]);
  });
});

describe("receipt", () => {
  test("is refused before payment with a Japanese violation", async () => {
    const order = await orderFor(15);
    const response = await receipt(order.id, shop);
    expect(response.status).toBe(422);
    const problem = await body(response);
    expect(problem.violations).toEqual([
      expect.objectContaining({
        propertyPath: "paymentStatus",
        message: "お支払いが完了していないため、領収書は発行できません。",
      }),
    ]);
    const [row] = await api.db
      .select({ count: publishmentOrders.receiptIssuedCount })
      .from(publishmentOrders)
      .where(eq(publishmentOrders.id, order.id));
    expect(row!.count).toBe(0);
  });

  test("holds the amount, its tax, 但し書き, paid date and method; the second says 再発行", async () => {
    // Ad 15's order from the test above.
    const [row] = await api.db
      .select({ id: publishmentOrders.id, price: publishmentOrders.price })
      .from(publishmentOrders)
      .where(eq(publishmentOrders.advertisementId, 15));
    const id = row!.id;
    const net = row!.price;
    const tax = Math.floor(net / 10);
    const yen = (n: number) => `${n.toLocaleString("ja-JP")}円`;
    await markPaid(id);

    const first = await pdfOf(await receipt(id, shop));
    expect(first.disposition).toBe(`attachment; filename="receipt-000015.pdf"`);
    expect(first.text).toContain("領収書番号: RCP-000015-1");
    expect(first.size.map(Math.round)).toEqual([595, 842]);
    const t = first.text;
    expect(t).toContain("領収書");
    expect(t).toContain("カフェ・ド・デモ株式会社 御中");
    expect(t).toContain(`${yen(net + tax)}（税込）`);
    expect(t).toContain(`10%対象（税抜） ${yen(net)}`);
    expect(t).toContain(`消費税（10%） ${yen(tax)}`);
    expect(t).toContain("但し 広告掲載料として");
    expect(t).toContain("お支払日 2025年6月20日");
    expect(t).toContain("お支払方法 銀行振込");
    expect(t).toContain("登録番号 T0000000000000");
    expect(t).not.toContain("再発行");

    // A plain advertiser's issue is not audited; an administrator's re-issue is, and says 再発行.
    const second = await pdfOf(await receipt(id, admin));
    expect(second.text).toContain("再発行");
    expect(second.text).toContain(`${yen(net + tax)}（税込）`);
    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "order.receipt"))
      .orderBy(desc(auditLogs.id));
    expect(audit).toMatchObject({
      target: `/api/adv/publishment_orders/${id}`,
      advertisementId: 15,
    });
    expect(audit!.changes).toEqual({ receiptIssuedCount: { before: 1, after: 2 } });
  });
});
