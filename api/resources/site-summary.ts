// SiteSummary: the three counters of the administrator dashboard, each the count of the list its
// link opens (承認待ち: the status filter; 掲載中: the 配信状況 filter; 広告主: the advertisers).
import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import { clients } from "../db/schema";
import { API_PREFIX, jsonLd } from "../hydra";
import { editorsBounds, tallied } from "./posts-query";

export function siteSummaryRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();

  routes.get("/api/adv/site_summary", requireAdministrator, async (c) => {
    const { db } = deps;
    const now = deps.clock();
    // The list's own kept counts (post_tallies): 承認待ち is its status filter for review, 掲載中
    // its 配信状況 filter `publishing` (issue 30 #10): each link opens the list it counts.
    const [waiting] = await tallied(db, { of: "waiting" });
    const [publishing] = await tallied(db, { of: "live", at: editorsBounds(now) });
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
