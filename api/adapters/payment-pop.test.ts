// @vitest-environment node
// The VeriTrans4G POP adapter (ADR 0009) against POP's shapes, with msw: the payment-key request
// (what is sent, Basic auth with the server key), its success and failure answers, and the push
// signature (SHA-512 over the sorted fields and the server key).
import { createHash } from "node:crypto";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { PushRefused, type PaymentKeyRequest } from "./payment";
import { popPushSignature, PopProvider } from "./payment-pop";

const SERVER_KEY = "pop-server-key-for-tests";
const API = "https://pop.test.example/pop/v1";
const NOW = new Date("2025-06-15T03:00:00Z");

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const pop = new PopProvider({ serverKey: SERVER_KEY, apiUrl: API });

const request: PaymentKeyRequest = {
  providerOrderId: "ADV000012-3f9a1c2e",
  grossAmount: 13579,
  card: true,
  customerEmail: "shop@example.com",
  customerPhone: "0312345678",
  pushUrl: "https://ads.example.jp/api/adv/payment_push",
  returnUrl: null,
  expiryMinutes: 60,
};

/** POP's answer to a good request (its documented fields). */
const successAnswer = {
  payment_key: "9b3c0f6a-2d2e-4c7a-9f0e-0c1d2e3f4a5b",
  result_code: "R000",
  status: "success",
  message: "Success",
  payment_key_expiry_time: "20250615130000",
};

/** POP's answer to a request with an order id it does not accept. */
const failureAnswer = {
  result_code: "RC01",
  status: "failure",
  message: 'Invalid "Order ID"',
};

function capture(answer: Record<string, unknown>, status = 200) {
  const seen: { body?: unknown; auth?: string | null; url?: string } = {};
  server.use(
    http.post(`${API}/payment-key`, async ({ request: req }) => {
      seen.url = req.url;
      seen.auth = req.headers.get("Authorization");
      seen.body = await req.json();
      return HttpResponse.json(answer, { status });
    }),
  );
  return seen;
}

describe("issuePaymentKey", () => {
  test("a card key: Basic auth with the server key, POP's fields, the key and its expiry", async () => {
    const seen = capture(successAnswer);
    const issued = await pop.issuePaymentKey(request);
    expect(seen.url).toBe(`${API}/payment-key`);
    expect(seen.auth).toBe(`Basic ${Buffer.from(`${SERVER_KEY}:`).toString("base64")}`);
    expect(seen.body).toEqual({
      order_id: "ADV000012-3f9a1c2e",
      gross_amount: 13579,
      payment_key_expiry_duration: 60,
      enabled_payment_types: ["card"],
      card: { "3ds_version": 2 },
      push_url: "https://ads.example.jp/api/adv/payment_push",
      email: { customer_email_address: "shop@example.com" },
    });
    expect(issued).toEqual({
      paymentKey: successAnswer.payment_key,
      // 13:00:00 Tokyo.
      expiresAt: new Date("2025-06-15T04:00:00Z"),
      paymentPageUrl: null,
    });
  });

  test("a store key: convenience stores and Pay-easy, no card object, no e-mail when none", async () => {
    const seen = capture(successAnswer);
    await pop.issuePaymentKey({
      ...request,
      card: false,
      customerEmail: null,
      customerPhone: null,
    });
    expect(seen.body).toEqual({
      order_id: "ADV000012-3f9a1c2e",
      gross_amount: 13579,
      payment_key_expiry_duration: 60,
      enabled_payment_types: ["cvs", "bank"],
      push_url: "https://ads.example.jp/api/adv/payment_push",
    });
  });

  test("a failure answer (HTTP 400 or status failure) throws with the result code, no key", async () => {
    capture(failureAnswer, 400);
    const error = await pop.issuePaymentKey(request).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain("RC01");
    expect((error as Error).message).not.toContain(SERVER_KEY);

    capture({ ...failureAnswer, payment_key: "should-not-leak" }, 200);
    const again = await pop.issuePaymentKey(request).catch((e: Error) => e);
    expect((again as Error).message).toContain("RC01");
    expect((again as Error).message).not.toContain("should-not-leak");
  });

  test("an unreachable POP throws", async () => {
    server.use(http.post(`${API}/payment-key`, () => HttpResponse.error()));
    await expect(pop.issuePaymentKey(request)).rejects.toThrow(/POP payment-key request failed/);
  });
});

