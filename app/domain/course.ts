// Publishment courses (SPEC §3 Publishment course, §5 Course, §9): the period label, the whole
// numbers of the course form and the limits that the form and the API both check.
import type { CoursePeriod } from "../../shared/wire";
import { formatYen } from "./money";

export type PeriodType = CoursePeriod["periodType"];

export const PERIOD_TYPES = ["month", "day"] as const satisfies readonly PeriodType[];

export const periodTypeLabels: Record<PeriodType, string> = {
  month: "月単位",
  day: "日単位",
};

/** The select's placeholder (SPEC §2 Course new and edit). */
export const PERIOD_TYPE_PLACEHOLDER = "月単位 or 日単位";

export const COURSE_NAME_MAX = 100;
export const COURSE_NOTE_MAX = 255;
/** Yen, tax excluded: the price column is a 32-bit integer; no course costs a hundred million. */
export const COURSE_PRICE_MAX = 99_999_999;
/** Ten years, in either unit. */
export const COURSE_MONTHS_MAX = 120;
export const COURSE_DAYS_MAX = 3650;

/** "14 日" or "3 ヶ月" (SPEC §2 Course list): the 掲載期間 of a course, and its periodLabel on the wire. */
export function periodLabel(course: CoursePeriod): string {
  return course.periodType === "month" ? `${course.months ?? 0} ヶ月` : `${course.days ?? 0} 日`;
}

/** "30,000円（税抜）": a course's price as lists show it (SPEC §9; tax excluded in the data). */
export function coursePriceLabel(price: number): string {
  return `${formatYen(price)}（税抜）`;
}

/**
 * SPEC §5: on submit, days and months become whole numbers, or undefined when zero or not a
 * number. Full-width digits read as digits ("１４" → 14); fractions are cut ("1.5" → 1).
 */
export function wholeNumberOrUndefined(value: unknown): number | undefined {
  const raw = typeof value === "string" ? value.normalize("NFKC").trim() : value;
  if (raw === "" || raw === null || raw === undefined) return undefined;
  const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : NaN;
  if (!Number.isFinite(n)) return undefined;
  const whole = Math.trunc(n);
  return whole === 0 ? undefined : whole;
}

/** The hints beside 掲載月数 and 掲載日数: how each computes the end date (SPEC §2, §9). */
export const MONTHS_HINT = "掲載終了日の計算に使います（開始日 ＋ N ヶ月）。";
export const DAYS_HINT = "掲載終了日の計算に使います（開始日 ＋ N 日 − 1 日）。";
