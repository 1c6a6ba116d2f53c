// @vitest-environment node
// The kept counts (post_tallies, migration 0012) against the scans they replace: after every
// kind of write the API or an operator can make (inserts, upserts, several rows in one statement,
// deletes, in any order), each editors' list count and the dashboard's equal a count of the rows.
// On PGlite always, and on PostgreSQL when TEST_DATABASE_URL points at a server (npm test).
import { readFile } from "node:fs/promises";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Identity } from "../context";
import { openDatabase, type Database, type OpenedDatabase } from "../db/client";
import { advertisements, publicAdvertisements, publishmentOrders } from "../db/schema";
import { freshAdvertiser } from "../testing/accounts";
import { seedDemo } from "../db/seed";
import { createTestDatabase, TEST_NOW } from "../testing/db";
import { adminQuery, databaseUrlOf, dropTestDatabase } from "../testing/postgres";
import { insertLocality } from "../testing/site-ads";
import { countListed, countPosts, postsListQuery } from "./posts-query";

const EDITOR: Identity = {
  userLoginId: 1,
  email: "admin@example.com",
  role: "administrator",
  clientId: null,
  administratorId: 1,
  impersonator: null,
  sessionId: null,
} as unknown as Identity;

const DAY = 24 * 60 * 60 * 1000;

/** The editors' lists whose counts are kept, as the portal asks for them. */
const LISTS: Record<string, string> = {
  every: "",
  ordered: "has_publishmentOrder=1",
  waiting:
    "publishmentOrder.publishmentStatus[]=new&publishmentOrder.publishmentStatus[]=reapplying",
  "waiting, ordered":
    "has_publishmentOrder=1&publishmentOrder.publishmentStatus[]=reapplying&publishmentOrder.publishmentStatus[]=new",
  live: "distributionStatus=publishing",
  "live, ordered": "distributionStatus=publishing&has_publishmentOrder=1",
};

/** Instants the live count is read at: before, inside, at the edges of and after the periods. */
const READ_AT = [-40, -3, 0, 2, 9, 11, 30].map((d) => new Date(TEST_NOW.getTime() + d * DAY));
const LIVE = (list: string) => list.startsWith("live");

/** Each kept count and the scan of the same list, at `now`. */
async function countsAt(db: Database, now: Date, which: (list: string) => boolean = () => true) {
  const out: { list: string; kept: number; scanned: number }[] = [];
  for (const [list, query] of Object.entries(LISTS).filter(([list]) => which(list))) {
    const q = postsListQuery(new URLSearchParams(query), EDITOR, now);
    expect(q.tally, `${list} has a kept count`).toBeDefined();
    const [kept] = await countListed(db, q).execute(q.values);
    const [scanned] = await countPosts(db, q.where, q.joins).execute(q.values);
    out.push({ list, kept: kept!.n, scanned: scanned!.n });
  }
  return out;
}

/** Every kept count equals its scan: the live ones at each of READ_AT, which moves them. */
async function expectKeptEqualsScanned(db: Database, step: string) {
  for (const now of READ_AT) {
    const which = now === READ_AT[0] ? () => true : LIVE;
    for (const { list, kept, scanned } of await countsAt(db, now, which)) {
      expect(kept, `${step}: ${list} at ${now.toISOString()}`).toBe(scanned);
    }
  }
}

/** A small deterministic generator (mulberry32): the same writes on every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

const STATUSES = ["new", "remanded", "reapplying", "confirmed"] as const;
const POST_STATUSES = ["public", "not_synced", "suspended"] as const;

const serverUrl = process.env.TEST_DATABASE_URL;

/** A migrated PostgreSQL database of its own with the demo data, dropped when closed. */
async function postgresDatabase(): Promise<OpenedDatabase> {
  const name = `omise_tallies_${process.pid}_${Date.now()}`;
  await adminQuery(serverUrl!, `create database ${name}`);
  const opened = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl!, name) });
  await seedDemo(opened.db, TEST_NOW, { siteShowcase: false });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await dropTestDatabase(serverUrl!, name);
    },
  };
}

