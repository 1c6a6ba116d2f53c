// Administrator: staff accounts; only administrators may read them.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { administrators, userLogins } from "../db/schema";
import { iri, jsonLd, notFound, parseId } from "../hydra";
import { serializeUserLogin } from "./user-logins";

export function administratorRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/administrators/:id", requireAdministrator, async (c) => {
    const id = parseId(c.req.param("id"));
    const [row] = id
      ? await deps.db
          .select({ administrator: administrators, owner: userLogins })
          .from(administrators)
          .innerJoin(userLogins, eq(userLogins.id, administrators.userLoginId))
          .where(eq(administrators.id, id))
      : [];
    if (!row) throw notFound();
    return jsonLd(c, {
      "@context": "/api/contexts/Administrator",
      "@id": iri("administrators", row.administrator.id),
      "@type": "Administrator",
      id: row.administrator.id,
      name: row.administrator.name,
      owner: serializeUserLogin(row.owner),
    });
  });

  return routes;
}
