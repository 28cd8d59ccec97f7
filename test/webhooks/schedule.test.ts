import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nominalDelayMs, retryDelayMs, totalRetrySpanMs } from '../../src/webhooks/schedule.js';

describe('retry schedule', () => {
  it('grows ×3 from the base and caps at 12 h (default base 5 s)', () => {
    const s = 1000;
    expect(Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => nominalDelayMs(i + 1, 5 * s) / s)).toEqual([
      5, 15, 45, 135, 405, 1215, 3645, 10935, 32805, 43200, 43200, 43200, 43200, 43200,
    ]);
  });

  it('retries for about three days in all, then gives up', () => {
    expect(totalRetrySpanMs(5000) / 3600_000).toBeCloseTo(73.67, 1);
    expect(retryDelayMs(MAX_ATTEMPTS, 5000, 0.5)).toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS - 1, 5000, 0.5)).toBe(43_200_000);
  });

  it('jitters ±20 %', () => {
    expect(retryDelayMs(1, 5000, 0)).toBe(4000);
    expect(retryDelayMs(1, 5000, 0.5)).toBe(5000);
    expect(retryDelayMs(1, 5000, 0.999999)).toBe(6000);
    expect(() => nominalDelayMs(0, 5000)).toThrow(RangeError);
  });
});
