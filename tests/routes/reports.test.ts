// The report screens (SPEC §2 Report, Ad report) through the real portal (production build) against
// the mocked upstream (tests/mocks/reports.ts, the contract of ADR 0010): the advertiser's own
// report and another's 404, the month fallback and links, the table, chart and CSV, and the
// administrators' per-ad and by-URL reports. The clock is fixed at 2026-11-20 in Tokyo.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { http, passthrough } from "msw";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../../app/.server/env";
import { encodeSessionCookie } from "../../app/.server/session";
import { createPortalApp } from "../../server/app";
import {
  administratorClaims,
  advertiserClaims,
  makeRefreshToken,
  makeToken,
  type TokenClaims,
} from "../fixtures/tokens";
import { administratorsHandlers } from "../mocks/administrators";
import { clientsHandlers } from "../mocks/clients";
import { postFixture, postsHandlers } from "../mocks/posts";
import { reportRow, reportsHandlers } from "../mocks/reports";
import { recordRequests, server, startMockUpstream } from "../mocks/server";
import { UPSTREAM } from "../mocks/upstream";
import { loadBuild, TEST_SECRET } from "./stack";

startMockUpstream();

const NOW = new Date("2026-11-20T12:00:00+09:00");
const ARTICLE = "http://127.0.0.1:3000/site/3/ads/12";

let portal: Server;
let base = "";
let shop = "";
let admin = "";

async function cookieFor(claims: TokenClaims) {
  const main = { token: await makeToken(claims), refreshToken: makeRefreshToken() };
  return encodeSessionCookie({ main }, { secrets: [TEST_SECRET], secure: false }).split(";")[0]!;
}

beforeAll(async () => {
  // Only Date: the HTTP server's own timers keep running.
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  const env = parseEnv({
    NODE_ENV: "production",
    SESSION_SECRET: TEST_SECRET,
    DATA_DIR: "/tmp/unused",
  });
  const build = await loadBuild();
  const app = createPortalApp({ env, build, upstreamUrl: () => UPSTREAM });
  portal = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
  shop = await cookieFor(advertiserClaims());
  admin = await cookieFor(administratorClaims());
});

afterAll(async () => {
  await new Promise((resolve) => portal?.close(resolve));
  vi.useRealTimers();
});

beforeEach(() => {
  server.use(
    // The test's own requests to the portal go through; only the upstream is mocked.
    http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
    ...clientsHandlers(),
    ...administratorsHandlers(),
    ...postsHandlers({
      posts: [
        postFixture(12, { title: "秋の感謝祭" }),
        postFixture(13, { owner: "/api/adv/clients/2" }),
      ],
    }),
    ...reportsHandlers({
      owners: { 12: 1, 13: 2 },
      posts: {
        12: {
          "2026-10": [
            reportRow("2026-10-03", { imp: 120, clk: 3, ctr: 0.025, pv: 5, link1: 2 }),
            reportRow("2026-10-04", {
              imp: 0,
              clk: 0,
              ctr: null,
              pv: 1,
              link1: 0,
              note: [{ id: 7, subject: "掲載を開始しました" }],
            }),
          ],
          "2026-11": [reportRow("2026-11-02", { imp: 40, clk: 1, ctr: 0.025 })],
        },
      },
      urls: { [ARTICLE]: { "2026-11": [reportRow("2026-11-05", { imp: 9, clk: 3, ctr: 1 / 3 })] } },
    }),
  );
});
afterEach(() => server.resetHandlers());

