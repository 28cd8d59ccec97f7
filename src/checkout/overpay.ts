/**
 * Integer math for payer quotes: how much a payer sends so that at least the amount due arrives, and how much
 * that overpays. USD prices are floats (the API gives USD values as JSON numbers); they are turned into
 * nano-USD integers before touching token amounts, which stay bigint.
 */
const BPS = 10_000n;
const NANO = 1_000_000_000;

const nanoUsd = (price: number) => BigInt(Math.round(price * NANO));
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** USD value of `amount` base units, in nano-USD. */
function valueNano(amount: bigint, decimals: number, priceUsd: number): bigint {
  return (amount * nanoUsd(priceUsd)) / 10n ** BigInt(decimals);
}

/** First input to try from prices: the due amount's worth of the source token plus `bufferBps`. */
export function initialInput(p: {
  due: bigint;
  dueDecimals: number;
  duePriceUsd: number;
  srcDecimals: number;
  srcPriceUsd: number;
  bufferBps: number;
}): bigint {
  const src = nanoUsd(p.srcPriceUsd);
  if (src <= 0n) throw new Error('source price must be positive');
  const worth = valueNano(p.due, p.dueDecimals, p.duePriceUsd);
  const base = ceilDiv(worth * 10n ** BigInt(p.srcDecimals), src);
  return ceilDiv(base * (BPS + BigInt(p.bufferBps)), BPS);
}

/**
 * Next input: scale the last one by due / guaranteed output (the route's observed rate) plus a small
 * buffer for non-linear fees and price impact. Converges in one or two steps on a smooth price curve.
 */
export function nextInput(input: bigint, gotMin: bigint, due: bigint, bufferBps = 5): bigint {
  if (gotMin <= 0n) return input * 2n;
  return ceilDiv(input * due * (BPS + BigInt(bufferBps)), gotMin * BPS);
}

/** Overpay in bps of the amount due's value (negative when the price feeds disagree in the payer's favour). */
export function overpayBps(p: { srcAmount: bigint; srcDecimals: number; srcPriceUsd: number; due: bigint; dueDecimals: number; duePriceUsd: number }): number {
  const paid = valueNano(p.srcAmount, p.srcDecimals, p.srcPriceUsd);
  const owed = valueNano(p.due, p.dueDecimals, p.duePriceUsd);
  if (owed <= 0n) return 0;
  return Number(((paid - owed) * BPS) / owed);
}

/** Without prices, the overshoot of the expected output over the amount due, in bps. */
export function outputOvershootBps(dstAmount: bigint, due: bigint): number {
  return Number(((dstAmount - due) * BPS) / due);
}
