// Money is integer yen. Consumption tax is 10 %, computed once per order and rounded down
// (ARCHITECTURE §6).
export const TAX_RATE_PERCENT = 10;

export function consumptionTax(net: number): number {
  return Math.floor((net * TAX_RATE_PERCENT) / 100);
}

/** "30,000円" */
export function formatYen(amount: number): string {
  return `${amount.toLocaleString("ja-JP")}円`;
}

/** A price with its tax, as the order shows it: "30,000円（税抜） ＋ 消費税 3,000円 ＝ 33,000円". */
export function priceWithTaxLabel(net: number): string {
  const tax = consumptionTax(net);
  return `${formatYen(net)}（税抜） ＋ 消費税 ${formatYen(tax)} ＝ ${formatYen(net + tax)}`;
}

/**
 * The amounts of a qualified invoice (適格請求書) or receipt for one order: the net amount per tax
 * rate (only 10 % here), its consumption tax rounded down once for the rate, and the total.
 */
export interface TaxedAmounts {
  /** 10 % 対象 (税抜). */
  net: number;
  taxRatePercent: number;
  /** 消費税 for the rate, rounded down once. */
  tax: number;
  /** 税込. */
  total: number;
}

export function taxedAmounts(net: number): TaxedAmounts {
  if (!Number.isSafeInteger(net) || net < 0) throw new RangeError(`not an amount of yen: ${net}`);
  const tax = consumptionTax(net);
  return { net, taxRatePercent: TAX_RATE_PERCENT, tax, total: net + tax };
}
