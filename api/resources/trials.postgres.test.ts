// @vitest-environment node
// create_trial on real PostgreSQL, from two API processes (each its own pool): a second submission
// of one trial key waits on the first's trial row and replays it; two trials of one address race
// on the e-mail index and the loser gets the 422 (ADR 0012). Runs when TEST_DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiApp } from "../app";
import { loadApiConfig } from "../config";
import { openDatabase, type OpenedDatabase } from "../db/client";
import { advertisements, userLogins } from "../db/schema";
import { seedPrefectures } from "../db/seed";
import { TEST_NOW } from "../testing/db";
import { trialEntry } from "../testing/accounts";
import { body, uploadPng } from "../testing/http";
import { adminQuery, databaseUrlOf, dropTestDatabase } from "../testing/postgres";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("create_trial on PostgreSQL", () => {
  const name = `omise_trials_${process.pid}_${Date.now()}`;
  const opened: OpenedDatabase[] = [];
  let apps: ReturnType<typeof createApiApp>[];
  let dir: string;
  let addresses = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "trials-pg-"));
    await adminQuery(serverUrl!, `create database ${name}`);
    for (let i = 0; i < 2; i += 1) {
      opened.push(await openDatabase({ databaseUrl: databaseUrlOf(serverUrl!, name) }));
    }
    await seedPrefectures(opened[0]!.db);
    const config = await loadApiConfig({ MEDIA_DIR: dir });
    apps = opened.map((o) => createApiApp({ db: o.db, config, clock: () => TEST_NOW }));
  });

  afterAll(async () => {
    await Promise.all(opened.map((o) => o.close()));
    await dropTestDatabase(serverUrl!, name);
    await rm(dir, { recursive: true, force: true });
  });

  const headers = (key: string) => ({
    "X-Trial-Key": key,
    "X-Forwarded-For": `192.0.2.${++addresses}`,
  });

  async function uploadWith(key: string): Promise<number> {
    const response = await uploadPng(apps[0]!, headers(key));
    expect(response.status).toBe(201);
    return (await body(response)).id;
  }

  const submit = (app: (typeof apps)[number], key: string, image: number, email: string) =>
    app.request("/api/adv/posts/create_trial", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers(key) },
      body: JSON.stringify({
        advertisement: {
          title: "新メニュー",
          image1: `/api/adv/media_objects/${image}`,
          eyeCatch: `/api/adv/media_objects/${image}`,
          body1: "本文",
          storeName: "テスト食堂",
          storeAddress: "渋谷2-2-2",
          storeTel: "03-1234-5678",
        },
        advertiserEntry: trialEntry(email),
        publishmentOrder: null,
      }),
    });

  const loginsWith = (email: string) =>
    opened[0]!.db.select().from(userLogins).where(eq(userLogins.email, email));

  test("one key from two processes at once: 201 and 200 with the same ad, one account", async () => {
    const key = randomBytes(32).toString("base64url");
    const image = await uploadWith(key);
    const email = "pg-replay@example.com";
    const responses = await Promise.all(apps.map((app) => submit(app, key, image, email)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 201]);
    const [a, b] = await Promise.all(responses.map(body));
    expect(a.id).toBe(b.id);
    expect(await loginsWith(email)).toHaveLength(1);
    expect(
      await opened[0]!.db.select().from(advertisements).where(eq(advertisements.id, a.id)),
    ).toHaveLength(1);
  });

  test("one address from two trials at once: one account, the other 422 on advertiserEntry.email", async () => {
    const keys = [randomBytes(32).toString("base64url"), randomBytes(32).toString("base64url")];
    const images = [await uploadWith(keys[0]!), await uploadWith(keys[1]!)];
    const email = "pg-race@example.com";
    const responses = await Promise.all(
      apps.map((app, i) => submit(app, keys[i]!, images[i]!, email)),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 422]);
    const loser = await body(responses.find((r) => r.status === 422)!);
    expect(loser.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      "advertiserEntry.email",
    ]);
    expect(await loginsWith(email)).toHaveLength(1);
  });
});
