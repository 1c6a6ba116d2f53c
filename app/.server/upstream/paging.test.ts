// Lists against an upstream that caps its pages as API Platform's `maximum_items_per_page` does
// (issue 29): a screen page of more rows than one server page is read across server pages, a
// report month to its end, in both dialects, and a next link elsewhere is never followed.
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { administratorClaims, makeToken } from "../../../tests/fixtures/tokens";
import { postFixture } from "../../../tests/mocks/posts";
import { reportRow, reportsHandlers } from "../../../tests/mocks/reports";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { api, pagedCollection } from "../../../tests/mocks/upstream";
import { UpstreamUnavailableError } from "./errors";
import { getCollectionPage } from "./hydra";
import { getPostReport } from "./reports";
import { listPosts } from "./resources";
import { mockedClient } from "../../../tests/mocks/client";

startMockUpstream();

let token: string;
beforeAll(async () => {
  token = await makeToken(administratorClaims());
});
const client = () => mockedClient(() => token);

const thing = z.object({ id: z.number() });
const things = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
/** A screen page of /things, as a list screen asks it. */
const thingsPage = (paging: { page: number; itemsPerPage: number }) =>
  getCollectionPage(client(), "/things", thing, {}, paging);
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** /things paged by pagedCollection; `partial` drops the totals (API Platform 4 partial paging). */
function serveThings(count: number, cap: number, options: { partial?: boolean } = {}) {
  server.use(
    http.get(api("/things"), async ({ request }) => {
      const response = pagedCollection(request, "/things", things(count), {
        maxItemsPerPage: cap,
      });
      if (!options.partial) return response;
      const body = (await response.json()) as Record<string, unknown>;
      delete body["hydra:totalItems"];
      return HttpResponse.json(body);
    }),
  );
}

describe("getCollectionPage", () => {
  it("one call when the server honours the page size", async () => {
    serveThings(250, 300);
    const requests = recordRequests();
    const page = await thingsPage({ page: 2, itemsPerPage: 100 });
    expect(page.member.map((t) => t.id)).toEqual(ids(101, 200));
    expect(page.totalItems).toBe(250);
    expect(requests).toHaveLength(1);
  });

  it("reads the server pages holding the screen page when the server serves fewer", async () => {
    serveThings(250, 30);
    const requests = recordRequests();
    const page = await thingsPage({ page: 2, itemsPerPage: 100 });
    expect(page.member.map((t) => t.id)).toEqual(ids(101, 200));
    expect(page.totalItems).toBe(250);
    // Page 2 tells the size (30); rows 101–200 lie on server pages 4 to 7.
    expect(requests.map((r) => r.query.get("page"))).toEqual(["2", "4", "5", "6", "7"]);
  });

  it("a screen's last page on a capped server without totals: page 1 tells the size", async () => {
    serveThings(130, 30, { partial: true });
    const page = await thingsPage({ page: 2, itemsPerPage: 100 });
    expect(page.member.map((t) => t.id)).toEqual(ids(101, 130));
    expect(page.totalItems).toBe(130);
    // A short honoured last page stays as it is.
    serveThings(130, 300, { partial: true });
    const honoured = await thingsPage({
      page: 2,
      itemsPerPage: 100,
    });
    expect(honoured.member.map((t) => t.id)).toEqual(ids(101, 130));
  });

  it("a server that ignores itemsPerPage and serves more: the screen's rows only", async () => {
    server.use(
      http.get(api("/things"), ({ request }) => {
        const url = new URL(request.url);
        url.searchParams.set("itemsPerPage", "30");
        return pagedCollection(new Request(url), "/things", things(45));
      }),
    );
    const page = await thingsPage({ page: 2, itemsPerPage: 10 });
    expect(page.member.map((t) => t.id)).toEqual(ids(11, 20));
  });
});

describe("My Page's ads, 10 a page", () => {
  it("on a server that ignores itemsPerPage (API Platform's default: 30 a page)", async () => {
    const posts = Array.from({ length: 25 }, (_, i) => postFixture(i + 1));
    server.use(
      http.get(api("/api/adv/posts"), ({ request }) => {
        const url = new URL(request.url);
        url.searchParams.delete("itemsPerPage");
        return pagedCollection(new Request(url), "/api/adv/posts", posts);
      }),
    );
    const page = await listPosts(client(), { owner: 1 }, { page: 2, itemsPerPage: 10 });
    expect(page.member.map((p) => p.id)).toEqual(ids(11, 20));
    expect(page.totalItems).toBe(25);
  });
});

describe("a report month", () => {
  const days = Array.from({ length: 31 }, (_, i) =>
    reportRow(`2026-10-${String(i + 1).padStart(2, "0")}`),
  );

  it.each(["hydra", "plain"] as const)(
    "has all 31 days on a %s server of 30 a page",
    async (style) => {
      server.use(
        ...reportsHandlers({
          posts: { 12: { "2026-10": days } },
          owners: { 12: 7 },
          style,
          maxItemsPerPage: 30,
        }),
      );
      const rows = await getPostReport(client(), 12, "2026-10");
      expect(rows.map((r) => r.d)).toEqual(days.map((d) => d.d));
    },
  );

  it("does not follow a next link elsewhere (the token stays with the report)", async () => {
    server.use(
      ...reportsHandlers({
        posts: { 12: { "2026-10": days } },
        owners: { 12: 7 },
        maxItemsPerPage: 30,
        foreignNext: true,
      }),
    );
    const requests = recordRequests();
    await expect(getPostReport(client(), 12, "2026-10")).rejects.toBeInstanceOf(
      UpstreamUnavailableError,
    );
    expect(requests.map((r) => r.path)).toEqual(["/api/adv/posts/12/report"]);
  });
});
