// The portal's publication application rules (SPEC §5, §9): the period a course gives, the earliest
// start date. The reference API keeps its own (api/domain/publishment.ts); tests/contract proves
// the two agree.
import type { CoursePeriod } from "../../shared/wire";
import {
  addCalendarDays,
  addCalendarMonths,
  slashDate,
  tokyoDate,
} from "../../shared/tokyo-calendar";

const SHIFT_BACK_MS = 17 * 60 * 60 * 1000;

/**
 * The earliest start date an advertiser may choose, "YYYY-MM-DD" (SPEC §5): 2 days ahead of the
 * Tokyo calendar date of (now − 17 h). Before 17:00 JST that is tomorrow, from 17:00 the day after
 * tomorrow.
 */
export function earliestStartDate(now: Date): string {
  return addCalendarDays(tokyoDate(new Date(now.getTime() - SHIFT_BACK_MS)), 2);
}

export const earliestStartMessage = (earliest: string) =>
  `掲載開始日は${slashDate(earliest)}以降を選択してください。`;

/**
 * The last publication day of a course starting on `start` (SPEC §9): a month course ends on
 * start + N months (clamped to the month's end, so 31 Jan + 1 month = 28/29 Feb); a day course
 * on start + N − 1 days.
 */
export function computeEndDate(start: string, course: CoursePeriod): string {
  if (course.periodType === "month") return addCalendarMonths(start, course.months ?? 0);
  return addCalendarDays(start, (course.days ?? 1) - 1);
}

/**
 * The trial form's earliest and default start date (SPEC §9, ADR 0012): today in Tokyo plus two
 * days, without the 17-hour shift of the publication application.
 */
export function trialStartDate(now: Date): string {
  return addCalendarDays(tokyoDate(now), 2);
}
