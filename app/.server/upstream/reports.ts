// Access reports (SPEC §7, ADR 0010): one ad's month (owner or administrator) and an article URL's
// month (administrators). Both answer a Hydra collection of ReportRow (shared/report.ts), read to
// its end: a server paging 30 rows a page splits a 31-day month in two.
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
  return getAllMembers(api, "/api/adv/reports", reportRowSchema, { month, url });
}
