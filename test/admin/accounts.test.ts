import { type DocumentNode, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_ENV, adminHeaders } from '../helpers/admin.js';
import { dashboardHeaders } from '../helpers/dashboard-session.js';
import { inProcessGraphQL } from '../helpers/graphql.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { graphql } from '../graphql/generated/index.js';

/**
 * The operator's view of accounts over REST and GraphQL: search (wallet, key prefix, name), one account with its keys
 * never carrying a secret or a hash, and the writes (live mode, rate limit, suspension), each one audit entry with
 * who, before, after and the request id; a refused write leaves none. Suspension refuses the account's keys and
 * dashboard sessions (REST, GraphQL, WebSocket) and payers' new payments (quotes, transfer addresses, invoice payments),
 * not reads; unsuspending restores them.
 */

const Account = graphql(`
  query AdminTestAccount($id: ID!, $q: String) {
    adminAccount(id: $id) {
      id
      liveEnabled
      rateLimitMultiplier
      suspension { suspendedAt reason }
      partnerId
      members { totalCount nodes { address chainType role } }
      apiKeys { totalCount nodes { id prefix mode scopes { checkoutSessions } lastUsedAt } }
    }
    adminAccounts(query: $q, first: 5) { nodes { id partnerId } pageInfo { hasNextPage } }
  }
`);
const Suspend = graphql(`
  mutation AdminTestSuspend($input: AdminSuspendAccountInput!) {
    adminSuspendAccount(input: $input) {
      __typename
      ... on AdminSuspendAccountPayload { account { id suspension { reason } } }
      ... on Error { code }
    }
  }
`);
const Unsuspend = graphql(`
  mutation AdminTestUnsuspend($input: AdminUnsuspendAccountInput!) {
    adminUnsuspendAccount(input: $input) {
      __typename
      ... on AdminUnsuspendAccountPayload { account { suspension { reason } } }
      ... on Error { code }
    }
  }
`);
const RateLimit = graphql(`
  mutation AdminTestRateLimit($input: AdminSetAccountRateLimitInput!) {
    adminSetAccountRateLimit(input: $input) {
      __typename
      ... on AdminSetAccountRateLimitPayload { account { rateLimitMultiplier } }
      ... on Error { code }
    }
  }
`);
const LiveMode = graphql(`
  mutation AdminTestLiveMode($input: AdminSetAccountLiveModeInput!) {
    adminSetAccountLiveMode(input: $input) {
      __typename
      ... on AdminSetAccountLiveModePayload { account { liveEnabled } }
      ... on Error { code }
    }
  }
`);
const Viewer = graphql(`
  query AdminTestViewer {
    viewer { accountId }
  }
`);

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

