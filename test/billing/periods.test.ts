import { describe, expect, it } from 'vitest';
import { addMonthsClamped, billingAnchor, period, periodAt, periodStart, type Interval } from '../../src/billing/periods.js';

const t = (s: string) => Date.parse(s);
const iso = (ms: number) => new Date(ms).toISOString();

describe('periodStart', () => {
  const cases: Array<[string, Interval, number, number, string]> = [
    // anchor, interval, count, n, expected start
    ['2026-01-31T10:00:00.000Z', 'month', 1, 0, '2026-01-31T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 'month', 1, 1, '2026-02-28T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 'month', 1, 2, '2026-03-31T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 'month', 1, 3, '2026-04-30T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 'month', 1, 12, '2027-01-31T10:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', 'month', 1, 1, '2028-02-29T00:00:00.000Z'], // leap year
    ['2028-01-31T00:00:00.000Z', 'month', 1, 2, '2028-03-31T00:00:00.000Z'],
    ['2026-01-30T00:00:00.000Z', 'month', 1, 1, '2026-02-28T00:00:00.000Z'],
    ['2026-01-29T00:00:00.000Z', 'month', 1, 1, '2026-02-28T00:00:00.000Z'],
    ['2028-01-29T00:00:00.000Z', 'month', 1, 1, '2028-02-29T00:00:00.000Z'],
    ['2026-01-15T00:00:00.000Z', 'month', 1, 1, '2026-02-15T00:00:00.000Z'],
    ['2026-08-31T00:00:00.000Z', 'month', 3, 1, '2026-11-30T00:00:00.000Z'],
    ['2026-08-31T00:00:00.000Z', 'month', 3, 2, '2027-02-28T00:00:00.000Z'],
    ['2026-08-31T00:00:00.000Z', 'month', 3, 3, '2027-05-31T00:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', 'month', 1, 2, '2027-02-28T23:59:59.999Z'],
    ['2026-11-30T00:00:00.000Z', 'month', 2, 1, '2027-01-30T00:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', 'year', 1, 1, '2029-02-28T12:00:00.000Z'], // leap day anchor
    ['2028-02-29T12:00:00.000Z', 'year', 1, 4, '2032-02-29T12:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', 'year', 2, 1, '2030-02-28T12:00:00.000Z'],
    ['2026-03-01T00:00:00.000Z', 'year', 1, 2, '2028-03-01T00:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', 'day', 1, 1, '2026-01-02T00:00:00.000Z'],
    ['2028-02-28T00:00:00.000Z', 'day', 1, 1, '2028-02-29T00:00:00.000Z'],
    ['2028-02-28T00:00:00.000Z', 'day', 1, 2, '2028-03-01T00:00:00.000Z'],
    ['2026-02-28T00:00:00.000Z', 'day', 1, 1, '2026-03-01T00:00:00.000Z'],
    ['2026-01-01T06:00:00.000Z', 'day', 10, 3, '2026-01-31T06:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', 'week', 1, 1, '2026-01-08T00:00:00.000Z'],
    ['2026-12-30T00:00:00.000Z', 'week', 2, 1, '2027-01-13T00:00:00.000Z'],
    ['2028-02-26T00:00:00.000Z', 'week', 1, 1, '2028-03-04T00:00:00.000Z'],
  ];
  it.each(cases)('%s + %s×%i, period %i → %s', (anchor, interval, count, n, expected) => {
    expect(iso(periodStart(t(anchor), interval, count, n))).toBe(expected);
  });

  it('never drifts: every monthly period of ten years keeps the anchor day, clamped only in shorter months', () => {
    const anchor = t('2026-01-31T08:30:00.000Z');
    for (let n = 0; n < 120; n++) {
      const d = new Date(periodStart(anchor, 'month', 1, n));
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      expect(d.getUTCDate()).toBe(Math.min(31, last));
      expect(d.getUTCHours()).toBe(8);
      expect(d.getUTCMinutes()).toBe(30);
      expect(d.getUTCMonth()).toBe(n % 12);
    }
  });

  it('refuses negative indexes and counts below 1', () => {
    expect(() => periodStart(0, 'day', 1, -1)).toThrow(RangeError);
    expect(() => periodStart(0, 'day', 0, 1)).toThrow(RangeError);
  });
});

describe('period / periodAt', () => {
  it('a period ends where the next begins', () => {
    const p = period(t('2026-01-31T00:00:00.000Z'), 'month', 1, 1);
    expect([iso(p.start), iso(p.end)]).toEqual(['2026-02-28T00:00:00.000Z', '2026-03-31T00:00:00.000Z']);
  });

  it.each([
    ['2026-01-31T00:00:00.000Z', 'month', '2026-03-30T23:59:59.999Z', 1],
    ['2026-01-31T00:00:00.000Z', 'month', '2026-03-31T00:00:00.000Z', 2],
    ['2026-01-31T00:00:00.000Z', 'month', '2026-01-31T00:00:00.000Z', 0],
    ['2026-01-31T00:00:00.000Z', 'month', '2036-01-31T00:00:00.000Z', 120],
    ['2026-01-01T00:00:00.000Z', 'day', '2026-12-31T12:00:00.000Z', 364],
    ['2026-01-01T00:00:00.000Z', 'week', '2026-01-14T23:00:00.000Z', 1],
    ['2028-02-29T00:00:00.000Z', 'year', '2029-02-28T00:00:00.000Z', 1],
    ['2028-02-29T00:00:00.000Z', 'year', '2029-02-27T23:59:59.999Z', 0],
  ] as Array<[string, Interval, string, number]>)('anchor %s by %s: %s is in period %i', (anchor, interval, at, n) => {
    expect(periodAt(t(anchor), interval, 1, t(at))?.index).toBe(n);
  });

  it('is null before the anchor', () => {
    expect(periodAt(t('2026-01-01T00:00:00.000Z'), 'month', 1, t('2025-12-31T00:00:00.000Z'))).toBeNull();
  });
});

describe('addMonthsClamped / billingAnchor', () => {
  it('goes backwards too', () => {
    expect(iso(addMonthsClamped(t('2026-03-31T00:00:00.000Z'), -1))).toBe('2026-02-28T00:00:00.000Z');
  });
  it('a trial moves the anchor by whole days', () => {
    expect(iso(billingAnchor(t('2026-01-31T00:00:00.000Z'), 14))).toBe('2026-02-14T00:00:00.000Z');
    expect(iso(billingAnchor(t('2026-01-31T00:00:00.000Z'), 0))).toBe('2026-01-31T00:00:00.000Z');
  });
});
