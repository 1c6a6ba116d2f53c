// The sales CSV (ADR 0011): Shift_JIS bytes that decode strictly, CRLF records, every field quoted
// per RFC 4180, the 13 columns, 〓 for what Shift_JIS cannot hold and ￥ for ¥.
import { describe, expect, it } from "vitest";
import { decodeShiftJis, parseCsv } from "../../tests/csv";
import { saleFixture } from "../../tests/mocks/sales";
import {
  encodeShiftJis,
  SALES_CSV_COLUMNS,
  salesCsvFilename,
  salesCsvHeader,
  salesCsvLines,
} from "./sales-csv";

const csvBytes = (sales: Parameters<typeof salesCsvLines>[0]) =>
  encodeShiftJis(salesCsvHeader() + salesCsvLines(sales));

describe("the sales CSV", () => {
  it("has the 13 columns of the ADR, quoted, CRLF", () => {
    const text = decodeShiftJis(encodeShiftJis(salesCsvHeader()));
    expect(text).toBe(
      '"売上ID","計上日","申込ID","注文番号","広告タイトル","広告主ID","会社名","地域","エリア","コース","金額(税抜)","消費税","合計"\r\n',
    );
    expect(SALES_CSV_COLUMNS).toHaveLength(13);
    expect(salesCsvFilename("2026-11")).toBe("sales-2026-11.csv");
  });

  it("writes every cell of a sale, the date in Tokyo, a reversal negative", () => {
    const sales = [
      saleFixture({
        id: 41,
        orderId: 7,
        advertisementId: 12,
        title: "夏のセール",
        net: 30000,
        tax: 3000,
        recordedAt: "2025-05-31T15:30:00Z",
      }),
      saleFixture({ id: 42, orderId: 7, advertisementId: 12, net: -30000, tax: -3000 }),
    ];
    const records = parseCsv(decodeShiftJis(csvBytes(sales)));
    expect(records).toEqual([
      [...SALES_CSV_COLUMNS],
      [
        "41",
        "2025/06/01",
        "000012",
        "7",
        "夏のセール",
        "7",
        "株式会社デモ",
        "東京都",
        "渋谷区",
        "1ヶ月コース",
        "30000",
        "3000",
        "33000",
      ],
      [
        "42",
        "2026/11/10",
        "000012",
        "7",
        "広告42",
        "7",
        "株式会社デモ",
        "東京都",
        "渋谷区",
        "1ヶ月コース",
        "-30000",
        "-3000",
        "-33000",
      ],
    ]);
  });

  it("keeps commas, double quotes and line breaks inside a field; 〓 for what Shift_JIS lacks", () => {
    const companyName = '吉野家,"本店"\n𠮷野家🍜 ①㈱髙';
    const bytes = csvBytes([saleFixture({ companyName, title: "¥1,000 セール" })]);
    const text = decodeShiftJis(bytes);
    const [, row] = parseCsv(text);
    expect(row![6]).toBe('吉野家,"本店"\n〓野家〓 ①㈱髙');
    expect(row![4]).toBe("￥1,000 セール");
    // The raw line: doubled quotes, the line break inside the quotes.
    expect(text).toContain('"吉野家,""本店""\n〓野家〓 ①㈱髙"');
    // Records end in CRLF; every record has 13 fields.
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parseCsv(text).every((r) => r.length === 13)).toBe(true);
  });

  it("never writes a ¥ byte (0x5C from JIS X 0201) nor a ? for a character it cannot encode", () => {
    const bytes = encodeShiftJis("¥𠮷🍜");
    expect([...bytes]).toEqual([0x81, 0x8f, 0x81, 0xac, 0x81, 0xac]);
    expect(decodeShiftJis(bytes)).toBe("￥〓〓");
    expect([...bytes]).not.toContain(0x3f);
    expect([...bytes]).not.toContain(0x5c);
  });

  it("writes text a spreadsheet would run as a formula as text (a leading '), numbers as numbers", () => {
    const sales = [
      saleFixture({ companyName: '=HYPERLINK("http://evil.example","x")', title: "+81 特売" }),
      saleFixture({ companyName: "@SUM(A1)", title: "-10%セール", net: -30000, tax: -3000 }),
      saleFixture({ companyName: "株式会社=イコール", title: "\tタブ" }),
    ];
    const rows = parseCsv(decodeShiftJis(csvBytes(sales))).slice(1);
    expect(rows.map((r) => [r[6], r[4]])).toEqual([
      ['\'=HYPERLINK("http://evil.example","x")', "'+81 特売"],
      ["'@SUM(A1)", "'-10%セール"],
      ["株式会社=イコール", "'\tタブ"],
    ]);
    expect(rows[1]!.slice(10)).toEqual(["-30000", "-3000", "-33000"]);
  });

  it("defuses the full-width ＝ ＋ － ＠ a Japanese Excel also runs, through Shift_JIS", () => {
    const sales = [
      saleFixture({ companyName: "＝ＨＹＰＥＲＬＩＮＫ（１）", title: "＋８１ 特売" }),
      saleFixture({ companyName: "＠ＳＵＭ（Ａ１）", title: "－１０％セール" }),
    ];
    const rows = parseCsv(decodeShiftJis(csvBytes(sales))).slice(1);
    expect(rows.map((r) => [r[6], r[4]])).toEqual([
      ["'＝ＨＹＰＥＲＬＩＮＫ（１）", "'＋８１ 特売"],
      ["'＠ＳＵＭ（Ａ１）", "'－１０％セール"],
    ]);
  });

  it("passes ASCII through byte for byte", () => {
    expect([...encodeShiftJis('a,"b"\r\n')]).toEqual([...Buffer.from('a,"b"\r\n', "latin1")]);
  });
});
