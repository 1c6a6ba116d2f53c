// Regions and localities (areas) of the application form; any logged-in user reads them.
// Publishing settings (wp*, ga*) are shown to administrators only, and the WordPress application
// password to nobody: it is write-only and stored sealed (ADR 0011).
import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { currentIdentity, isAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { publishmentLocalities, publishmentRegions } from "../db/schema";
import { API_PREFIX, collection, iri, jsonLd, notFound, parseId } from "../hydra";

const REGION_CONTEXT = "/api/contexts/PublishmentRegion";
const LOCALITY_CONTEXT = "/api/contexts/PublishmentLocality";

type RegionRow = Pick<typeof publishmentRegions.$inferSelect, "id" | "name">;
type LocalityRow = typeof publishmentLocalities.$inferSelect;

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
      // Whether one is set, never the value (nor its sealed form).
      hasWpRestPassword: row.wpRestPassword !== null && row.wpRestPassword !== "",
      gaAccount: row.gaAccount,
      gaProperty: row.gaProperty,
      gaProfile: row.gaProfile,
    });
  }
  return body;
}

export function publishmentLocalityRoutes(deps: ApiDeps) {
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

  return routes;
}
