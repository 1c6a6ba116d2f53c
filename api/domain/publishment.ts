// Publication rules of the reference API (ARCHITECTURE §6): period, earliest start, status flags,
// course labels. The API's own: the portal keeps its own in app/domain/publication.ts, and
// tests/contract runs one table of cases against both.
import {
  addCalendarDays,
  addCalendarMonths,
  endOfTokyoDay,
  slashDate,
  startOfTokyoDay,
  toTokyoIso,
} from "../../shared/tokyo-calendar";
import type { CoursePeriod, PublishmentStatus } from "../../shared/wire";

/** The last day a course starting on `start` runs (SPEC §9): N months on (clamped), or N − 1 days. */
export function computeEndDate(start: string, course: CoursePeriod): string {
  return course.periodType === "month"
    ? addCalendarMonths(start, course.months ?? 0)
    : addCalendarDays(start, (course.days ?? 1) - 1);
}

/** The order cut-off: an application made from 17:00 JST counts as the next day's (SPEC §5). */
const CUT_OFF_HOUR = 17;

/** The earliest start date an application made at `now` may ask for: the (cut-off) day + 1. */
export function earliestStartDate(now: Date): string {
  const wallClock = toTokyoIso(now); // "2026-11-22T17:00:00+09:00"
  const today = wallClock.slice(0, 10);
  const afterCutOff = Number(wallClock.slice(11, 13)) >= CUT_OFF_HOUR;
  return addCalendarDays(today, afterCutOff ? 2 : 1);
}

export const earliestStartMessage = (earliest: string) =>
  `掲載開始日は${slashDate(earliest)}以降を選択してください。`;

/** The trial form's start date (SPEC §9, ADR 0012): the Tokyo date two days on, no cut-off. */
export const trialStartDate = (now: Date) => addCalendarDays(toTokyoIso(now).slice(0, 10), 2);

/** Publication runs from 00:00:00 of the start date to 23:59:59 of the end date, Tokyo time. */
export function publicationPeriod(startDate: string, course: CoursePeriod) {
  return {
    publishesAt: startOfTokyoDay(startDate),
    unpublishesAt: endOfTokyoDay(computeEndDate(startDate, course)),
  };
}

/**
 * The course as the order keeps it: price, name and period are fixed when the order is placed,
 * so later course edits never change what was ordered (ARCHITECTURE §6).
 */
export function courseSnapshot(course: {
  id: number;
  price: number;
  name: string;
  periodType: "month" | "day";
  months: number | null;
  days: number | null;
}) {
  return {
    courseId: course.id,
    price: course.price,
    courseName: course.name,
    periodType: course.periodType,
    months: course.months,
    days: course.days,
  };
}

export const isConfirmable = (status: PublishmentStatus) =>
  status === "new" || status === "reapplying";

export const isRemandable = (status: PublishmentStatus) =>
  status === "new" || status === "reapplying" || status === "confirmed";

/** "14 日" or "3 ヶ月", as the course's periodLabel on the wire. */
export const periodLabel = (course: CoursePeriod) =>
  course.periodType === "month" ? `${course.months ?? 0} ヶ月` : `${course.days ?? 0} 日`;
