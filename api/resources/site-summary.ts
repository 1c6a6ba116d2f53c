// SiteSummary: the three counters of the administrator dashboard, each the count of the list its
// link opens (承認待ち: the status filter; 掲載中: the 配信状況 filter; 広告主: the advertisers).
import { and, count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { advertisements, clients, publishmentOrders } from "../db/schema";
import { needsReviewSql } from "../domain/publishment";
import { API_PREFIX, jsonLd } from "../hydra";
import { countPosts, distributionAt } from "./posts-query";

export function siteSummaryRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/site_summary", requireAdministrator, async (c) => {
    const { db } = deps;
    const now = deps.clock();
    const [waiting] = await db
      .select({ n: count() })
      .from(publishmentOrders)
      .innerJoin(advertisements, eq(advertisements.id, publishmentOrders.advertisementId))
      .where(and(needsReviewSql(), eq(advertisements.isDeleted, false)));
    // 掲載中 is the editors' list's 配信状況 filter `publishing` (issue 30 #10): the dashboard's
    // link opens that list, and its count is the list's.
    const [publishing] = await countPosts(db, distributionAt("publishing", now), {
      clients: false,
      orders: true,
    });
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
