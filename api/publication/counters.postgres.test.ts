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
import { countEvent } from "./counters";

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
});
