// Access reports (SPEC §7, ADR 0010): one ad's month (owner or administrator) and an article URL's
// month (administrators). An ad's month is a Hydra collection of ReportRow (shared/report.ts), read
// to its end (a server paging 30 rows a page splits a 31-day month in two); an URL's month is "an
// array of metric rows" (§7), which our reference API sends as a collection.
import { z } from "zod";
import type { ReportRow } from "../../../shared/report";
import type { UpstreamClient } from "./client";
import { getAllMembers } from "./hydra";

export const reportRowSchema: z.ZodType<ReportRow, z.ZodTypeDef, unknown> = z.object({
  d: z.string().date(),
  imp: z.number(),
  clk: z.number(),
  ctr: z.number().nullable(),
  pv: z.number(),
  link1: z.number(),
  link2: z.number(),
  link3: z.number(),
  note: z.array(z.object({ id: z.number(), subject: z.string() })),
});

/** The rows of one ad's month, oldest first; 404 for another advertiser's ad. */
export async function getPostReport(
  api: UpstreamClient,
  id: number,
  month: string,
): Promise<ReportRow[]> {
  return getAllMembers(api, `/api/adv/posts/${id}/report`, reportRowSchema, { month });
}

/** The rows of the ad published at an article URL; an unknown URL has none. */
export async function getReportByUrl(
  api: UpstreamClient,
  url: string,
  month: string,
): Promise<ReportRow[]> {
  return api.get("/api/adv/reports", reportRows, { month, url });
}

/** A bare array (§7, the PHP server) or a collection with either prefix (our reference API). */
const reportRows = z.preprocess(
  (body) =>
    Array.isArray(body) || !body || typeof body !== "object"
      ? body
      : ((body as Record<string, unknown>)["hydra:member"] ??
        (body as Record<string, unknown>).member),
  z.array(reportRowSchema),
);
