// The sales list's month rules and rows (SPEC §2 Sales list, §5): today is passed in, never read.
import { describe, expect, it } from "vitest";
import { saleFixture } from "../../tests/mocks/sales";
import {
  adjacentSalesMonths,
  formatMonthLabel,
  latestSalesMonth,
  salesMonth,
  salesMonthChoices,
  toSaleRow,
} from "./sales";

describe("salesMonth", () => {
  const today = "2026-11-24";
  it.each([
    ["2026-11", "2026-11"],
    ["2020-09", "2020-09"],
    ["2027-11", "2027-11"],
    ["2023-02", "2023-02"],
  ])("keeps %s, in range", (query, month) => {
    expect(salesMonth(query, today)).toBe(month);
  });

  it.each([
    null,
    undefined,
    "",
    "2026-13",
    "2026-1",
    "2026-11-01",
    "abcd-ef",
    "2020-08",
    "2027-12",
    "9999-12",
    "0001-01",
  ])("falls back to the current Tokyo month for %s", (query) => {
    expect(salesMonth(query, today)).toBe("2026-11");
  });

  it("the range ends a year after the current month, across a year end", () => {
    expect(latestSalesMonth("2026-12-31")).toBe("2027-12");
    expect(salesMonth("2027-12", "2026-12-01")).toBe("2027-12");
    expect(salesMonth("2028-01", "2026-12-01")).toBe("2026-12");
  });
});

describe("adjacentSalesMonths", () => {
  it("offers both neighbours inside the range", () => {
    expect(adjacentSalesMonths("2026-01", "2026-11-24")).toEqual({
      previous: "2025-12",
      next: "2026-02",
    });
  });
  it("has no 前月 at September 2020 and no 翌月 a year after this month", () => {
    expect(adjacentSalesMonths("2020-09", "2026-11-24").previous).toBeNull();
    expect(adjacentSalesMonths("2027-11", "2026-11-24")).toEqual({
      previous: "2027-10",
      next: null,
    });
  });
});

describe("salesMonthChoices", () => {
  it("lists every month of the range, newest first", () => {
    const months = salesMonthChoices("2021-01-15");
    expect(months[0]).toBe("2022-01");
    expect(months.at(-1)).toBe("2020-09");
    expect(months).toHaveLength(17);
  });
});

describe("rows", () => {
  it("formats the month as 2026年1月", () => {
    expect(formatMonthLabel("2026-01")).toBe("2026年1月");
    expect(formatMonthLabel("2026-11")).toBe("2026年11月");
  });

  it("shows a sale's Tokyo date and yen; a reversal is marked and negative", () => {
    const row = toSaleRow(
      saleFixture({ id: 9, net: -12345, tax: -1234, recordedAt: "2025-05-31T15:30:00Z" }),
    );
    expect(row).toMatchObject({
      id: 9,
      recordedOn: "2025/06/01",
      area: "東京都 / 渋谷区",
      course: "1ヶ月コース",
      net: "-12,345円",
      tax: "-1,234円",
      gross: "-13,579円",
      reversal: true,
    });
    expect(toSaleRow(saleFixture({ net: 30000, tax: 3000 })).reversal).toBe(false);
  });
});