describe('admin: accounts', () => {
  let s: TestServer;
  let gql: ReturnType<typeof inProcessGraphQL>['post'];
  let accountId: string;
  let key: string;
  let session: { cookie: string; origin: string };
  beforeAll(async () => {
    s = await startTestServer({ env: { JOBS_ENABLED: 'false', ...ADMIN_ENV } });
    ({ accountId, key } = await s.createTestKey());
    session = await dashboardHeaders(s, accountId);
    gql = inProcessGraphQL(s).post;
  });
  afterAll(() => s?.close());

  const audit = async () => (await s.services.admin.auditLog({ targetType: 'account', targetId: accountId, limit: 100 })).data.reverse();
  const op = (doc: DocumentNode, variables: Record<string, unknown>, headers: Record<string, string> = adminHeaders()) =>
    gql({ query: print(doc), variables }, headers);
  const upgrade = (headers: Record<string, string>) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });

  it('finds accounts by wallet, key prefix and name, and lists keys without secrets or hashes', async () => {
    const detail = await s.get(`/v1/admin/accounts/${accountId}`, adminHeaders());
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toMatchObject({ object: 'admin_account_detail', id: accountId, partnerId: null, suspension: null, members: [{ role: 'owner' }] });
    const [apiKey] = detail.body.apiKeys;
    expect(Object.keys(apiKey).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'mode', 'name', 'prefix', 'revokedAt', 'scopes']);
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    expect(detail.text).not.toMatch(/hash/i);
    expect(detail.text).not.toContain(key);
    expect(detail.text).not.toContain(key.slice(apiKey.prefix.length));

    const wallet: string = detail.body.members[0].address;
    for (const q of [wallet, wallet.toLowerCase().slice(2, 20), apiKey.prefix, accountId]) {
      const r = await s.get(`/v1/admin/accounts?${new URLSearchParams({ q })}`, adminHeaders());
      expect(r.status, r.text).toBe(200);
      expect(
        r.body.data.map((a: { id: string }) => a.id),
        q,
      ).toEqual([accountId]);
    }
    expect((await s.get('/v1/admin/accounts?q=no-such-account-anywhere', adminHeaders())).body.data).toEqual([]);
    // Cursor paging, newest first.
    await s.createTestKey();
    const first = await s.get('/v1/admin/accounts?limit=1', adminHeaders());
    expect(first.body).toMatchObject({ hasMore: true });
    const next = await s.get(`/v1/admin/accounts?limit=1&cursor=${first.body.nextCursor}`, adminHeaders());
    expect(next.body.data[0].id).not.toBe(first.body.data[0].id);
    expect((await s.get('/v1/admin/accounts/acct_0000000000000000000000', adminHeaders())).status).toBe(404);

    const g = await op(Account, { id: accountId, q: apiKey.prefix });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.adminAccount).toMatchObject({
      id: accountId,
      suspension: null,
      members: { totalCount: 1, nodes: [{ address: wallet, chainType: 'evm' }] },
    });
    expect(g.body.data.adminAccount.apiKeys.nodes[0]).toMatchObject({ id: apiKey.id, prefix: apiKey.prefix, mode: 'test' });
    expect(g.body.data.adminAccounts.nodes).toEqual([{ id: accountId, partnerId: null }]);
  });

  it('live mode and the rate-limit multiplier: each write audited with actor, before, after and request id; refused ones leave nothing', async () => {
    const live = await s.post(`/v1/admin/accounts/${accountId}/live-mode`, { enabled: true }, adminHeaders());
    expect(live.status, live.text).toBe(200);
    expect(live.body).toMatchObject({ object: 'admin_account', liveEnabled: true });
    const liveKey = (await s.services.accounts.createKey(accountId, 'live')).key;
    expect((await s.get('/v1/account', { 'x-api-key': liveKey })).status).toBe(200);

    const tooMuch = await s.post(`/v1/admin/accounts/${accountId}/rate-limit`, { multiplier: 1000 }, adminHeaders());
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toMatch(/^multiplier:/);
    expect((await s.post('/v1/admin/accounts/acct_0000000000000000000000/live-mode', { enabled: true }, adminHeaders())).status).toBe(404);
    const rate = await s.post(`/v1/admin/accounts/${accountId}/rate-limit`, { multiplier: 10 }, adminHeaders());
    expect(rate.body.rateLimitMultiplier).toBe(10);
    // The same value again changes nothing and records nothing.
    expect((await s.post(`/v1/admin/accounts/${accountId}/rate-limit`, { multiplier: 10 }, adminHeaders())).status).toBe(200);

    const cleared = await op(RateLimit, { input: { id: accountId, multiplier: null } });
    expect(cleared.body.data.adminSetAccountRateLimit.account.rateLimitMultiplier).toBeNull();
    // Off again: live keys are refused at once (the existing live-mode rule).
    const off = await op(LiveMode, { input: { id: accountId, enabled: false } });
    expect(off.body.data.adminSetAccountLiveMode.account.liveEnabled).toBe(false);
    expect((await s.get('/v1/account', { 'x-api-key': liveKey })).body.error.message).toMatch(/Live mode is not enabled/);

    const log = await audit();
    expect(log.map((e) => [e.actor, e.action])).toEqual([
      ['ops', 'account.live_mode'],
      ['ops', 'account.rate_limit'],
      ['ops', 'account.rate_limit'],
      ['ops', 'account.live_mode'],
    ]);
    expect(log[0]).toMatchObject({ before: { liveEnabled: false }, after: { liveEnabled: true }, requestId: live.headers.get('x-request-id') });
    expect(log[1]).toMatchObject({ before: { rateLimitMultiplier: null }, after: { rateLimitMultiplier: 10 }, requestId: rate.headers.get('x-request-id') });
    expect(log[2]).toMatchObject({ before: { rateLimitMultiplier: 10 }, after: { rateLimitMultiplier: null }, requestId: cleared.requestId });
    expect(log[3]!.requestId).toBe(off.requestId);
  });

  it("suspension refuses the account's keys and sessions everywhere, and payers' new quotes; unsuspending restores them", async () => {
    const created = await s.post(
      '/v1/checkout/sessions',
      { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT },
      { 'x-api-key': key },
    );
    expect(created.status, created.text).toBe(201);
    const invoice = await s.post(
      '/v1/invoices',
      {
        lineItems: [{ description: 'Work', quantity: 1, unitAmount: '25000000' }],
        settleChain: 'base',
        settleToken: 'USDC',
        recipient: RECIPIENT,
        customerEmail: 'ap@customer.example',
        send: true,
      },
      { 'x-api-key': key },
    );
    expect(invoice.status, invoice.text).toBe(201);
    const before = (await audit()).length;

    const suspended = await s.post(`/v1/admin/accounts/${accountId}/suspend`, { reason: 'Chargeback investigation #4411' }, adminHeaders());
    expect(suspended.status, suspended.text).toBe(200);
    expect(suspended.body.suspension).toMatchObject({ reason: 'Chargeback investigation #4411' });
    expect((await s.post(`/v1/admin/accounts/${accountId}/suspend`, { reason: 'x\u0000' }, adminHeaders())).status).toBe(400);

    // The key: REST and GraphQL.
    const rest = await s.get('/v1/account', { 'x-api-key': key });
    expect(rest.status).toBe(403);
    expect(rest.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/account is suspended.*contact the operator/i) });
    expect(rest.text).not.toContain('Chargeback');
    expect((await op(Viewer, {}, { 'x-api-key': key })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    // The dashboard session: REST, GraphQL over HTTP, the WebSocket upgrade.
    const dash = await s.get('/v1/dashboard/members', session);
    expect(dash.status).toBe(403);
    expect(dash.body.error.message).toMatch(/suspended/);
    const dashGql = await s.post('/graphql', { query: '{ viewer { accountId } }' }, session);
    expect(dashGql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await upgrade(session)).toBe(403);
    // Payers: reading the session works, a new quote for it is refused before any provider is asked.
    const id = created.body.id as string;
    expect((await s.get(`/v1/checkout/sessions/${id}`)).body.status).toBe('open');
    const quote = await s.post(`/v1/checkout/sessions/${id}/quote`, { srcChain: 'base', srcToken: 'USDC', sender: RECIPIENT });
    expect(quote.status).toBe(403);
    expect(quote.body.error.message).toMatch(/cannot take payments/);
    const transfer = await s.post(`/v1/checkout/sessions/${id}/deposit-address`, { srcChain: 'arbitrum', srcToken: 'USDC', refundTo: RECIPIENT });
    expect(transfer.status).toBe(403);
    const pay = await s.post(`/v1/invoices/${invoice.body.id}/pay`);
    expect(pay.status).toBe(403);
    expect(pay.body.error.message).toMatch(/cannot take payments/);
    expect((await s.get(`/v1/invoices/${invoice.body.id}/public`)).status).toBe(200);

    const lifted = await op(Unsuspend, { input: { id: accountId } });
    expect(lifted.body.data.adminUnsuspendAccount.account.suspension).toBeNull();
    expect((await s.get('/v1/account', { 'x-api-key': key })).status).toBe(200);
    expect((await s.get('/v1/dashboard/members', session)).status).toBe(200);
    expect(await upgrade(session)).toBe(101);

    // Suspending over GraphQL too; each write one entry, the refused (NUL) one none.
    const again = await op(Suspend, { input: { id: accountId, reason: 'Second look' } });
    expect(again.body.data.adminSuspendAccount.account.suspension.reason).toBe('Second look');
    await op(Unsuspend, { input: { id: accountId } });
    const log = (await audit()).slice(before);
    expect(log.map((e) => e.action)).toEqual(['account.suspend', 'account.unsuspend', 'account.suspend', 'account.unsuspend']);
    expect(log[0]).toMatchObject({
      actor: 'ops',
      before: { suspension: null },
      after: { suspension: { reason: 'Chargeback investigation #4411' } },
      requestId: suspended.headers.get('x-request-id'),
    });
    expect(log[1]).toMatchObject({
      before: { suspension: { reason: 'Chargeback investigation #4411' } },
      after: { suspension: null },
      requestId: lifted.requestId,
    });
  });
});
