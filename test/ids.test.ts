import { describe, expect, it } from 'vitest';
import { idBase62, newId, randomBase62 } from '../src/ids.js';

describe.each([
  ['randomBase62 (secrets)', randomBase62],
  ['idBase62 (ids, buffered)', idBase62],
])('%s', (_name, randomBase62) => {
  it('carries the asked bits in base62 characters', () => {
    expect(randomBase62(128)).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(randomBase62(190)).toHaveLength(32);
    expect(randomBase62(4000)).toHaveLength(672); // longer than one fill of the byte pool
    expect(newId('q', 128)).toMatch(/^q_[0-9A-Za-z]{22}$/);
  });

  it('is unbiased enough that every character appears about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) for (const c of randomBase62(128)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // ≈ 7097 each, σ ≈ 83: ±8% is ~6.8σ, far outside chance, while a plain `byte % 62` (no rejection)
    // would put '0'–'7' about 21% over and fail.
    const expected = (20_000 * 22) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(expected * 0.08);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 50_000 }, () => randomBase62(128)));
    expect(ids.size).toBe(50_000);
  });
});
