import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/rest/routes.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The dashboard's access rules on every session route: no cookie → 401 UNAUTHORIZED; a write with the cookie from
 * another Origin, or with none → 403 FORBIDDEN, before anything runs; and a session acts in the mode it selected.
 */
describe('dashboard access rules on every session route', () => {
  let s: TestServer;
  let cookie: string;
  let accountId: string;
  const sessionRoutes = restRoutes.filter((r) => r.access === 'session');
  const pathOf = (p: string) => p.replace(/:([a-zA-Z]+)/g, (_m, name: string) => `x_${name}`);
  const invoiceBody = {
    lineItems: [{ description: 'Consulting', quantity: 1, unitAmount: '25000000' }],
    settleChain: 'base',
    settleToken: 'USDC',
    recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  };

  beforeAll(async () => {
    s = await startTestServer({ env: { JOBS_ENABLED: 'false' } });
    const account = await s.services.accounts.createAccount('Rules');
    accountId = account.id;
    const member = await s.services.accounts.ensureMember(account.id, 'evm', '0x90f79bf6eb2c4f870365e785982e1f101e93b906', 'owner');
    const { token } = await s.services.auth.createSession(member, {});
    cookie = `${s.services.auth.cookieName}=${token}`;
  });
  afterAll(() => s?.close());

  it('there are dashboard routes beyond the foundation ones', () => {
    expect(sessionRoutes.filter((r) => r.path.startsWith('/v1/dashboard/')).length).toBeGreaterThan(20);
  });

  it('without the cookie every session route is 401 UNAUTHORIZED (an API key is not a session)', async () => {
    const { key } = await s.createTestKey();
    for (const r of sessionRoutes) {
      for (const headers of [{ origin: s.config.PUBLIC_URL }, { origin: s.config.PUBLIC_URL, 'x-api-key': key }] as Record<string, string>[]) {
        const res = await s.request(pathOf(r.path), {
          method: r.method,
          headers: { ...headers, 'content-type': 'application/json' },
          body: r.method === 'GET' ? undefined : '{}',
        });
        expect([res.status, res.body?.error?.code], `${r.method} ${r.path}`).toEqual([401, 'UNAUTHORIZED']);
      }
    }
  });

  it('every write with the cookie from another Origin, or with none, is 403 FORBIDDEN', async () => {
    for (const r of sessionRoutes.filter((x) => x.method !== 'GET')) {
      for (const origin of ['https://evil.example', undefined]) {
        const res = await s.request(pathOf(r.path), {
          method: r.method,
          headers: { cookie, 'content-type': 'application/json', ...(origin ? { origin } : {}) },
          body: '{}',
        });
        expect([res.status, res.body?.error?.code], `${r.method} ${r.path} from ${origin ?? 'no origin'}`).toEqual([403, 'FORBIDDEN']);
      }
    }
    // Nothing was created by those refused writes.
    const list = await s.get('/v1/dashboard/invoices', { cookie });
    expect(list.body.data).toEqual([]);
  });

  it('reads need no Origin (a cross-site GET cannot read the answer)', async () => {
    expect((await s.get('/v1/dashboard/invoices', { cookie })).status).toBe(200);
  });

  it('GraphQL mutations with the cookie need the dashboard Origin too', async () => {
    const q = { query: 'mutation { createApiKey(input: { name: "x" }) { __typename } }' };
    expect((await s.post('/graphql', q, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await s.post('/graphql', q, { cookie })).status).toBe(403);
    const ok = await s.post('/graphql', q, { cookie, origin: s.config.PUBLIC_URL });
    expect(ok.body.data.createApiKey.__typename).toBe('CreateApiKeyPayload');
  });

  it('a session acts in its selected mode: a test invoice is not listed in live mode, and live creates live', async () => {
    const h = { cookie, origin: s.config.PUBLIC_URL };
    const made = await s.post('/v1/dashboard/invoices', invoiceBody, h);
    expect(made.status, made.text).toBe(201);
    expect(made.body.livemode).toBe(false);
    await s.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    expect((await s.post('/v1/auth/session/mode', { mode: 'live' }, h)).status).toBe(200);
    const live = await s.get('/v1/dashboard/invoices', h);
    expect(live.status).toBe(200);
    expect(live.body.data.map((i: { id: string }) => i.id)).not.toContain(made.body.id);
    expect((await s.get(`/v1/dashboard/invoices/${made.body.id}`, h)).status).toBe(404);
    const key = await s.post('/v1/dashboard/api-keys', { name: 'live one' }, h);
    expect(key.body.apiKey.mode).toBe('live');
    expect(key.body.secret).toMatch(/_live_/);
    expect((await s.post('/v1/auth/session/mode', { mode: 'test' }, h)).status).toBe(200);
    expect((await s.get('/v1/dashboard/invoices', h)).body.data.map((i: { id: string }) => i.id)).toContain(made.body.id);
  });
});
