import { describe, expect, it } from "vitest";
import { consumptionTax, formatYen, priceWithTaxLabel, taxedAmounts } from "./money";

describe("money", () => {
  it("computes 10 % tax once, rounded down", () => {
    expect(consumptionTax(30000)).toBe(3000);
    expect(consumptionTax(15999)).toBe(1599);
    expect(consumptionTax(9)).toBe(0);
  });

  it("formats yen with separators", () => {
    expect(formatYen(80000)).toBe("80,000円");
    expect(formatYen(0)).toBe("0円");
  });

  it("shows a price with its tax and the total", () => {
    expect(priceWithTaxLabel(15999)).toBe("15,999円（税抜） ＋ 消費税 1,599円 ＝ 17,598円");
  });

  it("gives an invoice's amounts per tax rate, the tax rounded down once", () => {
    expect(taxedAmounts(15999)).toEqual({
      net: 15999,
      taxRatePercent: 10,
      tax: 1599,
      total: 17598,
    });
    expect(taxedAmounts(0)).toEqual({ net: 0, taxRatePercent: 10, tax: 0, total: 0 });
    expect(() => taxedAmounts(1.5)).toThrow(RangeError);
    expect(() => taxedAmounts(-1)).toThrow(RangeError);
  });
});
