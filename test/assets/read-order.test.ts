import { describe, expect, it } from 'vitest';
import { LATENCY_WEIGHT, nextLatency, slowestFirst } from '../../src/assets/read-order.js';

const chain = (id: number) => ({ id });

describe('slowestFirst', () => {
  it.each([
    { name: 'nothing measured keeps the order', ids: [1, 10, 56], latency: {}, want: [1, 10, 56] },
    { name: 'slowest first', ids: [1, 10, 56], latency: { 1: 20, 10: 250, 56: 90 }, want: [10, 56, 1] },
    { name: 'never measured before measured', ids: [1, 10, 56], latency: { 1: 500, 56: 90 }, want: [10, 1, 56] },
    { name: 'ties keep the order given', ids: [56, 1, 10], latency: { 1: 40, 10: 40, 56: 40 }, want: [56, 1, 10] },
    { name: 'latency of chains not asked for is ignored', ids: [10], latency: { 1: 900, 10: 5 }, want: [10] },
    { name: 'no chains', ids: [], latency: { 1: 5 }, want: [] },
  ])('$name', ({ ids, latency, want }) => {
    const map = new Map(Object.entries(latency).map(([k, v]) => [Number(k), v as number]));
    expect(slowestFirst(ids.map(chain), map).map((c) => c.id)).toEqual(want);
  });

  it('does not reorder its input', () => {
    const input = [chain(1), chain(2)];
    slowestFirst(input, new Map([[2, 10]]));
    expect(input.map((c) => c.id)).toEqual([1, 2]);
  });
});

describe('nextLatency', () => {
  it.each([
    { previous: undefined, sample: 120, want: 120 },
    { previous: 100, sample: 100, want: 100 },
    { previous: 100, sample: 200, want: 100 + LATENCY_WEIGHT * 100 },
    { previous: 200, sample: 100, want: 200 - LATENCY_WEIGHT * 100 },
  ])('$previous then $sample → $want', ({ previous, sample, want }) => {
    expect(nextLatency(previous, sample)).toBeCloseTo(want, 9);
  });
});
