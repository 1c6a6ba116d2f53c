// The course form (SPEC §2 Course new and edit, §5 Course): its zod schema, what it sends, and
// the input → confirm → submit handler shared by the new and edit screens.
import { redirect } from "react-router";
import { z } from "zod";
import {
  COURSE_DAYS_MAX,
  COURSE_MONTHS_MAX,
  COURSE_NAME_MAX,
  COURSE_NOTE_MAX,
  COURSE_PRICE_MAX,
  PERIOD_TYPES,
  wholeNumberOrUndefined,
} from "~/domain/course";
import { REQUIRED, SELECT_REQUIRED } from "./account-schemas";
import { handleConfirmForm } from "./forms";
import { clearReferenceData } from "./reference-data";
import type { UpstreamClient } from "./upstream/client";
import {
  createCourse,
  updateCourse,
  validateCourse,
  type CourseInput,
  type CourseResource,
} from "./upstream/courses";

export const courseFields = [
  "isActive",
  "name",
  "price",
  "note",
  "periodType",
  "months",
  "days",
] as const;

const PRICE_MESSAGE = "0以上の整数で入力してください。";
const COUNT_MESSAGE = "1以上の整数で入力してください。";
const maxLength = (max: number) => `${max}文字以内で入力してください。`;
const atMost = (max: number, unit = "") =>
  `${max.toLocaleString("ja-JP")}${unit}以下で入力してください。`;

/** Digits as typed on a Japanese keyboard: full-width and with thousands commas ("３０，０００"). */
function readPrice(value: unknown) {
  if (typeof value !== "string") return value;
  const text = value.normalize("NFKC").replace(/[,\s]/g, "");
  return text === "" ? undefined : Number(text);
}

/** SPEC §5: whole numbers, or undefined (then required) when zero or not a number. */
const count = z.preprocess(wholeNumberOrUndefined, z.number().optional());

export const courseSchema = z
  .object({
    // A checkbox: "on" when ticked, absent otherwise (kept as "on" so the form re-ticks it).
    isActive: z.enum(["on"]).optional(),
    name: z
      .string({ required_error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(COURSE_NAME_MAX, maxLength(COURSE_NAME_MAX)),
    price: z.preprocess(
      readPrice,
      z
        .number({ required_error: REQUIRED, invalid_type_error: PRICE_MESSAGE })
        .int(PRICE_MESSAGE)
        .min(0, PRICE_MESSAGE)
        .max(COURSE_PRICE_MAX, atMost(COURSE_PRICE_MAX, "円")),
    ),
    note: z.string().trim().max(COURSE_NOTE_MAX, maxLength(COURSE_NOTE_MAX)).optional(),
    periodType: z.enum(PERIOD_TYPES, { errorMap: () => ({ message: SELECT_REQUIRED }) }),
    months: count,
    days: count,
  })
  .superRefine((course, ctx) => {
    // Only the chosen type's field counts; the other one is ignored (and dropped below).
    const [field, max] =
      course.periodType === "month"
        ? (["months", COURSE_MONTHS_MAX] as const)
        : (["days", COURSE_DAYS_MAX] as const);
    const value = course[field];
    const message =
      value === undefined ? REQUIRED : value < 1 ? COUNT_MESSAGE : value > max ? atMost(max) : null;
    if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
  })
  .transform((course) => ({
    ...course,
    months: course.periodType === "month" ? course.months : undefined,
    days: course.periodType === "day" ? course.days : undefined,
  }));

export type CourseForm = {
  isActive?: string;
  name: string;
  price: string;
  note: string;
  periodType: string;
  months: string;
  days: string;
};

/** The saved course as the form's initial values. */
export function courseDefaults(course: CourseResource): CourseForm {
  return {
    isActive: course.isActive ? "on" : undefined,
    name: course.name,
    price: String(course.price),
    note: course.note ?? "",
    periodType: course.periodType,
    months: course.months ? String(course.months) : "",
    days: course.days ? String(course.days) : "",
  };
}

/** What the upstream gets; a partial form (the first round's upstream check) sends what parsed. */
export function courseInput(value: Partial<z.output<typeof courseSchema>>): CourseInput {
  return {
    isActive: value.isActive === "on",
    name: value.name as string,
    price: value.price as number,
    note: value.note || null,
    periodType: value.periodType as CourseInput["periodType"],
    ...(value.periodType === "month" ? { months: value.months } : {}),
    ...(value.periodType === "day" ? { days: value.days } : {}),
  };
}

export const courseCompletePath = (id: number) => `/administrator/courses/${id}/edit/complete`;

/** The form's action: `id` is the course being edited, or null for a new one. */
export function handleCourseForm(
  request: Request,
  context: object,
  api: UpstreamClient,
  id: number | null,
) {
  return handleConfirmForm(request, {
    context,
    schema: courseSchema,
    fields: courseFields,
    validate: (value) => validateCourse(api, courseInput(value)),
    save: async (value) => {
      const input = courseInput(value);
      const saved =
        id === null ? await createCourse(api, input) : await updateCourse(api, id, input);
      // Advertisers' application forms read the courses from the per-process cache.
      clearReferenceData();
      return redirect(courseCompletePath(saved.id));
    },
  });
}
