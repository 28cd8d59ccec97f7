/** Base units → a decimal string, exact (bigint), trimmed to `maxFraction` digits rounding up (never understate a price). */
export function formatUnits(amount: string, decimals: number, maxFraction = 6): string {
  const v = BigInt(amount);
  const base = 10n ** BigInt(decimals);
  const keep = Math.min(decimals, maxFraction);
  const step = 10n ** BigInt(decimals - keep);
  const rounded = ((v + step - 1n) / step) * step;
  const whole = rounded / base;
  let frac = (rounded % base).toString().padStart(decimals, '0').slice(0, keep).replace(/0+$/, '');
  if (frac.length < 2 && decimals >= 2 && keep >= 2) frac = frac.padEnd(2, '0');
  return frac ? `${whole}.${frac}` : whole.toString();
}

export const shortAddress = (a: string) => (a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

export const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;
