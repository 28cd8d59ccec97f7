import type { Prisma } from '../db/generated/client.js';
import { ApiError } from '../errors.js';
import type { ListRequestLogs, UsageQuery } from './input.js';
import { MAX_USAGE_DAYS } from './input.js';
import { utcDay } from './rollup.js';

/** `404` → exactly 404; `4xx` → 400 to 499. */
export function statusRange(filter: string): { gte: number; lte: number } {
  if (filter.endsWith('xx')) {
    const base = Number(filter[0]) * 100;
    return { gte: base, lte: base + 99 };
  }
  const n = Number(filter);
  return { gte: n, lte: n };
}

/** The Prisma `where` of a request log search, always within the account and mode. */
export function logWhere(scope: { accountId: string; livemode: boolean }, q: Omit<ListRequestLogs, 'limit' | 'cursor'>): Prisma.RequestLogWhereInput {
  const where: Prisma.RequestLogWhereInput = { accountId: scope.accountId, livemode: scope.livemode };
  if (q.requestId !== undefined) where.requestId = q.requestId;
  if (q.route !== undefined) where.route = q.route;
  if (q.keyId !== undefined) where.credentialId = q.keyId;
  if (q.status !== undefined) where.status = statusRange(q.status);
  if (q.from !== undefined || q.to !== undefined) {
    where.createdAt = {
      ...(q.from !== undefined ? { gte: new Date(q.from) } : {}),
      ...(q.to !== undefined ? { lt: new Date(q.to) } : {}),
    };
  }
  return where;
}

const DAY_MS = 86_400_000;

/** The days a usage query covers, both included: defaults filled in (today, and 29 days before), span bounded. */
export function usageDays(q: UsageQuery, now: number): { from: string; to: string } {
  const to = q.to ?? utcDay(now);
  const from = q.from ?? utcDay(Date.parse(`${to}T00:00:00.000Z`) - 29 * DAY_MS);
  const span = (Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS + 1;
  if (span > MAX_USAGE_DAYS) throw new ApiError('INVALID_PARAMS', `from: the range may span at most ${MAX_USAGE_DAYS} days`, { field: 'from' });
  return { from, to };
}
