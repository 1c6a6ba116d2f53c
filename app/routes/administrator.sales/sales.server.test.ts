// The sales list's data and the streamed CSV against the mocked upstream: the list reads the
// month's totals item and only its table page of 100 (two calls), the CSV follows next links a
// page at a time as the stream is read, and upstream failures.
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { decodeShiftJis, parseCsv } from "../../../tests/csv";
import { administratorClaims, makeToken } from "../../../tests/fixtures/tokens";
import { saleFixture, salesHandlers, type SalesRequest } from "../../../tests/mocks/sales";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { api, pagedCollection } from "../../../tests/mocks/upstream";
import { SALES_CSV_COLUMNS } from "~/domain/sales-csv";
import type { Sale } from "~/domain/sales";
import { loadSalesList, salesCsvResponse } from "./sales.server";
import { salesPages } from "~/.server/upstream/sales";
import { mockedClient } from "../../../tests/mocks/client";
import { messagesOf } from "~/.server/logger";

startMockUpstream();

let token: string;
beforeAll(async () => {
  token = await makeToken(administratorClaims());
});

const client = () => mockedClient(() => token);

/** Now: 24 Nov 2026 in Tokyo (the month the fixtures' default date lies in). */
const NOW = new Date("2026-11-24T03:00:00Z");

function month(count: number, overrides: (i: number) => Partial<Sale> = () => ({})): Sale[] {
  return Array.from({ length: count }, (_, i) =>
    saleFixture({ id: i + 1, net: 1000 + i, tax: 100, ...overrides(i) }),
  );
}

describe("salesPages", () => {
  it.each(["hydra", "plain"] as const)(
    "follows %s next links to the month's end",
    async (style) => {
      const requests: SalesRequest[] = [];
      server.use(...salesHandlers({ months: { "2026-11": month(25) }, requests, style }));
      const pages: number[][] = [];
      for await (const sales of salesPages(client(), "2026-11", 10)) {
        pages.push(sales.map((s) => s.id));
      }
      expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
      expect(pages.flat()).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(requests).toEqual([
        { month: "2026-11", page: 1, itemsPerPage: 10 },
        { month: "2026-11", page: 2, itemsPerPage: 10 },
        { month: "2026-11", page: 3, itemsPerPage: 10 },
      ]);
    },
  );

  it("asks for 1000 a page by default", async () => {
    const requests: SalesRequest[] = [];
    server.use(...salesHandlers({ months: { "2026-11": month(3) }, requests }));
    for await (const _ of salesPages(client(), "2026-11")) void _;
    expect(requests).toEqual([{ month: "2026-11", page: 1, itemsPerPage: 1000 }]);
  });

  it.each(["hydra", "plain"] as const)(
    "asks for partial pages (no count of the month each time); %s pages without totalItems read alike",
    async (style) => {
      const requests: SalesRequest[] = [];
      const sales = month(20);
      server.use(
        ...salesHandlers({ months: { "2026-11": sales }, requests, style, partialPages: true }),
      );
      const pages: number[][] = [];
      for await (const page of salesPages(client(), "2026-11", 10))
        pages.push(page.map((s) => s.id));
      // The second page is full, so it links to a third, empty one: the end.
      expect(pages).toEqual(
        [sales.slice(0, 10), sales.slice(10), []].map((p) => p.map((s) => s.id)),
      );
      expect(requests.map((r) => [r.page, r.partial])).toEqual([
        [1, "true"],
        [2, "true"],
        [3, "true"],
      ]);
    },
  );

  it("reads at most 200 pages of sales: the empty end after a full 200th is no more", async () => {
    const read = async (rows: number) => {
      server.use(...salesHandlers({ months: { "2026-11": month(rows) }, partialPages: true }));
      let count = 0;
      for await (const sales of salesPages(client(), "2026-11", 1)) count += sales.length;
      return count;
    };
    expect(await read(200)).toBe(200);
    await expect(read(201)).rejects.toThrow();
  });

  it("does not follow a next link to another resource (the token stays with the sales)", async () => {
    server.use(...salesHandlers({ months: { "2026-11": month(3) }, foreignNext: true }));
    const read = async () => {
      for await (const _ of salesPages(client(), "2026-11", 2)) void _;
    };
    await expect(read()).rejects.toThrow();
  });
});

