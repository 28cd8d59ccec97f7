/**
 * Deterministic prices for the mock provider (local development only): a fixed USD table by symbol,
 * falling back to the token's own `priceUsd`. Amounts are computed on integers (micro-USD).
 */
const MOCK_USD: Record<string, number> = {
  USDC: 1,
  USDT: 1,
  USDBC: 1,
  DAI: 1,
  ETH: 3000,
  WETH: 3000,
  CBBTC: 90_000,
  WBTC: 90_000,
  B32: 2,
};

/** The mock market maker's own margin, in bps of the input. */
export const MOCK_SPREAD_BPS = 10;

export function usdPrice(t: { symbol: string; priceUsd?: number }): number | undefined {
  return MOCK_USD[t.symbol.toUpperCase()] ?? (t.priceUsd && t.priceUsd > 0 ? t.priceUsd : undefined);
}

const micro = (usd: number) => BigInt(Math.round(usd * 1e6));

/** Output for an exact input after `feeBps` (our + partner + spread). */
export function outputFor(amountIn: bigint, src: { decimals: number; usd: number }, dst: { decimals: number; usd: number }, feeBps: number): bigint {
  const value = (amountIn * micro(src.usd) * 10n ** BigInt(dst.decimals)) / 10n ** BigInt(src.decimals);
  return (value * BigInt(10_000 - feeBps)) / (micro(dst.usd) * 10_000n);
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * The least input whose `outputFor` is at least `amountOut`, worked out through outputFor's two floor divisions in
 * reverse (each `⌊v·c/d⌋ ≥ n` is `v ≥ ⌈n·d/c⌉`). It was a search that stepped the input by one unit: from an 18-decimal
 * token to a 6-decimal one, each output unit is 10¹² input units, so a quote could take millions of steps.
 */
export function inputFor(amountOut: bigint, src: { decimals: number; usd: number }, dst: { decimals: number; usd: number }, feeBps: number): bigint {
  const value = ceilDiv(amountOut * micro(dst.usd) * 10_000n, BigInt(10_000 - feeBps));
  return ceilDiv(value * 10n ** BigInt(src.decimals), micro(src.usd) * 10n ** BigInt(dst.decimals));
}
