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

/** An order's amounts: net (the fixed price), its tax and the total, all integer yen. */
export function orderAmounts(net: number): { net: number; tax: number; total: number } {
  const tax = consumptionTax(net);
  return { net, tax, total: net + tax };
}
