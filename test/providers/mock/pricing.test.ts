import { describe, expect, it } from 'vitest';
import { inputFor, outputFor } from '../../../src/providers/mock/pricing.js';

const tokens = [
  { decimals: 6, usd: 1 },
  { decimals: 18, usd: 3000 },
  { decimals: 8, usd: 90_000 },
  { decimals: 18, usd: 0.000001 },
  { decimals: 0, usd: 2 },
  { decimals: 18, usd: 1.2345 },
];

describe('mock pricing: inputFor is the least input whose outputFor reaches the amount', () => {
  it.each(tokens.flatMap((src) => tokens.map((dst) => [src, dst] as const)))('%o → %o', (src, dst) => {
    for (const feeBps of [0, 10, 35, 9_999])
      for (const out of [1n, 2n, 7n, 999n, 10n ** 6n + 3n, 10n ** 18n + 12_345n, 2n ** 200n]) {
        const x = inputFor(out, src, dst, feeBps);
        expect(outputFor(x, src, dst, feeBps) >= out, `${out} at ${feeBps} bps`).toBe(true);
        if (x > 0n) expect(outputFor(x - 1n, src, dst, feeBps) < out, `${out} at ${feeBps} bps: ${x} is not the least`).toBe(true);
      }
  });

  it('answers at once from an 18-decimal token to a 6-decimal one (a search by single units took millions of steps)', () => {
    const t = performance.now();
    const x = inputFor(123_456_789n, { decimals: 18, usd: 0.000001 }, { decimals: 6, usd: 1 }, 10);
    expect(outputFor(x, { decimals: 18, usd: 0.000001 }, { decimals: 6, usd: 1 }, 10)).toBeGreaterThanOrEqual(123_456_789n);
    expect(performance.now() - t).toBeLessThan(1_000);
  });
});