describe("loadSalesList", () => {
  it("reads the month's totals and only the asked page of 100: two upstream calls", async () => {
    const requests: SalesRequest[] = [];
    const sales = month(2150, (i) => (i === 2149 ? { net: -5000, tax: -500 } : {}));
    server.use(...salesHandlers({ months: { "2026-10": sales }, requests }));
    const upstream = recordRequests();
    const data = await loadSalesList(client(), new URLSearchParams("month=2026-10&page=22"), NOW);
    expect(upstream.map((r) => r.path).sort()).toEqual([
      "/api/adv/payment_refunds",
      "/api/adv/sales",
      "/api/adv/sales_totals/2026-10",
    ]);
    expect(requests).toEqual([{ month: "2026-10", page: 22, itemsPerPage: 100 }]);
    const net = sales.reduce((sum, s) => sum + s.net, 0);
    const tax = sales.reduce((sum, s) => sum + s.tax, 0);
    expect(data.totals).toEqual({ net, tax, gross: net + tax, count: 2150 });
    expect(data.month).toBe("2026-10");
    expect(data).toMatchObject({ previous: "2026-09", next: "2026-11", page: 22, pageSize: 100 });
    expect(data.rows.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => 2101 + i));
    expect(data.rows.at(-1)).toMatchObject({ net: "-5,000円", reversal: true });
  });

  it.each(["hydra", "plain"] as const)(
    "shows rows 101–200 on page 2 from a %s upstream serving 30 a page",
    async (style) => {
      const requests: SalesRequest[] = [];
      server.use(
        ...salesHandlers({
          months: { "2026-10": month(250) },
          requests,
          style,
          maxItemsPerPage: 30,
        }),
      );
      const data = await loadSalesList(client(), new URLSearchParams("month=2026-10&page=2"), NOW);
      expect(data.rows.map((r) => r.id)).toEqual(Array.from({ length: 100 }, (_, i) => 101 + i));
      expect(data.totals.count).toBe(250);
      expect(requests.map((r) => r.page)).toEqual([2, 4, 5, 6, 7]);
    },
  );

  it("does not follow a next link elsewhere to fill a page", async () => {
    server.use(
      ...salesHandlers({
        months: { "2026-10": month(250) },
        maxItemsPerPage: 30,
        foreignNext: true,
      }),
    );
    const upstream = recordRequests();
    const thrown = await loadSalesList(client(), new URLSearchParams("month=2026-10"), NOW).catch(
      (e: unknown) => e,
    );
    expect((thrown as Response).status).toBe(503);
    expect(upstream.map((r) => r.path)).not.toContain("/api/adv/posts");
  });

  it("without a totals call (SPEC §7 has none) sums every row of the month, read to its end", async () => {
    const requests: SalesRequest[] = [];
    const sales = month(250, (i) => (i === 249 ? { net: -5000, tax: -500 } : {}));
    server.use(
      ...salesHandlers({
        months: { "2026-10": sales },
        requests,
        maxItemsPerPage: 30,
        totalsAbsent: true,
      }),
    );
    const log = vi.spyOn(console, "warn").mockImplementation(() => {});
    const data = await loadSalesList(client(), new URLSearchParams("month=2026-10&page=2"), NOW);
    const net = sales.reduce((sum, s) => sum + s.net, 0);
    const tax = sales.reduce((sum, s) => sum + s.tax, 0);
    expect(data.totals).toEqual({ count: 250, net, tax, gross: net + tax });
    expect(Number.isInteger(data.totals.gross)).toBe(true);
    // The table's page is as it was; the whole month (9 server pages of 30) was read for the sums.
    expect(data.rows.map((r) => r.id)).toEqual(Array.from({ length: 100 }, (_, i) => 101 + i));
    expect(new Set(requests.map((r) => r.page))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(messagesOf(log.mock.calls)).toContain(
      "upstream has no GET /api/adv/sales_totals/{month}: 売上一覧 totals computed from rows",
    );

    // Learnt once: the next month's list does not ask for its totals again.
    const upstream = recordRequests();
    await loadSalesList(client(), new URLSearchParams("month=2026-10"), NOW);
    expect(upstream.map((r) => r.path)).not.toContain("/api/adv/sales_totals/2026-10");
    expect(log.mock.calls.flat().filter((l) => String(l).includes("sales_totals"))).toHaveLength(1);
    log.mockRestore();
  });

  it("an empty month: no rows, zero totals; a bad month is the current one", async () => {
    const requests: SalesRequest[] = [];
    server.use(...salesHandlers({ requests }));
    const data = await loadSalesList(client(), new URLSearchParams("month=1999-01"), NOW);
    expect(data.month).toBe("2026-11");
    expect(requests[0]!.month).toBe("2026-11");
    expect(data.rows).toEqual([]);
    expect(data.totals).toEqual({ net: 0, tax: 0, gross: 0, count: 0 });
  });

  it("shows the rows in the upstream's order, never sorted again (issue 30 #11)", async () => {
    // The order of booking as the upstream gives it: a payment, its reversal, the payment that
    // replaced it; neither ids nor dates nor amounts reorder them here.
    const booked = [
      saleFixture({ id: 9, net: 1000, tax: 100, recordedAt: "2026-11-20T10:00:00+09:00" }),
      saleFixture({ id: 4, net: -1000, tax: -100, recordedAt: "2026-11-20T09:00:00+09:00" }),
      saleFixture({ id: 7, net: 1000, tax: 100, recordedAt: "2026-11-19T12:00:00+09:00" }),
    ];
    server.use(...salesHandlers({ months: { "2026-11": booked } }));
    const data = await loadSalesList(client(), new URLSearchParams("month=2026-11"), NOW);
    expect(data.rows.map((r) => r.id)).toEqual([9, 4, 7]);
    const csv = await salesCsvResponse(client(), new URLSearchParams("month=2026-11"), {
      now: NOW,
    });
    const records = parseCsv(decodeShiftJis(new Uint8Array(await csv.arrayBuffer())));
    expect(records.slice(1).map((r) => Number(r[0]))).toEqual([9, 4, 7]);
  });

  it("lists the month's refunds needed (要返金) apart from the sales; none where the upstream has no such list", async () => {
    const refund = {
      "@id": "/api/adv/payment_refunds/4",
      id: 4,
      publishmentOrder: "/api/adv/publishment_orders/9",
      advertisement: "/api/adv/posts/18",
      reason: "already_paid",
      amount: 33000,
      providerOrderId: "ADV000018-0a1b2c3d",
      paidAt: "2026-11-20T10:15:00+09:00",
      recordedAt: "2026-11-20T10:16:00+09:00",
    };
    server.use(
      ...salesHandlers({ months: { "2026-11": month(2) }, refunds: { "2026-11": [refund] } }),
    );
    const data = await loadSalesList(client(), new URLSearchParams("month=2026-11"), NOW);
    expect(data.refunds).toEqual([
      {
        id: 4,
        advertisementId: 18,
        amount: "33,000円",
        reason: "お支払い済みの申込への重複入金",
        paidAt: "2026/11/20 10:15",
        recordedAt: "2026/11/20 10:16",
        providerOrderId: "ADV000018-0a1b2c3d",
      },
    ]);
    // Not a sale: the totals are the two sales'.
    expect(data.totals.count).toBe(2);

    server.use(...salesHandlers({ months: { "2026-11": month(2) }, refunds: "absent" }));
    const log = vi.spyOn(console, "warn").mockImplementation(() => {});
    const without = await loadSalesList(client(), new URLSearchParams("month=2026-11"), NOW);
    expect(without.refunds).toEqual([]);
    expect(without.rows).toHaveLength(2);
    log.mockRestore();
  });

  it("lists every refund needed of the month, over several upstream pages", async () => {
    const refund = (id: number) => ({
      id,
      advertisement: `/api/adv/posts/${id}`,
      reason: "already_paid",
      amount: 33000,
      paidAt: "2026-11-20T10:15:00+09:00",
      recordedAt: "2026-11-20T10:16:00+09:00",
    });
    server.use(
      // First: it answers before the sales mock's own list of refunds.
      http.get(api("/api/adv/payment_refunds"), ({ request }) =>
        pagedCollection(request, "/api/adv/payment_refunds", [refund(1), refund(2), refund(3)], {
          maxItemsPerPage: 2,
        }),
      ),
      ...salesHandlers({ months: { "2026-11": month(2) } }),
    );
    const data = await loadSalesList(client(), new URLSearchParams("month=2026-11"), NOW);
    expect(data.refunds.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it("a page past the end goes back to the month's first page", async () => {
    server.use(...salesHandlers({ months: { "2026-11": month(3) } }));
    const thrown = await loadSalesList(
      client(),
      new URLSearchParams("month=2026-11&page=5"),
      NOW,
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/administrator/sales?month=2026-11");
  });

  it.each([
    ["the rows", { failFromPage: 1 }],
    ["the totals", { failTotals: true }],
  ])("an upstream failure of %s is a 503 for the error page", async (_what, failure) => {
    server.use(...salesHandlers({ months: { "2026-11": month(150) }, ...failure }));
    const thrown = await loadSalesList(client(), new URLSearchParams("month=2026-11"), NOW).catch(
      (e: unknown) => e,
    );
    expect((thrown as Response).status).toBe(503);
  });
});

describe("salesCsvResponse", () => {
  it("streams the month a page of the upstream at a time, as Shift_JIS", async () => {
    const requests: SalesRequest[] = [];
    const sales = month(2500);
    sales[1] = saleFixture({ id: 2, net: 1001, tax: 100, companyName: '吉野家,"本店"\n𠮷🍜¥' });
    server.use(...salesHandlers({ months: { "2026-11": sales }, requests }));

    const response = await salesCsvResponse(client(), new URLSearchParams("month=2026-11"), {
      now: NOW,
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=Shift_JIS");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="sales-2026-11.csv"',
    );
    // Only the first page has been asked for before the body is read.
    expect(requests.map((r) => r.page)).toEqual([1]);

    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    expect(requests.map((r) => r.page)).toEqual([1]);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(requests.map((r) => r.page)).toEqual([1, 2, 3]);
    // The header, then one chunk per upstream page.
    expect(chunks).toHaveLength(4);

    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    const records = parseCsv(decodeShiftJis(bytes));
    expect(records[0]).toEqual([...SALES_CSV_COLUMNS]);
    expect(records).toHaveLength(2501);
    expect(records.slice(1).map((r) => Number(r[0]))).toEqual(sales.map((s) => s.id));
    expect(records[2]![6]).toBe('吉野家,"本店"\n〓〓￥');
    expect(records[2]!.slice(10)).toEqual(["1001", "100", "1101"]);
  });

  it("an empty month is the header alone", async () => {
    server.use(...salesHandlers());
    const response = await salesCsvResponse(client(), new URLSearchParams("month=2026-01"), {
      now: NOW,
    });
    const text = decodeShiftJis(await response.arrayBuffer());
    expect(parseCsv(text)).toEqual([[...SALES_CSV_COLUMNS]]);
    expect(response.headers.get("Content-Disposition")).toContain("sales-2026-01.csv");
  });

  it("an upstream failure before the first row is an error page, not a broken file", async () => {
    server.use(...salesHandlers({ failFromPage: 1 }));
    const thrown = await salesCsvResponse(client(), new URLSearchParams("month=2026-11"), {
      now: NOW,
    }).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(503);
  });

  it("a sales page the portal cannot read is an upstream error page, not a 500", async () => {
    server.use(
      http.get(api("/api/adv/sales"), () =>
        HttpResponse.json({ "hydra:member": [{ id: 1, net: "30000" }] }),
      ),
    );
    const thrown = await salesCsvResponse(client(), new URLSearchParams("month=2026-11"), {
      now: NOW,
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(502);
  });

  it("stops fetching pages once the browser has gone away", async () => {
    const requests: SalesRequest[] = [];
    server.use(...salesHandlers({ months: { "2026-11": month(5500) }, requests }));
    const gone = new AbortController();
    const response = await salesCsvResponse(client(), new URLSearchParams("month=2026-11"), {
      now: NOW,
      signal: gone.signal,
    });
    const reader = response.body!.getReader();
    await reader.read(); // the header
    await reader.read(); // the first page
    await reader.read(); // the second page
    await vi.waitFor(() => expect(requests).toHaveLength(3)); // the third, asked for ahead
    gone.abort();
    // The page asked for ahead is not written; nothing after it is asked for (six pages in all).
    let after = 0;
    while (!(await reader.read()).done) after += 1;
    expect(after).toBeLessThanOrEqual(1);
    expect(requests.map((r) => r.page)).toEqual([1, 2, 3]);
  });

  it("asks for the next page while this one is encoded, and only that one", async () => {
    const requests: SalesRequest[] = [];
    server.use(...salesHandlers({ months: { "2026-11": month(5500) }, requests }));
    const response = await salesCsvResponse(client(), new URLSearchParams("month=2026-11"), {
      now: NOW,
    });
    const reader = response.body!.getReader();
    await reader.read(); // the header
    await reader.read(); // the first page: the second is asked for as it is encoded
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    // However long the reader waits, the stream holds one page ahead, not the month.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.map((r) => r.page)).toEqual([1, 2]);
    await reader.cancel();
  });

  it("a failure half-way errors the stream (the download fails rather than ends short)", async () => {
    server.use(...salesHandlers({ months: { "2026-11": month(1500) }, failFromPage: 2 }));
    const response = await salesCsvResponse(client(), new URLSearchParams("month=2026-11"), {
      now: NOW,
    });
    await expect(response.arrayBuffer()).rejects.toThrow();
  });
});

describe("sales whose relations are bare IRIs (API Platform without an embedding group)", () => {
  // The whole order as an IRI, and an order whose every relation is one.
  const bareOrder = {
    id: 1,
    net: 1000,
    tax: 100,
    recordedAt: "2026-11-10T10:00:00+09:00",
    publishmentOrder: "/api/adv/publishment_orders/5",
  };
  const bareRelations = {
    ...saleFixture({ id: 2, net: 2000, tax: 200 }),
    publishmentOrder: {
      id: 6,
      advertisement: "/api/adv/posts/12",
      region: "/api/adv/publishment_regions/1",
      locality: "/api/adv/publishment_localities/2",
      course: "/api/adv/publishment_courses/3",
    },
  };
  const serve = (at: string, body: object) =>
    http.get(api(at), () =>
      HttpResponse.json(body, { headers: { "Content-Type": "application/ld+json" } }),
    );
  const upstreamItems = [
    serve("/api/adv/publishment_orders/5", {
      "@id": "/api/adv/publishment_orders/5",
      id: 5,
      advertisement: "/api/adv/posts/12",
      region: { "@id": "/api/adv/publishment_regions/1", name: "東京都" },
      locality: "/api/adv/publishment_localities/2",
      course: "/api/adv/publishment_courses/3",
    }),
    serve("/api/adv/posts/12", {
      "@id": "/api/adv/posts/12",
      title: "春の広告",
      owner: "/api/adv/clients/7",
    }),
    serve("/api/adv/clients/7", { "@id": "/api/adv/clients/7", companyName: "株式会社デモ" }),
    serve("/api/adv/publishment_regions/1", {
      "@id": "/api/adv/publishment_regions/1",
      name: "東京都",
    }),
    serve("/api/adv/publishment_localities/2", {
      "@id": "/api/adv/publishment_localities/2",
      name: "渋谷区",
    }),
    serve("/api/adv/publishment_courses/3", {
      "@id": "/api/adv/publishment_courses/3",
      name: "1ヶ月コース",
    }),
  ];
  const useMonth = () =>
    server.use(
      ...salesHandlers({ months: { "2026-11": [bareOrder, bareRelations] as unknown as Sale[] } }),
      ...upstreamItems,
    );

  it("the table fetches what it shows, each resource once", async () => {
    useMonth();
    const requests = recordRequests();
    const data = await loadSalesList(client(), new URLSearchParams("month=2026-11"), NOW);
    const shown = {
      advertisementId: 12,
      applicationId: "000012",
      title: "春の広告",
      companyName: "株式会社デモ",
      area: "東京都 / 渋谷区",
      course: "1ヶ月コース",
    };
    expect(data.rows).toMatchObject([
      { id: 1, orderId: 5, ...shown, gross: "1,100円" },
      { id: 2, orderId: 6, ...shown, gross: "2,200円" },
    ]);
    expect(data.totals.count).toBe(2);
    const paths = requests.map((r) => r.path);
    expect(paths.filter((p) => p === "/api/adv/posts/12")).toHaveLength(1);
  });

  it("the CSV writes the ids it has and blank names, asking for nothing more", async () => {
    useMonth();
    const requests = recordRequests();
    const response = await salesCsvResponse(client(), new URLSearchParams("month=2026-11"), {
      now: NOW,
    });
    const records = parseCsv(decodeShiftJis(new Uint8Array(await response.arrayBuffer())));
    expect(records.slice(1)).toEqual([
      ["1", "2026/11/10", "", "5", "", "", "", "", "", "", "1000", "100", "1100"],
      ["2", "2026/11/10", "000012", "6", "", "", "", "", "", "", "2000", "200", "2200"],
    ]);
    expect(requests.map((r) => r.path)).toEqual(["/api/adv/sales"]);
  });
});
