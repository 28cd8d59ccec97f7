import { SETUP_WRITE } from '../helpers/admin.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { QUOTE_WEIGHT } from '../../src/ratelimit/weights.js';
import { REDIS_URL, withRedis } from '../helpers/redis.js';
import { waitFor } from '../helpers/wait.js';

/** `"default";r=3;t=60` → { default: { r: 3, t: 60 } } */
function parseRateLimit(h: string | null): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const item of (h ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, ...params] = item.split(';');
    out[JSON.parse(name)] = Object.fromEntries(params.map((p) => p.split('=')).map(([k, v]) => [k, Number(v)]));
  }
  return out;
}

const stores: Array<{ name: string; kind: string; backend: 'pglite' | 'postgres'; env: () => Record<string, string>; run: boolean }> = [
  { name: 'memory (embedded PGlite)', kind: 'memory', backend: 'pglite', env: () => ({}), run: true },
  { name: 'Postgres', kind: 'postgres', backend: 'postgres', env: () => ({}), run: backends.includes('postgres') },
  {
    name: 'Redis',
    kind: 'redis',
    backend: 'postgres',
    env: () => ({ REDIS_URL, RATE_LIMIT_KEY_PREFIX: `rl-${randomBytes(6).toString('hex')}` }),
    run: withRedis && backends.includes('postgres'),
  },
];

