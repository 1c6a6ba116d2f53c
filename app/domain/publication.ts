// Publication application rules shared by the portal's form and the reference API (SPEC §5, §9).
import { addCalendarDays, tokyoDate } from "./dates";

const SHIFT_BACK_MS = 17 * 60 * 60 * 1000;

/**
 * The earliest start date an advertiser may choose, "YYYY-MM-DD" (SPEC §5): 2 days ahead of the
 * Tokyo calendar date of (now − 17 h). Before 17:00 JST that is tomorrow, from 17:00 the day after
 * tomorrow.
 */
export function earliestStartDate(now: Date): string {
  return addCalendarDays(tokyoDate(new Date(now.getTime() - SHIFT_BACK_MS)), 2);
}

/** True for a real calendar date written "YYYY-MM-DD" (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "2025/06/17", as messages show a date. */
export const slashDate = (date: string) => date.replaceAll("-", "/");

export const earliestStartMessage = (earliest: string) =>
  `掲載開始日は${slashDate(earliest)}以降を選択してください。`;
