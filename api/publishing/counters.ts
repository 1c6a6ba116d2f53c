// The built-in site's access counters (ADR 0010) and the rule that decides what counts, since
// advertisers pay by these figures:
// - A visitor is a keyed hash (HMAC-SHA-256, truncated) of the client address (an IPv6 address by
//   its /64) and the User-Agent; no raw address is stored. A day is a Tokyo calendar day.
// - pv, clk and link{n} count once per visitor, ad and day: a counter_visits row is inserted with
//   ON CONFLICT DO NOTHING and the day's figure grows only when the row is new.
// - imp counts every view of the list page (each shown ad once per view), and the visitor's row
//   keeps the latest impression. A click counts only after an impression of that ad by the same
//   visitor on the same day within IMPRESSION_WINDOW_MS, so a day's clk never passes its imp.
// - An address makes at most SITE_COUNTS_PER_MINUTE counting requests a minute (rate_limit_hits);
//   beyond that pages still show and nothing is counted. Bots, UA-less requests and HEADs never count.
// The figures live in daily_reports, one row per ad and day, incremented by a single upsert in the
// transaction of the visit row, so concurrent requests (and several API processes) lose nothing:
// the row locks of ON CONFLICT serialise them in the database.
import { createHmac } from "node:crypto";
import { isIPv6 } from "node:net";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { addCalendarDays } from "../../shared/calendar-days";
import { tokyoDate } from "../../shared/tokyo-calendar";
import type { ApiDeps } from "../context";
import type { Database } from "../db/client";
import { counterVisits, dailyReports } from "../db/schema";
import { hit, pruneRateLimits, type Limit } from "../rate-limit";

export type CounterColumn = "imp" | "clk" | "pv" | "link1" | "link2" | "link3";

/** How recent a visitor's impression of an ad must be for a click on it to count. */
export const IMPRESSION_WINDOW_MS = 30 * 60_000;
/** counter_visits keeps today and this many days before it (a margin for clocks and midnight). */
export const VISIT_RETENTION_DAYS = 2;

/**
 * Whether a request with this User-Agent is counted. Bots are not (isbot). A request without any
 * User-Agent is not counted either: browsers always send one, so its absence means a script.
 */
export function isCountable(userAgent: string | null | undefined): boolean {
  const ua = userAgent?.trim();
  return !!ua && !isbot(ua);
}

/**
 * The part of an address that names one subscriber: an IPv4 address (also when IPv4-mapped), or
 * the /64 of an IPv6 address, since one household or phone may use any address of its /64.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.replace(/%.*$/, "");
  if (!isIPv6(bare)) return address;
  const [head = "", tail] = bare.split("::");
  const groups = (part: string) =>
    part === "" ? [] : part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g]));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

export interface Visitor {
  /** Names the visitor in counter_visits: the address and the User-Agent. */
  visitor: string;
  /** Names the address alone, for the rate limit. */
  address: string;
}

/** The keyed hashes of a request's address and User-Agent (22 base64url characters each). */
export function visitorOf(key: Buffer, address: string, userAgent: string): Visitor {
  const mac = (text: string) =>
    createHmac("sha256", key).update(text).digest("base64url").slice(0, 22);
  const subscriber = addressKey(address);
  return {
    visitor: mac(`visitor\n${subscriber}\n${userAgent.trim()}`),
    address: mac(`address\n${subscriber}`),
  };
}

/**
 * Adds one to `column` of each ad's row for the Tokyo date of `now`, in one statement (the list
 * page counts all its frames at once; an id given twice counts once). Answers how many of the
 * rows were created by it: the first count of an ad's day.
 */
export async function countEvent(
  db: Database,
  column: CounterColumn,
  advertisementIds: readonly number[],
  now: Date,
): Promise<number> {
  // Distinct ids (one row may only be updated once per INSERT … ON CONFLICT statement), in one
  // order, so that concurrent multi-row upserts lock rows in the same order and never deadlock.
  const ids = [...new Set(advertisementIds)].sort((a, b) => a - b);
  if (ids.length === 0) return 0;
  const date = tokyoDate(now);
  const target = dailyReports[column];
  const rows = await db
    .insert(dailyReports)
    .values(ids.map((advertisementId) => ({ advertisementId, date, [column]: 1 })))
    .onConflictDoUpdate({
      target: [dailyReports.advertisementId, dailyReports.date],
      set: { [column]: sql`${target} + 1` },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ created: sql<boolean>`xmax = 0` });
  return rows.filter((r) => r.created).length;
}

