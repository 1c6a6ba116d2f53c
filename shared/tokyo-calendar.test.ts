import { afterEach, describe, expect, it } from "vitest";
import { addCalendarDays, addCalendarMonths, isCalendarDate, slashDate } from "./calendar-days";
import {
  endOfTokyoDay,
  formatDate,
  formatDateTime,
  fromTokyoWallClock,
  startOfTokyoDay,
  toTokyoIso,
  tokyoDate,
} from "./tokyo-calendar";

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

describe("formatting in JST", () => {
  it("formats dates for tables in Tokyo time", () => {
    expect(formatDate("2026-11-21T15:00:00Z")).toBe("2026/11/22");
    expect(formatDate("2026-12-31T00:00:00+09:00")).toBe("2026/12/31");
    expect(formatDate(new Date("2026-11-21T14:59:59Z"))).toBe("2026/11/21");
  });

  it("reads a date written with +09:00 as Date does, whatever the day, hour or fraction", () => {
    const viaDate = (text: string) => slashDate(tokyoDate(new Date(text)));
    // Every hour of two years, leap day and year ends included, as the upstream writes them.
    const start = Date.UTC(2023, 11, 31, 15);
    for (let hour = 0; hour < 2 * 366 * 24; hour += 1) {
      const text = toTokyoIso(new Date(start + hour * 3_600_000 + 59_000));
      expect(formatDate(text)).toBe(viaDate(text));
    }
    for (const text of [
      "2024-02-28T23:59:59.999+09:00",
      "2025-02-29T00:00:00+09:00", // no such day: Date rolls it to 2025/03/01
      "2025-04-31T10:00:00+09:00",
      "2025-06-30T24:00:00+09:00",
      "1951-05-06T23:30:00+09:00",
      "2025-06-30T23:59+09:00",
      "2025-06-30T15:00:00+00:00",
    ]) {
      expect(formatDate(text)).toBe(viaDate(text));
    }
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

describe("calendar arithmetic", () => {
  it("adds days across month and year ends", () => {
    expect(addCalendarDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addCalendarDays("2028-03-01", -1)).toBe("2028-02-29");
  });

  it("adds months, clamping to the shorter month's end", () => {
    expect(addCalendarMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addCalendarMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addCalendarMonths("2027-03-31", -1)).toBe("2027-02-28");
  });

  it("knows a real calendar date from a malformed or impossible one", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2026-1-05")).toBe(false);
  });
});

describe("on servers in other time zones", () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  // Business dates are Tokyo's: the host's TZ (with its summer time) must never shift one.
  it.each(["UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"])(
    "gives the same answers with TZ=%s",
    (zone) => {
      process.env.TZ = zone;
      expect(tokyoDate(new Date("2027-03-14T07:30:00Z"))).toBe("2027-03-14");
      expect(tokyoDate(new Date("2027-03-27T15:00:00Z"))).toBe("2027-03-28");
      expect(startOfTokyoDay("2027-03-28").toISOString()).toBe("2027-03-27T15:00:00.000Z");
      expect(endOfTokyoDay("2027-10-31").toISOString()).toBe("2027-10-31T14:59:59.000Z");
      expect(formatDateTime("2027-03-14T07:30:00Z")).toBe("2027/03/14 16:30");
      expect(addCalendarMonths("2027-01-31", 1)).toBe("2027-02-28");
    },
  );
});

describe("fromTokyoWallClock", () => {
  it("reads a Tokyo wall clock as date-fns-tz's fromZonedTime does", async () => {
    const { fromZonedTime } = await import("date-fns-tz");
    for (const wall of ["2026-11-22T00:00:00", "2027-03-14T02:30:00", "2028-02-29T23:59:59"]) {
      expect(fromTokyoWallClock(wall).toISOString()).toBe(
        fromZonedTime(wall, "Asia/Tokyo").toISOString(),
      );
    }
  });

  it("is an Invalid Date for anything but YYYY-MM-DDTHH:mm:ss", () => {
    expect(Number.isNaN(fromTokyoWallClock("2026-11-22").getTime())).toBe(true);
    expect(Number.isNaN(fromTokyoWallClock("20261122000000").getTime())).toBe(true);
    expect(Number.isNaN(fromTokyoWallClock("2027-02-30T00:00:00").getTime())).toBe(true);
    expect(Number.isNaN(fromTokyoWallClock("2026-11-22T24:30:00").getTime())).toBe(true);
  });
});
