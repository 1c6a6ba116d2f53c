// @vitest-environment node
// The demo as the demo server seeds it (with the site showcase ads): its built-in site has several
// live ads on 渋谷区, the public copies' URLs are the site's relative ad paths, and reports have rows.
import { PGlite } from "@electric-sql/pglite";
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { parseSiteAdPath, siteLocalityPath } from "../../shared/site-paths";
import { createApiApp } from "../app";
import { loadApiConfig } from "../config";
import { TEST_NOW } from "../testing/db";
import { loginAdmin } from "../testing/http";
import { fromPglite, type OpenedDatabase } from "./client";
import { publicAdvertisements, publishmentLocalities } from "./schema";
import { seedDemo } from "./seed";

let database: OpenedDatabase;
let app: ReturnType<typeof createApiApp>;

beforeAll(async () => {
  database = await fromPglite(await PGlite.create());
  await seedDemo(database.db, TEST_NOW);
  app = createApiApp({ db: database.db, config: await loadApiConfig({}), clock: () => TEST_NOW });
});
afterAll(() => database.close());

const browser = { headers: { "User-Agent": "Mozilla/5.0 (iPhone) Safari/604.1" } };

test("渋谷区's built-in site shows several live ads", async () => {
  const [shibuya] = await database.db
    .select({ id: publishmentLocalities.id })
    .from(publishmentLocalities)
    .where(eq(publishmentLocalities.name, "渋谷区"));
  const response = await app.request(siteLocalityPath(shibuya!.id), browser);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html.match(/class="entry ad-frame"/g)?.length).toBeGreaterThanOrEqual(3);
  expect(html).toContain("カフェ・ド・デモ 渋谷本店 3rd Anniversary【カフェ・ド・デモ 渋谷本店】");
  expect(html).toContain("平日限定ランチセット、はじめました【サンプル商店 渋谷店】");
});

test("public copies' URLs are the built-in site's relative ad paths", async () => {
  const copies = await database.db
    .select({ url: publicAdvertisements.postUrl, ad: publicAdvertisements.advertisementId })
    .from(publicAdvertisements)
    .where(isNotNull(publicAdvertisements.postUrl));
  expect(copies.length).toBeGreaterThan(0);
  for (const copy of copies) {
    expect(copy.url).not.toContain("example.com");
    expect(parseSiteAdPath(copy.url!)?.advertisementId).toBe(copy.ad);
  }
});

test("the live ads have report rows over recent days", async () => {
  const { token } = await loginAdmin(app);
  const [copy] = await database.db
    .select({ url: publicAdvertisements.postUrl })
    .from(publicAdvertisements)
    .where(eq(publicAdvertisements.postStatus, "public"));
  const response = await app.request(
    `/api/adv/reports?month=2025-06&url=${encodeURIComponent(copy!.url!)}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  expect(response.status).toBe(200);
  const rows = (await response.json())["hydra:member"] as { d: string; imp: number }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.some((r) => r.imp > 0)).toBe(true);
});
