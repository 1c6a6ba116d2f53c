// When a sale is recorded (ADR 0011): the list and the CSV order a month's sales by recordedAt,
// then id, so the instant must follow the order in which the money was booked.
import { endOfTokyoDay, startOfTokyoDay, tokyoDate } from "../../app/domain/dates";

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
