// Publication courses (SPEC §3 Publishment course): the application form reads the active ones;
// administrators maintain them (issue 13): validate, create (POST) and update (PUT), each write
// audited in its transaction. A course is never deleted: an inactive one can no longer be chosen
// (publishment-orders refuses it) but stays on the orders that have it.
import { asc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  COURSE_DAYS_MAX,
  COURSE_MONTHS_MAX,
  COURSE_NAME_MAX,
  COURSE_NOTE_MAX,
  COURSE_PRICE_MAX,
  PERIOD_TYPES,
} from "../domain/limits";
import { changedFields, recordAudit } from "../audit";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { publishmentCourses } from "../db/schema";
import { periodLabel } from "../domain/publishment";
import {
  iri,
  jsonLd,
  notFound,
  parseId,
  readBody,
  ViolationCode,
  collectionResponse,
} from "../hydra";
import { blankAsUnset, Checks, MESSAGES, text } from "../validation";

const COURSE_CONTEXT = "/api/contexts/PublishmentCourse";

type CourseRow = typeof publishmentCourses.$inferSelect;

export function serializeCourse(row: CourseRow) {
  return {
    "@id": iri("publishment_courses", row.id),
    "@type": "PublishmentCourse",
    id: row.id,
    ...auditedFields(row),
    periodLabel: periodLabel(row),
  };
}

/** The course's own fields: served as they are, and what an audit row compares. */
function auditedFields(row: CourseRow) {
  return {
    isActive: row.isActive,
    name: row.name,
    price: row.price,
    note: row.note,
    periodType: row.periodType,
    months: row.months,
    days: row.days,
  };
}

/** `isActive=true|1|false|0`; anything else is no filter. */
function readBoolean(raw: string | null): boolean | null {
  if (raw === null) return null;
  if (/^(1|true)$/i.test(raw.trim())) return true;
  if (/^(0|false)$/i.test(raw.trim())) return false;
  return null;
}

const PRICE_MESSAGE = "0以上の整数で入力してください。";
const COUNT_MESSAGE = "1以上の整数で入力してください。";
const atMost = (max: number, unit: string) =>
  `${max.toLocaleString("ja-JP")}${unit}以下で入力してください。`;

/** A number of the JSON body; null reads as missing, so the field's own message speaks. */
const integer = (message: string, min: number, max: number, maxMessage: string) =>
  z.preprocess(
    (value) => value ?? undefined,
    z
      .number({ required_error: MESSAGES.required, invalid_type_error: message })
      .int(message)
      .min(min, message)
      .max(max, maxMessage),
  );

/** An optional text: blank or absent is null. */
const optionalText = (max: number) => blankAsUnset(text(max));

export const courseShape = {
  isActive: z
    .boolean({ invalid_type_error: MESSAGES.invalidValue })
    .nullish()
    .transform((value) => value ?? undefined),
  name: text(COURSE_NAME_MAX),
  price: integer(PRICE_MESSAGE, 0, COURSE_PRICE_MAX, atMost(COURSE_PRICE_MAX, "円")),
  note: optionalText(COURSE_NOTE_MAX),
  periodType: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(PERIOD_TYPES, {
      errorMap: (issue, ctx) =>
        issue.code === "invalid_type" && ctx.data === undefined
          ? { message: MESSAGES.select }
          : { message: MESSAGES.invalidChoice },
    }),
  ),
  // Judged below against the period type: only the type's own field counts.
  months: z.unknown(),
  days: z.unknown(),
};

const monthsSchema = integer(COUNT_MESSAGE, 1, COURSE_MONTHS_MAX, atMost(COURSE_MONTHS_MAX, ""));
const daysSchema = integer(COUNT_MESSAGE, 1, COURSE_DAYS_MAX, atMost(COURSE_DAYS_MAX, ""));

export type CourseInput = {
  isActive: boolean | undefined;
  name: string;
  price: number;
  note: string | null;
  periodType: "month" | "day";
  months: number | null;
  days: number | null;
};

