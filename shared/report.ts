// A daily access report row (SPEC §3 Report row), as GET /api/adv/posts/{id}/report and
// GET /api/adv/reports answer it in hydra:member and as the portal reads it.

export interface ReportNote {
  /** The message's id (message_boxes.id). */
  id: number;
  subject: string;
}

export interface ReportRow {
  /** The Tokyo calendar date, YYYY-MM-DD. */
  d: string;
  /** List impressions: how often the ad's frame was shown on the locality page. */
  imp: number;
  /** Clicks from the frame to the ad page. */
  clk: number;
  /** clk ÷ imp as a ratio (0.0123 = 1.23 %), at most 1; null when imp is 0. */
  ctr: number | null;
  /** Page views of the ad page. */
  pv: number;
  link1: number;
  link2: number;
  link3: number;
  /** That day's messages about the ad (approval, start, …), oldest first. */
  note: ReportNote[];
}

/**
 * clk ÷ imp, or null when there were no impressions (SPEC §9 CTR). Never above 1: a click counts
 * only after an impression (api/publishing/counters.ts), and days counted before that rule, or
 * by another upstream, are capped rather than shown above 100 %.
 */
export const clickThroughRate = (clk: number, imp: number): number | null =>
  imp > 0 ? Math.min(clk, imp) / imp : null;

/** The earliest month a report may show (SPEC §9). */
export const EARLIEST_REPORT_MONTH = "2020-12";

/**
 * CTR as a percentage rounded half up to 2 decimals ("1.23%"), or "--" without impressions
 * (SPEC §9). toPrecision first removes binary noise, so 0.01005 shows 1.01%, not 1.00%. An upstream
 * ratio above 1 (clicks counted without impressions) shows 100.00%: advertisers are never shown more.
 */
export function formatCtr(ctr: number | null): string {
  if (ctr === null || !Number.isFinite(ctr)) return "--";
  const percent = Number((Math.min(Math.max(ctr, 0), 1) * 100).toPrecision(12));
  const hundredths = Math.round(Number((percent * 100).toPrecision(12)));
  return `${(hundredths / 100).toFixed(2)}%`;
}
