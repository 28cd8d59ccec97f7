/**
 * The daily usage roll-up of a batch of request log entries: one row per (account, mode, UTC day, route, status)
 * with its count, error count and latency sum and maximum. A batch upserts these rows, adding to what earlier
 * batches (of any instance) wrote. Pure, so the aggregation is table-tested without a database.
 */

/** What the roll-up reads of an entry. */
export interface RollupInput {
  accountId: string;
  livemode: boolean;
  /** When the request arrived, epoch ms (its UTC day is the row's day). */
  at: number;
  route: string;
  status: number;
  latencyMs: number;
  errorCode: string | null;
}

export interface UsageDelta {
  accountId: string;
  livemode: boolean;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  route: string;
  status: number;
  count: number;
  errorCount: number;
  latencySumMs: number;
  latencyMaxMs: number;
}

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** An entry counts as an error when it carries an error code or its status is 400 or above. */
export const isError = (e: Pick<RollupInput, 'status' | 'errorCode'>): boolean => e.status >= 400 || e.errorCode !== null;

/**
 * Aggregates entries into usage rows, sorted by key: one INSERT … ON CONFLICT may not touch a row twice, and
 * instances upserting the same rows in one order cannot deadlock each other.
 */
export function rollUp(entries: readonly RollupInput[]): UsageDelta[] {
  const rows = new Map<string, UsageDelta>();
  for (const e of entries) {
    const day = utcDay(e.at);
    const key = `${e.accountId}\u0000${e.livemode ? 1 : 0}\u0000${day}\u0000${e.route}\u0000${e.status}`;
    let r = rows.get(key);
    if (!r) {
      r = { accountId: e.accountId, livemode: e.livemode, day, route: e.route, status: e.status, count: 0, errorCount: 0, latencySumMs: 0, latencyMaxMs: 0 };
      rows.set(key, r);
    }
    r.count++;
    if (isError(e)) r.errorCount++;
    r.latencySumMs += e.latencyMs;
    r.latencyMaxMs = Math.max(r.latencyMaxMs, e.latencyMs);
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
}
