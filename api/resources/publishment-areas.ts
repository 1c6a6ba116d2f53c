// Reference data of the application form: regions, localities (areas) and courses. Reads only;
// any logged-in user. Locality publishing credentials (wp*, ga*) are shown to administrators only.
import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { currentIdentity, isAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { publishmentCourses, publishmentLocalities, publishmentRegions } from "../db/schema";
import { periodLabel } from "../domain/publishment";
import { API_PREFIX, collection, iri, jsonLd, notFound, parseId } from "../hydra";

const REGION_CONTEXT = "/api/contexts/PublishmentRegion";
const LOCALITY_CONTEXT = "/api/contexts/PublishmentLocality";
const COURSE_CONTEXT = "/api/contexts/PublishmentCourse";

type RegionRow = Pick<typeof publishmentRegions.$inferSelect, "id" | "name">;
type LocalityRow = typeof publishmentLocalities.$inferSelect;
type CourseRow = typeof publishmentCourses.$inferSelect;

export function serializeRegion(row: RegionRow) {
  return {
    "@id": iri("publishment_regions", row.id),
    "@type": "PublishmentRegion",
    id: row.id,
    name: row.name,
  };
}

export function serializeLocality(row: LocalityRow, region: RegionRow, withSecrets: boolean) {
  const body: Record<string, unknown> = {
    "@id": iri("publishment_localities", row.id),
    "@type": "PublishmentLocality",
    id: row.id,
    region: serializeRegion(region),
    name: row.name,
    blogUrl: row.blogUrl,
  };
  if (withSecrets) {
    Object.assign(body, {
      wpRestUrl: row.wpRestUrl,
      wpRestUser: row.wpRestUser,
      wpRestPassword: row.wpRestPassword,
      gaAccount: row.gaAccount,
      gaProperty: row.gaProperty,
      gaProfile: row.gaProfile,
    });
  }
  return body;
}

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

export function publishmentAreaRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  const selectLocalities = () =>
    deps.db
      .select({
        locality: publishmentLocalities,
        region: { id: publishmentRegions.id, name: publishmentRegions.name },
      })
      .from(publishmentLocalities)
      .innerJoin(publishmentRegions, eq(publishmentRegions.id, publishmentLocalities.regionId))
      .$dynamic();

  // The lists are short (tens of rows) and feed select boxes: one page, no pagination.
  routes.get("/api/adv/publishment_regions", async (c) => {
    const rows = await deps.db
      .select()
      .from(publishmentRegions)
      .orderBy(asc(publishmentRegions.id));
    return jsonLd(
      c,
      collection({
        context: REGION_CONTEXT,
        id: `${API_PREFIX}/publishment_regions`,
        url: new URL(c.req.url),
        members: rows.map(serializeRegion),
        totalItems: rows.length,
      }),
    );
  });

  routes.get("/api/adv/publishment_regions/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    const [row] = id
      ? await deps.db.select().from(publishmentRegions).where(eq(publishmentRegions.id, id))
      : [];
    if (!row) throw notFound();
    return jsonLd(c, { "@context": REGION_CONTEXT, ...serializeRegion(row) });
  });

  routes.get("/api/adv/publishment_localities", async (c) => {
    const withSecrets = isAdministrator(currentIdentity(c));
    const rows = await selectLocalities().orderBy(
      asc(publishmentLocalities.regionId),
      asc(publishmentLocalities.id),
    );
    return jsonLd(
      c,
      collection({
        context: LOCALITY_CONTEXT,
        id: `${API_PREFIX}/publishment_localities`,
        url: new URL(c.req.url),
        members: rows.map((r) => serializeLocality(r.locality, r.region, withSecrets)),
        totalItems: rows.length,
      }),
    );
  });

  routes.get("/api/adv/publishment_localities/:id", async (c) => {
    const withSecrets = isAdministrator(currentIdentity(c));
    const id = parseId(c.req.param("id"));
    const [row] = id ? await selectLocalities().where(eq(publishmentLocalities.id, id)) : [];
    if (!row) throw notFound();
    return jsonLd(c, {
      "@context": LOCALITY_CONTEXT,
      ...serializeLocality(row.locality, row.region, withSecrets),
    });
  });

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
