import { describe, expect, it } from "vitest";
import type { ReportRow } from "../../shared/report";
import {
  adjacentMonths,
  chartPoints,
  currentReportMonth,
  daysOfMonth,
  niceAxisMax,
  reportCsv,
  reportCsvFilename,
  reportMonth,
  shiftMonth,
} from "./report";
import { formatCtr } from "../../shared/report";

// 2026-11-30 23:30 in Tokyo is still November there, though UTC says 14:30 on the 30th; and
// 2026-11-30 15:30 UTC is already 1 December in Tokyo.
const NOV_LAST_EVENING = new Date("2026-11-30T23:30:00+09:00");
const DEC_FIRST_TOKYO = new Date("2026-11-30T15:30:00Z");

const row = (d: string, overrides: Partial<ReportRow> = {}): ReportRow => ({
  d,
  imp: 10,
  clk: 1,
  ctr: 0.1,
  pv: 3,
  link1: 1,
  link2: 0,
  link3: 2,
  note: [],
  ...overrides,
});

describe("reportMonth", () => {
  it("is the current Tokyo month without a query", () => {
    expect(reportMonth(null, NOV_LAST_EVENING)).toBe("2026-11");
    expect(reportMonth(undefined, DEC_FIRST_TOKYO)).toBe("2026-12");
    expect(currentReportMonth(DEC_FIRST_TOKYO)).toBe("2026-12");
  });

  it("takes a valid month from Dec 2020 up to the current month", () => {
    expect(reportMonth("2020-12", NOV_LAST_EVENING)).toBe("2020-12");
    expect(reportMonth("2025-02", NOV_LAST_EVENING)).toBe("2025-02");
    expect(reportMonth("2026-11", NOV_LAST_EVENING)).toBe("2026-11");
  });

  it.each([
    "2020-11",
    "2026-12",
    "2027-01",
    "2026-13",
    "2026-00",
    "2026-1",
    "202611",
    "abc",
    "",
    "9999-12",
    "0001-01",
  ])("falls back to the current month for %j", (query) => {
    expect(reportMonth(query, NOV_LAST_EVENING)).toBe("2026-11");
  });

  it("accepts next month once Tokyo has reached it", () => {
    expect(reportMonth("2026-12", DEC_FIRST_TOKYO)).toBe("2026-12");
  });
});

describe("adjacentMonths", () => {
  it("offers both neighbours inside the range, across a year", () => {
    expect(adjacentMonths("2026-01", NOV_LAST_EVENING)).toEqual({
      previous: "2025-12",
      next: "2026-02",
    });
  });

  it("has no previous month at Dec 2020", () => {
    expect(adjacentMonths("2020-12", NOV_LAST_EVENING)).toEqual({
      previous: null,
      next: "2021-01",
    });
    expect(adjacentMonths("2021-01", NOV_LAST_EVENING).previous).toBe("2020-12");
  });

  it("has no next month at the current month", () => {
    expect(adjacentMonths("2026-11", NOV_LAST_EVENING)).toEqual({
      previous: "2026-10",
      next: null,
    });
    expect(adjacentMonths("2026-10", NOV_LAST_EVENING).next).toBe("2026-11");
    expect(adjacentMonths("2026-11", DEC_FIRST_TOKYO).next).toBe("2026-12");
  });

  it("shiftMonth wraps years both ways", () => {
    expect(shiftMonth("2020-12", 1)).toBe("2021-01");
    expect(shiftMonth("2021-01", -1)).toBe("2020-12");
    expect(shiftMonth("2026-11", -23)).toBe("2024-12");
  });
});

describe("formatCtr", () => {
  it("shows a percentage with two decimals", () => {
    expect(formatCtr(0.0123)).toBe("1.23%");
    expect(formatCtr(0)).toBe("0.00%");
    expect(formatCtr(1)).toBe("100.00%");
    expect(formatCtr(1 / 3)).toBe("33.33%");
    expect(formatCtr(2 / 3)).toBe("66.67%");
  });

  it("rounds half up despite binary fractions", () => {
    expect(formatCtr(0.01005)).toBe("1.01%");
    expect(formatCtr(0.00125)).toBe("0.13%");
    expect(formatCtr(0.012349)).toBe("1.23%");
  });

  it("is -- when null (no impressions)", () => {
    expect(formatCtr(null)).toBe("--");
  });

  it("never shows more than 100 % (an upstream ratio from clicks without impressions)", () => {
    expect(formatCtr(1.5)).toBe("100.00%");
    expect(formatCtr(300)).toBe("100.00%");
  });
});

