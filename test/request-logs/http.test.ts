import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { dashboardHeaders } from '../helpers/dashboard-session.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { rawWs } from '../http/ws-client.js';

/**
 * The request log as the transports feed it: every request of an account (REST, GraphQL over HTTP, GraphQL over
 * WebSocket) becomes one row, written in batches, with the daily usage roll-up adding up exactly; keyless requests
 * and secrets are never stored.
 */
describe.each(backends)('request logs over HTTP (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  let accountId: string;
  let keyId: string;
  beforeAll(async () => {
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false' } });
    ({ key, accountId } = await s.createTestKey());
    keyId = (await s.services.accounts.listKeys(accountId))[0].id;
  });
  afterAll(() => s?.close());

  const rows = async () => {
    await s.services.requestLogs.flush();
    return s.db.sql.query<Record<string, any>>(`SELECT * FROM request_logs WHERE account_id = $1 ORDER BY created_at, id`, [accountId]);
  };
  const usage = async () => {
    await s.services.requestLogs.flush();
    return s.db.sql.query<Record<string, any>>(
      `SELECT route, status, count::int AS count, error_count::int AS errors FROM usage_daily WHERE account_id = $1 ORDER BY route, status`,
      [accountId],
    );
  };

  it('logs N concurrent REST requests as N rows, and the usage roll-up counts them exactly', async () => {
    const N = 60;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 3 === 0
          ? s.get('/v1/events/evt_missing', { 'x-api-key': key, 'user-agent': 'bench-agent/1.0' })
          : s.post('/v1/test/whoami', {}, { 'x-api-key': key, 'user-agent': 'bench-agent/1.0' }),
      ),
    );
    expect(answers.filter((a) => a.status === 404)).toHaveLength(N / 3);
    const logged = await rows();
    expect(logged).toHaveLength(N);
    expect(new Set(logged.map((r) => r.request_id))).toEqual(new Set(answers.map((a) => a.headers.get('x-request-id'))));
    const notFound = logged.find((r) => r.status === 404)!;
    expect(notFound).toMatchObject({
      method: 'GET',
      route: '/v1/events/:id',
      error_code: 'NOT_FOUND',
      credential_id: keyId,
      livemode: false,
      user_agent: 'bench-agent/1.0',
      client_ip: '127.0.0.1',
    });
    expect(logged.find((r) => r.status === 200)).toMatchObject({ method: 'POST', route: '/v1/test/whoami', error_code: null });
    expect(await usage()).toEqual([
      { route: '/v1/events/:id', status: 404, count: N / 3, errors: N / 3 },
      { route: '/v1/test/whoami', status: 200, count: (2 * N) / 3, errors: 0 },
    ]);
  });

  it('stores nothing for keyless requests, and no secret: not the key, a body, a query string or a header', async () => {
    const before = (await rows()).length;
    await s.post('/v1/test/echo', { password: 'hunter2-body-secret' });
    await s.get('/v1/health?token=query-secret');
    expect(await rows()).toHaveLength(before);

    await s.post('/v1/test/whoami', { password: 'hunter2-body-secret' }, { 'x-api-key': key, authorization: 'Bearer header-secret' });
    await s.get('/v1/events/evt_x?token=query-secret', { 'x-api-key': key });
    const all = await rows();
    expect(all).toHaveLength(before + 2);
    const text = JSON.stringify(all);
    for (const secret of [key, 'hunter2-body-secret', 'query-secret', 'header-secret']) expect(text).not.toContain(secret);
    expect(all.at(-1)!.route).toBe('/v1/events/:id');
  });

  it('logs a dashboard request under its session id', async () => {
    const dashboard = await dashboardHeaders(s, accountId);
    expect((await s.get('/v1/dashboard/usage', dashboard)).status).toBe(200);
    const row = (await rows()).at(-1)!;
    expect(row).toMatchObject({ route: '/v1/dashboard/usage', status: 200, livemode: false });
    expect(row.credential_id).toMatch(/^dsess_/);
    expect(JSON.stringify(row)).not.toContain(dashboard.cookie.split('=')[1]);
  });

  it('logs GraphQL over HTTP under the operation name, with the first error code', async () => {
    const gql = (query: string, operationName?: string) => s.post('/graphql', { query, operationName }, { 'x-api-key': key });
    await gql('query MyEvents { events(first: 1) { nodes { id } } }');
    await gql('query Missing { invoice(id: "inv_test_nope") { id } }');
    await gql('{ events(first: 1) { nodes { id } } }');
    await gql('{ nope }');
    // Refused before it runs (over GRAPHQL_MAX_COST): still logged under its name, with the refusal's code.
    await gql('query TooDear { events(first: 100) { nodes { deliveries(first: 100) { nodes { id } } } } }');
    const logged = (await rows()).slice(-5);
    expect(logged.map((r) => [r.method, r.route, r.status])).toEqual([
      ['POST', 'graphql:MyEvents', 200],
      ['POST', 'graphql:Missing', 200],
      ['POST', 'graphql', 200],
      ['POST', 'graphql', 200],
      ['POST', 'graphql:TooDear', 200],
    ]);
    expect(logged[3].error_code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(logged[4].error_code).toBe('INVALID_PARAMS');
    expect(logged[0].error_code).toBeNull();
  });

  it('logs each GraphQL WebSocket operation when it ends, as method WS', async () => {
    const before = (await rows()).length;
    const ws = await rawWs(s.url);
    await ws.init({ 'x-api-key': key });
    ws.subscribe('1', 'query OverWs { events(first: 1) { nodes { id } } }');
    ws.subscribe('2', '{ nope }');
    await waitFor(() => ws.messages.some((m) => m.id === '1' && m.type === 'complete') && ws.messages.some((m) => m.id === '2' && m.type === 'error'), {
      what: 'both operations to end',
    });
    await ws.close();
    await waitFor(async () => (await rows()).length === before + 2, { what: 'two WebSocket rows' });
    const logged = (await rows()).slice(-2).sort((a, b) => a.route.localeCompare(b.route));
    expect(logged.map((r) => [r.method, r.route, r.status, r.error_code])).toEqual([
      ['WS', 'graphql', 400, 'GRAPHQL_VALIDATION_FAILED'],
      ['WS', 'graphql:OverWs', 200, null],
    ]);
  });
});
