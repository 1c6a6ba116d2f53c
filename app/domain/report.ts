// The monthly access report's rules (SPEC §2 Report, §5 report months, §9 CTR and the earliest
// month): which month a query means, its neighbours, how figures are shown, the chart's days and
// the CSV. Pure: the current time is always passed in.
import { EARLIEST_REPORT_MONTH, formatCtr, type ReportRow } from "../../shared/report";
import { asText } from "./csv";
import { tokyoDate } from "../../shared/tokyo-calendar";

export { EARLIEST_REPORT_MONTH };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The Tokyo calendar month of an instant, "YYYY-MM". */
export const currentReportMonth = (now: Date): string => tokyoDate(now).slice(0, 7);

/**
 * The month a `month` query asks for: a YYYY-MM from Dec 2020 up to the current Tokyo month;
 * anything else (absent, malformed, too early, in the future) is the current month (SPEC §5).
 * "YYYY-MM" strings compare in calendar order.
 */
export function reportMonth(query: string | null | undefined, now: Date): string {
  const current = currentReportMonth(now);
  if (!query || !MONTH.test(query)) return current;
  if (query < EARLIEST_REPORT_MONTH || query > current) return current;
  return query;
}

/** The month `delta` months from `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [, y, m] = MONTH.exec(month)!;
  const index = Number(y) * 12 + Number(m) - 1 + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** 前月 / 翌月: null where the link must not be offered (before Dec 2020, after this month). */
export function adjacentMonths(
  month: string,
  now: Date,
): { previous: string | null; next: string | null } {
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return {
    previous: previous >= EARLIEST_REPORT_MONTH ? previous : null,
    next: next <= currentReportMonth(now) ? next : null,
  };
}

/** Every calendar day of a month, "YYYY-MM-DD", first to last. */
export function daysOfMonth(month: string): string[] {
  const [, y, m] = MONTH.exec(month)!;
  const count = new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
}

/** A day of the chart; `past` is false for the days after today, which have no figures yet. */
export type ChartPoint = { d: string; imp: number; clk: number; past: boolean };

/**
 * One point per day of the month: days without a row count zero (the API lists only active days),
 * and days after `today` (YYYY-MM-DD, Tokyo) keep their place on the axis but are not drawn as zero.
 */
export function chartPoints(
  month: string,
  rows: readonly ReportRow[],
  today: string,
): ChartPoint[] {
  const byDay = new Map(rows.map((row) => [row.d, row]));
  return daysOfMonth(month).map((d) => ({
    d,
    imp: byDay.get(d)?.imp ?? 0,
    clk: byDay.get(d)?.clk ?? 0,
    past: d <= today,
  }));
}

/** "2026/11/05" for the table's 日付. */
export const formatReportDay = (d: string) => d.replaceAll("-", "/");

/** The table's and the CSV's columns, in order (SPEC §2 Ad report, plus the three links). */
export const REPORT_COLUMNS = [
  "日付",
  "リスト表示回数(imp)",
  "クリック回数(click)",
  "クリック率(CTR)",
  "広告URL閲覧回数(PV)",
  "リンク1クリック数",
  "リンク2クリック数",
  "リンク3クリック数",
  "備考",
] as const;

/** The file name of a month's CSV download. */
export const reportCsvFilename = (id: number, month: string) => `report-${id}-${month}.csv`;

/** A CSV field: quoted when needed; text a spreadsheet would run as a formula is defused. */
function csvField(value: string): string {
  const safe = asText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The month's report as CSV for Excel: UTF-8 with a BOM (so Excel reads the Japanese), CRLF line
 * ends, a Japanese header row, one line per row the API gave (the same rows as the table).
 */
export function reportCsv(rows: readonly ReportRow[]): string {
  const lines = [
    REPORT_COLUMNS.map(csvField).join(","),
    ...rows.map((row) =>
      [
        formatReportDay(row.d),
        String(row.imp),
        String(row.clk),
        // The CTR column is ours, never user text: "--" stays as the table shows it.
        formatCtr(row.ctr),
        String(row.pv),
        String(row.link1),
        String(row.link2),
        String(row.link3),
      ]
        .map((v, i) => (i === 3 ? v : csvField(v)))
        .concat(csvField(row.note.map((n) => n.subject).join(" / ")))
        .join(","),
    ),
  ];
  return `\uFEFF${lines.map((line) => `${line}\r\n`).join("")}`;
}

/**
 * The top of a chart axis: a round number at least `value` (and at least 2), even, so the middle
 * gridline falls on a whole number too.
 */
export function niceAxisMax(value: number): number {
  if (value <= 2) return 2;
  const base = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 4, 6, 8, 10].map((m) => m * base).find((m) => m >= value && m % 2 === 0);
  return step ?? 10 * base;
}