/**
 * The course of a request body, every violation at once: a month course needs months, a day
 * course days (a whole number from 1); the other type's field is ignored and stored null.
 */
export function checkCourse(input: Record<string, unknown>): CourseInput {
  const checks = new Checks(courseShape, input);
  const periodType = checks.values.periodType;
  let months: number | null = null;
  let days: number | null = null;
  const count = (field: "months" | "days", schema: typeof monthsSchema) => {
    const parsed = schema.safeParse(input[field]);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const required = issue.code === "invalid_type" && issue.received === "undefined";
    checks.add(field, issue.message, required ? ViolationCode.notBlank : ViolationCode.invalidType);
    return null;
  };
  if (periodType === "month") months = count("months", monthsSchema);
  if (periodType === "day") days = count("days", daysSchema);
  const value = checks.result();
  return {
    isActive: value.isActive,
    name: value.name,
    price: value.price,
    note: value.note ?? null,
    periodType: value.periodType,
    months,
    days,
  };
}

export function publishmentCourseRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/publishment_courses", async (c) => {
    const url = new URL(c.req.url);
    const isActive = readBoolean(url.searchParams.get("isActive"));
    const rows = await deps.db
      .select()
      .from(publishmentCourses)
      .where(isActive === null ? undefined : eq(publishmentCourses.isActive, isActive))
      .orderBy(asc(publishmentCourses.id));
    return collectionResponse(c, COURSE_CONTEXT, "/publishment_courses", rows.map(serializeCourse));
  });

  routes.get("/api/adv/publishment_courses/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    const [row] = id
      ? await deps.db.select().from(publishmentCourses).where(eq(publishmentCourses.id, id))
      : [];
    if (!row) throw notFound();
    return jsonLd(c, { "@context": COURSE_CONTEXT, ...serializeCourse(row) });
  });

  // Writes: administrators only (advertisers 403; anonymous callers never get this far: 401).
  routes.post("/api/adv/publishment_courses/validate", requireAdministrator, async (c) => {
    checkCourse(await readBody(c));
    return c.body(null, 204);
  });

  routes.post("/api/adv/publishment_courses", requireAdministrator, async (c) => {
    const course = checkCourse(await readBody(c));
    const row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(publishmentCourses)
        .values({
          ...course,
          isActive: course.isActive ?? false,
          createdAt: deps.clock(),
          updatedAt: deps.clock(),
        })
        .returning();
      await recordAudit(tx, c, deps, {
        action: "course.create",
        target: iri("publishment_courses", inserted!.id),
        changes: changedFields({} as Record<string, unknown>, auditedFields(inserted!)),
      });
      return inserted!;
    });
    c.header("Location", iri("publishment_courses", row.id));
    return jsonLd(c, { "@context": COURSE_CONTEXT, ...serializeCourse(row) }, 201);
  });

  routes.put("/api/adv/publishment_courses/:id", requireAdministrator, async (c) => {
    const id = await existingId(c);
    const course = checkCourse(await readBody(c));
    const row = await deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(publishmentCourses)
        .where(eq(publishmentCourses.id, id))
        .for("update");
      if (!before) throw notFound();
      const [updated] = await tx
        .update(publishmentCourses)
        .set({ ...course, isActive: course.isActive ?? before.isActive, updatedAt: deps.clock() })
        .where(eq(publishmentCourses.id, id))
        .returning();
      const changes = changedFields(auditedFields(before), auditedFields(updated!));
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, c, deps, {
          action: "course.update",
          target: iri("publishment_courses", id),
          changes,
        });
      }
      return updated!;
    });
    return jsonLd(c, { "@context": COURSE_CONTEXT, ...serializeCourse(row) });
  });

  /** The course named by the URL, or 404 before the body is judged. */
  async function existingId(c: Context<ApiEnv>) {
    const id = parseId(c.req.param("id"));
    const [row] = id
      ? await deps.db
          .select({ id: publishmentCourses.id })
          .from(publishmentCourses)
          .where(eq(publishmentCourses.id, id))
      : [];
    if (!row) throw notFound();
    return row.id;
  }

  return routes;
}
