// Starting a card or store payment from the choice screen's form, against the mocked upstream.
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { advertiserClaims, makeToken } from "../../../tests/fixtures/tokens";
import {
  paymentKeyHandlers,
  paymentKeyRequests,
  transferInstructions,
} from "../../../tests/mocks/payments";
import { server, startMockUpstream } from "../../../tests/mocks/server";
import { api } from "../../../tests/mocks/upstream";
import {
  bankTransferFlash,
  needsJavaScriptReply,
  paymentReturn,
  returnFlash,
  startPayment,
} from "./payment.server";
import { PAYMENT_TEXTS } from "./texts";
import { mockedClient } from "../../../tests/mocks/client";

startMockUpstream();

let token: string;
beforeAll(async () => {
  token = await makeToken(advertiserClaims());
});

const client = () => mockedClient(() => token);

const returnUrl = "http://portal.test/advertiser/advertisements/12/publishment/complete";
const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.set(k, v);
  return formData;
};

describe("startPayment", () => {
  it("card: sends the e-mail and the phone as digits, and answers the key and page", async () => {
    server.use(...paymentKeyHandlers());
    paymentKeyRequests.length = 0;
    const started = await startPayment(client(), {
      orderId: 12,
      intent: "card",
      formData: form({
        cardHolderEmail: " shop@example.com ",
        cardHolderHomePhoneNumber: "０３-1234-5678",
      }),
      returnUrl,
    });
    expect(started).toEqual({
      ok: true,
      paymentKey: "key-12-1",
      paymentPageUrl: "/sandbox-pay/pay/key-12-1",
    });
    expect(paymentKeyRequests).toEqual([
      {
        card: 1,
        cardHolderEmail: "shop@example.com",
        cardHolderHomePhoneNumber: "0312345678",
        returnUrl,
      },
    ]);
  });

  it("answers the key without a page when the API gives only the key (SPEC §7)", async () => {
    server.use(...paymentKeyHandlers({ shape: "spec" }));
    paymentKeyRequests.length = 0;
    const started = await startPayment(client(), {
      orderId: 12,
      intent: "card",
      formData: form({ cardHolderEmail: "shop@example.com" }),
      returnUrl,
    });
    expect(started).toEqual({ ok: true, paymentKey: "key-12-1", paymentPageUrl: null });
  });

  it("rethrows an answer without a key for the 502 page, logging nothing more", async () => {
    server.use(
      http.post(api("/api/adv/issue_payment_key/12"), () =>
        HttpResponse.json({ provider: "pop" }, { status: 201 }),
      ),
    );
    const log = vi.fn();
    const thrown = await startPayment(
      client(),
      { orderId: 12, intent: "store", formData: form({}), returnUrl },
      log,
    )
      .catch(rethrowAsHttpError)
      .catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(502);
    expect(log).not.toHaveBeenCalled();
  });

  it("store: no card holder fields", async () => {
    server.use(...paymentKeyHandlers({ provider: "pop" }));
    paymentKeyRequests.length = 0;
    const started = await startPayment(client(), {
      orderId: 12,
      intent: "store",
      formData: form({ cardHolderEmail: "x@example.com" }),
      returnUrl,
    });
    expect(started).toMatchObject({ ok: true, paymentPageUrl: null });
    expect(paymentKeyRequests).toEqual([{ returnUrl }]);
  });

  it("refuses a card start with neither a valid e-mail nor a 10-digit phone, before the API", async () => {
    server.use(...paymentKeyHandlers());
    paymentKeyRequests.length = 0;
    const started = await startPayment(client(), {
      orderId: 12,
      intent: "card",
      formData: form({ cardHolderEmail: "shop@", cardHolderHomePhoneNumber: "03-1234" }),
      returnUrl,
    });
    expect(started).toEqual({
      ok: false,
      reply: {
        intent: "card",
        fieldErrors: { cardHolderEmail: [PAYMENT_TEXTS.cardHolderRequired] },
        formErrors: [],
        values: { cardHolderEmail: "shop@", cardHolderHomePhoneNumber: "03-1234" },
      },
    });
    expect(paymentKeyRequests).toEqual([]);
  });

  it("puts the API's violations beside the fields, and others in the banner, values kept", async () => {
    server.use(...paymentKeyHandlers({ violations: "problem", paid: [12] }));
    const started = await startPayment(client(), {
      orderId: 12,
      intent: "card",
      formData: form({
        cardHolderEmail: "shop@example.com",
        cardHolderHomePhoneNumber: "031234567890",
      }),
      returnUrl,
    });
    expect(started).toEqual({
      ok: false,
      reply: {
        intent: "card",
        fieldErrors: { cardHolderHomePhoneNumber: ["電話番号は10〜11桁で入力してください。"] },
        formErrors: ["この申込はお支払い済みです。"],
        values: { cardHolderEmail: "shop@example.com", cardHolderHomePhoneNumber: "031234567890" },
      },
    });
  });

  it("answers the SPEC §8 failure text when the API fails, and logs no token", async () => {
    server.use(...paymentKeyHandlers({ failWith: 503 }));
    const log = vi.fn();
    const started = await startPayment(
      client(),
      { orderId: 12, intent: "store", formData: form({}), returnUrl },
      log,
    );
    expect(started).toMatchObject({
      ok: false,
      reply: { formErrors: ["※決済が中断、または失敗しました。再度お試しください。"] },
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining("503"));
    expect(String(log.mock.calls[0]?.[0])).not.toContain(token);
  });

  it("rethrows a foreign order (404) for the error page", async () => {
    server.use(...paymentKeyHandlers({ orders: [] }));
    await expect(
      startPayment(client(), { orderId: 12, intent: "store", formData: form({}), returnUrl }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("the provider's return", () => {
  it("reads ?payment=", () => {
    const read = (q: string) => paymentReturn(new URLSearchParams(q));
    expect(read("payment=success")).toBe("success");
    expect(read("payment=pending")).toBe("pending");
    expect(read("payment=failure")).toBe("failure");
    expect(read("payment=incomplete")).toBe("failure");
    expect(read("payment=other")).toBeNull();
    expect(read("")).toBeNull();
  });

  it("flashes what the order says, not what the query claims", () => {
    expect(returnFlash({ paymentStatus: "paid" })).toBe("お支払いが完了しました。");
    expect(returnFlash({ paymentStatus: "waiting", paymentSlip: { store: "sej" } })).toBe(
      "お支払い番号を発行しました。お支払い期限までにお支払いください。",
    );
    // ?payment=success typed by hand, or the provider's notice not yet arrived.
    for (const order of [{ paymentStatus: "none" }, { paymentStatus: "waiting" }, null]) {
      expect(returnFlash(order)).toBe(
        "お支払いの結果を確認しています。しばらくしてから支払ステータスをご確認ください。",
      );
    }
  });

  it("asks for JavaScript when the provider has no page, keeping the card values", () => {
    expect(
      needsJavaScriptReply(
        "card",
        form({ cardHolderEmail: "a@example.com", cardHolderHomePhoneNumber: "0312345678" }),
      ),
    ).toEqual({
      intent: "card",
      fieldErrors: {},
      formErrors: ["クレジットカード・コンビニ払いにはJavaScriptを有効にしてください。"],
      values: { cardHolderEmail: "a@example.com", cardHolderHomePhoneNumber: "0312345678" },
    });
  });
});

describe("the bank transfer flash", () => {
  it("points to the account below when the API told it, else to the invoice", () => {
    expect(bankTransferFlash(transferInstructions)).toBe(PAYMENT_TEXTS.bankTransferFlash);
    expect(bankTransferFlash(null)).toBe(PAYMENT_TEXTS.bankTransferByInvoiceFlash);
    expect(PAYMENT_TEXTS.bankTransferByInvoiceFlash).toContain("請求書");
  });
});
