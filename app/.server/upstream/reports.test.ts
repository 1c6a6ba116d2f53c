// The URL report (SPEC §7 "an array of metric rows"), against the mocked upstream: the PHP server's
// bare array and our reference API's collections alike; a row it cannot read is a 502 page.
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createUpstreamClient } from "./client";
import { getReportByUrl } from "./reports";
import { loadUrlReport } from "../../routes/administrator.ad_report/ad-report.server";
import { administratorClaims, makeToken } from "../../../tests/fixtures/tokens";
import { reportRow, reportsHandlers } from "../../../tests/mocks/reports";
import { server, startMockUpstream } from "../../../tests/mocks/server";
import { UPSTREAM, api } from "../../../tests/mocks/upstream";

startMockUpstream();

let token: string;
beforeAll(async () => {
  token = await makeToken(administratorClaims());
});

const client = (log = vi.fn()) =>
  createUpstreamClient({
    baseUrl: UPSTREAM,
    tokens: { current: async () => token, renew: async () => token },
    log,
  });

const ARTICLE = "https://omise.example/articles/1";
const rows = [reportRow("2026-11-01"), reportRow("2026-11-02", { imp: 7, ctr: null })];

describe("getReportByUrl", () => {
  it.each(["array", "hydra", "plain"] as const)("reads a %s answer", async (urlStyle) => {
    server.use(...reportsHandlers({ urlStyle, urls: { [ARTICLE]: { "2026-11": rows } } }));
    await expect(getReportByUrl(client(), ARTICLE, "2026-11")).resolves.toEqual(rows);
  });

  it("reads an empty array as a month without rows", async () => {
    server.use(...reportsHandlers({ urlStyle: "array" }));
    await expect(getReportByUrl(client(), ARTICLE, "2026-11")).resolves.toEqual([]);
  });

  it("turns a row it cannot read into a 502 page and one log line naming the call and field", async () => {
    server.use(
      http.get(api("/api/adv/reports"), () =>
        HttpResponse.json([reportRow("2026-11-01"), { ...reportRow("2026-11-02"), clk: "3" }]),
      ),
    );
    const log = vi.fn();
    const query = new URLSearchParams({ url: ARTICLE, month: "2026-11" });
    const thrown = await loadUrlReport(client(log), query, new Date("2026-11-20T00:00:00Z")).catch(
      (e: unknown) => e,
    );
    expect((thrown as Response).status).toBe(502);
    expect(log.mock.calls).toEqual([
      ["upstream GET /api/adv/reports answer unreadable at 1.clk: invalid_type"],
    ]);
  });
});
