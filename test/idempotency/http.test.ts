import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { idempotentTestRuns, startTestServer, type TestResponse, type TestServer } from '../helpers/server.js';
import { ManualClock } from '../../src/clock.js';
import { fingerprint } from '../../src/idempotency/fingerprint.js';
import { restOperation, restParams } from '../../src/http/rest-idempotency.js';
import { KEY_TTL_MS, scopeOf } from '../../src/idempotency/decision.js';

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const session = { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT };
const UNKNOWN_QUOTE = 'q_0000000000000000000000A00000000000';
const TX = `0x${'ab'.repeat(32)}`;

const replayed = (r: TestResponse) => r.headers.get('idempotent-replayed');

describe.each(backends)('Idempotency-Key on REST (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  let accountId: string;
  const clock = new ManualClock(Date.parse('2026-11-25T10:00:00.000Z'));
  const create = (body: unknown, idem: string, apiKey = key) => s.post('/v1/checkout/sessions', body, { 'x-api-key': apiKey, 'idempotency-key': idem });
  const sessions = (account = accountId) => s.db.prisma.checkoutSession.count({ where: { accountId: account } });

  beforeAll(async () => {
    s = await startTestServer({ backend, clock, env: { JOBS_ENABLED: 'false' } });
    ({ key, accountId } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  it('a retry replays the first response byte for byte, with Idempotent-Replayed, and creates nothing new', async () => {
    const before = await sessions();
    const idem = randomUUID();
    const first = await create({ ...session, metadata: { order: '1' } }, idem);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    // Same parameters in another key order: the same request.
    const again = await create({ metadata: { order: '1' }, recipient: RECIPIENT, settleToken: 'USDC', settleChain: 'base', amount: '25000000' }, idem);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(replayed(again)).toBe('true');
    expect(again.headers.get('original-request')).toBe(first.headers.get('x-request-id'));
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await sessions()).toBe(before + 1);
  });

  it('the same key with other parameters is 409 CONFLICT naming the reason, and is not stored', async () => {
    const idem = randomUUID();
    const first = await create(session, idem);
    const other = await create({ ...session, amount: '26000000' }, idem);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'CONFLICT', requestId: other.headers.get('x-request-id') });
    expect(other.body.error.message).toMatch(/Idempotency-Key was already used with different parameters/);
    expect(replayed(other)).toBeNull();
    const retry = await create(session, idem);
    expect(retry.body.id).toBe(first.body.id);
    expect(replayed(retry)).toBe('true');
  });

  it('the same key on another endpoint, or on the same route for another resource, is 409 CONFLICT', async () => {
    const idem = randomUUID();
    const created = await create(session, idem);
    const hook = await s.post('/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/hook' }, { 'x-api-key': key, 'idempotency-key': idem });
    expect(hook.status).toBe(409);
    expect(hook.body.error.message).toMatch(/already used for another operation \(POST \/v1\/checkout\/sessions\)/);
    expect((await s.get('/v1/webhook-endpoints', { 'x-api-key': key })).body.data).toHaveLength(0);

    const other = await create(session, randomUUID());
    const expireKey = randomUUID();
    const expired = await s.post(`/v1/checkout/sessions/${created.body.id}/expire`, undefined, { 'x-api-key': key, 'idempotency-key': expireKey });
    expect(expired.body.status).toBe('expired');
    const wrong = await s.post(`/v1/checkout/sessions/${other.body.id}/expire`, undefined, { 'x-api-key': key, 'idempotency-key': expireKey });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.message).toMatch(/different parameters/);
    expect((await s.get(`/v1/checkout/sessions/${other.body.id}`, { 'x-api-key': key })).body.status).toBe('open');
  });

  it('another account may use the same key: its request runs on its own', async () => {
    const idem = randomUUID();
    const mine = await create(session, idem);
    const them = await s.createTestKey();
    const theirs = await create(session, idem, them.key);
    expect(theirs.status).toBe(201);
    expect(replayed(theirs)).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await sessions(them.accountId)).toBe(1);
  });

  it('test mode and live mode of one account are separate scopes', async () => {
    const account = await s.services.accounts.createAccount('Both modes', { liveEnabled: true });
    const test = (await s.services.accounts.createKey(account.id, 'test')).key;
    const live = (await s.services.accounts.createKey(account.id, 'live')).key;
    const idem = randomUUID();
    const a = await create(session, idem, test);
    const b = await create(session, idem, live);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(replayed(b)).toBeNull();
    expect([a.body.livemode, b.body.livemode]).toEqual([false, true]);
    expect(await sessions(account.id)).toBe(2);
    // And each mode replays its own.
    expect((await create(session, idem, live)).body.id).toBe(b.body.id);
  });

  it('20 concurrent identical requests create one session; the others wait and replay it', async () => {
    const before = await sessions();
    const idem = randomUUID();
    const all = await Promise.all(Array.from({ length: 20 }, () => create({ ...session, reference: 'concurrent' }, idem)));
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(all.map((r) => r.body.id)).size).toBe(1);
    expect(all.filter((r) => replayed(r) === null)).toHaveLength(1);
    expect(new Set(all.map((r) => r.text)).size).toBe(1);
    expect(await sessions()).toBe(before + 1);
  });

  it("a handler's 4xx is stored and replayed (a fixed request gets a new key)", async () => {
    const idem = randomUUID();
    const bad = await create({ ...session, amount: '0' }, idem);
    expect(bad.status).toBe(400);
    const again = await create({ ...session, amount: '0' }, idem);
    expect(again.status).toBe(400);
    expect(again.text).toBe(bad.text); // the first request's requestId included
    expect(replayed(again)).toBe('true');
  });

  it('a 5xx (unexpected failure mid-way) is stored too: the handler never runs twice', async () => {
    const tag = randomUUID();
    const idem = randomUUID();
    const first = await s.post('/v1/test/idempotent/a', { tag, fail: true }, { 'x-api-key': key, 'idempotency-key': idem });
    expect(first.status).toBe(500);
    expect(first.body.error.code).toBe('INTERNAL');
    expect(first.text).not.toMatch(/mid-way/);
    const retry = await s.post('/v1/test/idempotent/a', { tag, fail: true }, { 'x-api-key': key, 'idempotency-key': idem });
    expect(retry.status).toBe(500);
    expect(retry.text).toBe(first.text);
    expect(replayed(retry)).toBe('true');
    expect(idempotentTestRuns.get(tag)).toBe(1);
  });

  it("the route's status and headers are stored with the body", async () => {
    const tag = randomUUID();
    const idem = randomUUID();
    const first = await s.post('/v1/test/idempotent/b', { tag, status: 201 }, { 'x-api-key': key, 'idempotency-key': idem });
    const retry = await s.post('/v1/test/idempotent/b', { tag, status: 201 }, { 'x-api-key': key, 'idempotency-key': idem });
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect([first.headers.get('x-test'), retry.headers.get('x-test')]).toEqual(['run 1', 'run 1']);
    expect(retry.body).toEqual({ tag, name: 'b', runs: 1 });
  });

  it('without the header an idempotent route runs every time', async () => {
    const tag = randomUUID();
    await s.post('/v1/test/idempotent/c', { tag }, { 'x-api-key': key });
    const second = await s.post('/v1/test/idempotent/c', { tag }, { 'x-api-key': key });
    expect(second.body.runs).toBe(2);
    expect(replayed(second)).toBeNull();
  });

  it.each([
    ['too long', 'k'.repeat(256)],
    ['with a space', 'my key'],
    ['empty', ''],
  ])('a malformed key (%s) is 400 INVALID_PARAMS before anything runs, and is not stored', async (_what, bad) => {
    const tag = randomUUID();
    const r = await s.post('/v1/test/idempotent/d', { tag }, { 'x-api-key': key, 'idempotency-key': bad });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_PARAMS');
    expect(r.body.error.message).toMatch(/^Idempotency-Key: must be 1 to 255 visible ASCII characters/);
    expect(idempotentTestRuns.get(tag)).toBeUndefined();
  });

  it('a body nested too deeply to fingerprint is 400 INVALID_PARAMS, not a 500', async () => {
    const r = await s.request('/v1/test/idempotent/e', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: '['.repeat(50_000) + ']'.repeat(50_000),
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'INVALID_PARAMS', message: 'body: nested deeper than 64 levels' });
  });

  it('a 401 is answered before the key is looked at, and does not use it up', async () => {
    const idem = randomUUID();
    const r = await s.post('/v1/checkout/sessions', session, { 'x-api-key': 'swapgate_test_nope', 'idempotency-key': idem });
    expect(r.status).toBe(401);
    expect((await create(session, idem)).status).toBe(201);
  });

  it('keyless requests: a key replays only the identical request, and a stranger reusing it runs their own', async () => {
    const idem = randomUUID();
    const report = (quoteId: string, txHash = TX) => s.post(`/v1/orders/${quoteId}/submitted`, { txHash }, { 'idempotency-key': idem });
    const first = await report(UNKNOWN_QUOTE);
    expect(first.status).toBe(404);
    const same = await report(UNKNOWN_QUOTE);
    expect(replayed(same)).toBe('true');
    expect(same.text).toBe(first.text);
    // Another request under the same key is not a conflict (which would tell a stranger the key was used): it runs.
    const other = await report(UNKNOWN_QUOTE.replace('A', 'B'));
    expect(other.status).toBe(404);
    expect(replayed(other)).toBeNull();
    expect(other.body.error.code).toBe('QUOTE_NOT_FOUND');
    // With an API key the scope is the account's: the same key for another quote is a conflict.
    const keyed = (quoteId: string) => s.post(`/v1/orders/${quoteId}/submitted`, { txHash: TX }, { 'idempotency-key': idem, 'x-api-key': key });
    expect((await keyed(UNKNOWN_QUOTE)).status).toBe(404);
    expect((await keyed(UNKNOWN_QUOTE.replace('A', 'C'))).status).toBe(409);
  });

  it('routes that do not create or move anything ignore the header', async () => {
    const idem = randomUUID();
    const a = await s.post('/v1/orders', { quoteId: UNKNOWN_QUOTE }, { 'idempotency-key': idem });
    const b = await s.post('/v1/orders', { quoteId: UNKNOWN_QUOTE }, { 'idempotency-key': idem });
    expect(a.status).toBe(404);
    expect(replayed(b)).toBeNull();
    expect(await s.db.prisma.idempotencyKey.count({ where: { key: idem } })).toBe(0);
  });

  it('REST and GraphQL share the scope: a key used on one is a conflict on the other', async () => {
    const idem = randomUUID();
    await create(session, idem);
    const r = await s.post(
      '/graphql',
      {
        query: 'mutation($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { __typename ... on Error { code message } } }',
        variables: { input: { ...session, idempotencyKey: idem } },
      },
      { 'x-api-key': key },
    );
    expect(r.body.data.createCheckoutSession).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });
    expect(r.body.data.createCheckoutSession.message).toMatch(/idempotencyKey was already used for another operation/);
  });
});