const get = (pathname: string, cookie: string) =>
  fetch(`${base}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });

async function page(pathname: string, cookie: string) {
  const response = await get(pathname, cookie);
  return { status: response.status, html: await response.text() };
}

/** The markup between an element's start and the end of the month navigation. */
const monthNav = (html: string) => {
  const start = html.indexOf('aria-label="月の切り替え"');
  expect(start, "month navigation").toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</nav>", start));
};

describe("AdvertiserAdvertisementsReport", () => {
  const report = "/advertiser/advertisements/12/report";

  it("shows the advertiser's own ad: heading, table, chart, CSV link and the way back", async () => {
    const requests = recordRequests();
    const { status, html } = await page(`${report}?month=2026-10`, shop);
    expect(status).toBe(200);
    expect(html).toContain("アクセスレポート 2026-10");
    expect(html).toContain("秋の感謝祭");
    for (const column of [
      "日付",
      "リスト表示回数(imp)",
      "クリック回数(click)",
      "クリック率(CTR)",
      "広告URL閲覧回数(PV)",
      "リンク1クリック数",
      "リンク3クリック数",
      "備考",
    ])
      expect(html).toContain(`>${column}</th>`);
    expect(html).toContain("2026/10/03");
    expect(html).toContain(">2.50%<");
    // No impressions: CTR is "--"; that day's message is in 備考.
    expect(html).toContain(">--<");
    expect(html).toContain("<li>掲載を開始しました</li>");
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain("31日間の合計: リスト表示回数 120回、クリック回数 3回。");
    expect(html).toContain(`href="${report}/csv?month=2026-10"`);
    expect(html).toContain('href="/advertiser/advertisements/12"');
    expect(html).not.toContain("レポートはありません。");
    expect(requests.find((r) => r.path === "/api/adv/posts/12/report")?.query.get("month")).toBe(
      "2026-10",
    );
  });

  it("links both neighbouring months inside the range", async () => {
    const nav = monthNav((await page(`${report}?month=2026-10`, shop)).html);
    expect(nav).toContain(`href="${report}?month=2026-09">前月</a>`);
    expect(nav).toContain(`href="${report}?month=2026-11">翌月</a>`);
  });

  it.each(["2027-01", "2020-11", "junk", "2026-13"])(
    "month=%s falls back to the current month, with no next month",
    async (month) => {
      const requests = recordRequests();
      const { status, html } = await page(`${report}?month=${month}`, shop);
      expect(status).toBe(200);
      expect(html).toContain("アクセスレポート 2026-11");
      expect(requests.find((r) => r.path === "/api/adv/posts/12/report")?.query.get("month")).toBe(
        "2026-11",
      );
      const nav = monthNav(html);
      expect(nav).toContain(`href="${report}?month=2026-10">前月</a>`);
      expect(nav).toContain('aria-disabled="true">翌月</span>');
      expect(nav).not.toContain("month=2026-12");
    },
  );

  it("has no previous month at Dec 2020", async () => {
    const nav = monthNav((await page(`${report}?month=2020-12`, shop)).html);
    expect(nav).toContain('aria-disabled="true">前月</span>');
    expect(nav).toContain(`href="${report}?month=2021-01">翌月</a>`);
  });

  it("an empty month says so", async () => {
    const { html } = await page(`${report}?month=2026-09`, shop);
    expect(html).toContain("レポートはありません。");
    expect(html).toContain("30日間の合計: リスト表示回数 0回、クリック回数 0回。");
  });

  it("another advertiser's ad is the 404 page, its figures never shown", async () => {
    const { status, html } = await page("/advertiser/advertisements/13/report?month=2026-10", shop);
    expect(status).toBe(404);
    expect(html).not.toContain("アクセスレポート");
  });

  it("is for advertisers: an administrator and a visitor go to Login", async () => {
    expect((await get(report, admin)).headers.get("location")).toBe("/");
    const anonymous = await get(report, "");
    expect(anonymous.status).toBe(302);
    expect(new URL(anonymous.headers.get("location")!, base).pathname).toBe("/");
  });
});

describe("the report CSV", () => {
  it("is the month's rows: UTF-8 with BOM, CRLF, a Japanese header, named after ad and month", async () => {
    const response = await get("/advertiser/advertisements/12/report/csv?month=2026-10", shop);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      "attachment; filename=report-12-2026-10.csv",
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split("\r\n")).toEqual([
      "日付,リスト表示回数(imp),クリック回数(click),クリック率(CTR),広告URL閲覧回数(PV),リンク1クリック数,リンク2クリック数,リンク3クリック数,備考",
      "2026/10/03,120,3,2.50%,5,2,0,0,",
      "2026/10/04,0,0,--,1,0,0,0,掲載を開始しました",
      "",
    ]);
  });

  it("falls back to the current month like the screen", async () => {
    const response = await get("/advertiser/advertisements/12/report/csv?month=1999-01", shop);
    expect(response.headers.get("content-disposition")).toBe(
      "attachment; filename=report-12-2026-11.csv",
    );
  });

  it("another's ad is 404; the guard of each download keeps the other role out", async () => {
    expect((await get("/advertiser/advertisements/13/report/csv", shop)).status).toBe(404);
    expect((await get("/administrator/advertisements/13/report/csv", shop)).status).toBe(302);
    expect((await get("/advertiser/advertisements/12/report/csv", admin)).status).toBe(302);
    const adminCsv = await get("/administrator/advertisements/13/report/csv?month=2026-10", admin);
    expect(adminCsv.status).toBe(200);
    expect(adminCsv.headers.get("content-disposition")).toBe(
      "attachment; filename=report-13-2026-10.csv",
    );
  });
});

describe("AdministratorAdvertisementsReport", () => {
  it("shows any ad's report, linking back to the admin detail", async () => {
    const { status, html } = await page(
      "/administrator/advertisements/12/report?month=2026-10",
      admin,
    );
    expect(status).toBe(200);
    expect(html).toContain("アクセスレポート 2026-10");
    expect(html).toContain(">2.50%<");
    expect(html).toContain('href="/administrator/advertisements/12/detail"');
    expect(html).toContain('href="/administrator/advertisements/12/report/csv?month=2026-10"');
    const other = await page("/administrator/advertisements/13/report", admin);
    expect(other.status).toBe(200);
    expect(other.html).toContain("レポートはありません。");
  });

  it("is for administrators only", async () => {
    const response = await get("/administrator/advertisements/12/report", shop);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("AdministratorAdReportIndex", () => {
  const index = "/administrator/ad_report/";

  it("without a URL: the form, the title, both month links disabled, no API call", async () => {
    const requests = recordRequests();
    const { status, html } = await page(index, admin);
    expect(status).toBe(200);
    expect(html).toContain("アクセスレポート 2026-11");
    expect(html).toMatch(/<input[^>]*name="url"/);
    // Without JS the server's button must submit: it is never rendered disabled.
    expect(html).toMatch(/<button type="submit"[^>]*>表示<\/button>/);
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*>表示/);
    const nav = monthNav(html);
    expect(nav).toContain('aria-disabled="true">前月</span>');
    expect(nav).toContain('aria-disabled="true">翌月</span>');
    expect(html).toContain("レポートはありません。");
    expect(requests.filter((r) => r.path === "/api/adv/reports")).toEqual([]);
  });

  it("looks the URL up for the month: exactly the SPEC's columns, the URL kept in the links", async () => {
    const requests = recordRequests();
    const query = new URLSearchParams({ url: ` ${ARTICLE} `, month: "2026-11" });
    const { status, html } = await page(`${index}?${query}`, admin);
    expect(status).toBe(200);
    const lookup = requests.find((r) => r.path === "/api/adv/reports");
    expect(lookup?.query.get("url")).toBe(ARTICLE);
    expect(lookup?.query.get("month")).toBe("2026-11");
    expect(html).toContain("2026/11/05");
    expect(html).toContain(">33.33%<");
    const headers = [...html.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual([
      "日付",
      "リスト表示回数(imp)",
      "クリック回数(click)",
      "クリック率(CTR)",
      "広告URL閲覧回数(PV)",
      "備考",
    ]);
    const nav = monthNav(html);
    const previous = new URLSearchParams({ url: ARTICLE, month: "2026-10" }).toString();
    expect(nav).toContain(`href="${index}?${previous.replaceAll("&", "&amp;")}">前月</a>`);
    expect(nav).toContain('aria-disabled="true">翌月</span>');
    expect(html).toContain(`value="${ARTICLE}"`);
  });

  it("an unknown URL or an empty month says レポートはありません。", async () => {
    const query = new URLSearchParams({ url: "https://example.com/none", month: "2026-10" });
    const { html } = await page(`${index}?${query}`, admin);
    expect(html).toContain("アクセスレポート 2026-10");
    expect(html).toContain("レポートはありません。");
    expect(monthNav(html)).toContain("month=2026-11");
  });

  it("is for administrators only", async () => {
    const response = await get(index, shop);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});
