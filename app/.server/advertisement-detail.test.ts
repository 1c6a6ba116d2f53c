// The ad detail's bank transfer section against the mocked upstream: the account where the API
// tells it, else the line pointing to the invoice (SPEC §7 has no call for the account).
import { beforeAll, describe, expect, it } from "vitest";
import { loadTransferDetails } from "./advertisement-detail";
import type { Post } from "./upstream/resources";
import { advertiserClaims, makeToken } from "../../tests/fixtures/tokens";
import { bankTransferHandlers, transferInstructions } from "../../tests/mocks/payments";
import { recordRequests, server, startMockUpstream } from "../../tests/mocks/server";
import { mockedClient } from "../../tests/mocks/client";

startMockUpstream();

let token: string;
beforeAll(async () => {
  token = await makeToken(advertiserClaims());
});

const client = () => mockedClient(() => token);

const order = (paymentStatus: string, paymentMethod: string | null) =>
  ({
    "@id": "/api/adv/publishment_orders/12",
    id: 12,
    paymentStatus,
    paymentMethod,
  }) as unknown as Post["publishmentOrder"];

describe("loadTransferDetails", () => {
  it("shows the account while waiting for a transfer, where the API tells it", async () => {
    server.use(...bankTransferHandlers());
    await expect(loadTransferDetails(client(), order("waiting", "bank_transfer"))).resolves.toEqual(
      { bankTransfer: transferInstructions, transferByInvoice: false },
    );
  });

  it.each([404, 405] as const)(
    "points to the invoice where the account call is absent (%s)",
    async (instructionsCall) => {
      server.use(...bankTransferHandlers({ instructionsCall }));
      await expect(
        loadTransferDetails(client(), order("waiting", "bank_transfer")),
      ).resolves.toEqual({ bankTransfer: null, transferByInvoice: true });
    },
  );

  it("asks nothing and shows nothing for an order not waiting for a transfer", async () => {
    server.use(...bankTransferHandlers());
    const requests = recordRequests();
    for (const [status, method] of [
      ["waiting", "card"],
      ["paid", "bank_transfer"],
      ["none", null],
    ] as const) {
      await expect(loadTransferDetails(client(), order(status, method))).resolves.toEqual({
        bankTransfer: null,
        transferByInvoice: false,
      });
    }
    expect(requests).toEqual([]);
  });
});
