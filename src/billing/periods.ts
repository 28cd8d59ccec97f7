/**
 * Billing periods, as pure functions of the anchor (the instant billing starts: the start, or the end of the
 * trial), the interval and its count. Period n starts at anchor + n × interval, computed from the anchor every
 * time (never from the previous period), so a month-end anchor never drifts: Jan 31 → Feb 28 (29 in a leap
 * year) → Mar 31 → Apr 30. Everything is UTC; the anchor's time of day is kept.
 */
export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];

const DAY_MS = 86_400_000;

/** Bounds of `intervalCount` per interval (at most about three years per period). */
export const MAX_INTERVAL_COUNT: Record<Interval, number> = { day: 1095, week: 156, month: 36, year: 3 };

const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** `anchor` plus `months` calendar months, the day clamped to the target month's last day. */
export function addMonthsClamped(anchor: number, months: number): number {
  const a = new Date(anchor);
  const total = a.getUTCFullYear() * 12 + a.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month0 = total - year * 12;
  const day = Math.min(a.getUTCDate(), daysInMonth(year, month0));
  return Date.UTC(year, month0, day, a.getUTCHours(), a.getUTCMinutes(), a.getUTCSeconds(), a.getUTCMilliseconds());
}

/** Start of period `n` (n ≥ 0; period 0 starts at the anchor). */
export function periodStart(anchor: number, interval: Interval, intervalCount: number, n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`period index must be a non-negative integer, got ${n}`);
  if (!Number.isInteger(intervalCount) || intervalCount < 1) throw new RangeError(`intervalCount must be a positive integer, got ${intervalCount}`);
  switch (interval) {
    case 'day':
      return anchor + n * intervalCount * DAY_MS;
    case 'week':
      return anchor + n * intervalCount * 7 * DAY_MS;
    case 'month':
      return addMonthsClamped(anchor, n * intervalCount);
    case 'year':
      return addMonthsClamped(anchor, n * intervalCount * 12);
  }
}

export interface Period {
  index: number;
  start: number;
  /** Exclusive: the next period's start. */
  end: number;
}

export function period(anchor: number, interval: Interval, intervalCount: number, n: number): Period {
  return { index: n, start: periodStart(anchor, interval, intervalCount, n), end: periodStart(anchor, interval, intervalCount, n + 1) };
}

/** The period containing `at` (null before the anchor). */
export function periodAt(anchor: number, interval: Interval, intervalCount: number, at: number): Period | null {
  if (at < anchor) return null;
  // Estimate from the mean length, then correct: month lengths vary, so step until start ≤ at < end.
  const mean = { day: DAY_MS, week: 7 * DAY_MS, month: 30.436875 * DAY_MS, year: 365.2425 * DAY_MS }[interval] * intervalCount;
  let n = Math.max(0, Math.floor((at - anchor) / mean));
  while (n > 0 && periodStart(anchor, interval, intervalCount, n) > at) n--;
  while (periodStart(anchor, interval, intervalCount, n + 1) <= at) n++;
  return period(anchor, interval, intervalCount, n);
}

/** The billing anchor: the start, or the end of the trial when there is one. */
export const billingAnchor = (startAt: number, trialDays: number) => startAt + trialDays * DAY_MS;

export const addDays = (t: number, days: number) => t + days * DAY_MS;
