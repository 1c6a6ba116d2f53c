// Publication rules of the reference API (ARCHITECTURE §6): period, earliest start, live/ended,
// needs review, status flags, course labels. The API's own, each once: the portal keeps its own in
// app/domain/publishment.ts, and tests/contract runs one table of cases against both.
import { and, eq, gt, gte, lt, lte, type Placeholder, type SQL } from "drizzle-orm";
import { addCalendarDays, addCalendarMonths, slashDate } from "../../shared/calendar-days";
import { endOfTokyoDay, startOfTokyoDay, toTokyoIso } from "../../shared/tokyo-calendar";
import type { CoursePeriod, PaymentStatus, PublishmentStatus } from "../../shared/wire";
import { publishmentOrders } from "../db/schema";

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

const SECOND_MS = 1000;

/** Where a period stands at an instant: before its start, inside it, or over (SPEC §4). */
export type PeriodPhase = "scheduled" | "live" | "ended";

type Period = { publishesAt: Date; unpublishesAt: Date };

/**
 * The editors' list keeps an ad live through the day after its end date (SPEC §4 "between the
 * start and the day after the end"): the same rule read a day later. Japan has no daylight
 * saving time, so a Tokyo day is always 24 hours.
 */
export const EDITORS_GRACE_MS = 24 * 60 * 60 * 1000;

const wholeSecond = (ms: number) => Math.floor(ms / SECOND_MS) * SECOND_MS;

/**
 * The one "live/ended" rule of the API. A period runs from 00:00:00 of its start date to
 * 23:59:59 of its end date, Tokyo time, both included: the end is stored as 23:59:59.000 and the
 * whole of that second is inside, so the period is over from 00:00:00.000 of the next day.
 * `graceMs` reads the end that much later (EDITORS_GRACE_MS for the editors' list); the start is
 * never moved.
 */
export function periodPhase(period: Period, now: Date, graceMs = 0): PeriodPhase {
  if (now.getTime() < period.publishesAt.getTime()) return "scheduled";
  const over = wholeSecond(period.unpublishesAt.getTime()) + SECOND_MS;
  return now.getTime() - graceMs >= over ? "ended" : "live";
}

/** The first instant after a period (00:00:00 of the day after its end date): its take-down. */
export const periodOverAt = (unpublishesAt: Date) =>
  new Date(wholeSecond(unpublishesAt.getTime()) + SECOND_MS);

/** periodPhase's bounds for a query: `now`, and the earliest stored end of a period not yet over. */
export type PhaseBounds = { now: Date | Placeholder; endsFrom: Date | Placeholder };

/**
 * The bounds of periodPhaseSql at `now`. "Not over" is now − grace < ⌊end⌋ + 1 s (⌊⌋: down to the
 * second), which is exactly end ≥ ⌊now − grace⌋: one comparison of the stored column.
 */
export const phaseBounds = (now: Date, graceMs = 0): { now: Date; endsFrom: Date } => ({
  now,
  endsFrom: new Date(wholeSecond(now.getTime() - graceMs)),
});

/**
 * periodPhase as SQL on publishmentOrders (the caller joins them), with values or placeholders
 * from phaseBounds: the site's live ads, the editors' 配信状況 filter and the dashboard count.
 */
export function periodPhaseSql(phase: PeriodPhase, at: PhaseBounds): SQL {
  const o = publishmentOrders;
  if (phase === "scheduled") return gt(o.publishesAt, at.now);
  const end =
    phase === "live" ? gte(o.unpublishesAt, at.endsFrom) : lt(o.unpublishesAt, at.endsFrom);
  return and(lte(o.publishesAt, at.now), end)!;
}

/**
 * An order whose ad belongs on the site during its period: approved and paid (ARCHITECTURE §6
 * Distribution). Reconcile, the period's steps and the site's live ads read this.
 */
export const isPublishableOrder = (order: {
  publishmentStatus: PublishmentStatus;
  paymentStatus: PaymentStatus;
}) => order.publishmentStatus === "confirmed" && order.paymentStatus === "paid";

/** isPublishableOrder as SQL on publishmentOrders (the caller joins them). */
export const publishableOrderSql = (): SQL =>
  and(
    eq(publishmentOrders.publishmentStatus, "confirmed"),
    eq(publishmentOrders.paymentStatus, "paid"),
  )!;

/**
 * The one "needs review" rule (承認待ち): an order new or reapplying waits for the editors to
 * approve or remand it. The wire's confirmableAdvertisement, the approve transition and the
 * dashboard's count read this (ARCHITECTURE §6); the portal's list filter asks for these statuses.
 */
export const NEEDS_REVIEW: readonly PublishmentStatus[] = ["new", "reapplying"];

export const needsReview = (status: PublishmentStatus) => NEEDS_REVIEW.includes(status);

/** The order's confirmableAdvertisement flag: approval is what a reviewed order waits for. */
export const isConfirmable = needsReview;

/** Remand also takes back an approval (ARCHITECTURE §6). */
export const REMANDABLE: readonly PublishmentStatus[] = [...NEEDS_REVIEW, "confirmed"];

export const isRemandable = (status: PublishmentStatus) => REMANDABLE.includes(status);

/** "14 日" or "3 ヶ月", as the course's periodLabel on the wire. */
export const periodLabel = (course: CoursePeriod) =>
  course.periodType === "month" ? `${course.months ?? 0} ヶ月` : `${course.days ?? 0} 日`;