const DATABASES = [
  { engine: "PGlite", open: () => createTestDatabase() },
  ...(serverUrl ? [{ engine: "PostgreSQL", open: postgresDatabase }] : []),
];

describe.each(DATABASES)("kept counts on $engine", ({ open }) => {
  let database: OpenedDatabase;
  let db: Database;
  let ownerId: number;
  let localityId: number;

  beforeAll(async () => {
    database = await open();
    db = database.db;
    ownerId = (await freshAdvertiser(db, "tallies")).clientId;
    localityId = await insertLocality(db, "集計町");
  });
  afterAll(() => database?.close());

  test("the demo data's counts are kept from the start", async () => {
    await expectKeptEqualsScanned(db, "seeded");
  });

  test("stay exact through 150 random writes of every kind", async () => {
    const rnd = random(20261127);
    const ads: number[] = [];
    const period = () => {
      // Mostly around TEST_NOW, so most writes move a live count.
      const start = TEST_NOW.getTime() + (rnd.int(6) - 4) * DAY;
      return {
        publishesAt: new Date(start),
        unpublishesAt: new Date(start + (rnd.int(6) + 1) * DAY - 1000),
      };
    };
    const order = (advertisementId: number) => ({
      advertisementId,
      regionId: 1,
      localityId,
      courseId: 1,
      price: 30000,
      courseName: "集計コース",
      periodType: "day" as const,
      days: 5,
      orderedAt: TEST_NOW,
      publishmentStatus: rnd.pick(STATUSES),
      ...period(),
    });
    const some = () => ads.filter(() => rnd.int(3) === 0);
    const writes: [string, () => Promise<unknown>][] = [
      [
        "an ad",
        async () => {
          const [row] = await db
            .insert(advertisements)
            .values({ ownerId, title: `集計${ads.length}`, isDeleted: rnd.int(5) === 0 })
            .returning({ id: advertisements.id });
          ads.push(row!.id);
        },
      ],
      [
        "an order",
        () =>
          db
            .insert(publishmentOrders)
            .values(order(rnd.pick(ads)))
            .onConflictDoNothing(),
      ],
      [
        "a public copy, inserted or upserted",
        () =>
          db
            .insert(publicAdvertisements)
            .values({ advertisementId: rnd.pick(ads), postStatus: rnd.pick(POST_STATUSES) })
            .onConflictDoUpdate({
              target: publicAdvertisements.advertisementId,
              set: { postStatus: rnd.pick(POST_STATUSES) },
            }),
      ],
      [
        "a review status",
        () =>
          db
            .update(publishmentOrders)
            .set({ publishmentStatus: rnd.pick(STATUSES) })
            .where(eq(publishmentOrders.advertisementId, rnd.pick(ads))),
      ],
      [
        "several periods moved in one statement",
        () =>
          db
            .update(publishmentOrders)
            .set({
              publishesAt: sql`${publishmentOrders.publishesAt} + interval '1 day'`,
              unpublishesAt: sql`${publishmentOrders.unpublishesAt} + interval '2 days'`,
            })
            .where(inArray(publishmentOrders.advertisementId, [-1, ...some()])),
      ],
      [
        "several ads deleted or restored in one statement",
        () =>
          db
            .update(advertisements)
            .set({ isDeleted: sql`not ${advertisements.isDeleted}` })
            .where(inArray(advertisements.id, [-1, ...some()])),
      ],
      [
        "a public copy removed",
        () =>
          db
            .delete(publicAdvertisements)
            .where(eq(publicAdvertisements.advertisementId, rnd.pick(ads))),
      ],
      [
        "an order removed",
        () =>
          db.delete(publishmentOrders).where(eq(publishmentOrders.advertisementId, rnd.pick(ads))),
      ],
    ];
    for (let i = 0; i < 6; i += 1) {
      await writes[0]![1]();
      await writes[1]![1]();
    }
    for (let step = 0; step < 150; step += 1) {
      // Removals a quarter as often as the rest, so ads stay ordered and public long enough to count.
      const [what, write] = rnd.pick(
        writes.filter(([w]) => !w.endsWith("removed") || rnd.int(4) === 0),
      );
      await write();
      await expectKeptEqualsScanned(db, `write ${step} (${what})`);
    }
    // The run made every kind of change more than once, and the lists were not all empty.
    const last = await countsAt(db, TEST_NOW);
    expect(last.every(({ scanned }) => scanned > 0)).toBe(true);
  });

  test("an upsert of the public copy (as reconcile writes it) moves the live count once", async () => {
    const [ad] = await db
      .insert(advertisements)
      .values({ ownerId, title: "掲載切替" })
      .returning({ id: advertisements.id });
    await db.insert(publishmentOrders).values({
      advertisementId: ad!.id,
      regionId: 1,
      localityId,
      courseId: 1,
      price: 1,
      courseName: "切替",
      periodType: "day",
      days: 3,
      orderedAt: TEST_NOW,
      publishmentStatus: "confirmed",
      publishesAt: new Date(TEST_NOW.getTime() - DAY),
      unpublishesAt: new Date(TEST_NOW.getTime() + DAY),
    });
    const live = async () => (await countsAt(db, TEST_NOW, (list) => list === "live"))[0]!.kept;
    const upsert = (postStatus: (typeof POST_STATUSES)[number]) =>
      db
        .insert(publicAdvertisements)
        .values({ advertisementId: ad!.id, postStatus })
        .onConflictDoUpdate({ target: publicAdvertisements.advertisementId, set: { postStatus } });
    const before = await live();
    await upsert("not_synced");
    expect(await live()).toBe(before);
    await upsert("public");
    expect(await live()).toBe(before + 1);
    await upsert("public");
    expect(await live()).toBe(before + 1);
    await upsert("suspended");
    expect(await live()).toBe(before);
    await expectKeptEqualsScanned(db, "after the upserts");
  });

  test("a list no tally counts exactly is counted by its rows", async () => {
    // An unknown status beside the review ones matches nothing: never the 承認待ち count.
    for (const query of [
      "publishmentOrder.publishmentStatus[]=new&publishmentOrder.publishmentStatus[]=reapplying&publishmentOrder.publishmentStatus[]=bogus",
      "publishmentOrder.publishmentStatus[]=new",
      "distributionStatus=ended",
      "title=集計",
      "has_publishmentOrder=0",
    ]) {
      const q = postsListQuery(new URLSearchParams(query), EDITOR, TEST_NOW);
      expect(q.tally, query).toBeUndefined();
    }
    const bogus = postsListQuery(
      new URLSearchParams(
        "publishmentOrder.publishmentStatus[]=new&publishmentOrder.publishmentStatus[]=reapplying&publishmentOrder.publishmentStatus[]=bogus",
      ),
      EDITOR,
      TEST_NOW,
    );
    const [n] = await countListed(db, bogus).execute(bogus.values);
    expect(n!.n).toBe(0);
  });

  test("a period cannot end before it starts (the live count relies on it)", async () => {
    const [ad] = await db
      .insert(advertisements)
      .values({ ownerId, title: "逆の期間" })
      .returning({ id: advertisements.id });
    await expect(
      db.insert(publishmentOrders).values({
        advertisementId: ad!.id,
        regionId: 1,
        localityId,
        courseId: 1,
        price: 1,
        courseName: "逆",
        periodType: "day",
        days: 1,
        orderedAt: TEST_NOW,
        publishmentStatus: "new",
        publishesAt: TEST_NOW,
        unpublishesAt: new Date(TEST_NOW.getTime() - 1000),
      }),
    ).rejects.toThrow();
  });

  test("the migration counts a database that already has ads", async () => {
    // What migration 0012 runs on an existing database, run again on this one's rows.
    const migration = await readFile(
      new URL("../db/migrations/0012_post_tallies.sql", import.meta.url),
      "utf8",
    );
    const backfill = migration
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter((s) => /^INSERT INTO "post_tall(y_members|ies)"/.test(s));
    expect(backfill).toHaveLength(2);
    await db.execute(sql`delete from post_tallies`);
    await db.execute(sql`delete from post_tally_members`);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    await expectKeptEqualsScanned(db, "counted by the migration");
  });
});
