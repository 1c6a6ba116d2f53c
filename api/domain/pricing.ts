// Money rules: prices are integer yen, tax excluded; consumption tax is 10 %, rounded down once per order.
export const CONSUMPTION_TAX_PERCENT = 10;

export function consumptionTax(net: number): number {
  return Math.floor((net * CONSUMPTION_TAX_PERCENT) / 100);
}

/** The sale recorded when an order is paid (a reversal is the same amounts negated). */
export function saleAmounts(price: number): { net: number; tax: number } {
  return { net: price, tax: consumptionTax(price) };
}
