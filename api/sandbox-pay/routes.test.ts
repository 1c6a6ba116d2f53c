// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { PaymentSlip } from "../adapters/payment";
import { checkSandboxPush } from "../adapters/sandbox-push-signature";
import { createPaymentProvider } from "../adapters/payment-provider";
import { outboxMailer } from "../adapters/mail";
import { createApiApp } from "../app";
import { loadApiConfig } from "../config";
import type { ApiDeps, ApiEnv } from "../context";
import type { Database } from "../db/client";
import { sandboxPayments } from "../db/schema";
import { securityHeaders } from "../security-headers";
import { TEST_NOW, createTestDatabase } from "../testing/db";
import { sandboxPayRoutes } from "./routes";

const SECRET = "sandbox-push-test-secret";
const PUSH_URL = "http://localhost/api/adv/payment_push";
const RETURN_URL =
  "https://portal.example.jp/advertiser/advertisements/12/publishment/complete?x=1";

interface Delivered {
  url: string;
  signature: string | null;
  contentType: string | null;
  raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

let db: Database;
let close: () => Promise<void>;
let app: Hono<ApiEnv>;
let now = TEST_NOW;
let delivered: Delivered[] = [];
/** What the merchant answers: a status, or "throw" for a network error. */
let merchantAnswer: number | "throw" = 200;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  close = database.close;
  const config = await loadApiConfig({});
  const clock = () => now;
  const deps: ApiDeps = {
    db,
    config,
    clock,
    mailer: outboxMailer(db, clock),
    clientAddress: () => "127.0.0.1",
    payments: createPaymentProvider(config, db, clock),
  };
  app = new Hono<ApiEnv>();
  app.use("*", ...securityHeaders);
  app.route(
    "/",
    sandboxPayRoutes(
      deps,
      async (request) => {
        const raw = await request.text();
        delivered.push({
          url: request.url,
          signature: request.headers.get("X-Sandbox-Signature"),
          contentType: request.headers.get("content-type"),
          raw,
          json: JSON.parse(raw),
        });
        if (merchantAnswer === "throw") throw new Error("connection refused");
        return new Response(null, { status: merchantAnswer });
      },
      SECRET,
    ),
  );
});
afterAll(() => close());
beforeEach(() => {
  now = TEST_NOW;
  delivered = [];
  merchantAnswer = 200;
});

async function insertKey(
  opts: {
    card?: boolean;
    returnUrl?: string | null;
    providerOrderId?: string;
    expiresAt?: Date;
    amount?: number;
  } = {},
) {
  const paymentKey = randomUUID().replace(/-/g, "");
  const providerOrderId = opts.providerOrderId ?? `ADV00012-${paymentKey.slice(0, 8)}`;
  await db.insert(sandboxPayments).values({
    paymentKey,
    providerOrderId,
    amount: opts.amount ?? 33000,
    enabledTypes: opts.card === false ? ["cvs", "bank"] : ["card"],
    customerEmail: "shop@example.jp",
    pushUrl: PUSH_URL,
    returnUrl: opts.returnUrl === undefined ? null : opts.returnUrl,
    expiresAt: opts.expiresAt ?? new Date(TEST_NOW.getTime() + 60 * 60 * 1000),
  });
  return { paymentKey, providerOrderId };
}

const rowOf = async (key: string) =>
  (await db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentKey, key)))[0]!;

const post = (path: string, fields: Record<string, string>) =>
  app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const card = (number: string, extra: Record<string, string> = {}) => ({
  card_number: number,
  expiry: "12/30",
  cvc: "123",
  holder: "TARO YAMADA",
  ...extra,
});

/** The body of a push for `orderId`: a success of 33,000 yen at TEST_NOW, with `fields` over it. */
const pushBody = (orderId: string, fields: Record<string, unknown>) => ({
  merchant_id: "sandbox",
  order_id: orderId,
  status: "success",
  result_code: "A001",
  gross_amount: 33000,
  transaction_datetime: "2025-06-15T12:00:00+09:00",
  push_id: expect.any(String),
  ...fields,
});

