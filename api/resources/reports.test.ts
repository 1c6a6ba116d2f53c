// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ReportRow } from "../../shared/report";
import { siteAdPath } from "../../shared/site-paths";
import { MONTH_OUT_OF_RANGE } from "./reports";
import { dailyReports, messageBoxes, publicAdvertisements } from "../db/schema";
import { createTestApi } from "../testing/db";
import { body, claimsOf, get, loginAdmin, loginOther, loginShop } from "../testing/http";
import { insertLocality, insertSiteAd } from "../testing/site-ads";
import { eq } from "drizzle-orm";

type Api = Awaited<ReturnType<typeof createTestApi>>;

describe("access reports", () => {
  let api: Api;
  let shop: string;
  let other: string;
  let admin: string;
  let adId: number;
  let locality: number;
  let notes: { approved: number; started: number; late: number };

  beforeAll(async () => {
    api = await createTestApi();
    shop = (await loginShop(api.app)).token;
    other = (await loginOther(api.app)).token;
    admin = (await loginAdmin(api.app)).token;
    const clientId = claimsOf(shop).advertiser!;
    locality = await insertLocality(api.db, "レポート町");
    adId = await insertSiteAd(api.db, {
      ownerId: clientId,
      localityId: locality,
      title: "レポートの広告",
      start: "2025-05-20",
      end: "2025-06-30",
    });
    await api.db.insert(dailyReports).values([
      // 31 May: the last day of May, not in June.
      { advertisementId: adId, date: "2025-05-31", imp: 10, clk: 1, pv: 1 },
      { advertisementId: adId, date: "2025-06-03", imp: 0, clk: 0, pv: 4, link1: 1 },
      {
        advertisementId: adId,
        date: "2025-06-01",
        imp: 800,
        clk: 12,
        pv: 15,
        link1: 3,
        link2: 2,
        link3: 1,
      },
      { advertisementId: adId, date: "2025-07-01", imp: 5, clk: 1, pv: 1 },
      // Counted before a click needed an impression: more clicks than impressions.
      { advertisementId: adId, date: "2025-04-10", imp: 2, clk: 7, pv: 7 },
    ]);
    const message = (subject: string, at: string) => ({
      clientId,
      advertisementId: adId,
      sender: "system" as const,
      subject,
      body: subject,
      createdAt: new Date(at),
    });
    const rows = await api.db
      .insert(messageBoxes)
      .values([
        // 00:30 on 1 June in Tokyo is still 31 May in UTC: it belongs to 1 June.
        message("広告が承認されました", "2025-06-01T00:30:00+09:00"),
        message("掲載を開始しました", "2025-06-01T09:00:00+09:00"),
        // A day with a message but no counts gets a row of zeros.
        message("掲載終了の7日前です", "2025-06-23T23:59:00+09:00"),
        message("5月のお知らせ", "2025-05-31T23:59:59+09:00"),
      ])
      .returning({ id: messageBoxes.id });
    notes = { approved: rows[0]!.id, started: rows[1]!.id, late: rows[2]!.id };
  });
  afterAll(() => api.close());

  const report = (id: number, month: string | null, token: string) =>
    get(api.app, `/api/adv/posts/${id}/report${month === null ? "" : `?month=${month}`}`, token);

  test("the owner reads one row per day with counts or messages, oldest first", async () => {
    const response = await report(adId, "2025-06", shop);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/ld+json; charset=utf-8");
    const json = await body(response);
    expect(json["@type"]).toBe("hydra:Collection");
    expect(json["@id"]).toBe(`/api/adv/posts/${adId}/report`);
    expect(json["hydra:totalItems"]).toBe(3);
    const rows = json["hydra:member"] as ReportRow[];
    expect(rows).toEqual([
      {
        d: "2025-06-01",
        imp: 800,
        clk: 12,
        ctr: 0.015,
        pv: 15,
        link1: 3,
        link2: 2,
        link3: 1,
        note: [
          { id: notes.approved, subject: "広告が承認されました" },
          { id: notes.started, subject: "掲載を開始しました" },
        ],
      },
      { d: "2025-06-03", imp: 0, clk: 0, ctr: null, pv: 4, link1: 1, link2: 0, link3: 0, note: [] },
      {
        d: "2025-06-23",
        imp: 0,
        clk: 0,
        ctr: null,
        pv: 0,
        link1: 0,
        link2: 0,
        link3: 0,
        note: [{ id: notes.late, subject: "掲載終了の7日前です" }],
      },
    ]);
  });

  test("months are calendar months in Tokyo; an empty month is an empty collection", async () => {
    const may = (await body(await report(adId, "2025-05", shop)))["hydra:member"] as ReportRow[];
    expect(may.map((r) => r.d)).toEqual(["2025-05-31"]);
    expect(may[0]!.note.map((n) => n.subject)).toEqual(["5月のお知らせ"]);
    expect(may[0]!.ctr).toBe(0.1);
    const empty = await body(await report(adId, "2021-01", shop));
    expect(empty["hydra:member"]).toEqual([]);
    expect(empty["hydra:totalItems"]).toBe(0);
  });

  test("CTR never passes 100 %, even for a day with more clicks than impressions", async () => {
    const april = (await body(await report(adId, "2025-04", shop)))["hydra:member"] as ReportRow[];
    expect(april).toMatchObject([{ d: "2025-04-10", imp: 2, clk: 7, ctr: 1 }]);
  });

  test("an administrator reads any ad's report", async () => {
    const response = await report(adId, "2025-06", admin);
    expect(response.status).toBe(200);
    expect((await body(response))["hydra:member"]).toHaveLength(3);
  });

  test("another advertiser gets 404, and so does an unknown ad", async () => {
    expect((await report(adId, "2025-06", other)).status).toBe(404);
    expect((await report(999999, "2025-06", shop)).status).toBe(404);
    expect((await report(adId, "bad", other)).status).toBe(404);
  });

  test("a missing or malformed month is 400", async () => {
    for (const month of [
      null,
      "",
      "2025-6",
      "2025-13",
      "2025-00",
      "202506",
      "2025-06-01",
      "abcd-ef",
    ]) {
      const response = await report(adId, month, shop);
      expect(response.status, String(month)).toBe(400);
      expect((await body(response))["@type"]).toBe("hydra:Error");
    }
  });

  test("a month outside SPEC §5's range (Dec 2020 to this month) is 400, not a 500", async () => {
    // TEST_NOW is 15 June 2025 in Tokyo.
    for (const month of ["9999-12", "0001-01", "2020-11", "2025-07"]) {
      const response = await report(adId, month, shop);
      expect(response.status, month).toBe(400);
      expect((await body(response))["hydra:description"]).toBe(MONTH_OUT_OF_RANGE);
    }
    expect((await report(adId, "2020-12", shop)).status).toBe(200);
  });

  describe("by article URL", () => {
    const byUrl = (query: string, token: string) =>
      get(api.app, `/api/adv/reports?${query}`, token);
    const q = (url: string, month = "2025-06") => `month=${month}&url=${encodeURIComponent(url)}`;

    test("administrators resolve a built-in site URL of any origin, or a relative path", async () => {
      for (const url of [
        `https://news.example.jp${siteAdPath(locality, adId)}`,
        `http://localhost:3000${siteAdPath(locality, adId)}/`,
        siteAdPath(locality, adId),
      ]) {
        const response = await byUrl(q(url), admin);
        expect(response.status, url).toBe(200);
        const json = await body(response);
        expect(json["@type"]).toBe("hydra:Collection");
        expect((json["hydra:member"] as ReportRow[]).map((r) => r.d)).toEqual([
          "2025-06-01",
          "2025-06-03",
          "2025-06-23",
        ]);
      }
    });

    test("an exact post URL (WordPress) resolves, with or without the trailing slash", async () => {
      await api.db
        .update(publicAdvertisements)
        .set({ postUrl: "https://wp.example.jp/2025/06/report-ad/" })
        .where(eq(publicAdvertisements.advertisementId, adId));
      try {
        for (const url of [
          "https://wp.example.jp/2025/06/report-ad/",
          "https://wp.example.jp/2025/06/report-ad",
        ]) {
          const json = await body(await byUrl(q(url), admin));
          expect(json["hydra:member"], url).toHaveLength(3);
        }
        const unknown = await body(await byUrl(q("https://wp.example.jp/2025/06/other/"), admin));
        expect(unknown["hydra:member"]).toEqual([]);
        expect(unknown["hydra:totalItems"]).toBe(0);
      } finally {
        await api.db
          .update(publicAdvertisements)
          .set({ postUrl: siteAdPath(locality, adId) })
          .where(eq(publicAdvertisements.advertisementId, adId));
      }
    });

    test("an unknown URL is an empty collection", async () => {
      for (const url of [
        "https://nowhere.example.jp/",
        siteAdPath(locality, 999999),
        "not a url",
      ]) {
        const response = await byUrl(q(url), admin);
        expect(response.status, url).toBe(200);
        expect((await body(response))["hydra:member"]).toEqual([]);
      }
    });

    test("a missing url or a bad month is 400", async () => {
      expect((await byUrl("month=2025-06", admin)).status).toBe(400);
      expect((await byUrl("month=2025-06&url=", admin)).status).toBe(400);
      expect(
        (await byUrl(`url=${encodeURIComponent(siteAdPath(locality, adId))}`, admin)).status,
      ).toBe(400);
      expect((await byUrl(q(siteAdPath(locality, adId), "2025-13"), admin)).status).toBe(400);
      for (const month of ["9999-12", "0001-01"]) {
        expect((await byUrl(q(siteAdPath(locality, adId), month), admin)).status).toBe(400);
      }
    });

    test("advertisers may not use it, even for their own ad", async () => {
      const response = await byUrl(q(siteAdPath(locality, adId)), shop);
      expect(response.status).toBe(403);
      expect((await get(api.app, `/api/adv/reports?${q(siteAdPath(locality, adId))}`)).status).toBe(
        401,
      );
    });
  });
});
