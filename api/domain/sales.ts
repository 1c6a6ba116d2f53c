// When a sale is recorded (ADR 0011): the list and the CSV order a month's sales by recordedAt,
// then id, so the instant must follow the order in which the money was booked.
import { endOfTokyoDay, startOfTokyoDay, tokyoDate } from "../../shared/tokyo-calendar";

/** The first month with sales (the site's launch), and how far ahead a month may be asked for. */
export const EARLIEST_SALES_MONTH = "2020-09";

/** The month twelve months after `today`'s: the latest a sales query may name (SPEC §5). */
export function latestSalesMonth(today: string): string {
  const [year, month] = today.split("-").map(Number);
  return `${year! + 1}-${String(month).padStart(2, "0")}`;
}

/**
 * The recordedAt of a sale for money that arrived on `paidDate` (a Tokyo "YYYY-MM-DD"), booked at
 * `now`: the sale counts on the paid date (its month is the month the money arrived), at the
 * moment it was booked when that is the same day. A paid date already over is its last instant, a
 * paid date to come its first: never before a reversal booked earlier that day (a payment that
 * replaces a reversal is listed after it), never outside the day.
 */
export function saleRecordedAt(paidDate: string, now: Date): Date {
  const today = tokyoDate(now);
  if (paidDate === today) return now;
  return paidDate < today ? endOfTokyoDay(paidDate) : startOfTokyoDay(paidDate);
}
