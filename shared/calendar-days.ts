// Calendar dates as the wire writes them, "YYYY-MM-DD": day and month arithmetic, validity and the
// "2025/06/17" form. No time zone: the days are Tokyo's because shared/tokyo-calendar.ts made
// them so. Imports nothing, so browser code that only shows or counts days loads no zone data.

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

/** True for a real calendar date written "YYYY-MM-DD" (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "2025/06/17": a calendar date as tables and messages show it. */
export const slashDate = (date: string) => date.replaceAll("-", "/");
