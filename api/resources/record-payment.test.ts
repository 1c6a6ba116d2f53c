// @vitest-environment node
// One recordPayment (issue 31): the editors' mark-paid and the provider's push are two doors to
// the same effects. Each row of the table pays a fresh confirmed order through its door; every
// row must leave the same trace: the order paid (no slip, no deadline), one sale booked today, the
// paid message and mail, an audited `order.mark_paid` linking the sale and the message, and the
// period's publication steps queued. Only the audit's actor differs: the editor, or the provider.
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import { taxedAmounts } from "../domain/pricing";
import { signSandboxPush } from "../adapters/sandbox-push-signature";
import { createApiApp } from "../app";
import { loadApiConfig } from "../config";
import type { Database } from "../db/client";
import {
  auditLogs,
  jobs,
  messageBoxes,
  paymentAttempts,
  publishmentOrders,
  sales,
} from "../db/schema";
import { iri } from "../hydra";
import { createTestDatabase, outboxMails, TEST_NOW } from "../testing/db";
import {
  body,
  demo,
  loginAdmin,
  loginShop,
  patchJson,
  placeOrder,
  postJson,
} from "../testing/http";
import { PAYMENT_SUBJECTS } from "./record-payment";

const SECRET = "record-payment-push-secret";
/** The Tokyo date of TEST_NOW: the money arrives today, so the sale is booked at TEST_NOW. */
const PAID_DATE = tokyoDate(TEST_NOW);

let db: Database;
let close: () => Promise<void>;
let app: ReturnType<typeof createApiApp>;
let shop: string;
let admin: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  close = database.close;
  const config = await loadApiConfig({ SANDBOX_PUSH_SECRET: SECRET });
  app = createApiApp({ db, config, clock: () => TEST_NOW });
  shop = (await loginShop(app)).token;
  admin = (await loginAdmin(app)).token;
});
afterAll(() => close());

/** A new ad of the shop with a confirmed order starting 2025-07-01 (a month: to 2025-08-01). */
async function confirmedOrder() {
  const copy = await body(await postJson(app, "/api/adv/posts/duplicate/from/14", {}, shop));
  const order = await placeOrder(app, shop, copy.id, "2025-07-01");
  const confirmed = await patchJson(
    app,
    `/api/adv/publishment_orders/${order.id}/confirm`,
    { publishesAt: "2025-07-01" },
    admin,
  );
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  return { orderId: order.id as number, adId: copy.id as number };
}

/** The editors mark it paid by card, today. */
async function markPaid(orderId: number) {
  const response = await patchJson(
    app,
    `/api/adv/publishment_orders/${orderId}/payment`,
    { isPaid: true, paidAt: PAID_DATE, paymentType: "other", paymentMethod: "card" },
    admin,
  );
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The shop takes a card key, and the provider pushes the card payment, today. */
async function pushPaid(orderId: number) {
  const key = await postJson(
    app,
    `/api/adv/issue_payment_key/${orderId}`,
    { card: 1, cardHolderEmail: "shop@example.com" },
    shop,
  );
  expect(key.status, await key.clone().text()).toBe(200);
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.publishmentOrderId, orderId));
  const raw = JSON.stringify({
    merchant_id: "sandbox",
    order_id: attempt!.providerOrderId,
    status: "success",
    result_code: "A001",
    m_status: "success",
    payment_type: "card",
    gross_amount: attempt!.amount,
    transaction_datetime: "2025-06-15T11:30:00+09:00",
    push_id: `push-${attempt!.id}`,
  });
  const response = await app.request("/api/adv/payment_push", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Sandbox-Signature": signSandboxPush(SECRET, raw, TEST_NOW),
    },
    body: raw,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Everything a payment may have written about the order, in a form both doors can share. */
async function effectsOf(orderId: number, adId: number) {
  const [order] = await db
    .select()
    .from(publishmentOrders)
    .where(eq(publishmentOrders.id, orderId));
  const saleRows = await db.select().from(sales).where(eq(sales.publishmentOrderId, orderId));
  const messages = await db
    .select({ id: messageBoxes.id, subject: messageBoxes.subject, body: messageBoxes.body })
    .from(messageBoxes)
    .where(
      and(eq(messageBoxes.advertisementId, adId), eq(messageBoxes.subject, PAYMENT_SUBJECTS.paid)),
    );
  const audits = await db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.action, "order.mark_paid"),
        eq(auditLogs.target, iri("publishment_orders", orderId)),
      ),
    );
  const steps = await db
    .select({ kind: jobs.kind })
    .from(jobs)
    .where(and(eq(jobs.advertisementId, adId), isNull(jobs.doneAt)))
    .orderBy(asc(jobs.kind));
  const mails = (await outboxMails(db)).filter((m) =>
    m.subject.includes(`入金を確認しました（申込ID ${formatAdvertisementId(adId)}）`),
  );
  const changes = audits[0]?.changes as Record<string, { after: unknown }> | undefined;
  return {
    order: {
      paymentStatus: order!.paymentStatus,
      paidDate: order!.paidAt && tokyoDate(order!.paidAt),
      paymentType: order!.paymentType,
      paymentMethod: order!.paymentMethod,
      paymentSlip: order!.paymentSlip,
      paymentDueDate: order!.paymentDueDate,
    },
    sales: saleRows.map((s) => ({ net: s.net, tax: s.tax, recordedAt: s.recordedAt })),
    messages: messages.map((m) => m.body),
    mails: mails.map((m) => ({ to: m.to, body: m.body.includes(`入金日: 2025/06/15`) })),
    audit: audits.map(() => ({
      paymentStatus: changes?.paymentStatus?.after,
      sale: changes?.sale?.after === iri("sales", saleRows[0]?.id ?? 0),
      messageBox: changes?.messageBox?.after === iri("message_boxes", messages[0]?.id ?? 0),
    })),
    actors: audits.map((a) => (a.actorUserLoginId === null ? "provider" : "editor")),
    steps: [...new Set(steps.map((s) => s.kind))],
  };
}

const ENTRY_POINTS = [
  { door: "the editors' mark-paid (PATCH {order}/payment)", pay: markPaid, actor: "editor" },
  { door: "the provider's push (POST /api/adv/payment_push)", pay: pushPaid, actor: "provider" },
] as const;

test.each(ENTRY_POINTS)("$door records the payment's effects", async ({ pay, actor }) => {
  const { orderId, adId } = await confirmedOrder();
  const [before] = await db
    .select({ price: publishmentOrders.price })
    .from(publishmentOrders)
    .where(eq(publishmentOrders.id, orderId));
  const amounts = taxedAmounts(before!.price);
  // Only what the payment queues: the confirmation's sync goes.
  await db.delete(jobs).where(eq(jobs.advertisementId, adId));

  await pay(orderId);

  expect(await effectsOf(orderId, adId)).toEqual({
    order: {
      paymentStatus: "paid",
      paidDate: PAID_DATE,
      paymentType: "other",
      paymentMethod: "card",
      paymentSlip: null,
      paymentDueDate: null,
    },
    sales: [{ net: amounts.net, tax: amounts.tax, recordedAt: TEST_NOW }],
    messages: [`ご入金額: ${amounts.total.toLocaleString("ja-JP")}円（税込）\n入金日: 2025/06/15`],
    mails: [{ to: demo.shop.email, body: true }],
    audit: [{ paymentStatus: "paid", sale: true, messageBox: true }],
    actors: [actor],
    steps: ["mail_end", "mail_end_soon", "mail_start", "sync", "takedown"],
  });
});
