// The contract by test (issue 31): one table of cases runs against the portal's rules, the
// reference API's rules and the API's SQL form of them, so the two sides agree without sharing
// code. The one place allowed to import both app/ and api/.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PublishmentStatus } from "../../shared/wire";
import { toTokyoIso } from "../../shared/tokyo-calendar";
import * as portal from "../../app/domain/publishment";
import type { OpenedDatabase } from "../../api/db/client";
import { advertisements, publishmentOrders } from "../../api/db/schema";
import * as api from "../../api/domain/publishment";
import { tallied } from "../../api/resources/posts-query";
import { liveAdsOf } from "../../api/site/live-ads";
import { freshAdvertiser } from "../../api/testing/accounts";
import { createTestDatabase } from "../../api/testing/db";
import { insertLocality, insertSiteAd } from "../../api/testing/site-ads";

type Phase = "scheduled" | "live" | "ended";

/** Periods as the API makes them when an order is placed (start date and course). */
const PERIODS = {
  /** Ten days, 1 to 10 July. */
  july: { start: "2025-07-01", course: { periodType: "day", days: 10 } },
  /** One month from 31 January: ends on the month's last day, 28 February. */
  monthEnd: { start: "2025-01-31", course: { periodType: "month", months: 1 } },
  /** The same in a leap year: 29 February. */
  leapMonthEnd: { start: "2024-01-31", course: { periodType: "month", months: 1 } },
  /** A single day. */
  oneDay: { start: "2025-07-20", course: { periodType: "day", days: 1 } },
} as const;
type PeriodName = keyof typeof PERIODS;

/**
 * [period, instant (Tokyo wall clock), advertisers' phase, editors' phase]. A period runs from
 * 00:00:00 of the start date to 23:59:59 of the end date inclusive (SPEC §9, ARCHITECTURE §6):
 * the whole last second is inside. The editors' list reads it a day later (SPEC §4).
 */
const CASES: [PeriodName, string, Phase, Phase][] = [
  ["july", "2025-06-30T23:59:59.999", "scheduled", "scheduled"],
  ["july", "2025-07-01T00:00:00.000", "live", "live"], // the first second
  ["july", "2025-07-01T17:00:00.000", "live", "live"],
  ["july", "2025-07-10T16:59:59.999", "live", "live"],
  ["july", "2025-07-10T17:00:00.000", "live", "live"],
  ["july", "2025-07-10T23:59:59.000", "live", "live"], // the last second
  ["july", "2025-07-10T23:59:59.999", "live", "live"], // still the last second
  ["july", "2025-07-11T00:00:00.000", "ended", "live"], // one second after 23:59:59
  ["july", "2025-07-11T08:59:59.999", "ended", "live"], // UTC still says the 10th
  ["july", "2025-07-11T09:00:00.000", "ended", "live"],
  ["july", "2025-07-11T16:59:59.999", "ended", "live"],
  ["july", "2025-07-11T17:00:00.000", "ended", "live"],
  ["july", "2025-07-11T23:59:59.999", "ended", "live"], // the editors' last second
  ["july", "2025-07-12T00:00:00.000", "ended", "ended"],
  ["monthEnd", "2025-01-30T23:59:59.999", "scheduled", "scheduled"],
  ["monthEnd", "2025-02-28T17:00:00.000", "live", "live"],
  ["monthEnd", "2025-02-28T23:59:59.999", "live", "live"],
  ["monthEnd", "2025-03-01T00:00:00.000", "ended", "live"],
  ["monthEnd", "2025-03-01T23:59:59.999", "ended", "live"],
  ["monthEnd", "2025-03-02T00:00:00.000", "ended", "ended"],
  ["leapMonthEnd", "2024-02-29T23:59:59.500", "live", "live"],
  ["leapMonthEnd", "2024-03-01T00:00:00.000", "ended", "live"],
  ["leapMonthEnd", "2024-03-02T00:00:00.000", "ended", "ended"],
  ["oneDay", "2025-07-19T23:59:59.999", "scheduled", "scheduled"],
  ["oneDay", "2025-07-20T00:00:00.000", "live", "live"],
  ["oneDay", "2025-07-20T23:59:59.999", "live", "live"],
  ["oneDay", "2025-07-21T00:00:00.000", "ended", "live"],
  ["oneDay", "2025-07-22T00:00:00.000", "ended", "ended"],
];

const tokyo = (wallClock: string) => new Date(`${wallClock}+09:00`);
const periodOf = (name: PeriodName) =>
  api.publicationPeriod(PERIODS[name].start, PERIODS[name].course);
/** The order's period as the portal receives it (publishment-orders.ts serialises with toTokyoIso). */
const wireOf = (name: PeriodName) => {
  const { publishesAt, unpublishesAt } = periodOf(name);
  return { publishesAt: toTokyoIso(publishesAt), unpublishesAt: toTokyoIso(unpublishesAt) };
};

