// @vitest-environment node
// The posts collection stays fast with 1,000 ads for one advertiser: a fixed number of queries
// per request (authentication, the joined page, the count), whatever the page size.
import { afterAll, beforeAll, expect, test } from "vitest";
import { seedBulkAds } from "../db/seed";
import { createTestApi, TEST_NOW } from "../testing/db";
import { body, get, loginAdmin, loginShop } from "../testing/http";

let api: Awaited<ReturnType<typeof createTestApi>>;
let shop: string;
const queries: string[] = [];
let recording = false;

beforeAll(async () => {
  api = await createTestApi({
    logger: { logQuery: (sql) => void (recording && queries.push(sql)) },
  });
  const seeded = await seedBulkAds(api.db, "shop@example.com", 1000, TEST_NOW);
  expect(seeded.clientId).toBe(1);
  expect(seeded.advertisementIds).toHaveLength(1000);
  shop = (await loginShop(api.app)).token;
});
afterAll(() => api.close());

test("a page of 300 costs two queries, the caller's account and the page with its count (no N+1)", async () => {
  recording = true;
  const response = await get(
    api.app,
    "/api/adv/posts?itemsPerPage=300&order%5Barea%5D=asc&order%5Bpriority%5D=desc",
    shop,
  );
  const page = await body(response);
  recording = false;

  expect(page["hydra:totalItems"]).toBe(1013);
  expect(page["hydra:member"]).toHaveLength(300);
  expect(page["hydra:member"][0].publishmentOrder.region.id).toBe(1);
  expect(queries).toHaveLength(2);
});

test("the count is right where the page has no row to carry it: past the end, and 0 items", async () => {
  for (const query of ["itemsPerPage=300&page=5", "itemsPerPage=0", "itemsPerPage=10&page=103"]) {
    const page = await body(await get(api.app, `/api/adv/posts?${query}`, shop));
    expect(page["hydra:member"], query).toEqual([]);
    expect(page["hydra:totalItems"], query).toBe(1013);
  }
  const last = await body(await get(api.app, "/api/adv/posts?itemsPerPage=10&page=102", shop));
  expect(last["hydra:view"]["hydra:last"]).toContain("page=102");
});

test("every sort stays consistent across pages of the bulk data", async () => {
  for (const sort of ["area", "publishmentOrder.publishesAt", "priority", "title"]) {
    const seen = new Set<number>();
    for (let page = 1; page <= 4; page++) {
      const list = await body(
        await get(
          api.app,
          `/api/adv/posts?itemsPerPage=300&page=${page}&order%5B${sort}%5D=desc`,
          shop,
        ),
      );
      for (const post of list["hydra:member"]) seen.add(post.id);
    }
    expect(seen.size).toBe(1013);
  }
});

test("the administrator's owner filter over the bulk data", async () => {
  const admin = (await loginAdmin(api.app)).token;
  const list = await body(
    await get(api.app, "/api/adv/posts?owner=1&has_publishmentOrder=1&itemsPerPage=10", admin),
  );
  expect(list["hydra:totalItems"]).toBe(1008);
});
