// @vitest-environment node
// A real deployment's first order: a new database without demo data, its first administrator
// made with `npm run create-admin`, gets Japan's regions at start-up (SPEC §7 has no call to add
// one), so the administrator can create an area and an advertiser can apply for it.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { JAPAN_REGIONS } from "./db/seed-data";
import { startEmbeddedApi, type EmbeddedApi } from "./index";
import { TEST_NOW } from "./testing/db";
import { body, get, login, postJson, uploadPng } from "./testing/http";

const ADMIN = { email: "editor@example.jp", password: "first-admin-password", name: "編集部 一郎" };

let dataDir: string;
let api: EmbeddedApi;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "omise-first-order-"));
  // The operator's command, as the README gives it, on the new data directory.
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "api/scripts/create-admin.ts", ADMIN.email, ADMIN.password, ADMIN.name],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
  );
  api = await startEmbeddedApi({ dataDir, demo: false, env: {}, clock: () => TEST_NOW });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Member = { "@id": string; name: string };

async function created(response: Response): Promise<Member & { id: number }> {
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as Member & { id: number };
}

test("the new database has Japan's regions, once, after a restart too", async () => {
  const admin = (await login(api.app, ADMIN.email, ADMIN.password)).token;
  const regions = await body(await get(api.app, "/api/adv/publishment_regions", admin));
  expect(regions["hydra:member"].map((r: Member) => r.name)).toEqual([...JAPAN_REGIONS]);

  await api.close();
  api = await startEmbeddedApi({ dataDir, demo: false, env: {}, clock: () => TEST_NOW });
  const again = await body(await get(api.app, "/api/adv/publishment_regions", admin));
  expect(again["hydra:totalItems"]).toBe(JAPAN_REGIONS.length);
});

test("the administrator creates an area and a course; an advertiser applies for it", async () => {
  const admin = (await login(api.app, ADMIN.email, ADMIN.password)).token;
  const regions = await body(await get(api.app, "/api/adv/publishment_regions", admin));
  const kanto = regions["hydra:member"].find((r: Member) => r.name === "関東") as Member;
  const area = await created(
    await postJson(
      api.app,
      "/api/adv/publishment_localities",
      { region: kanto["@id"], name: "渋谷区", blogUrl: "https://shibuya.example.jp/" },
      admin,
    ),
  );
  const course = await created(
    await postJson(
      api.app,
      "/api/adv/publishment_courses",
      { isActive: true, name: "1か月掲載", price: 30000, periodType: "day", days: 30 },
      admin,
    ),
  );

  await created(
    await postJson(api.app, "/api/adv/advertiser_entries", {
      email: "shop@example.jp",
      newPassword: "shop-first-password",
      newPasswordConfirm: "shop-first-password",
      companyName: "株式会社はじめて商店",
      personInCharge: "佐藤 花子",
      tel: "03-9876-5432",
      zipCode: "1500002",
      prefecture: "/api/adv/prefectures/13",
      city: "渋谷区",
      address: "渋谷2-2-2",
    }),
  );
  const shop = (await login(api.app, "shop@example.jp", "shop-first-password")).token;
  const picture = await created(await uploadPng(api.app, { Authorization: `Bearer ${shop}` }));
  const ad = await created(
    await postJson(
      api.app,
      "/api/adv/posts",
      {
        title: "開店のお知らせ",
        image1: picture["@id"],
        body1: "渋谷に開店しました。",
        eyeCatch: picture["@id"],
        storeName: "はじめて商店",
        storeAddress: "東京都渋谷区渋谷2-2-2",
        storeTel: "03-9876-5432",
      },
      shop,
    ),
  );

  const order = await created(
    await postJson(
      api.app,
      "/api/adv/publishment_orders",
      {
        advertisement: ad["@id"],
        region: kanto["@id"],
        locality: area["@id"],
        course: course["@id"],
        publishesAt: "2025-07-01",
        paymentType: "none",
      },
      shop,
    ),
  );
  expect(order).toMatchObject({
    advertisement: ad["@id"],
    locality: { "@id": area["@id"], region: kanto["@id"] },
  });
});
