import { describe, expect, it } from 'vitest';
import { enoughAnswered, nextCheckMs, quotesNeeded } from '../../src/quotes/wait.js';

describe('the adaptive wait of a one-shot quote with waitMs', () => {
  // 6 providers asked, waitMs 400: half (3) needed from 400 ms, 2 from 600 ms, 1 from 800 ms.
  it.each([
    { elapsedMs: 0, needed: Infinity },
    { elapsedMs: 399, needed: Infinity },
    { elapsedMs: 400, needed: 3 },
    { elapsedMs: 599, needed: 3 },
    { elapsedMs: 600, needed: 2 },
    { elapsedMs: 800, needed: 1 },
    { elapsedMs: 5_000, needed: 1 },
  ])('at $elapsedMs ms, $needed quotes are needed', ({ elapsedMs, needed }) => {
    expect(quotesNeeded({ elapsedMs, waitMs: 400, asked: 6 })).toBe(needed);
  });

  it.each([
    { what: 'everyone settled, before waitMs', s: { elapsedMs: 10, quoted: 1, settled: 6 }, enough: true },
    { what: 'everyone settled without a quote (NO_ROUTE follows)', s: { elapsedMs: 10, quoted: 0, settled: 6 }, enough: true },
    { what: 'five quotes before waitMs: the sixth is still waited for', s: { elapsedMs: 399, quoted: 5, settled: 5 }, enough: false },
    { what: 'three quotes at waitMs', s: { elapsedMs: 400, quoted: 3, settled: 3 }, enough: true },
    { what: 'two quotes at waitMs', s: { elapsedMs: 400, quoted: 2, settled: 4 }, enough: false },
    { what: 'two quotes one step later', s: { elapsedMs: 600, quoted: 2, settled: 4 }, enough: true },
    { what: 'failures do not count as quotes', s: { elapsedMs: 1_000, quoted: 0, settled: 5 }, enough: false },
    { what: 'one quote two steps later', s: { elapsedMs: 800, quoted: 1, settled: 1 }, enough: true },
  ])('$what → $enough', ({ s, enough }) => {
    expect(enoughAnswered({ waitMs: 400, asked: 6, ...s })).toBe(enough);
  });

  it('waitMs 0 answers with the first quote; one provider asked needs its one quote', () => {
    expect(enoughAnswered({ elapsedMs: 0, waitMs: 0, asked: 6, quoted: 1, settled: 1 })).toBe(true);
    expect(enoughAnswered({ elapsedMs: 0, waitMs: 0, asked: 6, quoted: 0, settled: 1 })).toBe(false);
    expect(quotesNeeded({ elapsedMs: 500, waitMs: 500, asked: 1 })).toBe(1);
  });

  it.each([
    { elapsedMs: 0, next: 400 },
    { elapsedMs: 400, next: 600 },
    { elapsedMs: 650, next: 800 },
  ])('the rule next changes at $next ms when asked at $elapsedMs', ({ elapsedMs, next }) => {
    expect(nextCheckMs({ elapsedMs, waitMs: 400 })).toBe(next);
  });

  it('with waitMs 0 nothing changes with time after the start', () => {
    expect(nextCheckMs({ elapsedMs: 0, waitMs: 0 })).toBe(Infinity);
  });
});
