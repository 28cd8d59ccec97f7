import pg from 'pg';
import type { TestServer } from './server.js';
import { waitFor } from './wait.js';

/**
 * Runs `write` in a transaction of our own (a background job's write, say), starts `request`, and commits only once
 * the request waits on a row lock: the interleaving a race between the two would give, without timing luck.
 * Postgres only (PGlite has one connection: nothing runs between another's statements there).
 */
export async function whileHeld<T>(s: TestServer, write: [string, unknown[]], request: () => Promise<T>): Promise<T> {
  const other = new pg.Client({ connectionString: s.config.DATABASE_URL });
  await other.connect();
  try {
    await other.query('BEGIN');
    await other.query(...write);
    const pending = request();
    await waitFor(
      async () =>
        (
          await s.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)
        )[0]!.n > 0,
      { what: 'the request to wait on the row' },
    );
    await other.query('COMMIT');
    return await pending;
  } finally {
    await other.end().catch(() => {});
  }
}