for (const store of stores) {
  describe.runIf(store.run)(`rate limits on ${store.name}`, () => {
    let db: TestDatabase;
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      db = await createTestDatabase(store.backend);
      const env = { ...store.env(), RATE_LIMIT_DEFAULT: '5/60', RATE_LIMIT_STRICT: '2/60', TRUST_PROXY: '1' };
      a = await startTestServer({ database: db, env });
      // A second instance on the same database (and Redis): one count between them. Memory is per process.
      if (store.backend === 'postgres') b = await startTestServer({ database: db, env });
      // The limiter fails open while its store cannot answer (a Redis connection still being made after start): wait
      // until each instance counts, probing from an address of its own so the tests' addresses start from zero.
      for (const [i, s] of [a, b].entries()) {
        if (!s) continue;
        await waitFor(async () => (await s.get('/v1/health', { 'x-forwarded-for': `192.0.2.${200 + i}` })).headers.get('ratelimit'), {
          what: `${store.name} counting on instance ${i + 1}`,
        });
      }
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await db?.drop();
    });

    const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });

    it(`counts in ${store.kind}`, () => {
      expect(a.services.ratelimit.storeKind).toBe(store.kind);
    });

    it('counts every request; over the limit: 429 RATE_LIMITED in the envelope, Retry-After, RateLimit headers on every response', async () => {
      const ip = '203.0.113.10';
      for (let i = 1; i <= 5; i++) {
        const r = await a.get('/v1/health', from(ip));
        expect(r.status).toBe(200);
        expect(r.headers.get('ratelimit-policy')).toBe('"default";q=5;w=60');
        expect(parseRateLimit(r.headers.get('ratelimit')).default.r).toBe(5 - i);
        expect(r.headers.get('retry-after')).toBeNull();
      }
      const refused = await a.get('/v1/health', from(ip));
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({
        code: 'RATE_LIMITED',
        requestId: expect.any(String),
        docsUrl: expect.stringMatching(/\/errors\/RATE_LIMITED$/),
      });
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      const rl = parseRateLimit(refused.headers.get('ratelimit')).default;
      expect(rl.r).toBe(0);
      expect(rl.t).toBeGreaterThan(0);
      // Another address has its own count; an error response carries the headers too.
      const other = await a.get('/v1/tokens/lookup?chain=nope&address=0x0', from('203.0.113.11'));
      expect(other.status).toBe(400);
      expect(parseRateLimit(other.headers.get('ratelimit')).default.r).toBe(4);
    });

    it('behind one trusted proxy: the address it saw, whatever the client wrote to the left', async () => {
      const spoofed = (left: string) => a.get('/v1/health', from(`${left}, 203.0.113.60`));
      const first = await spoofed('198.51.100.1');
      expect(parseRateLimit(first.headers.get('ratelimit')).default.r).toBe(4);
      const second = await spoofed('198.51.100.2');
      expect(parseRateLimit(second.headers.get('ratelimit')).default.r).toBe(3);
    });

    it.runIf(store.backend === 'postgres')('two instances share one count', async () => {
      const ip = '203.0.113.20';
      for (let i = 0; i < 3; i++) expect((await a.get('/v1/health', from(ip))).status).toBe(200);
      expect((await b.get('/v1/health', from(ip))).status).toBe(200);
      expect((await b.get('/v1/health', from(ip))).status).toBe(200);
      expect((await b.get('/v1/health', from(ip))).status).toBe(429);
      expect((await a.get('/v1/health', from(ip))).status).toBe(429);
    });

    it('per key: the key id, not the address; an invalid key counts against the address', async () => {
      const { key } = await a.createTestKey();
      const ip = '203.0.113.30';
      for (let i = 0; i < 5; i++) expect((await a.get('/v1/account', from(ip, { 'x-api-key': key }))).status).toBe(200);
      expect((await a.get('/v1/account', from(ip, { 'x-api-key': key }))).status).toBe(429);
      // The address still has its own five points; guessing keys takes them.
      const bad = `${a.config.BRAND}_test_${'A'.repeat(32)}`;
      for (let i = 0; i < 5; i++) expect((await a.get('/v1/account', from(ip, { 'x-api-key': bad }))).status).toBe(401);
      const guessed = await a.get('/v1/account', from(ip, { 'x-api-key': bad }));
      expect(guessed.status).toBe(429);
      expect(guessed.body.error.code).toBe('RATE_LIMITED');
    });

    it('the per-account multiplier raises the limit', async () => {
      const { accountId, key } = await a.createTestKey();
      await a.services.accounts.setRateLimitMultiplier(accountId, 3, SETUP_WRITE);
      for (let i = 1; i <= 15; i++) {
        const r = await a.get('/v1/account', { 'x-api-key': key });
        expect(r.status, `request ${i}`).toBe(200);
        if (i === 1) expect(r.headers.get('ratelimit-policy')).toBe('"default";q=15;w=60');
      }
      expect((await a.get('/v1/account', { 'x-api-key': key })).status).toBe(429);
    });

    it('costly writes take from the strict bucket as well; both are listed', async () => {
      const { key } = await a.createTestKey();
      const trigger = () => a.post('/v1/webhook-endpoints/trigger', { type: 'checkout.session.completed' }, { 'x-api-key': key });
      const first = await trigger();
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit-policy')).toBe('"default";q=5;w=60, "strict";q=2;w=60');
      expect(parseRateLimit(first.headers.get('ratelimit'))).toMatchObject({ default: { r: 4 }, strict: { r: 1 } });
      expect((await trigger()).status).toBe(200);
      const refused = await trigger();
      expect(refused.status).toBe(429);
      expect(parseRateLimit(refused.headers.get('ratelimit'))).toMatchObject({ default: { r: 2 }, strict: { r: 0 } });
      // Reads still pass: only the strict bucket is spent.
      expect((await a.get('/v1/account', { 'x-api-key': key })).status).toBe(200);
    });

    it('weights: balances count per chain, a quote QUOTE_WEIGHT', async () => {
      const r = await a.get('/v1/balances?address=0x000000000000000000000000000000000000bEEF&chains=base,ethereum,unknown', from('203.0.113.40'));
      expect(parseRateLimit(r.headers.get('ratelimit')).default.r).toBe(5 - 3);
      const q = await a.get('/v1/quote?srcChain=base', from('203.0.113.41'));
      expect(QUOTE_WEIGHT).toBeGreaterThan(5);
      expect(q.status).toBe(429);
    });

    it('GraphQL over HTTP: aliases count, over the limit RATE_LIMITED before anything runs', async () => {
      const post = (query: string) => a.post('/graphql', { query }, from('203.0.113.50'));
      const two = await post('{ a: health { ok } b: health { ok } }');
      expect(two.body.data).toEqual({ a: { ok: true }, b: { ok: true } });
      expect(parseRateLimit(two.headers.get('ratelimit')).default.r).toBe(3);
      const three = await post('{ a: health { ok } b: health { ok } c: health { ok } }');
      expect(three.status).toBe(200);
      const refused = await post('{ health { ok } }');
      expect(refused.status).toBe(429);
      expect(refused.body.data ?? null).toBeNull();
      expect(refused.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number), requestId: expect.any(String) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // An unparsable document counts one point too, and is refused the same way once over.
      const broken = await post('{ health {');
      expect(broken.status).toBe(429);
      expect(broken.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    });

    /** A graphql-ws client with a fresh test key of instance `a`, and `run(query)`: its one result, or its errors. */
    const wsClient = async () => {
      const { key } = await a.createTestKey();
      const client = createClient({
        url: `${a.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { 'x-api-key': key },
        lazy: true,
      });
      const run = (query: string) =>
        new Promise<{ data?: unknown; errors?: any[] }>((resolve) => {
          let result: { data?: unknown; errors?: any[] } = {};
          client.subscribe({ query }, { next: (r) => (result = r as never), error: (e) => resolve({ errors: e as any[] }), complete: () => resolve(result) });
        });
      return { client, run };
    };

    it('GraphQL over WebSocket: every operation counts; over the limit the error carries RATE_LIMITED', async () => {
      const { client, run } = await wsClient();
      try {
        for (let i = 0; i < 5; i++) expect(await run('{ health { ok } }')).toEqual({ data: { health: { ok: true } } });
        const refused = await run('{ health { ok } }');
        expect(refused.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
        const sub = await run('subscription { events { id } }');
        expect(sub.errors?.[0].extensions.code).toBe('RATE_LIMITED');
      } finally {
        await client.dispose();
      }
    });

    it('GraphQL over WebSocket: an operation refused for its cost still takes its point, as an invalid one does', async () => {
      const { client, run } = await wsClient();
      const overCost = '{ events(first: 100) { nodes { deliveries(first: 100) { nodes { id } } } } }';
      try {
        for (let i = 0; i < 5; i++) expect((await run(overCost)).errors?.[0].extensions).toMatchObject({ code: 'INVALID_PARAMS', maxCost: 1000 });
        expect((await run(overCost)).errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      } finally {
        await client.dispose();
      }
    });
  });
}

describe('rate limits: operator settings', () => {
  let off: TestServer;
  let broken: TestServer;
  beforeAll(async () => {
    off = await startTestServer({ env: { RATE_LIMIT_ENABLED: 'false', RATE_LIMIT_DEFAULT: '1/60' } });
    // A Redis nobody listens on: the limiter fails open.
    broken = await startTestServer({ env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_DEFAULT: '1/60' } });
  });
  afterAll(async () => {
    await off?.close();
    await broken?.close();
  });

  it('RATE_LIMIT_ENABLED=false: no limit, no headers', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await off.get('/v1/health');
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit')).toBeNull();
    }
  });

  it('a failing store lets requests through (policy only, no counts)', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await broken.get('/v1/health');
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit-policy')).toBe('"default";q=1;w=60');
      expect(r.headers.get('ratelimit')).toBeNull();
    }
    const g = await broken.post('/graphql', { query: '{ health { ok } }' });
    expect(g.body.data).toEqual({ health: { ok: true } });
  });
});

describe('GraphQL operation cost over HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { GRAPHQL_MAX_ALIASES: '1000', GRAPHQL_MAX_TOKENS: '100000' } });
  });
  afterAll(() => s?.close());

  it('500 aliased quotes are refused before any runs, naming the limit and the cost', async () => {
    const input = '{ srcChain: "base", srcToken: "0x0", dstChain: "base", dstToken: "0x1", amount: "1", sender: "0x0", recipient: "0x0" }';
    const query = `{ ${Array.from({ length: 500 }, (_, i) => `q${i}: quote(input: ${input}) { __typename }`).join(' ')} }`;
    const r = await s.post('/graphql', { query });
    expect(r.body.data ?? null).toBeNull();
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0].message).toMatch(/cost 50500 exceeds the limit of 1000/);
    expect(r.body.errors[0].extensions).toMatchObject({ code: 'INVALID_PARAMS', cost: 50500, maxCost: 1000 });
    expect(r.headers.get('ratelimit-policy')).toBe('"default";q=600;w=60');
  });

  it('deep lists are refused; the documented round trip passes', async () => {
    const deep = await s.post('/graphql', { query: '{ events(first: 100) { nodes { deliveries(first: 100) { nodes { id } } } } }' });
    expect(deep.body.errors[0].extensions).toMatchObject({ code: 'INVALID_PARAMS', maxCost: 1000 });
    const round = await s.post('/graphql', {
      query: '{ chains { nodes { id slug } } tokens(chain: "base", first: 50) { nodes { symbol } } }',
    });
    expect(round.body.errors).toBeUndefined();
  });
});

describe('rate limits: pages and unknown paths count by address', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { RATE_LIMIT_DEFAULT: '2/60' } });
  });
  afterAll(() => s?.close());

  it('the error docs, an unknown page, then 429 in the envelope', async () => {
    const docs = await s.get('/docs/errors/RATE_LIMITED');
    expect(docs.status).toBe(200);
    expect(parseRateLimit(docs.headers.get('ratelimit')).default.r).toBe(1);
    const missing = await s.get('/nowhere');
    expect(missing.status).toBe(404);
    expect(parseRateLimit(missing.headers.get('ratelimit')).default.r).toBe(0);
    const refused = await s.get('/v1/nope');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
  });
});

describe("rate limits: the invoice page's pay form counts as the pay route", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { RATE_LIMIT_DEFAULT: '10/60', RATE_LIMIT_STRICT: '1/60' } });
  });
  afterAll(() => s?.close());

  it('POST /invoice/{id}/pay takes from strict; reading the page does not', async () => {
    const page = await s.get('/invoice/inv_test_nosuchinvoice');
    expect(page.status).toBe(404);
    expect(parseRateLimit(page.headers.get('ratelimit')).strict).toBeUndefined();
    const first = await s.request('/invoice/inv_test_nosuchinvoice/pay', { method: 'POST' });
    expect(first.status).toBe(404);
    expect(parseRateLimit(first.headers.get('ratelimit'))).toMatchObject({ strict: { r: 0 } });
    const refused = await s.request('/invoice/inv_test_nosuchinvoice/pay', { method: 'POST' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
  });
});
