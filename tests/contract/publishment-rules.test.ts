// One table of cases, run against both sides' own rules: the portal's (app/domain) and the
// reference API's (api/domain). Each side decides money and dates by itself, as the production PHP
// server will; this table is where they are made to agree (ARCHITECTURE §6, SPEC §5, §9).
import { describe, expect, it } from "vitest";
import * as apiLimits from "../../api/domain/limits";
import * as apiPayment from "../../api/domain/payment";
import { consumptionTax as apiTax, taxedAmounts as apiTaxed } from "../../api/domain/pricing";
import * as apiRules from "../../api/domain/publishment";
import { latestSalesMonth as apiLatestSalesMonth } from "../../api/domain/sales";
import * as appCourse from "../../app/domain/course";
import * as appLimits from "../../app/domain/limits";
import { consumptionTax as appTax, taxedAmounts as appTaxed } from "../../app/domain/money";
import * as appPayment from "../../app/domain/payment";
import * as appRules from "../../app/domain/publishment";
import { latestSalesMonth as appLatestSalesMonth } from "../../app/domain/sales";
import type { CoursePeriod, PaymentStatus } from "../../shared/wire";

const sides = [
  [
    "portal",
    {
      ...appRules,
      ...appPayment,
      tax: appTax,
      taxed: appTaxed,
      periodLabel: appCourse.periodLabel,
      latestSalesMonth: appLatestSalesMonth,
    },
  ],
  [
    "API",
    {
      ...apiRules,
      ...apiPayment,
      tax: apiTax,
      taxed: apiTaxed,
      periodLabel: apiRules.periodLabel,
      latestSalesMonth: apiLatestSalesMonth,
    },
  ],
] as const;

const month = (months: number): CoursePeriod => ({ periodType: "month", months });
const day = (days: number): CoursePeriod => ({ periodType: "day", days });

/** [instant, earliest start, trial start]: around 17:00 JST, midnight, month and year ends. */
const startCases = [
  ["2026-11-21T07:59:59Z", "2026-11-22", "2026-11-23"], // 16:59:59 JST
  ["2026-11-21T08:00:00Z", "2026-11-23", "2026-11-23"], // 17:00:00 JST: the day after tomorrow
  ["2026-11-21T14:59:59Z", "2026-11-23", "2026-11-23"], // 23:59:59 JST
  ["2026-11-21T15:00:00Z", "2026-11-23", "2026-11-24"], // 00:00 JST on the 22nd: still before 17:00
  ["2026-12-31T08:00:00Z", "2027-01-02", "2027-01-02"], // New Year's Eve at 17:00
  ["2028-02-27T09:30:00Z", "2028-02-29", "2028-02-29"], // leap day
  ["2027-02-27T10:00:00Z", "2027-03-01", "2027-03-01"],
] as const;

/** [start, course, last day]: month ends clamp, leap years, one-day courses. */
const periodCases = [
  ["2026-11-22", month(1), "2026-12-22"],
  ["2027-01-31", month(1), "2027-02-28"],
  ["2028-01-31", month(1), "2028-02-29"],
  ["2028-02-29", month(12), "2029-02-28"],
  ["2026-08-31", month(3), "2026-11-30"],
  ["2026-11-22", day(1), "2026-11-22"],
  ["2026-12-28", day(7), "2027-01-03"],
  ["2028-02-01", day(30), "2028-03-01"],
] as const;

/** [net, tax]: 10 %, rounded down once per order. */
const taxCases = [
  [0, 0],
  [9, 0],
  [19, 1],
  [30_000, 3_000],
  [33_333, 3_333],
  [99_999_999, 9_999_999],
] as const;

const states: { paymentStatus: PaymentStatus; paymentMethod: string | null }[] = [
  { paymentStatus: "none", paymentMethod: null },
  { paymentStatus: "waiting", paymentMethod: "bank_transfer" },
  { paymentStatus: "waiting", paymentMethod: "card" },
  { paymentStatus: "waiting", paymentMethod: "cvs" },
  { paymentStatus: "waiting", paymentMethod: "payeasy" },
  { paymentStatus: "paid", paymentMethod: "card" },
  { paymentStatus: "paid", paymentMethod: "bank_transfer" },
  { paymentStatus: "paid", paymentMethod: "free" },
];

