import { describe, expect, it } from 'vitest';
import { rankQuotes, timePenalty, type Rankable } from '../../src/quotes/ranking.js';

const q = (provider: string, dst: bigint, secs: number, gas = false, src = 1_000_000n): Rankable => ({
  provider,
  srcAmount: src,
  dstAmount: dst,
  estimatedSeconds: secs,
  deliversGasOnArrival: gas,
});
const order = (qs: Rankable[], o: { tradeType?: 'EXACT_INPUT' | 'EXACT_OUTPUT'; gas?: boolean } = {}) =>
  rankQuotes(qs, { tradeType: o.tradeType ?? 'EXACT_INPUT', gasOnArrivalRequested: o.gas ?? false }).map((x) => x.provider);

describe('timePenalty (1/60 bp units)', () => {
  it.each([
    [0, 0n],
    [60, 0n],
    [61, 1n],
    [120, 60n], // one minute beyond the first = 1 bp
    [60 + 50 * 60, 3000n], // 50 bps
    [60 + 90 * 60, 3000n], // capped
  ])('%i s → %i', (s, p) => expect(timePenalty(s)).toBe(p));
});

describe('rankQuotes', () => {
  it('more output first when times are equal', () => {
    expect(order([q('a', 990n, 10), q('b', 1000n, 10)])).toEqual(['b', 'a']);
  });

  it('a slower quote loses 1 bp per minute beyond the first', () => {
    // b waits 11 min → 10 bp penalty: 1_000_000 * 0.999 = 999_000 < 999_500
    expect(order([q('a', 999_500n, 30), q('b', 1_000_000n, 660)])).toEqual(['a', 'b']);
    // with 5 bp penalty (6 min) b's 999_500 equals a's 999_500 → tie → faster first
    expect(order([q('b', 1_000_000n, 360), q('a', 999_500n, 30)])).toEqual(['a', 'b']);
    // penalty small enough: b still wins
    expect(order([q('a', 999_800n, 30), q('b', 1_000_000n, 120)])).toEqual(['b', 'a']);
  });

  it('the penalty is capped at 50 bps', () => {
    // 2 hours: capped at 50 bps → 1_000_000 → 995_000 > 994_000
    expect(order([q('a', 994_000n, 10), q('b', 1_000_000n, 7200)])).toEqual(['b', 'a']);
  });

  it('ties are broken by speed', () => {
    expect(order([q('slow', 1000n, 40), q('fast', 1000n, 5)])).toEqual(['fast', 'slow']);
  });

  it('with gas on arrival requested, quotes delivering it come first', () => {
    expect(order([q('plain', 2000n, 5), q('gas', 1000n, 50, true)], { gas: true })).toEqual(['gas', 'plain']);
    expect(order([q('plain', 2000n, 5), q('gas', 1000n, 50, true)], { gas: false })).toEqual(['plain', 'gas']);
  });

  it('exact output: the lower time-adjusted input wins', () => {
    expect(order([q('a', 100n, 10, false, 1_010n), q('b', 100n, 10, false, 1_000n)], { tradeType: 'EXACT_OUTPUT' })).toEqual(['b', 'a']);
    // b is 10 bp slower-penalised (11 min): 1_000_000 → 1_001_000 > 1_000_500
    expect(order([q('a', 100n, 10, false, 1_000_500n), q('b', 100n, 660, false, 1_000_000n)], { tradeType: 'EXACT_OUTPUT' })).toEqual(['a', 'b']);
  });
});
