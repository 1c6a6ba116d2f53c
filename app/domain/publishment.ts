// The portal's publishment rules (SPEC §5, §9), the application for a publication period (SPEC's
// publishment_orders): the period a course gives, the earliest start date, the period's phase
// (live/ended), needs review. The reference API keeps its own (api/domain/publishment.ts);
// tests/contract proves the two agree.
import type { CoursePeriod, PublishmentStatus } from "../../shared/wire";
import { addCalendarDays, addCalendarMonths, slashDate } from "../../shared/calendar-days";
import { startOfTokyoDay, tokyoDate } from "../../shared/tokyo-calendar";

const SHIFT_BACK_MS = 17 * 60 * 60 * 1000;

/**
 * The earliest start date an advertiser may choose, "YYYY-MM-DD" (SPEC §5): 2 days ahead of the
 * Tokyo calendar date of (now − 17 h). Before 17:00 JST that is tomorrow, from 17:00 the day after
 * tomorrow.
 */
export function earliestStartDate(now: Date): string {
  return addCalendarDays(tokyoDate(new Date(now.getTime() - SHIFT_BACK_MS)), 2);
}

/** Where a period stands at an instant: before its start, inside it, or over (SPEC §4). */
export type PeriodPhase = "scheduled" | "live" | "ended";

/**
 * The editors' list keeps an ad live through the day after its end date (SPEC §4 "between the
 * start and the day after the end"): the same rule read a day later (Japan has no daylight
 * saving time, so a Tokyo day is 24 hours).
 */
export const EDITORS_GRACE_MS = 24 * 60 * 60 * 1000;

type PeriodLike = { publishesAt?: string | null; unpublishesAt?: string | null };

/**
 * The portal's one "live/ended" rule. A period runs from 00:00:00 of its start date to 23:59:59
 * of its end date, Tokyo time, both included (SPEC §9, ARCHITECTURE §6), so it is read by the
 * dates of the wire's instants: scheduled before 00:00 of the start date, ended from 00:00 of the
 * day after the end date (the whole last second is inside). `graceMs` reads the end that much
 * later (EDITORS_GRACE_MS for the editors' list). A missing date bounds nothing.
 */
export function periodPhase(period: PeriodLike, now: Date, graceMs = 0): PeriodPhase {
  const { publishesAt, unpublishesAt } = period;
  if (publishesAt && now < startOfTokyoDay(tokyoDate(new Date(publishesAt)))) return "scheduled";
  if (!unpublishesAt) return "live";
  const over = startOfTokyoDay(addCalendarDays(tokyoDate(new Date(unpublishesAt)), 1));
  return now.getTime() - graceMs >= over.getTime() ? "ended" : "live";
}

/**
 * The portal's one "needs review" rule (承認待ち, SPEC §4 needs-action rows): an order new or
 * reapplying waits for the editors to approve or remand it. The list's filter sends these.
 */
export const NEEDS_REVIEW_STATUSES: readonly PublishmentStatus[] = ["new", "reapplying"];

export function needsReview(order: { publishmentStatus: PublishmentStatus } | null | undefined) {
  return !!order && NEEDS_REVIEW_STATUSES.includes(order.publishmentStatus);
}

export const earliestStartMessage = (earliest: string) =>
  `掲載開始日は${slashDate(earliest)}以降を選択してください。`;

/**
 * The last publishing day of a course starting on `start` (SPEC §9): a month course ends on
 * start + N months (clamped to the month's end, so 31 Jan + 1 month = 28/29 Feb); a day course
 * on start + N − 1 days.
 */
export function computeEndDate(start: string, course: CoursePeriod): string {
  if (course.periodType === "month") return addCalendarMonths(start, course.months ?? 0);
  return addCalendarDays(start, (course.days ?? 1) - 1);
}

/**
 * The trial form's earliest and default start date (SPEC §9, ADR 0012): today in Tokyo plus two
 * days, without the 17-hour shift of the publishment application.
 */
export function trialStartDate(now: Date): string {
  return addCalendarDays(tokyoDate(now), 2);
}
