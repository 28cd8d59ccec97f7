import { describe, expect, it } from 'vitest';
import { earningsRange } from '../../src/partners/earnings.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-05-31T10:00:00Z');
const d = (s: string) => new Date(s);

describe('earningsRange', () => {
  it.each([
    ['nothing given: the 30 days before now', {}, '2026-05-01T10:00:00.000Z', '2026-05-31T10:00:00.000Z'],
    ['only endAt: the 30 days before it', { endAt: d('2026-03-01T00:00:00Z') }, '2026-01-30T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['only startAt: up to now', { startAt: d('2026-05-30T00:00:00Z') }, '2026-05-30T00:00:00.000Z', '2026-05-31T10:00:00.000Z'],
    ['both, as given', { startAt: d('2026-01-01T00:00:00Z'), endAt: d('2026-01-01T00:00:00.001Z') }, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.001Z'],
  ])('%s', (_name, q, from, to) => {
    const r = earningsRange(q, NOW);
    expect([r.from.toISOString(), r.to.toISOString()]).toEqual([from, to]);
  });

  it.each([
    ['an empty range', { startAt: d('2026-01-01T00:00:00Z'), endAt: d('2026-01-01T00:00:00Z') }, 'endAt'],
    ['a reversed range', { startAt: d('2026-01-02T00:00:00Z'), endAt: d('2026-01-01T00:00:00Z') }, 'endAt'],
    ['startAt after now without endAt', { startAt: d('2026-06-01T00:00:00Z') }, 'endAt'],
    ['more than 400 days', { startAt: d('2025-01-01T00:00:00Z'), endAt: d('2026-02-05T00:00:00.001Z') }, 'startAt'],
  ])('%s is INVALID_PARAMS on %s', (_name, q, field) => {
    expect(() => earningsRange(q, NOW)).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS', details: { field } }));
  });

  it('covers exactly 400 days at most', () => {
    const startAt = d('2026-01-01T00:00:00Z');
    expect(earningsRange({ startAt, endAt: new Date(startAt.getTime() + 400 * DAY) }, NOW).to.getTime() - startAt.getTime()).toBe(400 * DAY);
    expect(() => earningsRange({ startAt, endAt: new Date(startAt.getTime() + 400 * DAY + 1) }, NOW)).toThrow(/at most 400 days/);
  });
});
