import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphQLObjectType } from 'graphql';
import { restRoutes } from '../../src/rest/routes.js';
import { schema } from '../../src/graphql/schema.js';
import { RESOURCES } from '../../src/accounts/state.js';
import { EXPORT_RESOURCE } from '../../src/exports/input.js';
import { ManualClock } from '../../src/clock.js';
import type { Role } from '../../src/accounts/state.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean) as GraphQLObjectType[];
const rootFields = roots.flatMap((type) => Object.values(type.getFields()).map((field) => ({ name: `${type.name}.${field.name}`, field })));
const scopesOf = (field: (typeof rootFields)[number]['field']) =>
  ((field.extensions as { pothosOptions?: { authScopes?: Record<string, unknown> } }).pothosOptions?.authScopes ?? {}) as Record<string, unknown>;
const RESOURCE_SCOPES = ['read', 'write', 'optionalRead', 'optionalWrite'];
/** Root fields whose scope is computed from their arguments, with what it names (checked below). */
const COMPUTED: Record<string, string> = { 'Query.csvExport': 'read on the resource of the export kind (EXPORT_RESOURCE)' };
/** POST routes that only read, with the reason. */
const READING_POSTS: Record<string, string> = {
  'POST /v1/quote': 'computes quotes as GET /v1/quote does (a JSON body for destination calls); changes nothing',
  'DELETE /v1/dashboard/members/:id':
    'every member may leave (remove itself) with team read; removing anyone else needs team write, checked by the team service under the row lock',
};

