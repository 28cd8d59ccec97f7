import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadiness } from '../../src/db/readiness.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** GET /v1/ready: the checks a load balancer or orchestrator reads, passing and failing. */
describe('GET /v1/ready', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { JOBS_ENABLED: '0' } });
  });
  afterAll(async () => s?.close());

  it('is 200 with each check when the database answers and every migration is applied; /v1/health stays liveness', async () => {
    const r = await s.get('/v1/ready');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ready: true,
      checks: { database: { ok: true, ms: expect.any(Number) }, migrations: { ok: true, pending: 0 }, pubsub: { ok: true } },
    });
    expect((await s.get('/v1/health')).body.ok).toBe(true);
  });

  it('is 503 naming the failed check while a migration of this build is missing from _prisma_migrations', async () => {
    const [row] = await s.db.sql.query<Record<string, unknown>>('SELECT * FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1');
    await s.db.sql.query('DELETE FROM "_prisma_migrations" WHERE id = $1', [row.id]);
    try {
      const r = await s.get('/v1/ready');
      expect(r.status).toBe(503);
      expect(r.body.ready).toBe(false);
      expect(r.body.checks.database.ok).toBe(true);
      expect(r.body.checks.migrations).toEqual({ ok: false, pending: 1, problem: '1 migration(s) of this build are not applied' });
      expect(r.text).not.toContain(String(row.migration_name)); // public: names no migration
    } finally {
      const cols = Object.keys(row);
      await s.db.sql.query(
        `INSERT INTO "_prisma_migrations" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row),
      );
    }
    expect((await s.get('/v1/ready')).status).toBe(200);
  });

  it('says which check failed, and nothing internal, when the database does not answer', async () => {
    // The database handle the readiness check holds, failing as a refused connection does.
    const r = await checkReadiness({
      sql: { query: async () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')), exec: async () => {} },
      pubsub: { connected: false },
    });
    expect(r).toEqual({
      ready: false,
      checks: {
        database: { ok: false, problem: 'unreachable' },
        migrations: { ok: false, problem: 'the database is not reachable' },
        pubsub: { ok: false, problem: 'the LISTEN connection is down (reconnecting)' },
      },
    });
    expect(JSON.stringify(r)).not.toContain('10.0.0.5');
  });
});