const READINGS = [
  { reading: "advertisers", graceMs: 0, column: 2 },
  { reading: "editors", graceMs: api.EDITORS_GRACE_MS, column: 3 },
] as const;

test("both sides read the editors' list a day later", () => {
  expect(portal.EDITORS_GRACE_MS).toBe(api.EDITORS_GRACE_MS);
});

describe.each(READINGS)("live/ended as $reading read it", ({ graceMs, column }) => {
  const rows = CASES.map((c) => ({ period: c[0], at: c[1], phase: c[column] }));

  test.each(rows)("$period at $at JST is $phase: the API's rule", ({ period, at, phase }) => {
    expect(api.periodPhase(periodOf(period), tokyo(at), graceMs)).toBe(phase);
  });

  test.each(rows)("$period at $at JST is $phase: the portal's rule", ({ period, at, phase }) => {
    expect(portal.periodPhase(wireOf(period), tokyo(at), graceMs)).toBe(phase);
  });
});

const STATUSES: [PublishmentStatus, boolean][] = [
  ["new", true],
  ["remanded", false],
  ["reapplying", true],
  ["confirmed", false],
];

describe("needs review (承認待ち)", () => {
  test.each(STATUSES)("an order %s: %s on both sides", (status, expected) => {
    expect(api.needsReview(status)).toBe(expected);
    expect(api.isConfirmable(status)).toBe(expected);
    expect(portal.needsReview({ publishmentStatus: status })).toBe(expected);
  });

  test("the portal's list filter asks for exactly the API's statuses", () => {
    expect([...portal.NEEDS_REVIEW_STATUSES].sort()).toEqual([...api.NEEDS_REVIEW].sort());
  });
});

describe("the API's SQL form", () => {
  let database: OpenedDatabase;
  let localityId: number;
  const adIds = {} as Record<PeriodName, number>;
  const statusAdIds = {} as Record<PublishmentStatus, number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const { clientId } = await freshAdvertiser(db, "rules");
    localityId = await insertLocality(db, "規則町");
    const insert = async (title: string, name: PeriodName, status?: PublishmentStatus) => {
      const period = periodOf(name);
      const { start } = PERIODS[name];
      const end = toTokyoIso(period.unpublishesAt).slice(0, 10);
      const id = await insertSiteAd(db, {
        ownerId: clientId,
        localityId,
        title,
        start,
        end,
        publishmentStatus: status,
      });
      // Exactly the instants the API stores for the order.
      await db
        .update(publishmentOrders)
        .set(period)
        .where(eq(publishmentOrders.advertisementId, id));
      return id;
    };
    for (const name of Object.keys(PERIODS) as PeriodName[]) {
      adIds[name] = await insert(`期間${name}`, name);
    }
    for (const [status] of STATUSES)
      statusAdIds[status] = await insert(`審査${status}`, "july", status);
  });

  afterAll(() => database?.close());

  /** The phase the SQL gives the period's order at `now`: the one of the three that matches. */
  async function sqlPhase(name: PeriodName, now: Date, graceMs: number) {
    const found: Phase[] = [];
    for (const phase of ["scheduled", "live", "ended"] as const) {
      const rows = await database.db
        .select({ id: publishmentOrders.id })
        .from(publishmentOrders)
        .where(
          and(
            eq(publishmentOrders.advertisementId, adIds[name]),
            api.periodPhaseSql(phase, api.phaseBounds(now, graceMs)),
          ),
        );
      if (rows.length > 0) found.push(phase);
    }
    return found;
  }

  describe.each(READINGS)("live/ended as $reading read it", ({ graceMs, column }) => {
    const rows = CASES.map((c) => ({ period: c[0], at: c[1], phase: c[column] }));
    test.each(rows)("$period at $at JST is $phase", async ({ period, at, phase }) => {
      expect(await sqlPhase(period, tokyo(at), graceMs)).toEqual([phase]);
    });
  });

  test.each(CASES.map((c) => ({ period: c[0], at: c[1], phase: c[2] })))(
    "the news site shows $period at $at JST exactly when it is live ($phase)",
    async ({ period, at, phase }) => {
      const shown = (await liveAdsOf(database.db, localityId, tokyo(at))).map((r) => r.ad.id);
      expect(shown.includes(adIds[period])).toBe(phase === "live");
    },
  );

  test("the kept 承認待ち count (post_tallies) counts the new and reapplying orders", async () => {
    const waiting = async () => (await tallied(database.db, { of: "waiting" }))[0]!.n;
    const setDeleted = (id: number, isDeleted: boolean) =>
      database.db.update(advertisements).set({ isDeleted }).where(eq(advertisements.id, id));
    for (const [status, needs] of STATUSES) {
      const before = await waiting();
      await setDeleted(statusAdIds[status], true);
      expect(before - (await waiting()), status).toBe(needs ? 1 : 0);
      await setDeleted(statusAdIds[status], false);
      expect(await waiting()).toBe(before);
    }
  });
});
