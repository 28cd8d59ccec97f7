import type { RawSql } from '../db/client.js';
import { rollUp, type RollupInput } from './rollup.js';

/** One request log row as the buffer holds it (normalised by the service's `record`). */
export interface LogRow extends RollupInput {
  id: string;
  method: string;
  requestId: string;
  credentialId: string | null;
  clientIp: string | null;
  userAgent: string | null;
}

/**
 * Writes a batch in one statement: the rows (a multi-row insert through `unnest`, so the statement and its plan
 * are the same whatever the batch size) and, in a data-modifying CTE of the same statement, the batch's usage
 * roll-up added to `usage_daily`. One round trip; both commit or neither does.
 */
export async function writeBatch(sql: RawSql, rows: readonly LogRow[]): Promise<void> {
  if (!rows.length) return;
  const usage = rollUp(rows);
  const col = <K extends keyof LogRow>(k: K) => rows.map((r) => r[k]);
  await sql.query(
    `WITH logs AS (
       INSERT INTO request_logs (id, account_id, livemode, created_at, method, route, status, latency_ms, request_id, credential_id, client_ip, user_agent, error_code)
       SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::timestamptz[], $5::text[], $6::text[], $7::int[], $8::float8[],
                            $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
       RETURNING 1)
     INSERT INTO usage_daily AS u (account_id, livemode, day, route, status, count, error_count, latency_sum_ms, latency_max_ms)
     SELECT * FROM unnest($14::text[], $15::boolean[], $16::date[], $17::text[], $18::int[], $19::bigint[], $20::bigint[], $21::float8[], $22::float8[])
     ON CONFLICT (account_id, livemode, day, route, status) DO UPDATE SET
       count = u.count + EXCLUDED.count,
       error_count = u.error_count + EXCLUDED.error_count,
       latency_sum_ms = u.latency_sum_ms + EXCLUDED.latency_sum_ms,
       latency_max_ms = GREATEST(u.latency_max_ms, EXCLUDED.latency_max_ms)`,
    [
      col('id'),
      col('accountId'),
      col('livemode'),
      rows.map((r) => new Date(r.at).toISOString()),
      col('method'),
      col('route'),
      col('status'),
      col('latencyMs'),
      col('requestId'),
      col('credentialId'),
      col('clientIp'),
      col('userAgent'),
      col('errorCode'),
      usage.map((u) => u.accountId),
      usage.map((u) => u.livemode),
      usage.map((u) => u.day),
      usage.map((u) => u.route),
      usage.map((u) => u.status),
      usage.map((u) => u.count),
      usage.map((u) => u.errorCount),
      usage.map((u) => u.latencySumMs),
      usage.map((u) => u.latencyMaxMs),
    ],
  );
}

/** Rows per DELETE: short statements, so the sweep never holds many row locks or a long transaction. */
const DELETE_BATCH = 1000;

/** Deletes request logs created before `cutoff` in batches; returns how many. */
export async function deleteLogsBefore(sql: RawSql, cutoff: Date, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    sql,
    `WITH gone AS (
       DELETE FROM request_logs WHERE id IN (
         SELECT id FROM request_logs WHERE created_at < $1::timestamptz ORDER BY created_at LIMIT ${DELETE_BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    cutoff.toISOString(),
    signal,
  );
}

/** Deletes usage rows of days before `cutoffDay` (`YYYY-MM-DD`) in batches; returns how many. */
export async function deleteUsageBefore(sql: RawSql, cutoffDay: string, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    sql,
    `WITH gone AS (
       DELETE FROM usage_daily WHERE ctid IN (
         SELECT ctid FROM usage_daily WHERE day < $1::date LIMIT ${DELETE_BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    cutoffDay,
    signal,
  );
}

async function deleteInBatches(sql: RawSql, statement: string, param: string, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for (;;) {
    const n = (await sql.query<{ n: number }>(statement, [param]))[0]?.n ?? 0;
    total += n;
    if (n < DELETE_BATCH || signal?.aborted) return total;
  }
}
