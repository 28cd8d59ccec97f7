/** A line item as stored and shown. */
export interface LineItem {
  description: string;
  quantity: number;
  unitAmount: string;
}

/** Σ quantity × unitAmount, exactly (bigint). */
export const invoiceTotal = (items: readonly LineItem[]): bigint => items.reduce((sum, li) => sum + BigInt(li.quantity) * BigInt(li.unitAmount), 0n);

/**
 * Base units as a decimal amount for people: `49000000` with 6 decimals → `49.00`; at least two decimals,
 * trailing zeros beyond them dropped, thousands grouped with commas (`1,234.5678`).
 */
export function formatUnits(amount: string | bigint, decimals: number): string {
  const v = BigInt(amount);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const scale = 10n ** BigInt(decimals);
  const whole = (abs / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let frac = decimals ? (abs % scale).toString().padStart(decimals, '0') : '';
  frac = frac.replace(/0+$/, '');
  if (frac.length < 2) frac = frac.padEnd(Math.min(2, Math.max(decimals, 0)), '0');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}
