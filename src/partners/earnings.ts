import { invalidParams } from '../errors.js';

/**
 * The range a partner's earnings cover (pure): [startAt, endAt), by default the 30 days before now, at most
 * MAX_EARNINGS_DAYS long. An empty or reversed range is INVALID_PARAMS naming `endAt`; a longer one names `startAt`.
 */
const DEFAULT_EARNINGS_DAYS = 30;
const MAX_EARNINGS_DAYS = 400;
const DAY_MS = 86_400_000;

export function earningsRange(q: { startAt?: Date; endAt?: Date }, nowMs: number): { from: Date; to: Date } {
  const to = q.endAt ?? new Date(nowMs);
  const from = q.startAt ?? new Date(to.getTime() - DEFAULT_EARNINGS_DAYS * DAY_MS);
  if (to.getTime() <= from.getTime()) throw invalidParams('endAt', 'must be after `startAt`');
  if (to.getTime() - from.getTime() > MAX_EARNINGS_DAYS * DAY_MS) throw invalidParams('startAt', `the range covers at most ${MAX_EARNINGS_DAYS} days`);
  return { from, to };
}
