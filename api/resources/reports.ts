// Daily access reports (ADR 0010, SPEC §7): GET /api/adv/posts/{id}/report?month=YYYY-MM (the
// owner or an administrator; anyone else 404) and GET /api/adv/reports?month=YYYY-MM&url=…
// (administrators, by the article's URL). Both answer a Hydra collection of ReportRow: one row per
// Tokyo day of the month with counts or messages about the ad, oldest first.
//
// Decisions: `month` must be YYYY-MM with a month 01-12 within SPEC §5's range (Dec 2020 to the
// current Tokyo month), else 400 (the portal clamps the range itself before asking). A URL is resolved by its path when it is a
// built-in site ad page (any origin), else by the copy's exact post_url, with or without a trailing
// slash; an unknown or unparseable URL is an empty collection.
import { and, asc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { addCalendarMonths } from "../../shared/calendar-days";
import { startOfTokyoDay, tokyoDate } from "../../shared/tokyo-calendar";
import {
  clickThroughRate,
  EARLIEST_REPORT_MONTH,
  type ReportNote,
  type ReportRow,
} from "../../shared/report";
import { parseSiteAdPath } from "../../shared/site-paths";
import { currentIdentity, requireAdministrator } from "../auth";
import type { ApiDeps, ApiEnv } from "../context";
import type { Database } from "../db/client";
import { advertisements, dailyReports, messageBoxes, publicAdvertisements } from "../db/schema";
import { API_PREFIX, badRequest, notFound, parseId, collectionResponse } from "../hydra";
import { visiblePosts } from "./posts-query";

export const REPORT_CONTEXT = "/api/contexts/Report";
export const INVALID_MONTH = "month: YYYY-MM の形式で指定してください。";
export const MONTH_OUT_OF_RANGE = `month: ${EARLIEST_REPORT_MONTH} から今月までの月を指定してください。`;
export const MISSING_URL = "url: 必須です。";

/** The month's first day ("YYYY-MM-01"), or null when `raw` is not YYYY-MM. */
export function parseReportMonth(raw: string | undefined | null): string | null {
  if (!raw || !/^\d{4}-(0[1-9]|1[0-2])$/.test(raw)) return null;
  return `${raw}-01`;
}

/** The report rows of one ad for the month starting at `first` ("YYYY-MM-01"). */
export async function reportRows(
  db: Database,
  advertisementId: number,
  first: string,
): Promise<ReportRow[]> {
  const next = addCalendarMonths(first, 1);
  const counts = await db
    .select()
    .from(dailyReports)
    .where(
      and(
        eq(dailyReports.advertisementId, advertisementId),
        gte(dailyReports.date, first),
        lt(dailyReports.date, next),
      ),
    );
  const messages = await db
    .select({ id: messageBoxes.id, subject: messageBoxes.subject, at: messageBoxes.createdAt })
    .from(messageBoxes)
    .where(
      and(
        eq(messageBoxes.advertisementId, advertisementId),
        gte(messageBoxes.createdAt, startOfTokyoDay(first)),
        lt(messageBoxes.createdAt, startOfTokyoDay(next)),
      ),
    )
    .orderBy(asc(messageBoxes.createdAt), asc(messageBoxes.id));

  const rows = new Map<string, ReportRow>();
  const rowOf = (d: string) => {
    let row = rows.get(d);
    if (!row) {
      row = { d, imp: 0, clk: 0, ctr: null, pv: 0, link1: 0, link2: 0, link3: 0, note: [] };
      rows.set(d, row);
    }
    return row;
  };
  for (const c of counts) {
    Object.assign(rowOf(c.date), {
      imp: c.imp,
      clk: c.clk,
      ctr: clickThroughRate(c.clk, c.imp),
      pv: c.pv,
      link1: c.link1,
      link2: c.link2,
      link3: c.link3,
    });
  }
  for (const m of messages) {
    const note: ReportNote = { id: m.id, subject: m.subject };
    rowOf(tokyoDate(m.at)).note.push(note);
  }
  return [...rows.values()].sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : 0));
}

/** The ad an article URL points at, or null: a built-in site ad path, else an exact post_url. */
export async function advertisementIdByUrl(db: Database, raw: string): Promise<number | null> {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value, "http://site.invalid");
  } catch {
    return null;
  }
  const site = parseSiteAdPath(url.pathname);
  if (site) return site.advertisementId;
  const variants = value.endsWith("/") ? [value, value.replace(/\/+$/, "")] : [value, `${value}/`];
  const [row] = await db
    .select({ id: publicAdvertisements.advertisementId })
    .from(publicAdvertisements)
    .where(inArray(publicAdvertisements.postUrl, variants))
    .orderBy(asc(publicAdvertisements.id))
    .limit(1);
  return row?.id ?? null;
}

export function reportRoutes(deps: ApiDeps) {
  const routes = new Hono<ApiEnv>();
  const { db } = deps;

  const monthOf = (raw: string | undefined) => {
    const first = parseReportMonth(raw);
    if (!first) throw badRequest(INVALID_MONTH);
    const month = first.slice(0, 7);
    if (month < EARLIEST_REPORT_MONTH || month > tokyoDate(deps.clock()).slice(0, 7)) {
      throw badRequest(MONTH_OUT_OF_RANGE);
    }
    return first;
  };

  async function adExists(id: number, where: SQL | undefined) {
    const [row] = await db
      .select({ id: advertisements.id })
      .from(advertisements)
      .where(and(eq(advertisements.id, id), where))
      .limit(1);
    return !!row;
  }

  routes.get(`${API_PREFIX}/posts/:id/report`, async (c) => {
    const identity = currentIdentity(c);
    const id = parseId(c.req.param("id"));
    if (id === null || !(await adExists(id, visiblePosts(identity)))) throw notFound();
    const first = monthOf(c.req.query("month"));
    const members = await reportRows(db, id, first);
    return collectionResponse(c, REPORT_CONTEXT, `/posts/${id}/report`, members);
  });

  routes.get(`${API_PREFIX}/reports`, requireAdministrator, async (c) => {
    const first = monthOf(c.req.query("month"));
    const url = c.req.query("url")?.trim();
    if (!url) throw badRequest(MISSING_URL);
    const id = await advertisementIdByUrl(db, url);
    const members =
      id !== null && (await adExists(id, undefined)) ? await reportRows(db, id, first) : [];
    return collectionResponse(c, REPORT_CONTEXT, "/reports", members);
  });

  return routes;
}
