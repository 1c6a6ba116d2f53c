// @vitest-environment node
// The counting rule advertisers pay by (publishing/counters.ts), proven with real HTTP requests
// to the built-in site: the API listens on a loopback port, so the client address comes from the
// socket and a test names its visitor's address in X-Forwarded-For (loopback is a trusted proxy).
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ReportRow } from "../../shared/report";
import {
  siteAdPath,
  siteFrameClickPath,
  siteLinkPath,
  siteLocalityPath,
} from "../../shared/site-paths";
import { counterVisits, dailyReports, rateLimitHits } from "../db/schema";
import { TEST_NOW, createTestApi } from "../testing/db";
import { body, claimsOf, get, loginShop } from "../testing/http";
import { insertLocality, insertSiteAd } from "../testing/site-ads";

const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const TODAY = "2025-06-15"; // TEST_NOW in Tokyo
const minutes = (n: number) => new Date(TEST_NOW.getTime() + n * 60_000);

/** The API on a fresh database behind a real loopback socket, with its own ads. */
async function startSite(env: Record<string, string> = {}) {
  const api = await createTestApi({ env });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: api.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const { token } = await loginShop(api.app);
  const owner = claimsOf(token).advertiser!;
  const locality = await insertLocality(api.db, "カウント町");
  const ad = (title: string) =>
    insertSiteAd(api.db, {
      ownerId: owner,
      localityId: locality,
      title,
      start: "2025-06-01",
      end: "2025-06-30",
      links: ["https://example.jp/one"],
    });
  const ads = { first: await ad("一つ目"), second: await ad("二つ目") };

  /** A browser's GET (redirects not followed) from `from` with `ua`. */
  const visit = (path: string, from: string, ua: string = SAFARI) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { "User-Agent": ua, "X-Forwarded-For": from },
      redirect: "manual",
    }).then(async (r) => {
      await r.arrayBuffer();
      return r;
    });

  /** The counters of an ad on a Tokyo date, zeros when there is no row. */
  async function counts(adId: number, date = TODAY) {
    const [row] = await api.db
      .select()
      .from(dailyReports)
      .where(and(eq(dailyReports.advertisementId, adId), eq(dailyReports.date, date)));
    const { imp = 0, clk = 0, pv = 0, link1 = 0 } = row ?? {};
    return { imp, clk, pv, link1 };
  }

  return {
    api,
    token,
    locality,
    ads,
    visit,
    counts,
    list: (from: string, ua?: string) => visit(siteLocalityPath(locality), from, ua),
    page: (adId: number, from: string, ua?: string) => visit(siteAdPath(locality, adId), from, ua),
    click: (adId: number, from: string, ua?: string) =>
      visit(siteFrameClickPath(locality, adId), from, ua),
    link: (adId: number, from: string, ua?: string) =>
      visit(siteLinkPath(locality, adId, 1), from, ua),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await api.close();
    },
  };
}

type Site = Awaited<ReturnType<typeof startSite>>;

