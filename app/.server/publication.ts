// AdvertiserAdvertisementsPublishment: the application form's rules and its confirm summary.
import { z } from "zod";
import { computeEndDate } from "~/domain/dates";
import { consumptionTax, formatYen } from "~/domain/money";
import {
  earliestStartDate,
  earliestStartMessage,
  isCalendarDate,
  slashDate,
} from "~/domain/publication";
import { REQUIRED, SELECT_REQUIRED } from "./account-schemas";
import type { Course } from "./reference-data";

export const publicationFields = ["region", "locality", "publishesAt", "course"];

/** The spec's client-side rules (SPEC §5); the upstream re-checks all of them. */
export function publicationSchema(now: Date) {
  const earliest = earliestStartDate(now);
  return z.object({
    region: z.string({ required_error: SELECT_REQUIRED }),
    locality: z.string({ required_error: SELECT_REQUIRED }),
    publishesAt: z
      .string({ required_error: REQUIRED })
      .refine(isCalendarDate, "日付を正しく入力してください。")
      .refine((date) => date >= earliest, earliestStartMessage(earliest)),
    course: z.string({ required_error: SELECT_REQUIRED }),
  });
}

export function periodLabel(course: Pick<Course, "periodType" | "months" | "days">) {
  return course.periodType === "month" ? `${course.months ?? 0}ヶ月` : `${course.days ?? 0}日`;
}

/** What the confirm phase shows: the period with its computed end date, and the price with tax. */
export function orderSummary(course: Course, publishesAt: string) {
  const tax = consumptionTax(course.price);
  return {
    period: `${slashDate(publishesAt)} 〜 ${slashDate(computeEndDate(publishesAt, course))}`,
    course: `${course.name}（${periodLabel(course)}）`,
    price: `${formatYen(course.price)}（税抜） ＋ 消費税 ${formatYen(tax)} ＝ ${formatYen(course.price + tax)}`,
  };
}
