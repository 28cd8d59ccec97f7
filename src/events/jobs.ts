import type { RawSql } from '../db/client.js';
import type { Clock } from '../clock.js';
import type { Job } from '../jobs/runner.js';
import { sqlHasPendingDelivery } from '../webhooks/outbox.js';

const DAY_MS = 24 * 3600 * 1000;
/** Rows per DELETE: short statements, so the sweep never holds many row locks or a long transaction. */
const BATCH = 500;

/**
 * Deletes events created before `cutoff` whose webhook deliveries have all ended (none `pending`);
 * deliveries and attempts go with them (ON DELETE CASCADE). Returns how many events were deleted.
 * Locked events are skipped (SKIP LOCKED): a redelivery holding one keeps it, and instances sweeping at
 * once take disjoint rows instead of waiting on (or deadlocking with) each other.
 */
export async function deleteEventsBefore(sql: RawSql, cutoff: Date, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await sql.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM events WHERE id IN (
           SELECT e.id FROM events e
            WHERE e.created_at < $1::timestamptz
              AND NOT ${sqlHasPendingDelivery('e.id')}
            ORDER BY e.created_at
            LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [cutoff.toISOString()],
    );
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < BATCH || signal?.aborted) return total;
  }
}

/** Hourly retention sweep (EVENT_RETENTION_DAYS). */
export function eventRetentionJob(sql: RawSql, clock: Clock, retentionDays: number): Job {
  return {
    name: 'events.retention',
    intervalMs: 3600_000,
    run: async (signal) => void (await deleteEventsBefore(sql, new Date(clock.now() - retentionDays * DAY_MS), signal)),
  };
}