/**
 * A list page view: one impression of each shown ad, remembered as the visitor's latest. Answers
 * whether it opened an ad's day.
 */
export async function countImpressions(
  db: Database,
  advertisementIds: readonly number[],
  visitor: string,
  now: Date,
): Promise<boolean> {
  const ids = [...new Set(advertisementIds)].sort((a, b) => a - b);
  if (ids.length === 0) return false;
  const date = tokyoDate(now);
  return db.transaction(async (tx) => {
    await tx
      .insert(counterVisits)
      .values(
        ids.map((advertisementId) => ({
          advertisementId,
          date,
          visitor,
          kind: "imp" as const,
          lastAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [
          counterVisits.advertisementId,
          counterVisits.date,
          counterVisits.visitor,
          counterVisits.kind,
        ],
        set: { lastAt: sql`excluded.last_at` },
      });
    // The hot row last: its lock is held only until the commit that follows.
    return (await countEvent(tx, "imp", ids, now)) > 0;
  });
}

/** Whether the visitor saw the ad in the list today, within IMPRESSION_WINDOW_MS before `now`. */
async function hadImpression(db: Database, advertisementId: number, visitor: string, now: Date) {
  const v = counterVisits;
  const [row] = await db
    .select({ at: v.lastAt })
    .from(v)
    .where(
      and(
        eq(v.advertisementId, advertisementId),
        eq(v.date, tokyoDate(now)),
        eq(v.visitor, visitor),
        eq(v.kind, "imp"),
        gte(v.lastAt, new Date(now.getTime() - IMPRESSION_WINDOW_MS)),
      ),
    )
    .limit(1);
  return !!row;
}

export type Outcome = "counted" | "repeat" | "no-impression";

/**
 * A page view, a click or a link click: counted when it is the visitor's first of the ad's day
 * (a click also needs a recent impression). `opened` says whether it opened the ad's day.
 */
export async function countOnce(
  db: Database,
  column: Exclude<CounterColumn, "imp">,
  advertisementId: number,
  visitor: string,
  now: Date,
): Promise<{ outcome: Outcome; opened: boolean }> {
  const date = tokyoDate(now);
  return db.transaction(async (tx) => {
    if (column === "clk" && !(await hadImpression(tx, advertisementId, visitor, now))) {
      return { outcome: "no-impression", opened: false };
    }
    const fresh = await tx
      .insert(counterVisits)
      .values({ advertisementId, date, visitor, kind: column, lastAt: now })
      .onConflictDoNothing()
      .returning({ at: counterVisits.lastAt });
    if (fresh.length === 0) return { outcome: "repeat", opened: false };
    const opened = (await countEvent(tx, column, [advertisementId], now)) > 0;
    return { outcome: "counted", opened };
  });
}

/** Drops the visits of days no count can look at any more. */
export async function pruneCounterVisits(db: Database, now: Date) {
  const oldest = addCalendarDays(tokyoDate(now), -VISIT_RETENTION_DAYS);
  await db.delete(counterVisits).where(lt(counterVisits.date, oldest));
}

export const siteCountLimit = (deps: Pick<ApiDeps, "config">): Limit => ({
  name: "site:count",
  max: deps.config.siteCounting.perMinute,
  windowSeconds: 60,
});

export interface SiteRequest {
  column: CounterColumn;
  advertisementIds: readonly number[];
  /** The client address (client-ip.ts). */
  address: string;
  userAgent: string;
  now: Date;
}

/**
 * Applies the rule above to one countable site request (the caller has left out bots and HEADs).
 * The first count of an ad's day also prunes old visits and rate-limit windows: a cheap delete
 * once per ad and day instead of a timer.
 */
export async function countSiteRequest(deps: ApiDeps, req: SiteRequest): Promise<void> {
  const [first] = req.advertisementIds;
  if (first === undefined) return;
  const { visitor, address } = visitorOf(
    deps.config.siteCounting.visitorKey,
    req.address,
    req.userAgent,
  );
  if ((await hit(deps, siteCountLimit(deps), address)).exceeded) return;
  const opened =
    req.column === "imp"
      ? await countImpressions(deps.db, req.advertisementIds, visitor, req.now)
      : (await countOnce(deps.db, req.column, first, visitor, req.now)).opened;
  if (opened) {
    await pruneCounterVisits(deps.db, req.now);
    await pruneRateLimits(deps);
  }
}