/** A push as POP sends it, signed with the server key. */
function signedPush(fields: Record<string, unknown>, key = SERVER_KEY) {
  return JSON.stringify({ ...fields, signature: popPushSignature(fields, key) });
}

const cardPush = {
  merchant_id: "A100000000000001",
  order_id: "ADV000012-3f9a1c2e",
  status: "success",
  result_code: "A001000000000000",
  m_status: "success",
  payment_type: "card",
  gross_amount: "13579",
  transaction_datetime: "20250615113000",
  push_id: "P1234567890",
};

describe("readPush", () => {
  test("the signature: sorted k=v joined by &, arrays by comma, booleans as words, then :key", () => {
    const fields = { b: ["x", "y"], a: 1, c: true, signature: "ignored" };
    const expected = createHash("sha512").update(`a=1&b=x,y&c=true:${SERVER_KEY}`).digest("hex");
    expect(popPushSignature(fields, SERVER_KEY)).toBe(expected);
  });

  test("a signed card push: paid, the Tokyo time, the amount, a dedupe key of the raw body", () => {
    const raw = signedPush(cardPush);
    const event = pop.readPush(raw, new Headers(), NOW);
    expect(event).toEqual({
      providerOrderId: "ADV000012-3f9a1c2e",
      kind: "paid",
      paymentType: "card",
      amount: 13579,
      occurredAt: new Date("2025-06-15T02:30:00Z"),
      slip: null,
      dedupeKey: createHash("sha256").update(`pop:${raw}`).digest("hex"),
    });
  });

  test("tampered, signed with another key, or unsigned: refused with 401", () => {
    const raw = signedPush(cardPush);
    const tampered = raw.replace('"13579"', '"1"');
    const refusal = (body: string) => {
      try {
        pop.readPush(body, new Headers(), NOW);
      } catch (error) {
        return error;
      }
      return null;
    };
    for (const body of [
      tampered,
      signedPush(cardPush, "someone-else's-key"),
      JSON.stringify(cardPush),
      "not json",
    ]) {
      const error = refusal(body);
      expect(error).toBeInstanceOf(PushRefused);
      expect((error as PushRefused).status).toBe(401);
    }
  });

  test("failure and pending statuses; a store push's slip (assumed field names)", () => {
    expect(
      pop.readPush(
        signedPush({ ...cardPush, status: "failure", m_status: "failure" }),
        new Headers(),
        NOW,
      ).kind,
    ).toBe("failed");
    const store = pop.readPush(
      signedPush({
        ...cardPush,
        m_status: "pending",
        payment_type: "cvs",
        cvs_type: "lawson",
        receipt_no: "LW123456",
        haraikomi_url: "https://pop.test.example/slip/1",
        payment_limit: "20250622",
      }),
      new Headers(),
      NOW,
    );
    expect(store).toMatchObject({
      kind: "pending",
      paymentType: "cvs",
      slip: {
        store: "lawson",
        receiptNumber: "LW123456",
        confirmationNumber: null,
        collectorNumber: null,
        amount: 13579,
        expiresAt: "2025-06-22T14:59:59.000Z",
        slipUrl: "https://pop.test.example/slip/1",
      },
    });
    const bank = pop.readPush(
      signedPush({
        ...cardPush,
        m_status: "pending",
        payment_type: "bank",
        shuno_kikan_no: "58091",
        customer_no: "12345678901",
        confirm_no: "4567",
        payment_limit: "20250622235959",
      }),
      new Headers(),
      NOW,
    );
    expect(bank.slip).toMatchObject({
      store: "payeasy",
      receiptNumber: "12345678901",
      confirmationNumber: "4567",
      collectorNumber: "58091",
    });
  });
});