/** A push sent to the merchant, signed with the secret; its body holds `like` when given. */
function expectSignedPush(push: Delivered, like?: Record<string, unknown>) {
  if (like) expect(push.json).toMatchObject(like);
  expect(push.url).toBe(PUSH_URL);
  expect(push.contentType).toBe("application/json");
  expect(checkSandboxPush(SECRET, push.signature, push.raw, now)).toBe("ok");
  expect(checkSandboxPush("another-secret", push.signature, push.raw, now)).toBe("invalid");
  expect(push.json.push_id).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
}

describe("scripts", () => {
  test("pop.js and frame.js are served as JavaScript", async () => {
    const pop = await app.request("/sandbox-pay/pop.js");
    expect(pop.status).toBe(200);
    expect(pop.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    const js = await pop.text();
    expect(js).toContain("window.pop = { pay: pay }");
    expect(js).toContain("success_callback");
    expect(js).toContain("onIncomplete");
    expect(js).toContain('"/sandbox-pay/pay/"');
    expect(js).toContain("?embed=1");
    expect(js).toContain("sandbox-pop:result");
    const frame = await app.request("/sandbox-pay/frame.js");
    expect(frame.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(await frame.text()).toContain("window.parent.postMessage");
  });
});

describe("the card payment page", () => {
  test("shows the test notice, the amount with tax and the order id, with its own CSP", async () => {
    const { paymentKey, providerOrderId } = await insertKey({
      amount: 12345,
      returnUrl: RETURN_URL,
    });
    const response = await app.request(`/sandbox-pay/pay/${paymentKey}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>テスト決済（サンドボックス）</title>");
    expect(html).toContain("これはテスト環境です。実際のお金は動きません。");
    expect(html).toContain("12,345円");
    expect(html).toContain(providerOrderId);
    for (const label of ["カード番号", "有効期限（MM/YY）", "セキュリティコード", "カード名義"]) {
      expect(html).toContain(label);
    }
    for (const name of ["card_number", "expiry", "cvc", "holder"]) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).toContain(`action="/sandbox-pay/pay/${paymentKey}/card"`);
    expect(html).toContain(">支払う</button>");
    expect(html).toContain("4000 0000 0000 3220");
    expect(response.headers.get("Content-Security-Policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https://portal.example.jp; " +
        "frame-ancestors 'self'; base-uri 'none'",
    );
    expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
  });

  test("4111 1111 1111 1111 pays, pushes a signed success and shows the result", async () => {
    const { paymentKey, providerOrderId } = await insertKey();
    const response = await post(`/sandbox-pay/pay/${paymentKey}/card`, card("4111 1111 1111 1111"));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("決済が完了しました。");
    expect(html).not.toContain("広告管理に戻る");
    const row = await rowOf(paymentKey);
    expect(row.status).toBe("paid");
    expect(row.paidAt).toEqual(TEST_NOW);
    expect(row.maskedCardNumber).toBe("************1111");
    expect(delivered).toHaveLength(1);
    expectSignedPush(delivered[0]!);
    expect(delivered[0]!.json).toEqual(
      pushBody(providerOrderId, { m_status: "success", payment_type: "card" }),
    );
    // Paid: the page shows the result again, no second payment.
    const again = await app.request(`/sandbox-pay/pay/${paymentKey}`);
    expect(await again.text()).toContain("決済が完了しました。");
    expect(delivered).toHaveLength(1);
  });

  test("without JS and with a return URL, a card success goes straight back", async () => {
    const { paymentKey } = await insertKey({ returnUrl: RETURN_URL });
    const response = await post(`/sandbox-pay/pay/${paymentKey}/card`, card("4111111111111111"));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${RETURN_URL}&payment=success`);
  });

  test("a return path (what the portal sends) stays a path: back on the browser's own origin", async () => {
    const path = "/advertiser/advertisements/12/publishment/complete";
    const { paymentKey } = await insertKey({ returnUrl: path });
    const response = await post(`/sandbox-pay/pay/${paymentKey}/card`, card("4111111111111111"));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${path}?payment=success`);
  });

  test("in the frame, the result carries what frame.js posts to the portal", async () => {
    const { paymentKey } = await insertKey({ returnUrl: RETURN_URL });
    const response = await post(
      `/sandbox-pay/pay/${paymentKey}/card?embed=1`,
      card("4111111111111111"),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<script src="/sandbox-pay/frame.js" defer></script>');
    expect(html).toContain(
      `data-sandbox-pop-result data-payment-key="${paymentKey}" data-status="success" ` +
        `data-transaction-status="capture" data-payment-type="card"`,
    );
    expect(html).not.toContain("広告管理に戻る");
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
  });

  test("4000 0000 0000 0002 is declined: failure push, reason, retry allowed", async () => {
    const { paymentKey, providerOrderId } = await insertKey({ returnUrl: RETURN_URL });
    const response = await post(`/sandbox-pay/pay/${paymentKey}/card`, card("4000000000000002"));
    const html = await response.text();
    expect(html).toContain("カードが承認されませんでした。別のカードをお試しください。");
    expect(html).toContain(`href="/sandbox-pay/pay/${paymentKey}">もう一度試す</a>`);
    expect(html).toContain(
      `href="${RETURN_URL.replace("?x=1", "?x=1&amp;payment=failure")}">広告管理に戻る</a>`,
    );
    expect((await rowOf(paymentKey)).status).toBe("failed");
    expect(delivered).toHaveLength(1);
    expectSignedPush(delivered[0]!, {
      order_id: providerOrderId,
      status: "failure",
      m_status: "failure",
      result_code: "C001",
      payment_type: "card",
    });
    // もう一度試す: the form again, and another card pays.
    const retry = await app.request(`/sandbox-pay/pay/${paymentKey}`);
    expect(await retry.text()).toContain('name="card_number"');
    now = new Date(TEST_NOW.getTime() + 60_000);
    const paid = await post(
      `/sandbox-pay/pay/${paymentKey}/card?embed=1`,
      card("4111111111111111"),
    );
    expect(await paid.text()).toContain("決済が完了しました。");
    expect(delivered[1]!.json).toMatchObject({ m_status: "success" });
    expect(delivered[1]!.json.push_id).not.toBe(delivered[0]!.json.push_id);
  });

  test("in the frame, a decline posts a failure", async () => {
    const { paymentKey } = await insertKey();
    const response = await post(
      `/sandbox-pay/pay/${paymentKey}/card?embed=1`,
      card("4000000000000002"),
    );
    const html = await response.text();
    expect(html).toContain(`data-status="failure"`);
    expect(html).toContain(`href="/sandbox-pay/pay/${paymentKey}?embed=1">もう一度試す</a>`);
  });

  test("3220 asks for 3-D Secure; the right one-time password pays", async () => {
    const { paymentKey } = await insertKey();
    const response = await post(`/sandbox-pay/pay/${paymentKey}/card`, card("4000 0000 0000 3220"));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/sandbox-pay/pay/${paymentKey}/3ds`);
    expect((await rowOf(paymentKey)).status).toBe("challenge");
    expect(delivered).toHaveLength(0);
    // The pay page now leads to the challenge.
    const payPage = await app.request(`/sandbox-pay/pay/${paymentKey}`);
    expect(payPage.headers.get("Location")).toBe(`/sandbox-pay/pay/${paymentKey}/3ds`);
    const challenge = await app.request(`/sandbox-pay/pay/${paymentKey}/3ds`);
    const html = await challenge.text();
    expect(html).toContain("本人認証（3Dセキュア）");
    expect(html).toContain("ワンタイムパスワード");
    expect(html).toContain('name="otp"');
    expect(html).toContain("テスト用のワンタイムパスワード: 123456");
    expect(html).toContain('name="action" value="authenticate">認証する</button>');
    expect(html).toContain('name="action" value="cancel" class="secondary">キャンセル</button>');
    const done = await post(`/sandbox-pay/pay/${paymentKey}/3ds`, { otp: "123456" });
    expect(await done.text()).toContain("決済が完了しました。");
    expect((await rowOf(paymentKey)).status).toBe("paid");
    expect(delivered).toHaveLength(1);
    expectSignedPush(delivered[0]!, { status: "success", m_status: "success" });
  });

  test("in the embedded form (?embed=1), every step it is sent back to stays embedded", async () => {
    const { paymentKey } = await insertKey();
    const page = `/sandbox-pay/pay/${paymentKey}`;
    const challenged = await post(`${page}/card?embed=1`, card("4000 0000 0000 3220"));
    expect(challenged.headers.get("Location")).toBe(`${page}/3ds?embed=1`);
    const payPage = await app.request(`${page}?embed=1`);
    expect(payPage.headers.get("Location")).toBe(`${page}/3ds?embed=1`);
    const cardAgain = await post(`${page}/card?embed=1`, card("4242 4242 4242 4242"));
    expect(cardAgain.headers.get("Location")).toBe(`${page}?embed=1`);
  });

  test("a wrong one-time password fails", async () => {
    const { paymentKey } = await insertKey();
    await post(`/sandbox-pay/pay/${paymentKey}/card`, card("4000000000003220"));
    const response = await post(`/sandbox-pay/pay/${paymentKey}/3ds`, {
      otp: "000000",
      action: "authenticate",
    });
    expect(await response.text()).toContain("本人認証に失敗しました。");
    expect((await rowOf(paymentKey)).status).toBe("failed");
    expect(delivered.map((d) => d.json.m_status)).toEqual(["failure"]);
    expectSignedPush(delivered[0]!);
  });

  test("キャンセル fails the payment", async () => {
    const { paymentKey } = await insertKey();
    await post(`/sandbox-pay/pay/${paymentKey}/card`, card("4000000000003220"));
    const response = await post(`/sandbox-pay/pay/${paymentKey}/3ds`, {
      otp: "",
      action: "cancel",
    });
    const html = await response.text();
    expect(html).toContain("本人認証がキャンセルされました。");
    expect(html).toContain("もう一度試す");
    expect((await rowOf(paymentKey)).status).toBe("failed");
    expect(delivered.map((d) => d.json.status)).toEqual(["failure"]);
  });

  test("a double submit pays and pushes once", async () => {
    const { paymentKey } = await insertKey();
    const pages = await Promise.all([
      post(`/sandbox-pay/pay/${paymentKey}/card`, card("4111111111111111")),
      post(`/sandbox-pay/pay/${paymentKey}/card`, card("4111111111111111")),
    ]);
    for (const page of pages) expect(await page.text()).toContain("決済が完了しました。");
    expect(delivered).toHaveLength(1);
  });

  test("field errors show beside the fields, keep the values but not the CVC, and pay nothing", async () => {
    const { paymentKey } = await insertKey();
    const response = await post(`/sandbox-pay/pay/${paymentKey}/card`, {
      card_number: "5555 5555 5555 4444",
      expiry: "13/30",
      cvc: "987",
      holder: "",
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("テスト用のカード番号を入力してください。");
    expect(html).toContain("有効期限は MM/YY の形式で入力してください。");
    expect(html).toContain("カード名義を入力してください。");
    expect(html).toContain('value="5555 5555 5555 4444"');
    expect(html).toContain('value="13/30"');
    expect(html).not.toContain("987");
    expect(html).toContain('id="f-card_number" name="card_number"');
    expect((await rowOf(paymentKey)).status).toBe("issued");
    expect(delivered).toHaveLength(0);
    // An expired card.
    const past = await post(
      `/sandbox-pay/pay/${paymentKey}/card`,
      card("4111111111111111", { expiry: "05/25" }),
    );
    expect(await past.text()).toContain("有効期限が切れています。");
  });
});

describe("keys that cannot be paid", () => {
  test("an unknown key is a 404 page", async () => {
    const response = await app.request("/sandbox-pay/pay/nope");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("お支払い情報が見つかりません。");
    const slip = await app.request("/sandbox-pay/slips/nope");
    expect(slip.status).toBe(404);
  });

  test("an expired key cannot be paid", async () => {
    const { paymentKey } = await insertKey({ expiresAt: new Date(TEST_NOW.getTime() - 1000) });
    const response = await app.request(`/sandbox-pay/pay/${paymentKey}`);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain("お支払いの有効期限が切れています。");
    const paid = await post(`/sandbox-pay/pay/${paymentKey}/card`, card("4111111111111111"));
    expect(paid.status).toBe(410);
    expect((await rowOf(paymentKey)).status).toBe("issued");
    expect(delivered).toHaveLength(0);
  });

  test("every value is HTML-escaped", async () => {
    const { paymentKey } = await insertKey({
      providerOrderId: `<script>alert(1)</script>-${randomUUID()}`,
      returnUrl: 'https://portal.example.jp/a?q="><img src=x onerror=alert(1)>',
    });
    const response = await post(`/sandbox-pay/pay/${paymentKey}/card`, {
      ...card("<b>4111</b>"),
      holder: '"><script>x()</script>',
    });
    const html = await response.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<b>4111</b>");
    expect(html).toContain("&lt;b&gt;4111&lt;/b&gt;");
    expect(html).not.toContain('"><script>x()</script>');
    expect(html).not.toMatch(/<img/);
  });
});

describe("store and Pay-easy slips", () => {
  test("the store page offers the stores and Pay-easy", async () => {
    const { paymentKey } = await insertKey({ card: false });
    const html = await (await app.request(`/sandbox-pay/pay/${paymentKey}`)).text();
    for (const value of ["sej", "lawson", "famima", "other", "payeasy"]) {
      expect(html).toContain(`name="store" value="${value}"`);
    }
    expect(html).toContain("セブン-イレブン");
    expect(html).toContain("Pay-easy（銀行ATM・ネットバンキング）");
    expect(html).toContain(`action="/sandbox-pay/pay/${paymentKey}/cvs"`);
    expect(html).toContain(">お支払い番号を発行する</button>");
    const none = await post(`/sandbox-pay/pay/${paymentKey}/cvs`, {});
    expect(none.status).toBe(422);
    expect(await none.text()).toContain("お支払い方法を選択してください。");
  });

  test("a store slip is issued and pushed pending; simulating the payment pushes paid once", async () => {
    const { paymentKey, providerOrderId } = await insertKey({ card: false, returnUrl: RETURN_URL });
    const response = await post(`/sandbox-pay/pay/${paymentKey}/cvs`, { store: "famima" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("お支払い番号を発行しました。");
    expect(html).toContain("ファミリーマート");
    expect(html).toContain("受付番号");
    expect(html).toContain("2025年6月22日 23:59");
    expect(html).toContain(
      `href="${RETURN_URL.replace("?x=1", "?x=1&amp;payment=pending")}">広告管理に戻る</a>`,
    );
    const row = await rowOf(paymentKey);
    expect(row.status).toBe("pending");
    expect(row.paymentType).toBe("cvs");
    const slip = row.slip as PaymentSlip;
    expect(slip).toEqual({
      store: "famima",
      receiptNumber: expect.stringMatching(/^\d{12}$/),
      confirmationNumber: expect.stringMatching(/^\d{4}$/),
      collectorNumber: null,
      amount: 33000,
      expiresAt: "2025-06-22T14:59:59.000Z",
      slipUrl: `http://localhost/sandbox-pay/slips/${paymentKey}`,
    });
    expect(html).toContain(slip.receiptNumber);
    expect(delivered).toHaveLength(1);
    expectSignedPush(delivered[0]!);
    expect(delivered[0]!.json).toEqual(
      pushBody(providerOrderId, { m_status: "pending", payment_type: "cvs", slip }),
    );

    // The slip page, a day later (the key has expired by then; the slip has not).
    now = new Date(TEST_NOW.getTime() + 24 * 60 * 60 * 1000);
    const slipPage = await (await app.request(`/sandbox-pay/slips/${paymentKey}`)).text();
    expect(slipPage).toContain("払込票");
    expect(slipPage).toContain(slip.receiptNumber);
    expect(slipPage).toContain("33,000円");
    expect(slipPage).toContain(`action="/sandbox-pay/slips/${paymentKey}/simulate"`);
    expect(slipPage).toContain(">【テスト】店頭でのお支払いを模擬する</button>");

    const simulated = await post(`/sandbox-pay/slips/${paymentKey}/simulate`, {});
    const simulatedHtml = await simulated.text();
    expect(simulatedHtml).toContain("お支払いを受け付けました。（テスト）");
    expect(simulatedHtml).not.toContain("【テスト】店頭でのお支払いを模擬する");
    expect((await rowOf(paymentKey)).status).toBe("paid");
    expect(delivered).toHaveLength(2);
    expectSignedPush(delivered[1]!, {
      status: "success",
      m_status: "success",
      payment_type: "cvs",
      transaction_datetime: "2025-06-16T12:00:00+09:00",
    });
    expect(delivered[1]!.json.slip).toBeUndefined();

    // A second simulation pushes nothing.
    const twice = await post(`/sandbox-pay/slips/${paymentKey}/simulate`, {});
    expect(await twice.text()).toContain("お支払いを受け付けました。（テスト）");
    expect(delivered).toHaveLength(2);
  });

  test("a Pay-easy slip has お客様番号, 確認番号 and 収納機関番号 and pays as bank", async () => {
    const { paymentKey } = await insertKey({ card: false });
    const response = await post(`/sandbox-pay/pay/${paymentKey}/cvs?embed=1`, { store: "payeasy" });
    const html = await response.text();
    expect(html).toContain("お客様番号");
    expect(html).toContain("収納機関番号");
    expect(html).toContain("58191");
    expect(html).toContain(
      'data-status="success" data-transaction-status="pending" data-payment-type="bank"',
    );
    const slip = (await rowOf(paymentKey)).slip!;
    expect(slip.receiptNumber).toMatch(/^\d{20}$/);
    expect(slip.confirmationNumber).toMatch(/^\d{6}$/);
    expect(slip.collectorNumber).toBe("58191");
    expect(delivered[0]!.json).toMatchObject({ m_status: "pending", payment_type: "bank" });
    await post(`/sandbox-pay/slips/${paymentKey}/simulate`, {});
    expect(delivered[1]!.json).toMatchObject({ m_status: "success", payment_type: "bank" });
  });
  test("two simultaneous simulations push paid once", async () => {
    const { paymentKey } = await insertKey({ card: false });
    await post(`/sandbox-pay/pay/${paymentKey}/cvs`, { store: "lawson" });
    const pages = await Promise.all([
      post(`/sandbox-pay/slips/${paymentKey}/simulate`, {}),
      post(`/sandbox-pay/slips/${paymentKey}/simulate`, {}),
    ]);
    for (const page of pages)
      expect(await page.text()).toContain("お支払いを受け付けました。（テスト）");
    expect(delivered.map((d) => d.json.m_status)).toEqual(["pending", "success"]);
  });
});

describe("a push the merchant did not take", () => {
  test("the page says so and 通知を再送する resends the same body", async () => {
    const { paymentKey } = await insertKey({ returnUrl: RETURN_URL });
    merchantAnswer = 500;
    const response = await post(`/sandbox-pay/pay/${paymentKey}/card`, card("4111111111111111"));
    // No redirect back while the merchant does not know: the customer sees the problem.
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("決済が完了しました。");
    expect(html).toContain("加盟店への通知に失敗しました。");
    expect(html).toContain(`action="/sandbox-pay/pay/${paymentKey}/repush"`);
    expect(html).toContain(">通知を再送する</button>");
    // Still offered on a later visit.
    expect(await (await app.request(`/sandbox-pay/pay/${paymentKey}`)).text()).toContain(
      "通知を再送する",
    );

    merchantAnswer = "throw";
    now = new Date(TEST_NOW.getTime() + 30_000);
    const failedAgain = await post(`/sandbox-pay/pay/${paymentKey}/repush`, {});
    expect(await failedAgain.text()).toContain("加盟店への通知に失敗しました。");

    merchantAnswer = 200;
    const resent = await post(`/sandbox-pay/pay/${paymentKey}/repush`, {});
    expect(resent.status).toBe(303);
    expect(resent.headers.get("Location")).toBe(`${RETURN_URL}&payment=success`);
    expect(delivered).toHaveLength(3);
    expect(delivered[2]!.raw).toBe(delivered[0]!.raw);
    expectSignedPush(delivered[2]!);
  });

  test("in the pop-up, the result reaches the portal only once the push is delivered", async () => {
    const { paymentKey } = await insertKey();
    merchantAnswer = 503;
    const response = await post(
      `/sandbox-pay/pay/${paymentKey}/card?embed=1`,
      card("4111111111111111"),
    );
    const html = await response.text();
    expect(html).toContain("加盟店への通知に失敗しました。");
    expect(html).toContain(`action="/sandbox-pay/pay/${paymentKey}/repush?embed=1"`);
    expect(html).not.toContain("data-sandbox-pop-result");
    expect(response.headers.get("Content-Security-Policy")).not.toContain("script-src");
    merchantAnswer = 200;
    const resent = await post(`/sandbox-pay/pay/${paymentKey}/repush?embed=1`, {});
    expect(resent.status).toBe(200);
    const after = await resent.text();
    expect(after).not.toContain("加盟店への通知に失敗しました。");
    expect(after).toContain('data-status="success" data-transaction-status="capture"');
  });

  test("the slip page offers the re-push too, also after a restart (another process)", async () => {
    const { paymentKey } = await insertKey({ card: false });
    merchantAnswer = "throw";
    const issued = await post(`/sandbox-pay/pay/${paymentKey}/cvs`, { store: "sej" });
    expect(await issued.text()).toContain("加盟店への通知に失敗しました。");
    const restarted = createApiApp({ db, config: await loadApiConfig({}), clock: () => now });
    const slipPage = await (await restarted.request(`/sandbox-pay/slips/${paymentKey}`)).text();
    expect(slipPage).toContain(`action="/sandbox-pay/slips/${paymentKey}/repush"`);
    merchantAnswer = 200;
    const resent = await post(`/sandbox-pay/slips/${paymentKey}/repush`, {});
    expect(await resent.text()).not.toContain("加盟店への通知に失敗しました。");
    expect(delivered[1]!.raw).toBe(delivered[0]!.raw);
  });
});

describe("inside the whole API app", () => {
  test("the pages keep their CSP and are framable by the same origin only", async () => {
    const api = createApiApp({ db, config: await loadApiConfig({}), clock: () => now });
    const { paymentKey } = await insertKey();
    const response = await api.request(`/sandbox-pay/pay/${paymentKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    const pop = await api.request("/sandbox-pay/pop.js");
    expect(pop.headers.get("Content-Type")).toMatch(/^text\/javascript/);
  });
});
