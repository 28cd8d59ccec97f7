import { SETUP_WRITE } from '../helpers/admin.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyAuth } from '../../src/accounts/service.js';
import { ManualClock } from '../../src/clock.js';
import { listRequestLogsSchema, usageQuerySchema } from '../../src/request-logs/input.js';
import type { RequestLogEntry } from '../../src/request-logs/service.js';
import { parseInput } from '../../src/validation.js';
import { backends, createTestDatabase } from '../helpers/db.js';
import { dashboardHeaders } from '../helpers/dashboard-session.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 27, 12);

/** Search, lookup, usage and retention of the request log, with the clock in the test's hands. */
describe.each(backends)('request log service (%s)', (backend) => {
  let s: TestServer;
  const clock = new ManualClock(T0);
  let key: string;
  let a: KeyAuth;
  let live: KeyAuth;
  let b: KeyAuth;
  beforeAll(async () => {
    s = await startTestServer({
      backend,
      clock,
      env: { JOBS_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false', REQUEST_LOG_RETENTION_DAYS: '30', USAGE_RETENTION_DAYS: '400' },
    });
    const k = await s.createTestKey();
    key = k.key;
    a = await s.services.accounts.authenticate(key);
    await s.services.accounts.setLiveEnabled(a.accountId, true, SETUP_WRITE);
    live = await s.services.accounts.authenticate((await s.services.accounts.createKey(a.accountId, 'live')).key);
    b = await s.services.accounts.authenticate((await s.createTestKey()).key);
  });
  afterAll(() => s?.close());

  const logs = () => s.services.requestLogs;
  const entry = (auth: KeyAuth, over: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
    accountId: auth.accountId,
    mode: auth.mode,
    credentialId: auth.keyId,
    method: 'GET',
    route: '/v1/invoices/:id',
    status: 200,
    latencyMs: 5,
    requestId: crypto.randomUUID(),
    clientIp: '203.0.113.9',
    userAgent: 'x'.repeat(400),
    errorCode: null,
    ...over,
  });
  const list = (auth: KeyAuth, q: Record<string, unknown> = {}) => logs().list(auth, parseInput(listRequestLogsSchema, q));

  it('searches by request id, status or class, route, key and time range, newest first, in keyset pages', async () => {
    clock.set(T0);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      const e = entry(a, {
        status: [200, 404, 500, 201, 429][i]!,
        errorCode: [null, 'NOT_FOUND', 'INTERNAL', null, 'RATE_LIMITED'][i],
        route: i % 2 ? '/v1/x' : '/v1/y',
      });
      ids.push(e.requestId);
      logs().record(e);
    }
    logs().record(entry(live, { requestId: ids[0] }));
    logs().record(entry(b, { requestId: ids[0] }));
    await logs().flush();

    const all = await list(a);
    expect(all.data.map((r) => r.requestId)).toEqual([...ids].reverse());
    expect(all.data[0]).toMatchObject({ object: 'request_log', livemode: false, keyId: a.keyId, clientIp: '203.0.113.9', method: 'GET' });
    expect(all.data[0]!.userAgent).toHaveLength(256);
    expect((await list(a, { requestId: ids[0] })).data).toHaveLength(1);
    expect((await list(live, { requestId: ids[0] })).data).toHaveLength(1);
    expect((await list(a, { status: '404' })).data.map((r) => r.requestId)).toEqual([ids[1]]);
    expect((await list(a, { status: '4xx' })).data.map((r) => r.status)).toEqual([429, 404]);
    expect((await list(a, { status: '2xx' })).data.map((r) => r.status)).toEqual([201, 200]);
    expect((await list(a, { route: '/v1/x' })).data.map((r) => r.requestId)).toEqual([ids[3], ids[1]]);
    expect((await list(a, { keyId: a.keyId })).data).toHaveLength(5);
    expect((await list(a, { keyId: live.keyId })).data).toHaveLength(0);
    const from = new Date(T0 + 2000).toISOString();
    const to = new Date(T0 + 4000).toISOString();
    // An entry's time is its arrival: recorded at T0 + (i + 1) s, less its 5 ms.
    expect((await list(a, { from, to })).data.map((r) => r.requestId)).toEqual([ids[3], ids[2]]);
    const inter = all.data.find((r) => r.status === 500)!;
    expect(inter.docsUrl).toBe(`${s.config.DOCS_URL}/errors/INTERNAL`);
    expect(all.data.find((r) => r.status === 200)!.docsUrl).toBeNull();

    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(a, { limit: 2, ...(cursor ? { cursor } : {}) });
      pages.push(...page.data.map((r) => r.requestId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual([...ids].reverse());
    await expect(list(a, { cursor: 'garbage' })).rejects.toMatchObject({ code: 'INVALID_PARAMS', details: { field: 'cursor' } });

    const one = all.data[0]!;
    expect(await logs().get(a, one.id)).toEqual(one);
    for (const other of [live, b]) await expect(logs().get(other, one.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(logs().get(a, 'rl_nothing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(logs().get(a, 'not an id\u0000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('usage per day, route and status over a range, in the account and mode', async () => {
    const acct = await s.services.accounts.authenticate((await s.createTestKey()).key);
    clock.set(Date.UTC(2026, 10, 20, 10));
    for (const latencyMs of [10, 30]) logs().record(entry(acct, { latencyMs }));
    logs().record(entry(acct, { status: 404, errorCode: 'NOT_FOUND', latencyMs: 2 }));
    clock.set(Date.UTC(2026, 10, 21, 10));
    logs().record(entry(acct, { route: 'graphql:Q', errorCode: 'INVALID_PARAMS' }));
    await logs().flush();
    // A second batch adds to the same rows.
    clock.set(Date.UTC(2026, 10, 20, 11));
    logs().record(entry(acct, { latencyMs: 50 }));
    await logs().flush();

    clock.set(Date.UTC(2026, 10, 27, 10));
    const usage = await logs().usage(acct, parseInput(usageQuerySchema, {}));
    expect(usage).toMatchObject({ from: '2026-10-29', to: '2026-11-27', hasMore: false });
    expect(usage.data).toEqual([
      { day: '2026-11-21', route: 'graphql:Q', status: 200, count: 1, errorCount: 1, latencyAvgMs: 5, latencyMaxMs: 5 },
      { day: '2026-11-20', route: '/v1/invoices/:id', status: 200, count: 3, errorCount: 0, latencyAvgMs: 30, latencyMaxMs: 50 },
      { day: '2026-11-20', route: '/v1/invoices/:id', status: 404, count: 1, errorCount: 1, latencyAvgMs: 2, latencyMaxMs: 2 },
    ]);
    expect((await logs().usage(acct, parseInput(usageQuerySchema, { from: '2026-11-21', to: '2026-11-21' }))).data).toHaveLength(1);
    const other = await s.services.accounts.authenticate((await s.createTestKey()).key);
    expect((await logs().usage(other, parseInput(usageQuerySchema, {}))).data).toEqual([]);

    // The same rows over REST (a dashboard session; a key is not one) and GraphQL.
    const dashboard = await dashboardHeaders(s, acct.accountId);
    const rest = await s.get('/v1/dashboard/usage?from=2026-11-20&to=2026-11-21', dashboard);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.data).toEqual(usage.data);
    expect((await s.get('/v1/dashboard/usage', { 'x-api-key': key })).status).toBe(401);
    const gql = await s.post(
      '/graphql',
      { query: '{ usage(from: "2026-11-20", to: "2026-11-21") { totalCount nodes { day route status count errorCount latencyAvgMs latencyMaxMs } } }' },
      dashboard,
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.usage).toEqual({ totalCount: 3, nodes: usage.data });
  });

  it('retention: entries past REQUEST_LOG_RETENTION_DAYS and usage past USAGE_RETENTION_DAYS are deleted, in batches', async () => {
    const acct = await s.services.accounts.authenticate((await s.createTestKey()).key);
    const now = Date.UTC(2027, 5, 1, 12);
    const at = (daysAgo: number) => {
      clock.set(now - daysAgo * DAY);
      logs().record(entry(acct, { route: `/v1/age/${daysAgo}` }));
    };
    for (let i = 0; i < 1203; i++) at(31);
    for (const d of [29, 45, 399, 401]) at(d);
    await logs().flush();
    clock.set(now);
    const before = await s.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM request_logs WHERE account_id = $1', [acct.accountId]);
    expect(before[0]!.n).toBe(1207);

    const swept = await logs().deleteExpired();
    expect(swept.logs).toBeGreaterThanOrEqual(1206);
    const left = await s.db.sql.query<{ route: string }>('SELECT route FROM request_logs WHERE account_id = $1', [acct.accountId]);
    expect(left.map((r) => r.route)).toEqual(['/v1/age/29']);
    const usage = await s.db.sql.query<{ route: string }>('SELECT route FROM usage_daily WHERE account_id = $1 ORDER BY route', [acct.accountId]);
    expect(usage.map((r) => r.route)).toEqual(['/v1/age/29', '/v1/age/31', '/v1/age/399', '/v1/age/45']);
    expect(await logs().deleteExpired()).toEqual({ logs: 0, usage: 0 });
  });
});

describe.skipIf(!backends.includes('postgres'))('request logs of two instances on one Postgres', () => {
  it('add up in the same usage rows', async () => {
    const db = await createTestDatabase('postgres');
    const env = { JOBS_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false' };
    const one = await startTestServer({ database: db, env });
    const two = await startTestServer({ database: db, env });
    try {
      const { key, accountId } = await one.createTestKey();
      await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).post('/v1/test/whoami', {}, { 'x-api-key': key })));
      await Promise.all([one.services.requestLogs.flush(), two.services.requestLogs.flush()]);
      const rows = await one.db.sql.query<{ count: number; n: number }>(
        `SELECT count::int AS count, (SELECT count(*)::int FROM request_logs WHERE account_id = $1) AS n FROM usage_daily WHERE account_id = $1`,
        [accountId],
      );
      expect(rows).toEqual([{ count: 40, n: 40 }]);
    } finally {
      await one.close();
      await two.close();
      await db.drop();
    }
  });

  it('what is still buffered at shutdown is written before the database closes', async () => {
    const db = await createTestDatabase('postgres');
    // A flush interval longer than the test: only the shutdown writes these entries.
    const one = await startTestServer({ database: db, env: { JOBS_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false', REQUEST_LOG_FLUSH_MS: '60000' } });
    try {
      const { key, accountId } = await one.createTestKey();
      for (let i = 0; i < 3; i++) expect((await one.post('/v1/test/whoami', {}, { 'x-api-key': key })).status).toBe(200);
      expect(one.services.requestLogs.stats().pending).toBe(3);
      await one.close();
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        expect((await c.query('SELECT count(*)::int AS n FROM request_logs WHERE account_id = $1', [accountId])).rows).toEqual([{ n: 3 }]);
      } finally {
        await c.end();
      }
    } finally {
      await db.drop();
    }
  });
});