describe('every route and root field names what it needs', () => {
  it('REST: every route has a scope; public exactly on the routes without a credential; session-own only on session routes', () => {
    const offenders: string[] = [];
    for (const r of restRoutes) {
      const scope = (r as { scope?: unknown }).scope;
      if (scope === undefined) offenders.push(`${routeKey(r)}: no scope`);
      else if ((scope === 'public') !== (r.access === 'public')) offenders.push(`${routeKey(r)}: scope ${JSON.stringify(scope)} with access ${r.access}`);
      else if (scope === 'session' && r.access !== 'session') offenders.push(`${routeKey(r)}: session scope on a ${r.access} route`);
      else if ((scope === 'admin') !== (r.access === 'admin')) offenders.push(`${routeKey(r)}: scope ${JSON.stringify(scope)} with access ${r.access}`);
      else if (typeof scope === 'object') {
        const need = scope as { resource: string; level: string };
        if (!(RESOURCES as readonly string[]).includes(need.resource) || !['read', 'write'].includes(need.level))
          offenders.push(`${routeKey(r)}: unknown need ${JSON.stringify(need)}`);
        // A reading method never needs write; a changing one never only read.
        const expected = r.method === 'GET' || routeKey(r) in READING_POSTS ? 'read' : 'write';
        if (need.level !== expected) offenders.push(`${routeKey(r)}: ${r.method} needs ${need.level}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('GraphQL: every root field has a resource scope, or is public or session-only', () => {
    const offenders: string[] = [];
    for (const { name, field } of rootFields) {
      const scopes = scopesOf(field);
      if (typeof scopes === 'function') {
        if (!(name in COMPUTED)) offenders.push(`${name}: a computed scope not listed`);
        continue;
      }
      const names = Object.keys(scopes);
      if (names.length !== 1) offenders.push(`${name}: ${JSON.stringify(scopes)}`);
      else if (names[0] === 'public' || names[0] === 'session') continue;
      else if (names[0] === 'admin') {
        if (!name.split('.')[1]!.startsWith('admin')) offenders.push(`${name}: an operator field is named admin…`);
      } else if (!RESOURCE_SCOPES.includes(names[0]!)) offenders.push(`${name}: scope ${names[0]} names no resource`);
      else if (!(RESOURCES as readonly string[]).includes(scopes[names[0]!] as string))
        offenders.push(`${name}: unknown resource ${String(scopes[names[0]!])}`);
    }
    expect(offenders).toEqual([]);
  });

  it('computed scopes name known resources', () => {
    for (const r of Object.values(EXPORT_RESOURCE)) expect(RESOURCES).toContain(r);
  });

  it('the check can fail: a route without a scope is caught', () => {
    const bare = { method: 'GET', path: '/v1/x', access: 'key' } as const;
    expect((bare as { scope?: unknown }).scope).toBeUndefined();
  });
});

describe('restricted keys, roles and rolled keys at work', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.parse('2026-11-27T10:00:00.000Z'));
  let accountId: string;
  let fullKey: string;
  const invoiceBody = {
    lineItems: [{ description: 'Consulting', quantity: 1, unitAmount: '25000000' }],
    settleChain: 'base',
    settleToken: 'USDC',
    recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  };
  const graphqlOver = (query: string, headers: Record<string, string>, variables?: Record<string, unknown>) =>
    s.post('/graphql', { query, variables }, { accept: 'application/graphql-response+json', ...headers });
  const sessionOf = async (role: Role) => {
    const member = await s.services.accounts.ensureMember(accountId, 'evm', `0x${role.padEnd(40, '1').replace(/[^0-9a-f]/g, 'a')}`, role);
    const { token } = await s.services.auth.createSession(member, {});
    return { cookie: `${s.services.auth.cookieName}=${token}`, origin: s.config.PUBLIC_URL };
  };

  beforeAll(async () => {
    s = await startTestServer({ clock, env: { JOBS_ENABLED: 'false' } });
    ({ accountId, key: fullKey } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  it('a key with invoices: read lists invoices, cannot create one or read checkout sessions (REST and GraphQL)', async () => {
    const { key } = await s.services.accounts.createKey(accountId, 'test', { name: 'reader', scopes: { invoices: 'read' } });
    const h = { 'x-api-key': key };
    expect((await s.get('/v1/invoices', h)).status).toBe(200);
    const create = await s.post('/v1/invoices', invoiceBody, h);
    expect(create.status).toBe(403);
    expect(create.body.error).toMatchObject({ code: 'FORBIDDEN', message: 'This API key may not write invoices (restricted key)' });
    const sessions = await s.get('/v1/checkout/sessions', h);
    expect([sessions.status, sessions.body.error.message]).toEqual([403, 'This API key may not read checkout sessions (restricted key)']);
    // GraphQL: the same refusals as top-level FORBIDDEN errors; the allowed read works.
    expect((await graphqlOver('{ invoices(first: 5) { nodes { id } } }', h)).body.errors).toBeUndefined();
    const created = await graphqlOver('mutation($i: CreateInvoiceInput!) { createInvoice(input: $i) { __typename } }', h, { i: invoiceBody });
    expect(created.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(created.body.errors[0].message).toBe('This API key may not write invoices (restricted key)');
    expect((await graphqlOver('{ checkoutSessions(first: 5) { nodes { id } } }', h)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    // Optional-key routes check the scope only when a key is sent: the public view is still there without one.
    expect((await s.get('/v1/limit-orders?maker=7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', h)).status).toBe(403);
    expect((await graphqlOver('{ chains { nodes { id } } }', h)).body.errors).toBeUndefined();
  });

  it('an unrestricted key works as before', async () => {
    const h = { 'x-api-key': fullKey };
    expect((await s.post('/v1/invoices', invoiceBody, h)).status).toBe(201);
    expect((await s.get('/v1/checkout/sessions', h)).status).toBe(200);
    const keys = (await graphqlOver('{ viewer { apiKeys { nodes { name scopes { invoices team } } } } }', h)).body.data.viewer.apiKeys.nodes;
    expect(keys).toContainEqual({ name: null, scopes: null });
    expect(keys).toContainEqual({ name: 'reader', scopes: { invoices: 'read', team: 'none' } });
  });

  it('a viewer session cannot write; a developer cannot refund (refunds: read)', async () => {
    const viewer = await sessionOf('viewer');
    expect((await s.get('/v1/dashboard/invoices', viewer)).status).toBe(200);
    const w = await s.post('/v1/dashboard/invoices', invoiceBody, viewer);
    expect([w.status, w.body.error.code, w.body.error.message]).toEqual([403, 'FORBIDDEN', 'Your role (viewer) may not write invoices']);
    const g = await graphqlOver('mutation($i: CreateInvoiceInput!) { createInvoice(input: $i) { __typename } }', viewer, { i: invoiceBody });
    expect(g.body.errors[0].message).toBe('Your role (viewer) may not write invoices');
    const developer = await sessionOf('developer');
    expect((await s.post('/v1/dashboard/invoices', invoiceBody, developer)).status).toBe(201);
    const refund = await graphqlOver(
      'mutation { createCheckoutRefund(input: { sessionId: "cs_test_E2VhWfsak5hqnmzzu", amount: "1" }) { __typename } }',
      developer,
    );
    expect(refund.body.errors[0]).toMatchObject({ message: 'Your role (developer) may not write refunds', extensions: { code: 'FORBIDDEN' } });
    // A developer may not mint a key that refunds either: no key wider than the role.
    const wide = await s.post('/v1/dashboard/api-keys', { name: 'too wide' }, developer);
    expect([wide.status, wide.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect(wide.body.error.message).toMatch(/developer.*refunds write/);
    const narrow = await s.post('/v1/dashboard/api-keys', { name: 'ok', scopes: { invoices: 'write' } }, developer);
    expect(narrow.status, narrow.text).toBe(201);
  });

  it('a restricted key creates only keys within itself, and a key never gets the team', async () => {
    const { key } = await s.services.accounts.createKey(accountId, 'test', { scopes: { api_keys: 'write', invoices: 'read' } });
    const h = { 'x-api-key': key };
    const create = (scopes: string) => graphqlOver(`mutation { createApiKey(input: { scopes: ${scopes} }) { __typename ... on Error { code message } } }`, h);
    expect((await create('{ invoices: read }')).body.data.createApiKey.__typename).toBe('CreateApiKeyPayload');
    expect((await create('{ invoices: write }')).body.data.createApiKey).toMatchObject({ __typename: 'ForbiddenError', code: 'FORBIDDEN' });
    const owner = await sessionOf('owner');
    const team = await s.post('/v1/dashboard/api-keys', { scopes: { team: 'read' } }, owner);
    expect([team.status, team.body.error.code]).toEqual([400, 'INVALID_PARAMS']);
  });

  it('rolling keeps the old key for its grace, and the new secret appears only in the roll answer', async () => {
    const owner = await sessionOf('owner');
    const made = await s.post('/v1/dashboard/api-keys', { name: 'rolled', scopes: { invoices: 'read' } }, owner);
    expect(made.status, made.text).toBe(201);
    const old = made.body.secret as string;
    const rolled = await s.post(`/v1/dashboard/api-keys/${made.body.apiKey.id}/roll`, { graceSeconds: 3600 }, owner);
    expect(rolled.status, rolled.text).toBe(200);
    expect(rolled.body.apiKey).toMatchObject({ name: 'rolled', rolledFromId: made.body.apiKey.id, scopes: expect.objectContaining({ invoices: 'read' }) });
    const fresh = rolled.body.secret as string;
    expect(fresh).not.toBe(old);
    const list = await s.get('/v1/dashboard/api-keys', owner);
    expect(list.text).not.toContain(fresh);
    expect(list.text).not.toContain(old);
    const oldRow = list.body.data.find((k: { id: string }) => k.id === made.body.apiKey.id);
    expect(oldRow.expiresAt).toBe(new Date(clock.now() + 3_600_000).toISOString());
    // Both work during the grace; after it the old one is 401 (expired), the new one still works.
    expect((await s.get('/v1/invoices', { 'x-api-key': old })).status).toBe(200);
    expect((await s.get('/v1/invoices', { 'x-api-key': fresh })).status).toBe(200);
    clock.advance(3_600_000);
    const expired = await s.get('/v1/invoices', { 'x-api-key': old });
    expect([expired.status, expired.body.error.message]).toEqual([401, 'The API key has expired']);
    expect((await s.get('/v1/invoices', { 'x-api-key': fresh })).status).toBe(200);
    // Grace 0 revokes at once; a revoked key cannot be rolled again.
    const now = await s.post(`/v1/dashboard/api-keys/${rolled.body.apiKey.id}/roll`, {}, owner);
    expect(now.status).toBe(200);
    expect((await s.get('/v1/invoices', { 'x-api-key': fresh })).status).toBe(401);
    const again = await s.post(`/v1/dashboard/api-keys/${rolled.body.apiKey.id}/roll`, {}, owner);
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
    // Over GraphQL the same, with the key of the session's mode.
    const g = await graphqlOver(
      `mutation($id: ID!) { rollApiKey(input: { id: $id, graceSeconds: 60 }) { ... on RollApiKeyPayload { secret apiKey { rolledFromId } } } }`,
      owner,
      {
        id: now.body.apiKey.id,
      },
    );
    expect(g.body.data.rollApiKey.apiKey.rolledFromId).toBe(now.body.apiKey.id);
    expect(g.body.data.rollApiKey.secret).toMatch(/_test_/);
  });

  it('an expiring key (or one in its roll grace) makes no key that outlives it', async () => {
    const { key } = await s.services.accounts.createKey(accountId, 'test', { expiresAt: new Date(clock.now() + 3_600_000) });
    const h = { 'x-api-key': key };
    const create = (expiresAt?: string) =>
      graphqlOver('mutation($e: DateTime) { createApiKey(input: { expiresAt: $e }) { __typename ... on Error { code message } } }', h, {
        e: expiresAt ?? null,
      });
    const forever = await create();
    expect(forever.body.errors?.[0]?.extensions.code ?? forever.body.data.createApiKey.code).toBe('INVALID_PARAMS');
    expect((await create(new Date(clock.now() + 7_200_000).toISOString())).body.errors?.[0]?.extensions.code).toBe('INVALID_PARAMS');
    expect((await create(new Date(clock.now() + 1_800_000).toISOString())).body.data.createApiKey.__typename).toBe('CreateApiKeyPayload');
  });

  it('no API key changes the partner settings (where partner fees go): only an owner or admin in the dashboard', async () => {
    const r = await graphqlOver('mutation { updatePartnerProfile(input: { feeBps: 10 }) { __typename } }', { 'x-api-key': fullKey });
    expect(r.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(r.body.errors[0].message).toMatch(/only a signed-in dashboard member/);
    const owner = await sessionOf('owner');
    expect((await s.post('/v1/dashboard/api-keys', { scopes: { partner: 'write' } }, owner)).status).toBe(400);
  });

  it('an expiring key stops at its expiry', async () => {
    const owner = await sessionOf('owner');
    const past = await s.post('/v1/dashboard/api-keys', { expiresAt: new Date(clock.now() - 1000).toISOString() }, owner);
    expect([past.status, past.body.error.message]).toEqual([400, 'expiresAt: must be in the future']);
    const made = await s.post('/v1/dashboard/api-keys', { expiresAt: new Date(clock.now() + 60_000).toISOString() }, owner);
    expect((await s.get('/v1/account', { 'x-api-key': made.body.secret })).status).toBe(200);
    clock.advance(60_000);
    expect((await s.get('/v1/account', { 'x-api-key': made.body.secret })).status).toBe(401);
  });
});
