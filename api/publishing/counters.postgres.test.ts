// @vitest-environment node
// The counters on real PostgreSQL with a connection pool, where requests truly run at the same
// time (PGlite runs one statement at a time). Runs when TEST_DATABASE_URL is set, as
// api/db/postgres.test.ts does, in a database of its own dropped afterwards.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type OpenedDatabase } from "../db/client";
import { advertisements, clients, dailyReports } from "../db/schema";
import { seedDemo } from "../db/seed";
import { TEST_NOW } from "../testing/db";
import { adminQuery, databaseUrlOf, dropTestDatabase } from "../testing/postgres";
import { countEvent, countImpressions, countOnce } from "./counters";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("counters on PostgreSQL", () => {
  const name = `omise_counters_${process.pid}_${Date.now()}`;
  let database: OpenedDatabase;
  let adIds: number[];

  beforeAll(async () => {
    await adminQuery(serverUrl!, `create database ${name}`);
    database = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl!, name) });
    await seedDemo(database.db, TEST_NOW, { siteShowcase: false });
    const [owner] = await database.db.select({ id: clients.id }).from(clients).limit(1);
    const rows = await database.db
      .insert(advertisements)
      .values([1, 2, 3].map((n) => ({ ownerId: owner!.id, title: `カウンター${n}` })))
      .returning({ id: advertisements.id });
    adIds = rows.map((r) => r.id);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await dropTestDatabase(serverUrl!, name);
  });

  const row = async (id: number) => {
    const [r] = await database.db
      .select()
      .from(dailyReports)
      .where(and(eq(dailyReports.advertisementId, id), eq(dailyReports.date, "2025-06-15")));
    return r;
  };

  test("concurrent increments of a new day's row lose nothing", async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        countEvent(database.db, i % 2 ? "clk" : "pv", [adIds[0]!], TEST_NOW),
      ),
    );
    expect(await row(adIds[0]!)).toMatchObject({ clk: 25, pv: 25, imp: 0 });
  });

  test("concurrent list pages count every shown frame once per page", async () => {
    await Promise.all(
      Array.from({ length: 40 }, () => countEvent(database.db, "imp", adIds, TEST_NOW)),
    );
    for (const id of adIds) expect((await row(id))!.imp).toBe(40);
    expect((await row(adIds[0]!))!.clk).toBe(25);
  });

  test("countEvent tells a day's first row (which prunes old visits) from later ones", async () => {
    const day = new Date("2025-06-20T03:00:00Z");
    const first = await Promise.all(
      Array.from({ length: 10 }, () => countEvent(database.db, "pv", adIds, day)),
    );
    expect(first.reduce((a, b) => a + b, 0)).toBe(adIds.length);
    expect(await countEvent(database.db, "pv", adIds, day)).toBe(0);
  });

  test("one visitor's concurrent page views count once; 30 visitors' count 30", async () => {
    const id = adIds[1]!;
    const before = (await row(id))!.pv;
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => countOnce(database.db, "pv", id, "same-visitor", TEST_NOW)),
    );
    expect(outcomes.filter((o) => o.outcome === "counted")).toHaveLength(1);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        countOnce(database.db, "pv", id, `visitor-${i}`, TEST_NOW),
      ),
    );
    expect((await row(id))!.pv - before).toBe(31);
  });

  test("list pages and clicks of many visitors at once: no deadlock, clicks never above impressions", async () => {
    const id = adIds[2]!;
    const before = (await row(id))!;
    const visitors = Array.from({ length: 20 }, (_, i) => `clicker-${i}`);
    // Each visitor's list page and click race; a click that runs first has no impression yet.
    await Promise.all(
      visitors.flatMap((v) => [
        countImpressions(database.db, [...adIds].reverse(), v, TEST_NOW),
        countImpressions(database.db, adIds, v, TEST_NOW),
        countOnce(database.db, "clk", id, v, TEST_NOW),
        countOnce(database.db, "clk", id, v, TEST_NOW),
      ]),
    );
    const after = (await row(id))!;
    expect(after.imp - before.imp).toBe(40);
    expect(after.clk - before.clk).toBeLessThanOrEqual(20);
    await Promise.all(visitors.map((v) => countOnce(database.db, "clk", id, v, TEST_NOW)));
    expect((await row(id))!.clk - before.clk).toBe(20);
  });
});
