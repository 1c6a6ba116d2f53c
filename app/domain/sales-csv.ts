// The sales CSV (ADR 0011): Shift_JIS, CRLF, every field quoted per RFC 4180, 13 columns. Built a
// chunk of rows at a time so a month of 100,000 sales streams out without one big string.
// Characters Shift_JIS cannot hold become 〓 (visible, never dropped, never "?"); ¥ becomes ￥.
import Encoding from "encoding-japanese";
import { formatDate } from "./dates";
import type { Sale } from "./sales";

export const SALES_CSV_COLUMNS = [
  "売上ID",
  "計上日",
  "申込ID",
  "広告ID",
  "広告タイトル",
  "広告主ID",
  "会社名",
  "地域",
  "エリア",
  "コース",
  "金額(税抜)",
  "消費税",
  "合計",
] as const;

export const salesCsvFilename = (month: string) => `sales-${month}.csv`;

/** One field, quoted, its double quotes doubled (RFC 4180). */
const quote = (value: string | number) => `"${String(value).replaceAll('"', '""')}"`;

/** One record with its CRLF. Line breaks inside a field stay inside its quotes. */
export const csvLine = (fields: readonly (string | number)[]) =>
  `${fields.map(quote).join(",")}\r\n`;

/** The 13 fields of a sale; 計上日 is its Tokyo date as YYYY/MM/DD. */
export function saleCsvFields(sale: Sale): (string | number)[] {
  const order = sale.publishmentOrder;
  const ad = order.advertisement;
  return [
    sale.id,
    formatDate(sale.recordedAt),
    order.id,
    ad.id,
    ad.title,
    ad.owner.id,
    ad.owner.companyName,
    order.region.name,
    order.locality.name,
    order.course.name,
    sale.net,
    sale.tax,
    sale.net + sale.tax,
  ];
}

export const salesCsvHeader = () => csvLine(SALES_CSV_COLUMNS);
export const salesCsvLines = (sales: readonly Sale[]) =>
  sales.map((sale) => csvLine(saleCsvFields(sale))).join("");

const GETA = "〓";
/** Shift_JIS bytes of each code point met so far; null when it has none. */
const byteCache = new Map<number, number[] | null>();

function sjisBytesOf(codePoint: number): number[] | null {
  let bytes = byteCache.get(codePoint);
  if (bytes === undefined) {
    try {
      const units = Encoding.stringToCode(String.fromCodePoint(codePoint));
      bytes = Encoding.convert(units, { to: "SJIS", from: "UNICODE", fallback: "error" });
    } catch {
      bytes = null;
    }
    byteCache.set(codePoint, bytes);
  }
  return bytes;
}

const GETA_BYTES = sjisBytesOf(GETA.codePointAt(0)!)!;
const YEN = 0xa5;
const FULLWIDTH_YEN_BYTES = sjisBytesOf("￥".codePointAt(0)!)!;

/**
 * Text as Shift_JIS bytes (Windows' code page 932, as Excel reads it): ¥ (U+00A5) as ￥, anything
 * without a Shift_JIS form as 〓. ASCII passes through byte for byte.
 */
export function encodeShiftJis(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) {
      out.push(code);
      continue;
    }
    const bytes = code === YEN ? FULLWIDTH_YEN_BYTES : (sjisBytesOf(code) ?? GETA_BYTES);
    for (const b of bytes) out.push(b);
  }
  return Uint8Array.from(out);
}
