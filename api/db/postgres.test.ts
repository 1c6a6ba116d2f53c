// @vitest-environment node
// The same migrations, seed and queries on real PostgreSQL (15 on our machines; PGlite is 18).
// Runs when TEST_DATABASE_URL points at a server (npm test starts a throw-away cluster); each
// run works in a database of its own, dropped afterwards.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startEmbeddedApi, type EmbeddedApi } from "../index";
import { TEST_NOW } from "../testing/db";
import { adminQuery, databaseUrlOf, dropTestDatabase } from "../testing/postgres";
import { body, claimsOf, get, loginAdmin, loginShop, patchJson, postJson } from "../testing/http";
import { isUniqueViolation } from "../validation";
import { userLogins } from "./schema";
import { migrationsFolder, openDatabase } from "./client";
import { seedBulkAds } from "./seed";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("on PostgreSQL", () => {
  const name = `omise_test_${process.pid}_${Date.now()}`;
  let databaseUrl: string;
  let api: EmbeddedApi | undefined;

  const query = adminQuery;

  beforeAll(async () => {
    await query(serverUrl!, `create database ${name}`);
    databaseUrl = databaseUrlOf(serverUrl!, name);
  });

  afterAll(async () => {
    await api?.close();
    for (const db of [name, `${name}_real`]) await dropTestDatabase(serverUrl!, db);
  });

  test("copies starting together migrate once, under the lock", async () => {
    const opened = await Promise.all([
      openDatabase({ databaseUrl }),
      openDatabase({ databaseUrl }),
    ]);
    expect(opened.map((o) => o.kind)).toEqual(["postgres", "postgres"]);
    await Promise.all(opened.map((o) => o.close()));
    const [applied] = await query(
      databaseUrl,
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    const [journal] = await query(
      databaseUrl,
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    // Each migration recorded once although two copies ran.
    const migrations = JSON.parse(
      readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    expect(applied.n).toBe(migrations.entries.length);
    // 29 tables and the post_tally_shares view (migration 0012).
    expect(journal.n).toBe(30);
  });

  test("the demo seed and the API work the same as on PGlite", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    api = await startEmbeddedApi({ databaseUrl, demo: true, env: {}, clock: () => TEST_NOW });
    expect(String(warn.mock.calls[0]?.[0])).toContain("DEMO MODE");
    warn.mockRestore();

    const adminToken = (await loginAdmin(api.app)).token;
    const summary = await body(await get(api.app, "/api/adv/site_summary", adminToken));
    expect(summary).toMatchObject({
      waiting_for_confirmation: 3,
      // The shop's live ad and the second advertiser's two on the news site (SITE_SHOWCASE_ADS).
      publishing_advertisments: 3,
      advertisers: 2,
    });

    const shop = await loginShop(api.app);
    const list = await body(
      await get(api.app, "/api/adv/posts?order%5Barea%5D=asc&itemsPerPage=5", shop.token),
    );
    expect(list["hydra:totalItems"]).toBe(13);
    expect(list["hydra:member"].map((p: { id: number }) => p.id)).toEqual([9, 6, 5, 2, 7]);
    const post = await body(await get(api.app, "/api/adv/posts/6", shop.token));
    expect(post.publishmentOrder.publishesAt).toBe("2025-05-16T00:00:00+09:00");
    expect(post.image2.contentUrl).toBe("/media/demo-latte.svg");
    expect((await body(await get(api.app, "/api/adv/prefectures")))["hydra:totalItems"]).toBe(47);

    const refreshed = await postJson(api.app, "/api/authentication_token/refresh", {
      refresh_token: shop.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const filtered = await body(await get(api.app, "/api/adv/posts?title=anniversary", adminToken));
    expect(filtered["hydra:member"].map((p: { id: number }) => p.id)).toEqual([6]);
  });

  test("registration, account changes and messages: transactions and unique emails", async () => {
    const entry = {
      email: "pg-shop@example.com",
      newPassword: "pg-password",
      newPasswordConfirm: "pg-password",
      companyName: "PG株式会社",
      personInCharge: "検証 太郎",
      tel: "０３－１２３４－５６７８",
      zipCode: "１５０－０００１",
      prefecture: "/api/adv/prefectures/13",
      city: "渋谷区",
      address: "渋谷1-1-1",
    };
    const created = await Promise.all([
      postJson(api!.app, "/api/adv/advertiser_entries", entry),
      postJson(api!.app, "/api/adv/advertiser_entries", { ...entry, email: "PG-SHOP@example.com" }),
    ]);
    expect(created.map((r) => r.status).sort()).toEqual([201, 422]);
    const error = await api!.db
      .insert(userLogins)
      .values({ email: "Pg-Shop@example.com", passwordHash: "x", role: "advertiser" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);

    const pair = await body(
      await postJson(api!.app, "/api/authentication_token", {
        email: "pg-shop@example.com",
        password: "pg-password",
      }),
    );
    const { user_login_id: id } = claimsOf(pair.token);
    const changed = await body(
      await patchJson(
        api!.app,
        `/api/adv/user_logins/${id}/update_email`,
        { newEmail: "pg-renamed@example.com" },
        pair.token,
      ),
    );
    expect(claimsOf(changed.token).username).toBe("pg-renamed@example.com");
    const message = await postJson(
      api!.app,
      "/api/adv/message_boxes",
      { body: "PostgreSQLから" },
      changed.token,
    );
    expect(message.status).toBe(201);
  });

  test("bulk ads and a restart that must not seed again", async () => {
    await seedBulkAds(api!.db, "shop@example.com", 600, TEST_NOW);
    await api!.close();
    api = await startEmbeddedApi({ databaseUrl, demo: true, env: {}, clock: () => TEST_NOW });
    const shop = (await loginShop(api.app)).token;
    const list = await body(await get(api.app, "/api/adv/posts?itemsPerPage=300&page=3", shop));
    expect(list["hydra:totalItems"]).toBe(613);
    expect(list["hydra:member"]).toHaveLength(13);
  });

  test("without demo mode a new database gets the prefectures and no account", async () => {
    await query(serverUrl!, `create database ${name}_real`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}_real`;
    const real = await startEmbeddedApi({ databaseUrl: url.toString(), demo: false, env: {} });
    try {
      expect((await body(await get(real.app, "/api/adv/prefectures")))["hydra:totalItems"]).toBe(
        47,
      );
      const login = await postJson(real.app, "/api/authentication_token", {
        email: "shop@example.com",
        password: "shop-password",
      });
      expect(login.status).toBe(401);
    } finally {
      await real.close();
    }
  });
});
