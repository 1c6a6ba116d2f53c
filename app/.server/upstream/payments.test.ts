// The payment key call and the order's slip (ADR 0009), against the mocked upstream.
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { UpstreamUnavailableError, UpstreamViolationError } from "./errors";
import { chooseBankTransfer, getBankTransfer, issuePaymentKey } from "./orders";
import { getPost } from "./resources";
import { advertiserClaims, makeToken } from "../../../tests/fixtures/tokens";
import {
  bankTransferChoices,
  bankTransferHandlers,
  paymentKeyHandlers,
  paymentKeyRequests,
  transferInstructions,
} from "../../../tests/mocks/payments";
import { postFixture, postsHandlers } from "../../../tests/mocks/posts";
import { server, startMockUpstream } from "../../../tests/mocks/server";
import { api } from "../../../tests/mocks/upstream";
import { mockedClient } from "../../../tests/mocks/client";

startMockUpstream();

let token: string;
beforeAll(async () => {
  token = await makeToken(advertiserClaims());
});

const client = () => mockedClient(() => token);

const returnUrl = "http://portal.test/advertiser/advertisements/12/publishment/complete";

describe("issuePaymentKey", () => {
  it.each(["jsonld", "plain"] as const)("reads a %s answer", async (style) => {
    server.use(...paymentKeyHandlers({ style }));
    const key = await issuePaymentKey(client(), 12, { card: false, returnUrl });
    expect(key).toEqual({
      paymentKey: expect.stringMatching(/^key-12-/),
      provider: "sandbox",
      expiresAt: "2026-12-01T12:00:00+09:00",
      paymentPageUrl: expect.stringMatching(/^\/sandbox-pay\/pay\/key-12-/),
    });
  });

  it("reads POP's null payment page", async () => {
    server.use(...paymentKeyHandlers({ provider: "pop" }));
    const key = await issuePaymentKey(client(), 12, {
      card: true,
      cardHolderEmail: "shop@example.com",
      returnUrl,
    });
    expect(key).toMatchObject({ provider: "pop", paymentPageUrl: null });
  });

  it.each(["jsonld", "plain"] as const)(
    "reads a %s answer with only the key (SPEC §7): no payment page",
    async (style) => {
      server.use(...paymentKeyHandlers({ style, shape: "spec" }));
      const key = await issuePaymentKey(client(), 12, { card: false, returnUrl });
      expect(key).toEqual({ paymentKey: expect.stringMatching(/^key-12-/), paymentPageUrl: null });
    },
  );

  it("refuses an answer without a key", async () => {
    server.use(
      http.post(api("/api/adv/issue_payment_key/12"), () =>
        HttpResponse.json({ provider: "pop" }, { status: 201 }),
      ),
    );
    await expect(issuePaymentKey(client(), 12, { card: false, returnUrl })).rejects.toMatchObject({
      name: "UpstreamUnreadableError",
      field: "paymentKey",
    });
  });

  it("sends card=1 with the card holder fields, and none of them for a store key", async () => {
    server.use(...paymentKeyHandlers());
    paymentKeyRequests.length = 0;
    await issuePaymentKey(client(), 12, {
      card: true,
      cardHolderEmail: "shop@example.com",
      cardHolderHomePhoneNumber: "0312345678",
      returnUrl,
    });
    await issuePaymentKey(client(), 12, {
      card: false,
      cardHolderEmail: "ignored@example.com",
      returnUrl,
    });
    expect(paymentKeyRequests).toEqual([
      {
        card: 1,
        cardHolderEmail: "shop@example.com",
        cardHolderHomePhoneNumber: "0312345678",
        returnUrl,
      },
      { returnUrl },
    ]);
  });

  it.each(["jsonld", "problem"] as const)(
    "turns %s violations into UpstreamViolationError on the card fields",
    async (violations) => {
      server.use(...paymentKeyHandlers({ violations }));
      const error = await issuePaymentKey(client(), 12, {
        card: true,
        cardHolderEmail: "shop@",
        cardHolderHomePhoneNumber: "0312",
        returnUrl,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamViolationError);
      expect((error as UpstreamViolationError).violations.map((v) => v.propertyPath)).toEqual([
        "cardHolderEmail",
        "cardHolderHomePhoneNumber",
      ]);
    },
  );

  it("an outage is UpstreamUnavailableError", async () => {
    server.use(...paymentKeyHandlers({ failWith: 503 }));
    await expect(issuePaymentKey(client(), 12, { card: false, returnUrl })).rejects.toBeInstanceOf(
      UpstreamUnavailableError,
    );
  });
});

describe("the order's paymentSlip", () => {
  const slip = {
    store: "payeasy",
    receiptNumber: "12345678901",
    confirmationNumber: "4567",
    collectorNumber: "58091",
    amount: 33000,
    expiresAt: "2026-12-08T23:59:59+09:00",
    slipUrl: "/sandbox-pay/slips/key-1",
  };
  const withSlip = (paymentSlip: unknown) =>
    postFixture(12, {
      publishmentOrder: {
        ...(postFixture(12).publishmentOrder as object),
        paymentStatus: "waiting",
        paymentMethod: "payeasy",
        paymentSlip,
      },
    });

  it.each(["hydra", "plain"] as const)("reads the slip of a %s order", async (style) => {
    server.use(...postsHandlers({ style, posts: [withSlip(slip)] }));
    const post = await getPost(client(), 12);
    expect(post.publishmentOrder?.paymentSlip).toEqual(slip);
  });

  it("reads null, an absent slip, and a store slip without the Pay-easy numbers", async () => {
    server.use(...postsHandlers({ posts: [withSlip(null)] }));
    expect((await getPost(client(), 12)).publishmentOrder?.paymentSlip).toBeNull();
    server.use(...postsHandlers({ posts: [postFixture(12)] }));
    expect((await getPost(client(), 12)).publishmentOrder?.paymentSlip).toBeUndefined();
    const store = { ...slip, store: "sej", confirmationNumber: null, collectorNumber: null };
    server.use(...postsHandlers({ posts: [withSlip(store)] }));
    expect((await getPost(client(), 12)).publishmentOrder?.paymentSlip).toEqual(store);
  });

  it("refuses a slip without its amount", async () => {
    server.use(...postsHandlers({ posts: [withSlip({ ...slip, amount: undefined })] }));
    await expect(getPost(client(), 12)).rejects.toThrow();
  });
});

describe("the bank transfer choice", () => {
  const order = "/api/adv/publishment_orders/12";

  it("reads the account our reference API answers with the choice", async () => {
    server.use(...bankTransferHandlers({ choice: "full" }));
    await expect(chooseBankTransfer(client(), order)).resolves.toEqual(transferInstructions);
  });

  it.each(["order", "none"] as const)(
    "takes a %s answer (SPEC §7 shows none) as the choice made, without an account",
    async (choice) => {
      server.use(...bankTransferHandlers({ choice }));
      bankTransferChoices.length = 0;
      await expect(chooseBankTransfer(client(), order)).resolves.toBeNull();
      expect(bankTransferChoices).toEqual([order]);
    },
  );

  it("takes an empty or non-JSON 200 as the choice made too: the upstream has acted", async () => {
    for (const body of ["", "<html>ok</html>", JSON.stringify({ bankTransfer: { bankName: 1 } })]) {
      server.use(
        http.post(
          api(`${order}/payment/bank_transfer`),
          () => new HttpResponse(body, { status: 200 }),
        ),
      );
      await expect(chooseBankTransfer(client(), order)).resolves.toBeNull();
    }
  });

  it.each([404, 405] as const)(
    "an absent instructions call (%s) is thrown as it came, for the extension registry to learn",
    async (instructionsCall) => {
      server.use(...bankTransferHandlers({ instructionsCall }));
      await expect(getBankTransfer(client(), order)).rejects.toMatchObject({
        status: instructionsCall,
      });
    },
  );

  it("reads the account from the instructions call where it exists", async () => {
    server.use(...bankTransferHandlers());
    await expect(getBankTransfer(client(), order)).resolves.toEqual(transferInstructions);
  });
});
