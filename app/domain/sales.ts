// The sales list's rules (SPEC §2 Sales list, §5 sales months, ADR 0011): which month a query
// means, its neighbours and the months offered, a sale as a table row, and the totals' shape.
// Pure: today's Tokyo date is always passed in.
import { formatDate } from "../../shared/tokyo-calendar";
import { formatAdvertisementId } from "../../shared/ids";
import { formatYen } from "./money";
import { shiftMonth } from "./report";

/** The first month of sales (SPEC §5); the last is one year after the current month. */
export const EARLIEST_SALES_MONTH = "2020-09";
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The latest month offered: twelve months after today's (a Tokyo "YYYY-MM-DD"). */
export const latestSalesMonth = (today: string) => shiftMonth(today.slice(0, 7), 12);

/**
 * The month a `month` query asks for: a YYYY-MM from Sep 2020 up to a year after the current Tokyo
 * month; anything else (absent, malformed, out of range) is the current month.
 */
export function salesMonth(query: string | null | undefined, today: string): string {
  const current = today.slice(0, 7);
  if (!query || !MONTH.test(query)) return current;
  if (query < EARLIEST_SALES_MONTH || query > latestSalesMonth(today)) return current;
  return query;
}

/** 前月 / 翌月: null where the range ends. */
export function adjacentSalesMonths(
  month: string,
  today: string,
): { previous: string | null; next: string | null } {
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return {
    previous: previous >= EARLIEST_SALES_MONTH ? previous : null,
    next: next <= latestSalesMonth(today) ? next : null,
  };
}

/** Every month of the range, newest first (the month select). */
export function salesMonthChoices(today: string): string[] {
  const months: string[] = [];
  for (let m = latestSalesMonth(today); m >= EARLIEST_SALES_MONTH; m = shiftMonth(m, -1)) {
    months.push(m);
  }
  return months;
}

/** "2025年6月" */
export function formatMonthLabel(month: string): string {
  const [, y, m] = MONTH.exec(month)!;
  return `${y}年${Number(m)}月`;
}

/**
 * A relation as far as it is known: its id always (from the IRI when the API sent only that,
 * issue 16), the rest when embedded or fetched.
 */
type Known<T> = { id: number } & Partial<T>;

/** A sale as the API sends it (ADR 0011), any relation of which may have come as a bare IRI. */
export type Sale = {
  id: number;
  net: number;
  tax: number;
  /** Not in SPEC §3: absent from a strictly §3 upstream (the date then stays blank). */
  recordedAt?: string;
  saleIndexLabel?: string | null;
  publishmentOrder: Known<{
    advertisement: Known<{ title: string; owner: Known<{ companyName: string }> }>;
    region: Known<{ name: string }>;
    locality: Known<{ name: string }>;
    course: Known<{ name: string }>;
  }>;
};

/** The month's totals over every row, a reversal subtracting (the API sums them, ADR 0011). */
export type SalesTotals = { net: number; tax: number; gross: number; count: number };

/** "東京都 / 渋谷区", or as much of it as is known. */
const areaLabel = (order: Sale["publishmentOrder"]) =>
  [order.region?.name, order.locality?.name].filter(Boolean).join(" / ");

/** The table's row: formatted strings (blank where unknown), and whether it is a reversal. */
export function toSaleRow(sale: Sale) {
  const order = sale.publishmentOrder;
  const ad = order.advertisement;
  return {
    id: sale.id,
    recordedOn: formatDate(sale.recordedAt),
    orderId: order.id,
    /** Null when not even the ad's IRI is known (the order came as a bare IRI). */
    advertisementId: ad?.id ?? null,
    /** 申込ID: the ad's, as every screen shows it (issue 30 #3); blank when the ad is not known. */
    applicationId: ad?.id === undefined ? "" : formatAdvertisementId(ad.id),
    title: ad?.title ?? "",
    companyName: ad?.owner?.companyName ?? "",
    area: areaLabel(order),
    course: order.course?.name ?? "",
    net: formatYen(sale.net),
    tax: formatYen(sale.tax),
    gross: formatYen(sale.net + sale.tax),
    reversal: sale.net < 0 || sale.tax < 0,
  };
}
export type SaleRow = ReturnType<typeof toSaleRow>;

/** The month's CSV download name (the CSV itself: sales-csv.ts, server side only). */
export const salesCsvFilename = (month: string) => `sales-${month}.csv`;

/** The table shows 100 rows a page (?page=); totals and the CSV cover the whole month. */
export const SALES_PAGE_SIZE = 100;
