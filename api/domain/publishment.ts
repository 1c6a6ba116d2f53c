// Publication rules of the reference API (ARCHITECTURE §6): period, status flags, course labels.
import {
  computeEndDate,
  endOfTokyoDay,
  startOfTokyoDay,
  type CoursePeriod,
} from "../../app/domain/dates";
import type { PublishmentStatus } from "../../app/domain/labels";

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

/** "14 日" or "3 ヶ月", as the course's periodLabel on the wire (one rule with the portal's). */
export { periodLabel } from "../../app/domain/course";