/** [ordered at, starts at, due days, deadline]: never after the day before the start. */
const dueCases = [
  ["2026-11-20T10:00:00+09:00", "2026-12-20T00:00:00+09:00", 7, "2026-11-27"],
  ["2026-11-20T23:59:59+09:00", "2026-11-24T00:00:00+09:00", 7, "2026-11-23"],
  ["2026-11-20T10:00:00+09:00", "2026-11-20T00:00:00+09:00", 7, "2026-11-20"], // start moved closer
  [null, "2026-12-01T00:00:00+09:00", 7, "2026-11-30"],
  ["2026-11-20T10:00:00+09:00", "2026-12-01T00:00:00+09:00", undefined, "2026-11-30"],
] as const;

describe.each(sides)("the %s's rules", (_side, rules) => {
  it.each(startCases)(
    "at %s the earliest start is %s and a trial starts %s",
    (now, earliest, trial) => {
      expect(rules.earliestStartDate(new Date(now))).toBe(earliest);
      expect(rules.trialStartDate(new Date(now))).toBe(trial);
    },
  );

  it.each(periodCases)("from %s, %o runs to %s", (start, course, end) => {
    expect(rules.computeEndDate(start, course)).toBe(end);
  });

  it.each(taxCases)("%i yen carries %i yen of tax", (net, tax) => {
    expect(rules.tax(net)).toBe(tax);
    expect(rules.taxed(net)).toEqual({ net, taxRatePercent: 10, tax, total: net + tax });
  });

  it("refuses what is not an amount of yen", () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => rules.taxed(bad)).toThrow(RangeError);
  });

  it.each(states)("payment transitions from %o", (state) => {
    const expected = {
      none: { paid: true, bank: true, unpaid: false },
      waiting: {
        paid: state.paymentMethod === "bank_transfer",
        bank: state.paymentMethod !== "bank_transfer",
        unpaid: true,
      },
      paid: { paid: false, bank: false, unpaid: true },
    }[state.paymentStatus];
    expect({
      paid: rules.canMarkPaid(state),
      bank: rules.canChooseBankTransfer(state),
      unpaid: rules.canMarkUnpaid(state),
    }).toEqual(expected);
  });

  it.each(dueCases)(
    "ordered %s, starting %s, due in %s days: pay by %s",
    (orderedAt, publishesAt, dueDays, due) => {
      expect(rules.paymentDueOn({ orderedAt, publishesAt }, dueDays)).toBe(due);
    },
  );

  it("checks the card holder's e-mail and phone for 3-D Secure alike", () => {
    expect(rules.isCardHolderEmail(" taro@example.jp ")).toBe(true);
    expect(rules.isCardHolderEmail("taro@")).toBe(false);
    expect(rules.isCardHolderEmail(`${"a".repeat(170)}@example.jp`)).toBe(false);
    expect(rules.normalizeCardHolderPhone("０９０－１２３４　５６７８")).toBe("09012345678");
    expect(rules.isCardHolderPhone("03-1234-5678")).toBe(true);
    expect(rules.isCardHolderPhone("0312345")).toBe(false);
    expect(rules.isCardHolderPhone("①3-1234-5678")).toBe(false);
  });

  it("labels a course's period and bounds the sales months alike", () => {
    expect(rules.periodLabel(month(3))).toBe("3 ヶ月");
    expect(rules.periodLabel(day(14))).toBe("14 日");
    expect(rules.latestSalesMonth("2026-11-27")).toBe("2027-11");
    expect(rules.latestSalesMonth("2026-01-31")).toBe("2027-01");
  });
});

describe("the limits", () => {
  it("are the same numbers on both sides", () => {
    const shared = Object.keys(apiLimits).filter((k) => k in appLimits || k in appCourse);
    expect(shared.length).toBeGreaterThanOrEqual(14);
    const portal = { ...appCourse, ...appLimits } as Record<string, unknown>;
    for (const key of shared)
      expect([key, portal[key]]).toEqual([key, (apiLimits as Record<string, unknown>)[key]]);
  });
});