describe("days of a month", () => {
  it("knows month lengths and leap years", () => {
    expect(daysOfMonth("2026-11")).toHaveLength(30);
    expect(daysOfMonth("2026-02")).toHaveLength(28);
    expect(daysOfMonth("2024-02")).toHaveLength(29);
    expect(daysOfMonth("2026-12").at(0)).toBe("2026-12-01");
    expect(daysOfMonth("2026-12").at(-1)).toBe("2026-12-31");
  });

  it("chart points fill the days the API left out with zero", () => {
    const points = chartPoints("2026-11", [row("2026-11-03", { imp: 7, clk: 2 })], "2026-11-20");
    expect(points).toHaveLength(30);
    expect(points[2]).toEqual({ d: "2026-11-03", imp: 7, clk: 2, past: true });
    expect(points[0]).toEqual({ d: "2026-11-01", imp: 0, clk: 0, past: true });
    // Today is drawn; the days after it have no figures yet.
    expect(points[19]).toMatchObject({ d: "2026-11-20", past: true });
    expect(points[20]).toMatchObject({ d: "2026-11-21", past: false });
  });
});

describe("reportCsv", () => {
  it("starts with a BOM and a Japanese header, ends every line with CRLF", () => {
    const csv = reportCsv([row("2026-11-01")]);
    expect(
      csv.startsWith("\uFEFF日付,リスト表示回数(imp),クリック回数(click),クリック率(CTR),"),
    ).toBe(true);
    expect(csv.split("\r\n")).toEqual([
      "\uFEFF日付,リスト表示回数(imp),クリック回数(click),クリック率(CTR),広告URL閲覧回数(PV),リンク1クリック数,リンク2クリック数,リンク3クリック数,備考",
      "2026/11/01,10,1,10.00%,3,1,0,2,",
      "",
    ]);
  });

  it("writes -- for a null CTR and joins the note subjects, quoting what needs it", () => {
    const csv = reportCsv([
      row("2026-11-02", {
        imp: 0,
        clk: 0,
        ctr: null,
        note: [
          { id: 1, subject: "掲載を承認しました" },
          { id: 2, subject: 'お知らせ, "重要"' },
        ],
      }),
    ]);
    expect(csv.split("\r\n")[1]).toBe(
      '2026/11/02,0,0,--,3,1,0,2,"掲載を承認しました / お知らせ, ""重要"""',
    );
  });

  it("defuses a note a spreadsheet would run as a formula", () => {
    const csv = reportCsv([row("2026-11-03", { note: [{ id: 3, subject: "=HYPERLINK(1)" }] })]);
    expect(csv.split("\r\n")[1]!.endsWith(",'=HYPERLINK(1)")).toBe(true);
  });

  it("defuses a note starting with a full-width ＝ ＋ － ＠ (Excel runs those too)", () => {
    const subjects = ["＝ＨＹＰＥＲＬＩＮＫ(1)", "＋８１", "－１０％", "＠ＳＵＭ"];
    const csv = reportCsv(
      subjects.map((subject, i) => row(`2026-11-0${i + 4}`, { note: [{ id: i, subject }] })),
    );
    const lines = csv.split("\r\n").slice(1, 5);
    expect(lines.map((line) => line.split(",").at(-1))).toEqual(subjects.map((s) => `'${s}`));
  });

  it("is only the header for an empty month", () => {
    expect(reportCsv([]).split("\r\n")).toHaveLength(2);
  });

  it("names the file after the ad and the month", () => {
    expect(reportCsvFilename(12, "2026-11")).toBe("report-12-2026-11.csv");
  });
});

describe("niceAxisMax", () => {
  it.each([
    [0, 2],
    [1, 2],
    [3, 4],
    [7, 8],
    [10, 10],
    [11, 20],
    [120, 200],
    [450, 600],
    [1000, 1000],
  ])("%d → %d", (value, max) => {
    expect(niceAxisMax(value)).toBe(max);
  });
});
