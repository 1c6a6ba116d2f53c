// GET /readyz of the reference API (ARCHITECTURE §10): 200 while its database answers `select 1`,
// else 503. Outside /api (no authentication, no rate limit); the portal's own /readyz asks it,
// and so may a load balancer in front of `npm run api`. The body names nothing internal.
import { Hono } from "hono";
import type { ApiDeps, ApiEnv } from "./context";
import { databaseAnswers } from "./db/availability";

export function readinessRoutes(deps: Pick<ApiDeps, "db">) {
  const routes = new Hono<ApiEnv>();
  routes.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (await databaseAnswers(deps.db)) return c.json({ status: "ok" }, 200);
    return c.json({ status: "unavailable", checks: { database: "down" } }, 503);
  });
  return routes;
}
