import type { RawSql } from '../db/client.js';
import type { MinuteCounts, Signals } from './classify.js';
import type { HourRow, MinuteSample } from './rollup.js';

/**
 * The status tables in SQL: each statement is one round trip whatever the number of rows (arrays through `unnest`),
 * and every write is safe to run from several instances at once (additive minute upserts, recomputed hours
 * overwritten, probe leases claimed by a conditional upsert).
 */

/** Adds samples to the minute rows: counts are summed, the lag is the worst of all. */
export async function addSamples(sql: RawSql, rows: readonly MinuteSample[]): Promise<void> {
  if (!rows.length) return;
  await sql.query(
    `INSERT INTO status_minute_samples AS s (component, minute, total, failed, timeouts, slow, lag_ms)
     SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
     ON CONFLICT (component, minute) DO UPDATE SET
       total = s.total + EXCLUDED.total,
       failed = s.failed + EXCLUDED.failed,
       timeouts = s.timeouts + EXCLUDED.timeouts,
       slow = s.slow + EXCLUDED.slow,
       lag_ms = GREATEST(s.lag_ms, EXCLUDED.lag_ms)`,
    [
      rows.map((r) => r.component),
      rows.map((r) => new Date(r.minute).toISOString()),
      rows.map((r) => r.signals.total),
      rows.map((r) => r.signals.failed),
      rows.map((r) => r.signals.timeouts),
      rows.map((r) => r.signals.slow),
      rows.map((r) => r.signals.lagMs),
    ],
  );
}

interface SignalColumns {
  total: number;
  failed: number;
  timeouts: number;
  slow: number;
  lag_ms: number;
}
const signalsOf = (r: SignalColumns): Signals => ({ total: r.total, failed: r.failed, timeouts: r.timeouts, slow: r.slow, lagMs: r.lag_ms });

/** Every component's counters summed over the minutes from `from` on (all instances). */
export async function windowSums(sql: RawSql, from: number): Promise<Map<string, Signals>> {
  const rows = await sql.query<SignalColumns & { component: string }>(
    `SELECT component, sum(total)::int AS total, sum(failed)::int AS failed, sum(timeouts)::int AS timeouts, sum(slow)::int AS slow,
            max(lag_ms)::int AS lag_ms
     FROM status_minute_samples WHERE minute >= $1::timestamptz GROUP BY component`,
    [new Date(from).toISOString()],
  );
  return new Map(rows.map((r) => [r.component, signalsOf(r)]));
}

/** The minute rows in [from, to). */
export async function readMinutes(sql: RawSql, from: number, to: number): Promise<MinuteSample[]> {
  const rows = await sql.query<SignalColumns & { component: string; minute_ms: number }>(
    `SELECT component, (extract(epoch FROM minute) * 1000)::float8 AS minute_ms, total, failed, timeouts, slow, lag_ms
     FROM status_minute_samples WHERE minute >= $1::timestamptz AND minute < $2::timestamptz`,
    [new Date(from).toISOString(), new Date(to).toISOString()],
  );
  return rows.map((r) => ({ component: r.component, minute: Number(r.minute_ms), signals: signalsOf(r) }));
}

/** The latest hour rolled up (ms), or null before the first roll-up. */
export async function latestHour(sql: RawSql): Promise<number | null> {
  const [row] = await sql.query<{ hour_ms: number | null }>(`SELECT (extract(epoch FROM max(hour)) * 1000)::float8 AS hour_ms FROM status_hourly`);
  return row?.hour_ms === null || row?.hour_ms === undefined ? null : Number(row.hour_ms);
}

/** Writes hour rows, replacing what an earlier roll-up of the same hours wrote. */
export async function writeHours(sql: RawSql, rows: readonly HourRow[]): Promise<void> {
  if (!rows.length) return;
  const col = (k: keyof MinuteCounts) => rows.map((r) => r.counts[k]);
  await sql.query(
    `INSERT INTO status_hourly (component, hour, operational, degraded, partial, major, maintenance, no_data)
     SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[])
     ON CONFLICT (component, hour) DO UPDATE SET
       operational = EXCLUDED.operational, degraded = EXCLUDED.degraded, partial = EXCLUDED.partial, major = EXCLUDED.major,
       maintenance = EXCLUDED.maintenance, no_data = EXCLUDED.no_data`,
    [
      rows.map((r) => r.component),
      rows.map((r) => new Date(r.hour).toISOString()),
      col('operational'),
      col('degraded'),
      col('partial'),
      col('major'),
      col('maintenance'),
      col('noData'),
    ],
  );
}

/** Minutes by state per component and UTC day (`YYYY-MM-DD`), from the hours since `from`. */
export async function dailyCounts(sql: RawSql, from: number): Promise<Array<{ component: string; day: string; counts: MinuteCounts }>> {
  const rows = await sql.query<{
    component: string;
    day: string;
    operational: number;
    degraded: number;
    partial: number;
    major: number;
    maintenance: number;
    no_data: number;
  }>(
    `SELECT component, to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            sum(operational)::int AS operational, sum(degraded)::int AS degraded, sum(partial)::int AS partial,
            sum(major)::int AS major, sum(maintenance)::int AS maintenance, sum(no_data)::int AS no_data
     FROM status_hourly WHERE hour >= $1::timestamptz GROUP BY 1, 2`,
    [new Date(from).toISOString()],
  );
  return rows.map((r) => ({
    component: r.component,
    day: r.day,
    counts: { operational: r.operational, degraded: r.degraded, partial: r.partial, major: r.major, maintenance: r.maintenance, noData: r.no_data },
  }));
}

/**
 * Claims the targets that are due (never claimed, or `next_at` passed) by moving their `next_at` to `next`; returns
 * those this call claimed. Two instances claiming at once: the row lock makes the second see the first's `next_at`.
 */
export async function claimDue(sql: RawSql, targets: readonly string[], now: number, next: number): Promise<string[]> {
  if (!targets.length) return [];
  const rows = await sql.query<{ target: string }>(
    `INSERT INTO status_probe_leases AS l (target, next_at)
     SELECT t, $2::timestamptz FROM unnest($1::text[]) AS t
     ON CONFLICT (target) DO UPDATE SET next_at = EXCLUDED.next_at WHERE l.next_at <= $3::timestamptz
     RETURNING target`,
    [targets, new Date(next).toISOString(), new Date(now).toISOString()],
  );
  return rows.map((r) => r.target);
}

/** Deletes minute rows before `minutes`, hour rows before `hours`, and leases idle since before `leases`. */
export async function deleteBefore(sql: RawSql, cut: { minutes: number; hours: number; leases: number }): Promise<{ minutes: number; hours: number }> {
  const count = async (text: string, at: number) => {
    const [r] = await sql.query<{ n: number }>(`WITH gone AS (${text} RETURNING 1) SELECT count(*)::int AS n FROM gone`, [new Date(at).toISOString()]);
    return r?.n ?? 0;
  };
  const minutes = await count('DELETE FROM status_minute_samples WHERE minute < $1::timestamptz', cut.minutes);
  const hours = await count('DELETE FROM status_hourly WHERE hour < $1::timestamptz', cut.hours);
  await count('DELETE FROM status_probe_leases WHERE next_at < $1::timestamptz', cut.leases);
  return { minutes, hours };
}
