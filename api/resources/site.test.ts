// @vitest-environment node
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  siteAdPath,
  siteFrameClickPath,
  siteLinkPath,
  siteLocalityPath,
} from "../../shared/site-paths";
import { dailyReports } from "../db/schema";
import { TEST_NOW, createTestApi } from "../testing/db";
import { claimsOf, loginShop } from "../testing/http";
import { insertLocality, insertSiteAd } from "../testing/site-ads";
import { PREVIEW_CSP } from "./site-preview";

type Api = Awaited<ReturnType<typeof createTestApi>>;

const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * A GET as a browser (or `ua`) at an address of its own: page views and clicks count once per
 * visitor and day (publishing/counters.ts), so each test visits from its own address.
 */
const visit = (api: Api, path: string, ua: string | null = BROWSER, from = "192.0.2.1") =>
  api.app.request(path, {
    headers: { ...(ua ? { "User-Agent": ua } : {}), "X-Forwarded-For": from },
  });

const TODAY = "2025-06-15"; // TEST_NOW in Tokyo

describe("the built-in news site", () => {
  let api: Api;
  let locality: number;
  let owner: number;
  const ids: Record<string, number> = {};

  /** The counters of an ad on a Tokyo date, zeros when there is no row. */
  async function counts(adId: number, date = TODAY) {
    const [row] = await api.db
      .select()
      .from(dailyReports)
      .where(and(eq(dailyReports.advertisementId, adId), eq(dailyReports.date, date)));
    const { imp = 0, clk = 0, pv = 0, link1 = 0, link2 = 0, link3 = 0 } = row ?? {};
    return { imp, clk, pv, link1, link2, link3 };
  }

  beforeAll(async () => {
    // No rate limit in the way of the concurrency test (counters.test.ts proves the limit).
    api = await createTestApi({ env: { SITE_COUNTS_PER_MINUTE: "100000" } });
    owner = claimsOf((await loginShop(api.app)).token).advertiser!;
    locality = await insertLocality(api.db, "テスト町");
    const ad = (key: string, plan: Partial<Parameters<typeof insertSiteAd>[1]>) =>
      insertSiteAd(api.db, {
        ownerId: owner,
        localityId: locality,
        title: `${key}の広告`,
        start: "2025-06-01",
        end: "2025-06-30",
        ...plan,
      }).then((id) => (ids[key] = id));
    await ad("live", {
      title: "夏の新メニュー",
      storeName: "カフェ・テスト",
      priority: 5,
      links: ["https://example.jp/one", "https://example.jp/two?a=1&b=2", "http://example.jp/3"],
    });
    await ad("second", { title: "二つ目の広告", storeName: "雑貨テスト" });
    await ad("suspended", { postStatus: "suspended" });
    await ad("unpaid", { paymentStatus: "waiting" });
    await ad("unconfirmed", { publishmentStatus: "reapplying" });
    await ad("notSynced", { postStatus: "not_synced" });
    await ad("noCopy", { postStatus: null });
    await ad("deleted", { isDeleted: true });
    await ad("future", { start: "2025-07-01", end: "2025-07-10" });
    await ad("jsLink", { start: "2025-08-01", end: "2025-08-31", links: ["javascript:alert(1)"] });
  });
  afterAll(() => api.close());

  test("the locality page lists sample articles and only the live ads' frames", async () => {
    const response = await visit(api, siteLocalityPath(locality));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Content-Security-Policy")).toBe(PREVIEW_CSP);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="ja">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("<title>テスト町のニュース | お店News</title>");
    expect(html).toContain("お店News");
    expect(html).toContain("駅前商店街で感謝祭");
    expect(html).not.toContain("<script");

    // The live ads' frames, higher priority first, linking to the counting click redirect.
    expect(html).toContain(`href="${siteFrameClickPath(locality, ids.live!)}"`);
    expect(html).toContain(`href="${siteFrameClickPath(locality, ids.second!)}"`);
    expect(html).toContain("夏の新メニュー【カフェ・テスト】");
    expect(html).toContain("二つ目の広告【雑貨テスト】");
    expect(html.indexOf("夏の新メニュー")).toBeLessThan(html.indexOf("二つ目の広告"));
    expect(html.match(/class="ad-badge">PR</g)).toHaveLength(2);
    for (const key of [
      "suspended",
      "unpaid",
      "unconfirmed",
      "notSynced",
      "noCopy",
      "deleted",
      "future",
    ]) {
      expect(html).not.toContain(`${key}の広告`);
    }
  });

  test("an ad shows from 00:00 of its start day to 23:59:59 of its end day (Tokyo)", async () => {
    const frame = `href="${siteFrameClickPath(locality, ids.future!)}"`;
    const shownAt = async (iso: string) => {
      api.setNow(new Date(iso));
      const html = await (await visit(api, siteLocalityPath(locality))).text();
      const page = await visit(api, siteAdPath(locality, ids.future!));
      expect(page.status).toBe(html.includes(frame) ? 200 : 404);
      return html.includes(frame);
    };
    try {
      expect(await shownAt("2025-06-30T23:59:59+09:00")).toBe(false);
      expect(await shownAt("2025-07-01T00:00:00+09:00")).toBe(true);
      expect(await shownAt("2025-07-10T23:59:59+09:00")).toBe(true);
      expect(await shownAt("2025-07-10T23:59:59.999+09:00")).toBe(true);
      expect(await shownAt("2025-07-11T00:00:00+09:00")).toBe(false);
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("each shown frame counts one list impression, bots and UA-less requests none", async () => {
    const before = await Promise.all(
      [ids.live!, ids.second!, ids.suspended!].map((id) => counts(id)),
    );
    await visit(api, siteLocalityPath(locality));
    await visit(api, siteLocalityPath(locality));
    await visit(api, siteLocalityPath(locality), BOT);
    await visit(api, siteLocalityPath(locality), null);
    const head = await api.app.request(siteLocalityPath(locality), {
      method: "HEAD",
      headers: { "User-Agent": BROWSER },
    });
    expect(head.status).toBe(200);
    const after = await Promise.all(
      [ids.live!, ids.second!, ids.suspended!].map((id) => counts(id)),
    );
    expect(after[0]!.imp - before[0]!.imp).toBe(2);
    expect(after[1]!.imp - before[1]!.imp).toBe(2);
    expect(after[2]!.imp).toBe(0);
    expect(after[0]!.clk).toBe(before[0]!.clk);
  });

  test("the frame click counts a click and redirects to the ad page", async () => {
    const from = "192.0.2.10";
    await visit(api, siteLocalityPath(locality), BROWSER, from);
    const before = await counts(ids.live!);
    const response = await visit(api, siteFrameClickPath(locality, ids.live!), BROWSER, from);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(siteAdPath(locality, ids.live!));
    await visit(api, siteFrameClickPath(locality, ids.live!), BOT, from);
    const after = await counts(ids.live!);
    expect(after.clk - before.clk).toBe(1);
    expect(after.pv).toBe(before.pv);
  });

  test("the ad page renders the ad with counting links and counts a page view", async () => {
    const before = await counts(ids.live!);
    const response = await visit(api, siteAdPath(locality, ids.live!), BROWSER, "192.0.2.11");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toBe(PREVIEW_CSP);
    const html = await response.text();
    expect(html).toContain("<title>夏の新メニュー【カフェ・テスト】 | お店News</title>");
    expect(html).toContain("<h1>夏の新メニュー【カフェ・テスト】</h1>");
    expect(html).toContain('<p class="ad-badge">広告</p>');
    expect(html).toContain("夏の新メニューの本文です。");
    expect(html).not.toContain("プレビュー");
    for (const n of [1, 2, 3]) {
      expect(html).toContain(`href="${siteLinkPath(locality, ids.live!, n)}"`);
    }
    expect(html).not.toContain("https://example.jp/one");
    expect(html).toContain(`href="${siteLocalityPath(locality)}"`);
    await visit(api, siteAdPath(locality, ids.live!), BOT);
    expect((await counts(ids.live!)).pv - before.pv).toBe(1);
  });

  test("links 1..3 count link clicks, once per visitor, and redirect to the link's URL", async () => {
    const before = await counts(ids.live!);
    const targets = [
      "https://example.jp/one",
      "https://example.jp/two?a=1&b=2",
      "http://example.jp/3",
    ];
    const from = "192.0.2.12";
    for (const n of [1, 2, 3]) {
      const response = await visit(api, siteLinkPath(locality, ids.live!, n), BROWSER, from);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(targets[n - 1]);
    }
    const again = await visit(api, siteLinkPath(locality, ids.live!, 2), BROWSER, from);
    expect(again.headers.get("Location")).toBe(targets[1]);
    await visit(api, siteLinkPath(locality, ids.live!, 2), BROWSER, "192.0.2.13");
    await visit(api, siteLinkPath(locality, ids.live!, 2), BOT, "192.0.2.14");
    const after = await counts(ids.live!);
    expect(after.link1 - before.link1).toBe(1);
    expect(after.link2 - before.link2).toBe(2);
    expect(after.link3 - before.link3).toBe(1);
    expect(after.pv).toBe(before.pv);
  });

  test("a missing or unsafe link, and links of ads not live, are 404 without counting", async () => {
    expect((await visit(api, siteLinkPath(locality, ids.second!, 1))).status).toBe(404);
    expect((await visit(api, siteLinkPath(locality, ids.live!, 4))).status).toBe(404);
    expect((await visit(api, siteLinkPath(locality, ids.suspended!, 1))).status).toBe(404);
    api.setNow(new Date("2025-08-10T12:00:00+09:00"));
    try {
      expect((await visit(api, siteAdPath(locality, ids.jsLink!))).status).toBe(200);
      expect((await visit(api, siteLinkPath(locality, ids.jsLink!, 1))).status).toBe(404);
      expect(await counts(ids.jsLink!, "2025-08-10")).toMatchObject({ link1: 0, pv: 1 });
    } finally {
      api.setNow(TEST_NOW);
    }
    expect(await counts(ids.second!)).toMatchObject({ link1: 0 });
    expect(await counts(ids.suspended!)).toMatchObject({ link1: 0 });
  });

  test("suspended, unpaid, deleted, other localities' and unknown ads answer a Japanese 404 page", async () => {
    const other = await insertLocality(api.db, "別の町");
    for (const path of [
      siteAdPath(locality, ids.suspended!),
      siteAdPath(locality, ids.unpaid!),
      siteAdPath(locality, ids.deleted!),
      siteAdPath(other, ids.live!),
      siteAdPath(locality, 999999),
      siteFrameClickPath(locality, ids.suspended!),
    ]) {
      const response = await visit(api, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      const html = await response.text();
      expect(html).toContain("この記事は掲載期間が終了したか、現在公開されていません。");
      expect(html).toContain('<html lang="ja">');
    }
    expect(await counts(ids.suspended!)).toMatchObject({ pv: 0, clk: 0 });
    // Another locality's page does not list this locality's ads.
    const html = await (await visit(api, siteLocalityPath(other))).text();
    expect(html).toContain("別の町のニュース");
    expect(html).not.toContain("夏の新メニュー");
  });

  test("an unknown locality answers a friendly 404 page", async () => {
    const response = await visit(api, siteLocalityPath(999999));
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("お探しのページは見つかりませんでした。");
  });

  test("concurrent requests of 50 visitors count 50, and 50 of one visitor count one click", async () => {
    const before = await counts(ids.second!);
    const visitors = Array.from({ length: 50 }, (_, i) => `198.51.100.${i + 1}`);
    const pages = await Promise.all(
      visitors.map((from) => visit(api, siteLocalityPath(locality), BROWSER, from)),
    );
    expect(pages.every((r) => r.status === 200)).toBe(true);
    const clicks = await Promise.all([
      ...visitors.map((from) =>
        visit(api, siteFrameClickPath(locality, ids.second!), BROWSER, from),
      ),
      ...visitors.map(() =>
        visit(api, siteFrameClickPath(locality, ids.second!), BROWSER, visitors[0]),
      ),
    ]);
    expect(clicks.every((r) => r.status === 302)).toBe(true);
    const after = await counts(ids.second!);
    expect(after.imp - before.imp).toBe(50);
    expect(after.clk - before.clk).toBe(50);
  });

  test("counts go to the Tokyo calendar day of the clock", async () => {
    // 23:30 UTC on 15 June is 08:30 on 16 June in Tokyo.
    api.setNow(new Date("2025-06-15T23:30:00Z"));
    try {
      await visit(api, siteAdPath(locality, ids.second!), BROWSER, "192.0.2.15");
    } finally {
      api.setNow(TEST_NOW);
    }
    expect((await counts(ids.second!, "2025-06-16")).pv).toBe(1);
  });
});
