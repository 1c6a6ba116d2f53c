// The advertiser list against the mocked upstream: the query it sends (isDeleted=false, 300 a
// page, the filters and the sort as ADR 0011 names them) and the rows it shows.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createUpstreamClient } from "~/.server/upstream/client";
import { administratorClaims, makeToken } from "../../../tests/fixtures/tokens";
import { adminClientFixture, adminClientsHandlers } from "../../../tests/mocks/clients";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { UPSTREAM } from "../../../tests/mocks/upstream";
import { advertiserQuery, loadAdvertiserList, readAdvertiserFilters } from "./list.server";

startMockUpstream();

let token: string;
beforeAll(async () => {
  token = await makeToken(administratorClaims());
});
const admin = () =>
  createUpstreamClient({
    baseUrl: UPSTREAM,
    tokens: { current: async () => token, renew: async () => token },
    log: vi.fn(),
  });

describe("loadAdvertiserList", () => {
  it("asks for the undeleted clients, 300 a page, newest first by default", async () => {
    server.use(
      ...adminClientsHandlers([
        adminClientFixture(7, { isAutoConfirmable: true, tel: "03-1111-2222" }),
        adminClientFixture(8, { isDeleted: true }),
      ]),
    );
    const requests = recordRequests();
    const data = await loadAdvertiserList(admin(), new URLSearchParams());
    const query = requests[0]!.query;
    expect(requests[0]!.path).toBe("/api/adv/clients");
    expect(Object.fromEntries(query)).toEqual({
      page: "1",
      itemsPerPage: "300",
      "order[id]": "desc",
      isDeleted: "false",
    });
    expect(data.rows).toEqual([
      {
        id: 7,
        displayId: "00007",
        companyName: "株式会社お店ニュース商店",
        personInCharge: "山田 太郎",
        email: "client7@example.com",
        tel: "03-1111-2222",
        autoConfirm: "ON",
      },
    ]);
    expect(data.pageSize).toBe(300);
  });

  it.each(["hydra", "plain"] as const)(
    "shows all 37 advertisers on page 1 from a %s upstream serving 30 a page",
    async (style) => {
      const clients = Array.from({ length: 37 }, (_, i) => adminClientFixture(i + 1));
      server.use(...adminClientsHandlers(clients, { style, maxItemsPerPage: 30 }));
      const data = await loadAdvertiserList(admin(), new URLSearchParams());
      expect(data.rows.map((r) => r.id)).toEqual(clients.map((c) => c.id));
      expect(data.totalItems).toBe(37);
    },
  );

  it("does not follow a next link elsewhere (the token stays with the clients)", async () => {
    const clients = Array.from({ length: 37 }, (_, i) => adminClientFixture(i + 1));
    server.use(...adminClientsHandlers(clients, { maxItemsPerPage: 30, foreignNext: true }));
    const requests = recordRequests();
    await expect(loadAdvertiserList(admin(), new URLSearchParams())).rejects.toThrow();
    expect(requests.map((r) => r.path)).toEqual(["/api/adv/clients"]);
  });

  it("sends the filters and the chosen sort and page", async () => {
    server.use(...adminClientsHandlers([]));
    const requests = recordRequests();
    const params = new URLSearchParams({
      id: "00012",
      companyName: " 商店 ",
      personInCharge: "山田",
      email: "Shop@",
      sort: "email",
      order: "asc",
      page: "2",
    });
    const data = await loadAdvertiserList(admin(), params);
    expect(Object.fromEntries(requests[0]!.query)).toEqual({
      page: "2",
      itemsPerPage: "300",
      "order[owner.email]": "asc",
      isDeleted: "false",
      id: "12",
      companyName: "商店",
      personInCharge: "山田",
      "owner.email": "Shop@",
    });
    expect(data.rows).toEqual([]);
    expect(data.filters.companyName).toBe("商店");
  });

  it("an id that is not a number is sent as typed (it matches nothing upstream)", () => {
    expect(advertiserQuery(readAdvertiserFilters(new URLSearchParams("id=abc"))).id).toBe("abc");
    expect(advertiserQuery(readAdvertiserFilters(new URLSearchParams("id="))).id).toBeUndefined();
  });
});
