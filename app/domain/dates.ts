// Business dates in Asia/Tokyo. Calendar dates travel as "YYYY-MM-DD" strings; instants as Date.
// Japan has no daylight saving time, so Tokyo's wall clock is UTC + 9 hours exactly: formatting
// by that fixed offset gives what a time-zone library would, without its per-call Intl work
// (long tables format dates by the hundred).

export const TIME_ZONE = "Asia/Tokyo";

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** "YYYY-MM-DDTHH:mm:ss" on Tokyo's wall clock; an invalid date throws RangeError. */
function tokyoWallClock(instant: Date): string {
  return new Date(instant.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 19);
}

/** The Tokyo calendar date of an instant, "YYYY-MM-DD". */
export function tokyoDate(instant: Date): string {
  return tokyoWallClock(instant).slice(0, 10);
}

/** The instant 00:00:00 Tokyo time of a calendar date. Japan has no daylight saving time. */
export function startOfTokyoDay(date: string): Date {
  return new Date(`${date}T00:00:00+09:00`);
}

/** The last second (23:59:59) of a calendar date in Tokyo. */
export function endOfTokyoDay(date: string): Date {
  return new Date(`${date}T23:59:59+09:00`);
}

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split("-").map(Number);
  return [y!, m!, d!];
}

/** "YYYY-MM-DD" of a UTC instant; the arithmetic below stays in UTC so the server's TZ never matters. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return isoDay(Date.UTC(y, m - 1, d + days));
}

/** Adds months, clamping to the target month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addCalendarMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return isoDay(Date.UTC(y, m - 1 + months, Math.min(d, lastDay)));
}

export type CoursePeriod = {
  periodType: "month" | "day";
  months?: number | null;
  days?: number | null;
};

/**
 * The last publication day of a course starting on `start` (SPEC §9): a month course ends on
 * start + N months (clamped to the month's end, so 31 Jan + 1 month = 28/29 Feb); a day course
 * on start + N − 1 days.
 */
export function computeEndDate(start: string, course: CoursePeriod): string {
  if (course.periodType === "month") return addCalendarMonths(start, course.months ?? 0);
  return addCalendarDays(start, (course.days ?? 1) - 1);
}

/** ISO 8601 with the Tokyo offset, as API Platform serialises dates ("2026-11-22T00:00:00+09:00"). */
export function toTokyoIso(instant: Date): string {
  return `${tokyoWallClock(instant)}+09:00`;
}

/** "2026/11/22" for tables. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  return tokyoDate(typeof value === "string" ? new Date(value) : value).replaceAll("-", "/");
}

/** "2026/11/22 09:30" for message lists. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "";
  const clock = tokyoWallClock(typeof value === "string" ? new Date(value) : value);
  return `${clock.slice(0, 10).replaceAll("-", "/")} ${clock.slice(11, 16)}`;
}

/**
 * The trial form's earliest and default start date (SPEC §9, ADR 0012): today in Tokyo plus two
 * days, without the 17-hour shift of the publication application.
 */
export function trialStartDate(now: Date): string {
  return addCalendarDays(tokyoDate(now), 2);
}
