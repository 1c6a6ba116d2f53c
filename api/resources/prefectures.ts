// Prefecture: reference data (JIS order), public so the registration form can list it.
import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { ApiDeps, ApiEnv } from "../context";
import { prefectures } from "../db/schema";
import { iri, jsonLd, notFound, parseId, collectionResponse } from "../hydra";

type PrefectureRow = typeof prefectures.$inferSelect;

export function serializePrefecture(row: PrefectureRow) {
  return { "@id": iri("prefectures", row.id), "@type": "Prefecture", id: row.id, name: row.name };
}

export function prefectureRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  // All 47 on one page: a select box needs them all and the list never grows.
  routes.get("/api/adv/prefectures", async (c) => {
    const rows = await deps.db.select().from(prefectures).orderBy(asc(prefectures.id));
    return collectionResponse(
      c,
      "/api/contexts/Prefecture",
      "/prefectures",
      rows.map(serializePrefecture),
    );
  });

  routes.get("/api/adv/prefectures/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    const [row] = id ? await deps.db.select().from(prefectures).where(eq(prefectures.id, id)) : [];
    if (!row) throw notFound();
    return jsonLd(c, { "@context": "/api/contexts/Prefecture", ...serializePrefecture(row) });
  });

  return routes;
}
