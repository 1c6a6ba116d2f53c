import { describe, expect, it } from "vitest";
import { coursePriceLabel, periodLabel, wholeNumberOrUndefined } from "./course";

describe("wholeNumberOrUndefined (SPEC §5: days and months on submit)", () => {
  it.each([
    ["14", 14],
    [" 3 ", 3],
    ["１４", 14],
    ["1.9", 1],
    [7, 7],
    ["-2", -2],
  ])("%j → %j", (input, expected) => {
    expect(wholeNumberOrUndefined(input)).toBe(expected);
  });

  it.each([["0"], [0], ["0.4"], [""], ["  "], ["abc"], ["1e999"], [undefined], [null], [NaN]])(
    "%j → undefined (zero or not a number)",
    (input) => {
      expect(wholeNumberOrUndefined(input)).toBeUndefined();
    },
  );
});

describe("periodLabel", () => {
  it("N日 for a day course, Nヶ月 for a month course; the other field does not count", () => {
    expect(periodLabel({ periodType: "day", days: 10, months: 3 })).toBe("10 日");
    expect(periodLabel({ periodType: "month", months: 3, days: 10 })).toBe("3 ヶ月");
  });
});

describe("coursePriceLabel", () => {
  it("number-formatted yen, tax excluded", () => {
    expect(coursePriceLabel(30000)).toBe("30,000円（税抜）");
    expect(coursePriceLabel(0)).toBe("0円（税抜）");
  });
});
