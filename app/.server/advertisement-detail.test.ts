// The ad detail's bank transfer section against the mocked upstream: the account where the API
// tells it, else what the order holds (the amount from its course, the latest deadline) and the
// line pointing to the invoice (SPEC §7 has no call for the account).
import { http } from "msw";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadTransferDetails } from "./advertisement-detail";
import { publishmentOrderSchema } from "./upstream/resources";
import { advertiserClaims, makeToken } from "../../tests/fixtures/tokens";
import { bankTransferHandlers, transferInstructions } from "../../tests/mocks/payments";
import { recordRequests, server, startMockUpstream } from "../../tests/mocks/server";
import { mockedClient } from "../../tests/mocks/client";
import { api, hydraError, item } from "../../tests/mocks/upstream";
import { messagesOf } from "./logger";

startMockUpstream();
afterEach(() => vi.restoreAllMocks());

let token: string;
beforeAll(async () => {
  token = await makeToken(advertiserClaims());
});

const client = () => mockedClient(() => token);

/** The order as the ad's answer (a §7 call) embeds it: its course by IRI unless given. */
const order = (
  paymentStatus: string,
  paymentMethod: string | null,
  price?: number,
  course: unknown = "/api/adv/publishment_courses/3",
) =>
  publishmentOrderSchema.parse({
    "@id": "/api/adv/publishment_orders/12",
    id: 12,
    publishmentStatus: "confirmed",
    paymentStatus,
    paymentMethod,
    price,
    course,
    publishesAt: "2026-12-10T00:00:00+09:00",
  });

/** Now: 27 Nov 2026 in Tokyo. */
const NOW = new Date("2026-11-27T03:00:00Z");

/** The order's course as SPEC §3 gives it: its net price (the order has none). */
const orderAndCourse = (course: "present" | 404 = "present") => [
  http.get(api("/api/adv/publishment_courses/3"), () =>
    course === 404
      ? hydraError(404, "Not Found")
      : item({ "@id": "/api/adv/publishment_courses/3", id: 3, name: "1ヶ月", price: 30000 }),
  ),
];

describe("loadTransferDetails", () => {
  it("shows the account while waiting for a transfer, where the API tells it", async () => {
    server.use(...bankTransferHandlers());
    await expect(loadTransferDetails(client(), order("waiting", "bank_transfer"))).resolves.toEqual(
      { bankTransfer: transferInstructions, transferByInvoice: null },
    );
  });

  it.each([404, 405] as const)(
    "where the account call is absent (%s): the amount from the course, the latest deadline, the invoice",
    async (instructionsCall) => {
      server.use(...bankTransferHandlers({ instructionsCall }), ...orderAndCourse());
      const log = vi.spyOn(console, "warn").mockImplementation(() => {});
      await expect(
        loadTransferDetails(client(), order("waiting", "bank_transfer"), { now: NOW }),
      ).resolves.toEqual({
        bankTransfer: null,
        // 30,000円 + 10 % (rounded down once) = 33,000円; the day before the 10 Dec start.
        transferByInvoice: { amount: 33000, latestDueDate: "2026-12-09" },
      });
      expect(messagesOf(log.mock.calls)).toContainEqual(
        expect.stringMatching(/^upstream has no GET \{order\}\/payment\/bank_transfer: /),
      );
      // Learnt: the next detail does not ask for the account again.
      const requests = recordRequests();
      await loadTransferDetails(client(), order("waiting", "bank_transfer", 20000), { now: NOW });
      expect(requests.map((r) => r.path)).toEqual([]);
      log.mockRestore();
    },
  );

  it("reads the course embedded in the order with its price: no further call", async () => {
    server.use(...bankTransferHandlers({ instructionsCall: 404 }));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const embedded = { "@id": "/api/adv/publishment_courses/3", price: 12345 };
    const requests = recordRequests();
    await expect(
      loadTransferDetails(client(), order("waiting", "bank_transfer", undefined, embedded), {
        now: NOW,
      }),
    ).resolves.toMatchObject({ transferByInvoice: { amount: 12345 + 1234 } });
    expect(requests.map((r) => r.path)).toEqual([
      "/api/adv/publishment_orders/12/payment/bank_transfer",
    ]);
  });

  it("the order's own price, where the upstream gives it, needs no further call", async () => {
    server.use(...bankTransferHandlers({ instructionsCall: 404 }));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(
      loadTransferDetails(client(), order("waiting", "bank_transfer", 20000), { now: NOW }),
    ).resolves.toEqual({
      bankTransfer: null,
      transferByInvoice: { amount: 22000, latestDueDate: "2026-12-09" },
    });
  });

  it("a course it cannot read and a start already past: only the invoice line, no error", async () => {
    server.use(...bankTransferHandlers({ instructionsCall: 405 }), ...orderAndCourse(404));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(
      loadTransferDetails(client(), order("waiting", "bank_transfer"), {
        now: new Date("2026-12-20"),
      }),
    ).resolves.toEqual({
      bankTransfer: null,
      transferByInvoice: { amount: null, latestDueDate: null },
    });
  });

  it("an outage of the account call is the error page, not a guess (not learnt as absent)", async () => {
    server.use(
      http.get(api("/api/adv/publishment_orders/12/payment/bank_transfer"), () =>
        hydraError(503, "Service Unavailable"),
      ),
    );
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(
      loadTransferDetails(client(), order("waiting", "bank_transfer"), { now: NOW }),
    ).rejects.toThrow();
  });

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
        transferByInvoice: null,
      });
    }
    expect(requests).toEqual([]);
  });
});
