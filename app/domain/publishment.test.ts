import { describe, expect, test } from "vitest";
import { earliestStartDate, earliestStartMessage } from "./publishment";
import { isCalendarDate } from "../../shared/calendar-days";

const jst = (local: string) => new Date(`${local}+09:00`);

describe("earliestStartDate", () => {
  test.each([
    ["2025-06-15T16:59:59", "2025-06-16"],
    ["2025-06-15T17:00:00", "2025-06-17"],
    ["2025-06-15T00:00:00", "2025-06-16"],
    ["2025-06-14T23:59:59", "2025-06-16"],
    ["2025-06-15T23:59:59", "2025-06-17"],
    ["2025-06-15T09:00:00", "2025-06-16"],
    // Month and year ends.
    ["2025-06-30T16:59:59", "2025-07-01"],
    ["2025-06-30T17:00:00", "2025-07-02"],
    ["2025-02-28T17:00:00", "2025-03-02"],
    ["2024-02-28T17:00:00", "2024-03-01"],
    ["2025-12-31T16:59:59", "2026-01-01"],
    ["2025-12-31T17:00:00", "2026-01-02"],
    ["2026-01-01T00:30:00", "2026-01-02"],
  ])("at %s JST the earliest start is %s", (now, expected) => {
    expect(earliestStartDate(jst(now))).toBe(expected);
  });

  test("does not depend on the instant's UTC date", () => {
    // 2025-06-15 08:00 UTC = 17:00 JST.
    expect(earliestStartDate(new Date("2025-06-15T08:00:00Z"))).toBe("2025-06-17");
    expect(earliestStartDate(new Date("2025-06-15T07:59:59Z"))).toBe("2025-06-16");
  });
});

describe("isCalendarDate", () => {
  test.each(["2025-06-15", "2024-02-29", "2025-12-31"])("%s is a date", (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });
  test.each(["2025-02-29", "2025-13-01", "2025-06-31", "2025/06/15", "2025-6-1", "", "x"])(
    "%s is not",
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});

test("earliestStartMessage", () => {
  expect(earliestStartMessage("2025-06-17")).toBe("掲載開始日は2025/06/17以降を選択してください。");
});
