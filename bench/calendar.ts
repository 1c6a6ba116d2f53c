// The Tokyo calendar's speed (ADR 0013, issue 31): microseconds per date for our helpers against
// date-fns-tz's own functions, on the same instants, so a change that loses ADR 0013's gain shows.
import { formatInTimeZone } from "date-fns-tz/formatInTimeZone";
import { fromZonedTime } from "date-fns-tz/fromZonedTime";
import { formatDateTime, fromTokyoWallClock, TIME_ZONE, tokyoDate } from "../shared/tokyo-calendar";

/** A year of instants, seven hours apart, so the per-hour offset cache is not always hit. */
const INSTANTS = Array.from(
  { length: 1_252 },
  (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 7 * 3_600_000),
);

/** Microseconds per call of `fn` over the instants, the best of five rounds after a warm-up. */
function perCall(fn: (instant: Date, i: number) => unknown): number {
  const rounds = 5;
  const repeat = 40;
  let best = Infinity;
  for (let round = -1; round < rounds; round++) {
    const started = performance.now();
    for (let r = 0; r < repeat; r++) INSTANTS.forEach(fn);
    const us = ((performance.now() - started) * 1000) / (repeat * INSTANTS.length);
    if (round >= 0) best = Math.min(best, us);
  }
  return best;
}

export type CalendarTiming = { name: string; ours: number; dateFnsTz: number };

export function calendarTimings(): CalendarTiming[] {
  const wallClocks = INSTANTS.map((d) => formatInTimeZone(d, TIME_ZONE, "yyyy-MM-dd'T'HH:mm:ss"));
  return [
    {
      name: "a date (YYYY-MM-DD in Tokyo)",
      ours: perCall((d) => tokyoDate(d)),
      dateFnsTz: perCall((d) => formatInTimeZone(d, TIME_ZONE, "yyyy-MM-dd")),
    },
    {
      name: "a date and time shown (YYYY/MM/DD HH:mm)",
      ours: perCall((d) => formatDateTime(d)),
      dateFnsTz: perCall((d) => formatInTimeZone(d, TIME_ZONE, "yyyy/MM/dd HH:mm")),
    },
    {
      name: "a Tokyo wall clock to an instant",
      ours: perCall((_, i) => fromTokyoWallClock(wallClocks[i]!)),
      dateFnsTz: perCall((_, i) => fromZonedTime(wallClocks[i]!, TIME_ZONE)),
    },
  ];
}