describe("one count per visitor, ad and Tokyo day", () => {
  let site: Site;
  // A limit far above these tests' requests: here the de-duplication alone is under test.
  beforeAll(async () => {
    site = await startSite({ SITE_COUNTS_PER_MINUTE: "100000" });
  });
  afterAll(() => site?.close());

  test("300 page views, clicks and link clicks from one visitor count one each", async () => {
    const { ads } = site;
    const from = "203.0.113.1";
    expect((await site.list(from)).status).toBe(200);
    for (let batch = 0; batch < 6; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => site.page(ads.first, from)),
      );
      expect(responses.every((r) => r.status === 200)).toBe(true);
    }
    for (let i = 0; i < 300; i++) {
      expect((await site.click(ads.first, from)).status).toBe(302);
    }
    await Promise.all(Array.from({ length: 300 }, () => site.link(ads.first, from)));
    expect(await site.counts(ads.first)).toEqual({ imp: 1, clk: 1, pv: 1, link1: 1 });
  });

  test("another User-Agent or another address is another visitor", async () => {
    const { ads } = site;
    const before = await site.counts(ads.second);
    await site.page(ads.second, "203.0.113.2", SAFARI);
    await site.page(ads.second, "203.0.113.2", SAFARI);
    await site.page(ads.second, "203.0.113.2", CHROME);
    await site.page(ads.second, "203.0.113.3", SAFARI);
    expect((await site.counts(ads.second)).pv - before.pv).toBe(3);
  });

  test("an IPv6 visitor is one visitor across its /64", async () => {
    const { ads } = site;
    const before = await site.counts(ads.second);
    await site.page(ads.second, "2001:db8:aa:1::1");
    await site.page(ads.second, "2001:db8:aa:1:ffff:1234:5678:9abc");
    await site.page(ads.second, "2001:db8:aa:2::1");
    expect((await site.counts(ads.second)).pv - before.pv).toBe(2);
  });

  test("the next Tokyo day counts the same visitor again", async () => {
    const { api, ads } = site;
    const from = "203.0.113.4";
    await site.page(ads.second, from);
    try {
      // 15:00 UTC on 15 June is 00:00 on 16 June in Tokyo.
      api.setNow(new Date("2025-06-15T14:59:59Z"));
      await site.page(ads.second, from);
      const before = await site.counts(ads.second, "2025-06-16");
      api.setNow(new Date("2025-06-15T15:00:00Z"));
      await site.page(ads.second, from);
      await site.page(ads.second, from);
      expect((await site.counts(ads.second, "2025-06-16")).pv - before.pv).toBe(1);
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("no raw address is stored: visitors and rate-limit keys are keyed hashes", async () => {
    const { api, ads } = site;
    await site.page(ads.first, "203.0.113.77");
    const visits = await api.db.select({ visitor: counterVisits.visitor }).from(counterVisits);
    const keys = await api.db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    expect(visits.length).toBeGreaterThan(0);
    for (const text of [...visits.map((v) => v.visitor), ...keys.map((k) => k.key)]) {
      expect(text).not.toMatch(/203\.0\.113|2001:db8|Mozilla/);
    }
  });
});

describe("a click counts only after an impression", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ SITE_COUNTS_PER_MINUTE: "100000" });
  });
  afterAll(() => site?.close());

  test("a click without an impression redirects but is not counted", async () => {
    const { ads } = site;
    const response = await site.click(ads.first, "203.0.113.10");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(siteAdPath(site.locality, ads.first));
    expect((await site.counts(ads.first)).clk).toBe(0);
  });

  test("a click after the visitor's impression counts; another visitor's impression does not help", async () => {
    const { ads } = site;
    const before = await site.counts(ads.first);
    await site.list("203.0.113.11", SAFARI);
    await site.click(ads.first, "203.0.113.11", CHROME);
    await site.click(ads.first, "203.0.113.12", SAFARI);
    expect((await site.counts(ads.first)).clk - before.clk).toBe(0);
    await site.click(ads.first, "203.0.113.11", SAFARI);
    expect((await site.counts(ads.first)).clk - before.clk).toBe(1);
  });

  test("the impression must be at most 30 minutes old, and of the same Tokyo day", async () => {
    const { api, ads } = site;
    const before = await site.counts(ads.second);
    try {
      api.setNow(minutes(0));
      await site.list("203.0.113.13");
      await site.list("203.0.113.14");
      api.setNow(minutes(30));
      await site.click(ads.second, "203.0.113.13");
      api.setNow(minutes(30.01));
      await site.click(ads.second, "203.0.113.14");
      expect((await site.counts(ads.second)).clk - before.clk).toBe(1);
      // A later impression makes the click count.
      await site.list("203.0.113.14");
      await site.click(ads.second, "203.0.113.14");
      expect((await site.counts(ads.second)).clk - before.clk).toBe(2);
      // Seen at 23:50, clicked at 00:05 (Tokyo): the new day has no impression of it yet.
      api.setNow(new Date("2025-06-15T14:50:00Z"));
      await site.list("203.0.113.15");
      api.setNow(new Date("2025-06-15T15:05:00Z"));
      await site.click(ads.second, "203.0.113.15");
      expect((await site.counts(ads.second, "2025-06-16")).clk).toBe(0);
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("every list page view counts an impression of each shown ad, once however many frames", async () => {
    const { ads } = site;
    const before = await site.counts(ads.first);
    await site.list("203.0.113.16");
    await site.list("203.0.113.16");
    expect((await site.counts(ads.first)).imp - before.imp).toBe(2);
  });

  test("a scripted burst of clicks leaves the report's CTR at or below 100 %", async () => {
    const { api, ads } = site;
    for (let i = 0; i < 20; i++) await site.list(`198.51.100.${i + 1}`);
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => site.click(ads.first, `198.51.100.${(i % 40) + 1}`)),
    );
    const day = await site.counts(ads.first);
    expect(day.clk).toBeLessThanOrEqual(day.imp);
    const response = await get(
      api.app,
      `/api/adv/posts/${ads.first}/report?month=2025-06`,
      site.token,
    );
    const rows = (await body(response))["hydra:member"] as ReportRow[];
    const row = rows.find((r) => r.d === TODAY)!;
    expect(row.ctr).not.toBeNull();
    expect(row.ctr!).toBeLessThanOrEqual(1);
    expect(row.clk).toBeLessThanOrEqual(row.imp);
  });
});

describe("at most SITE_COUNTS_PER_MINUTE counting requests a minute per address", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ SITE_COUNTS_PER_MINUTE: "5" });
  });
  afterAll(() => site?.close());

  test("beyond the limit pages still show and nothing is counted; the next minute counts again", async () => {
    const { api, ads } = site;
    const from = "203.0.113.20";
    try {
      api.setNow(minutes(0));
      for (let i = 0; i < 5; i++) expect((await site.list(from)).status).toBe(200);
      const at = await site.counts(ads.first);
      expect(at.imp).toBe(5);
      expect((await site.list(from)).status).toBe(200);
      // Over the limit, a first page view is not counted either, and the page is whole.
      const page = await site.page(ads.first, from, CHROME);
      expect(page.status).toBe(200);
      expect(await site.counts(ads.first)).toEqual(at);
      // Other addresses are not affected.
      await site.list("203.0.113.21");
      expect((await site.counts(ads.first)).imp).toBe(6);
      api.setNow(minutes(1));
      await site.page(ads.first, from, CHROME);
      expect((await site.counts(ads.first)).pv).toBe(1);
    } finally {
      api.setNow(TEST_NOW);
    }
  });
});

describe("old visits are deleted", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  test("an ad's first count of a day deletes visits older than two days before it", async () => {
    const { api, ads } = site;
    const dates = async () =>
      [...new Set((await api.db.select().from(counterVisits)).map((v) => v.date))].sort();
    try {
      for (const day of ["2025-06-15", "2025-06-16", "2025-06-17"]) {
        api.setNow(new Date(`${day}T12:00:00+09:00`));
        await site.page(ads.first, "203.0.113.30");
      }
      expect(await dates()).toEqual(["2025-06-15", "2025-06-16", "2025-06-17"]);
      api.setNow(new Date("2025-06-18T12:00:00+09:00"));
      await site.page(ads.first, "203.0.113.30");
      expect(await dates()).toEqual(["2025-06-16", "2025-06-17", "2025-06-18"]);
    } finally {
      api.setNow(TEST_NOW);
    }
  });
});
