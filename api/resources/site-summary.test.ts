// @vitest-environment node
import { afterAll, beforeAll, expect, test } from "vitest";
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
