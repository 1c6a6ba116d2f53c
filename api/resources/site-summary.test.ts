// @vitest-environment node
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { publishmentOrders } from "../db/schema";
import { createTestApi, TEST_NOW } from "../testing/db";
import { body, get, loginAdmin, loginShop } from "../testing/http";

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

test("counts orders awaiting confirmation, ads publishing now and advertisers", async () => {
  const admin = (await loginAdmin(api.app)).token;
  const response = await get(api.app, "/api/adv/site_summary", admin);
  expect(response.status).toBe(200);
  // new (2, 11) + reapplying (4); only ad 6 is public within its period (7 is scheduled,
  // 8 suspended, 9 ended); shop@ and other@.
  expect(await body(response)).toEqual({
    "@context": "/api/contexts/SiteSummary",
    "@id": "/api/adv/site_summary",
    "@type": "SiteSummary",
    waiting_for_confirmation: 3,
    publishing_advertisments: 1,
    advertisers: 2,
  });
});

test("publishing follows the clock", async () => {
  api.setNow(new Date(TEST_NOW.getTime() + 10 * 86_400_000)); // 25 June: ads 6 and 7 are live
  try {
    const admin = (await loginAdmin(api.app)).token;
    expect(
      (await body(await get(api.app, "/api/adv/site_summary", admin))).publishing_advertisments,
    ).toBe(2);
  } finally {
    api.setNow(TEST_NOW);
  }
});

test("advertisers are denied", async () => {
  const shop = (await loginShop(api.app)).token;
  const response = await get(api.app, "/api/adv/site_summary", shop);
  expect(response.status).toBe(403);
  expect((await body(response))["hydra:description"]).toBe("Access Denied.");
});

describe("each count is the total of the list its link opens (issue 30 #10)", () => {
  const WAITING =
    "publishmentOrder.publishmentStatus[]=new&publishmentOrder.publishmentStatus[]=reapplying";
  const totalOf = async (token: string, query: string) =>
    (await body(await get(api.app, `/api/adv/posts?has_publishmentOrder=1&${query}`, token)))[
      "hydra:totalItems"
    ] as number;
  const summaryOf = async (token: string) =>
    body(await get(api.app, "/api/adv/site_summary", token));

  test("承認待ち: a deleted ad leaves the count and the list together", async () => {
    const admin = (await loginAdmin(api.app)).token;
    const before = (await summaryOf(admin)).waiting_for_confirmation;
    expect(await totalOf(admin, WAITING)).toBe(before);
    // An advertiser's new ad waiting for review, then deleted by the editors.
    const [waiting] = await api.db
      .select({ id: publishmentOrders.advertisementId })
      .from(publishmentOrders)
      .where(eq(publishmentOrders.publishmentStatus, "new"))
      .limit(1);
    const deleted = await api.app.request(`/api/adv/posts/${waiting!.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(deleted.status).toBe(204);
    expect((await summaryOf(admin)).waiting_for_confirmation).toBe(before - 1);
    expect(await totalOf(admin, WAITING)).toBe(before - 1);
  });

  test("掲載中: the 配信状況 filter publishing, the day after the end included", async () => {
    const admin = (await loginAdmin(api.app)).token;
    const ended = await api.db
      .select({ unpublishesAt: publishmentOrders.unpublishesAt })
      .from(publishmentOrders)
      .orderBy(asc(publishmentOrders.unpublishesAt));
    // Now, in ten days, and on the day after an end date (the editors still see it live).
    const dayAfterAnEnd = new Date(ended[0]!.unpublishesAt.getTime() + 12 * 3_600_000);
    for (const now of [TEST_NOW, new Date(TEST_NOW.getTime() + 10 * 86_400_000), dayAfterAnEnd]) {
      api.setNow(now);
      try {
        const token = (await loginAdmin(api.app)).token;
        const count = (await summaryOf(token)).publishing_advertisments;
        expect(await totalOf(token, "distributionStatus=publishing"), now.toISOString()).toBe(
          count,
        );
      } finally {
        api.setNow(TEST_NOW);
      }
    }
    expect(await totalOf(admin, "distributionStatus=publishing")).toBeGreaterThan(0);
  });

  test("the 配信状況 filter: each status as the editors' list labels its rows", async () => {
    const admin = (await loginAdmin(api.app)).token;
    const statuses = ["scheduled", "publishing", "ended", "not_synced", "suspended"];
    const ordered = await totalOf(admin, "");
    let sum = 0;
    for (const status of statuses) {
      const json = await body(
        await get(
          api.app,
          `/api/adv/posts?has_publishmentOrder=1&distributionStatus=${status}`,
          admin,
        ),
      );
      sum += json["hydra:totalItems"];
      for (const post of json["hydra:member"]) expect(post.isDeleted).toBe(false);
    }
    // Every live ad with an order has exactly one 配信状況.
    const deleted = await totalOf(admin, "isDeleted=true");
    expect(sum).toBe(ordered - deleted);
    expect(await totalOf(admin, "distributionStatus=unknown")).toBe(0);
  });
});
