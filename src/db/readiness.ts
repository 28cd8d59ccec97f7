import type { RawSql } from './client.js';
import { pendingMigrationCount } from './migrate.js';
import type { PgPubSub } from './pubsub.js';

/** One readiness check: whether it passed, and what it found (never an internal message: the route is public). */
interface ReadinessCheck {
  ok: boolean;
  /** Why it failed, in a few words. */
  problem?: string;
}

export interface Readiness {
  ready: boolean;
  checks: { database: ReadinessCheck & { ms?: number }; migrations: ReadinessCheck & { pending?: number }; pubsub: ReadinessCheck };
}

/** A database that does not answer within this is "not ready" (a load balancer's probe must get an answer). */
const DATABASE_TIMEOUT_MS = 2_000;

const timeout = <T>(p: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
      timer.unref();
    }),
  ]);
};

/**
 * Readiness (`GET /v1/ready`): the database answers, every migration folder of this build is applied, and the pubsub
 * LISTEN connection is up (PGlite: its embedded connection always is). Two small queries, no lock, no write.
 */
export async function checkReadiness(d: { sql: RawSql; pubsub: Pick<PgPubSub, 'connected'> }): Promise<Readiness> {
  const started = performance.now();
  let database: Readiness['checks']['database'];
  try {
    await timeout(d.sql.query('SELECT 1'), DATABASE_TIMEOUT_MS);
    database = { ok: true, ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch (err) {
    database = { ok: false, problem: err instanceof Error && err.message === 'timed out' ? `no answer within ${DATABASE_TIMEOUT_MS} ms` : 'unreachable' };
  }
  let migrations: Readiness['checks']['migrations'] = { ok: false, problem: 'the database is not reachable' };
  if (database.ok) {
    try {
      const pending = await timeout(pendingMigrationCount(d.sql), DATABASE_TIMEOUT_MS);
      migrations = pending ? { ok: false, pending, problem: `${pending} migration(s) of this build are not applied` } : { ok: true, pending: 0 };
    } catch {
      migrations = { ok: false, problem: 'the migrations table could not be read' };
    }
  }
  const pubsub: ReadinessCheck = d.pubsub.connected ? { ok: true } : { ok: false, problem: 'the LISTEN connection is down (reconnecting)' };
  return { ready: database.ok && migrations.ok && pubsub.ok, checks: { database, migrations, pubsub } };
}