describe.each(backends)('Idempotency-Key: interrupted requests and expiry (%s)', (backend) => {
  let s: TestServer;
  let key: string;
  let accountId: string;
  const clock = new ManualClock(Date.parse('2026-11-25T10:00:00.000Z'));
  const create = (body: unknown, idem: string) => s.post('/v1/checkout/sessions', body, { 'x-api-key': key, 'idempotency-key': idem });
  const sessions = () => s.db.prisma.checkoutSession.count({ where: { accountId } });

  /** The row a request leaves when its process dies after claiming the key, before storing the response. */
  const interrupted = (idem: string, body: unknown) => {
    const operation = restOperation({ method: 'POST', path: '/v1/checkout/sessions' });
    const print = fingerprint(operation, restParams({}, body));
    const now = clock.now();
    return s.db.prisma.idempotencyKey.create({
      data: {
        id: `idk_${randomUUID()}`,
        scope: scopeOf({ accountId, mode: 'test' }, print),
        key: idem,
        operation,
        fingerprint: print,
        state: 'in_progress',
        requestId: 'req-that-died',
        createdAt: new Date(now),
        expiresAt: new Date(now + KEY_TTL_MS),
      },
    });
  };

  beforeAll(async () => {
    s = await startTestServer({ backend, clock, env: { JOBS_ENABLED: 'false', IDEMPOTENCY_WAIT_MS: '300' } });
    ({ key, accountId } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  it('a key whose request died mid-way answers 409 after the bounded wait and never runs again, until it expires', async () => {
    const idem = randomUUID();
    await interrupted(idem, session);
    const started = performance.now();
    const r = await create(session, idem);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('CONFLICT');
    expect(r.body.error.message).toMatch(/still in progress, or was interrupted; it is never run twice/);
    expect(r.body.error.message).toContain(new Date(clock.now() + KEY_TTL_MS).toISOString());
    expect((await create(session, idem)).status).toBe(409);
    expect(await sessions()).toBe(0);

    clock.advance(KEY_TTL_MS - 1);
    expect((await create(session, idem)).status).toBe(409);
    expect(await sessions()).toBe(0);
    clock.advance(1);
    const after = await create(session, idem);
    expect(after.status).toBe(201);
    expect(replayed(after)).toBeNull();
    expect(await sessions()).toBe(1);
  });

  it('other parameters under an in-progress key are a conflict at once (no wait)', async () => {
    const idem = randomUUID();
    await interrupted(idem, session);
    const started = performance.now();
    const r = await create({ ...session, amount: '1' }, idem);
    expect(performance.now() - started).toBeLessThan(250);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toMatch(/different parameters/);
  });

  it('a stored response is replayed for 24 hours, then the key is free and the request runs again', async () => {
    const idem = randomUUID();
    const first = await create(session, idem);
    clock.advance(KEY_TTL_MS - 1);
    const within = await create(session, idem);
    expect(replayed(within)).toBe('true');
    expect(within.body.id).toBe(first.body.id);
    clock.advance(1);
    const after = await create(session, idem);
    expect(after.status).toBe(201);
    expect(replayed(after)).toBeNull();
    expect(after.body.id).not.toBe(first.body.id);
    // The new row replays from now on.
    expect((await create(session, idem)).body.id).toBe(after.body.id);
  });

  it('the sweep deletes keys past 24 hours and keeps the others', async () => {
    const old = randomUUID();
    await create(session, old);
    clock.advance(KEY_TTL_MS / 2);
    const young = randomUUID();
    await create(session, young);
    clock.advance(KEY_TTL_MS / 2);
    const deleted = await s.services.idempotency.deleteExpired(1);
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await s.db.prisma.idempotencyKey.findMany({ where: { key: { in: [old, young] } }, select: { key: true } });
    expect(left.map((r) => r.key)).toEqual([young]);
    expect(await s.db.prisma.idempotencyKey.count({ where: { expiresAt: { lte: new Date(clock.now()) } } })).toBe(0);
  });
});

describe.runIf(backends.includes('postgres'))('Idempotency-Key across instances (postgres)', () => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    a = await startTestServer({ database, env: { JOBS_ENABLED: 'false' } });
    b = await startTestServer({ database, env: { JOBS_ENABLED: 'false' } });
    ({ key, accountId } = await a.createTestKey());
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('20 concurrent identical requests spread over two instances create one session', async () => {
    const idem = randomUUID();
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).post('/v1/checkout/sessions', { ...session, reference: 'two-instances' }, { 'x-api-key': key, 'idempotency-key': idem }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(all.map((r) => r.body.id)).size).toBe(1);
    expect(all.filter((r) => replayed(r) === null)).toHaveLength(1);
    expect(await a.db.prisma.checkoutSession.count({ where: { accountId } })).toBe(1);
  });
});
