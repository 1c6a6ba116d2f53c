// The built-in site's access counters (ADR 0010): one row per ad and Tokyo calendar day in
// daily_reports, incremented by a single upsert, so concurrent requests (and several API processes)
// never lose an increment: the row lock of ON CONFLICT DO UPDATE serialises them in the database.
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { tokyoDate } from "../../app/domain/dates";
import type { Database } from "../db/client";

export type CounterColumn = "imp" | "clk" | "pv" | "link1" | "link2" | "link3";

const COLUMNS: ReadonlySet<CounterColumn> = new Set([
  "imp",
  "clk",
  "pv",
  "link1",
  "link2",
  "link3",
]);

/**
 * Whether a request with this User-Agent is counted. Bots are not (isbot). A request without any
 * User-Agent is not counted either: browsers always send one, so its absence means a script.
 */
export function isCountable(userAgent: string | null | undefined): boolean {
  const ua = userAgent?.trim();
  return !!ua && !isbot(ua);
}

/**
 * Adds one to `column` of each ad's row for the Tokyo date of `now`, in one statement (the list
 * page counts all its frames at once). Repeated ids count once each time they appear.
 */
export async function countEvent(
  db: Database,
  column: CounterColumn,
  advertisementIds: readonly number[],
  now: Date,
): Promise<void> {
  if (advertisementIds.length === 0) return;
  // The column name is interpolated raw: guard it against anything but the six counters.
  if (!COLUMNS.has(column)) throw new Error(`Unknown counter column: ${column}`);
  const col = sql.raw(column);
  const date = tokyoDate(now);
  // Distinct ids: one row may only be updated once per INSERT … ON CONFLICT statement.
  const ids = [...new Set(advertisementIds)];
  const values = sql.join(
    ids.map((id) => sql`(${id}::integer, ${date}::date, 1)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into daily_reports (advertisement_id, date, ${col})
    values ${values}
    on conflict (advertisement_id, date)
    do update set ${col} = daily_reports.${col} + excluded.${col}`);
}
