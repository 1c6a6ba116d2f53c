// Publication courses (SPEC §3 Publishment course): the application form reads the active ones;
// administrators maintain them (issue 13).
import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { ApiDeps, ApiEnv } from "../context";
import { publishmentCourses } from "../db/schema";
import { periodLabel } from "../domain/publishment";
import { API_PREFIX, collection, iri, jsonLd, notFound, parseId } from "../hydra";

const COURSE_CONTEXT = "/api/contexts/PublishmentCourse";

type CourseRow = typeof publishmentCourses.$inferSelect;

export function serializeCourse(row: CourseRow) {
  return {
    "@id": iri("publishment_courses", row.id),
    "@type": "PublishmentCourse",
    id: row.id,
    isActive: row.isActive,
    name: row.name,
    price: row.price,
    note: row.note,
    periodType: row.periodType,
    months: row.months,
    days: row.days,
    periodLabel: periodLabel(row),
  };
}

/** `isActive=true|1|false|0`; anything else is no filter. */
function readBoolean(raw: string | null): boolean | null {
  if (raw === null) return null;
  if (/^(1|true)$/i.test(raw.trim())) return true;
  if (/^(0|false)$/i.test(raw.trim())) return false;
  return null;
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
    return jsonLd(
      c,
      collection({
        context: COURSE_CONTEXT,
        id: `${API_PREFIX}/publishment_courses`,
        url,
        members: rows.map(serializeCourse),
        totalItems: rows.length,
      }),
    );
  });

  routes.get("/api/adv/publishment_courses/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    const [row] = id
      ? await deps.db.select().from(publishmentCourses).where(eq(publishmentCourses.id, id))
      : [];
    if (!row) throw notFound();
    return jsonLd(c, { "@context": COURSE_CONTEXT, ...serializeCourse(row) });
  });

  return routes;
}
