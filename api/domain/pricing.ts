// Money rules: prices are integer yen, tax excluded; consumption tax is 10 %, rounded down once per order.
export const CONSUMPTION_TAX_PERCENT = 10;

export function consumptionTax(net: number): number {
  return Math.floor((net * CONSUMPTION_TAX_PERCENT) / 100);
}

/** The sale recorded when an order is paid (a reversal is the same amounts negated). */
export function saleAmounts(price: number): { net: number; tax: number } {
  return { net: price, tax: consumptionTax(price) };
}

/**
 * The amounts of a qualified invoice (適格請求書) or receipt for one order: the net amount per tax
 * rate (only 10 % here), its consumption tax rounded down once for the rate, and the total.
 */
export interface TaxedAmounts {
  net: number;
  taxRatePercent: number;
  tax: number;
  total: number;
}

export function taxedAmounts(net: number): TaxedAmounts {
  if (!Number.isSafeInteger(net) || net < 0) throw new RangeError(`not an amount of yen: ${net}`);
  const { tax } = saleAmounts(net);
  return { net, taxRatePercent: CONSUMPTION_TAX_PERCENT, tax, total: net + tax };
}

/** "30,000円", as the API's documents, mails and sandbox pages write an amount. */
export const formatYen = (amount: number) => `${amount.toLocaleString("ja-JP")}円`;
