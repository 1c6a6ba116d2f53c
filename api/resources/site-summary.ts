// SiteSummary: the three counters of the administrator dashboard.
import { and, count, eq, gte, inArray, lte } from "drizzle-orm";
import { Hono } from "hono";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { advertisements, clients, publicAdvertisements, publishmentOrders } from "../db/schema";
import { API_PREFIX, jsonLd } from "../hydra";

export function siteSummaryRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/site_summary", requireAdministrator, async (c) => {
    const { db } = deps;
    const now = deps.clock();
    const [waiting] = await db
      .select({ n: count() })
      .from(publishmentOrders)
      .innerJoin(advertisements, eq(advertisements.id, publishmentOrders.advertisementId))
      .where(
        and(
          inArray(publishmentOrders.publishmentStatus, ["new", "reapplying"]),
          eq(advertisements.isDeleted, false),
        ),
      );
    const [publishing] = await db
      .select({ n: count() })
      .from(publicAdvertisements)
      .innerJoin(advertisements, eq(advertisements.id, publicAdvertisements.advertisementId))
      .innerJoin(publishmentOrders, eq(publishmentOrders.advertisementId, advertisements.id))
      .where(
        and(
          eq(publicAdvertisements.postStatus, "public"),
          eq(advertisements.isDeleted, false),
          lte(publishmentOrders.publishesAt, now),
          gte(publishmentOrders.unpublishesAt, now),
        ),
      );
    const [advertisers] = await db
      .select({ n: count() })
      .from(clients)
      .where(eq(clients.isDeleted, false));
    return jsonLd(c, {
      "@context": "/api/contexts/SiteSummary",
      "@id": `${API_PREFIX}/site_summary`,
      "@type": "SiteSummary",
      waiting_for_confirmation: waiting?.n ?? 0,
      // The misspelling is the upstream API's field name (SPEC §3).
      publishing_advertisments: publishing?.n ?? 0,
      advertisers: advertisers?.n ?? 0,
    });
  });

  return routes;
}
