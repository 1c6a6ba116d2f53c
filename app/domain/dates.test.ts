import { afterEach, describe, expect, it } from "vitest";
import {
  computeEndDate,
  endOfTokyoDay,
  formatDate,
  formatDateTime,
  startOfTokyoDay,
  toTokyoIso,
  tokyoDate,
  trialStartDate,
} from "./dates";

const month = (months: number) => ({ periodType: "month", months }) as const;
const day = (days: number) => ({ periodType: "day", days }) as const;

describe("tokyoDate", () => {
  it("changes date at midnight in Tokyo, not in UTC", () => {
    expect(tokyoDate(new Date("2026-11-21T14:59:59Z"))).toBe("2026-11-21");
    expect(tokyoDate(new Date("2026-11-21T15:00:00Z"))).toBe("2026-11-22");
  });
});

describe("Tokyo day bounds", () => {
  it("runs a day from 00:00:00 to 23:59:59 JST", () => {
    expect(startOfTokyoDay("2026-11-22").toISOString()).toBe("2026-11-21T15:00:00.000Z");
    expect(endOfTokyoDay("2026-11-22").toISOString()).toBe("2026-11-22T14:59:59.000Z");
  });
});

describe("computeEndDate (SPEC §9)", () => {
  it("ends a month course N months after the start", () => {
    expect(computeEndDate("2026-11-22", month(1))).toBe("2026-12-22");
    expect(computeEndDate("2026-11-22", month(3))).toBe("2027-02-22");
  });

  it("clamps to the end of a shorter month: 31 Jan + 1 month = 28 Feb", () => {
    expect(computeEndDate("2027-01-31", month(1))).toBe("2027-02-28");
  });

  it("reaches 29 Feb in a leap year", () => {
    expect(computeEndDate("2028-01-31", month(1))).toBe("2028-02-29");
    expect(computeEndDate("2028-02-29", month(12))).toBe("2029-02-28");
  });

  it("ends a day course N − 1 days after the start", () => {
    expect(computeEndDate("2026-11-22", day(1))).toBe("2026-11-22");
    expect(computeEndDate("2026-11-22", day(7))).toBe("2026-11-28");
    expect(computeEndDate("2026-12-28", day(7))).toBe("2027-01-03");
    expect(computeEndDate("2028-02-01", day(30))).toBe("2028-03-01");
  });

  describe("on servers in other time zones", () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    // The business dates are Tokyo calendar dates: the host's TZ must not change them.
    const cases = () => [
      computeEndDate("2027-01-31", month(1)),
      computeEndDate("2028-01-31", month(1)),
      computeEndDate("2027-03-20", day(14)),
      computeEndDate("2027-10-25", day(14)),
    ];
    const expected = ["2027-02-28", "2028-02-29", "2027-04-02", "2027-11-07"];

    // The server's own time zone must never shift a business date.
    it.each(["UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin"])(
      "gives the same dates with TZ=%s",
      (zone) => {
        process.env.TZ = zone;
        expect(cases()).toEqual(expected);
      },
    );
  });
});

describe("formatting in JST", () => {
  it("formats dates for tables in Tokyo time", () => {
    expect(formatDate("2026-11-21T15:00:00Z")).toBe("2026/11/22");
    expect(formatDate("2026-12-31T00:00:00+09:00")).toBe("2026/12/31");
    expect(formatDate(new Date("2026-11-21T14:59:59Z"))).toBe("2026/11/21");
  });

  it("formats date-times for message lists in Tokyo time", () => {
    expect(formatDateTime("2026-11-22T00:30:00Z")).toBe("2026/11/22 09:30");
  });

  it("shows nothing for a missing date", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDateTime(null)).toBe("");
  });

  it("serialises instants with the Tokyo offset, as API Platform does", () => {
    expect(toTokyoIso(new Date("2026-11-21T15:00:00Z"))).toBe("2026-11-22T00:00:00+09:00");
  });
});

describe("trialStartDate (the trial form's start date)", () => {
  it("is the Tokyo date two days ahead, changing at midnight Tokyo", () => {
    expect(trialStartDate(new Date("2026-11-21T14:59:59Z"))).toBe("2026-11-23");
    expect(trialStartDate(new Date("2026-11-21T15:00:00Z"))).toBe("2026-11-24");
  });

  it("has no 17-hour shift: in the morning it is already today + 2", () => {
    // 10:00 JST on 21 Nov: the publication application's rule would still say 22 Nov.
    expect(trialStartDate(new Date("2026-11-21T01:00:00Z"))).toBe("2026-11-23");
  });

  it("crosses month and year ends", () => {
    expect(trialStartDate(new Date("2026-12-30T03:00:00Z"))).toBe("2027-01-01");
    expect(trialStartDate(new Date("2028-02-27T03:00:00Z"))).toBe("2028-02-29");
  });
});
