import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { FixtureProvider, startFixtureProviderServer, type FixtureProviderServer } from '../fixtures/fixture-provider.js';
import { ManualClock } from '../../src/clock.js';
import { createDb, type Db } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { Redis } from 'ioredis';
import { loadQuote, PgQuoteStore, RedisQuoteStore, type QuoteStore } from '../../src/quotes/store.js';
import { newQuoteSetId, newQuoteTag, parseQuoteId, QUOTE_SET_ID_LENGTH, QUOTE_TAG_LENGTH, quoteIdOf } from '../../src/quotes/quote-id.js';
import { quoteSetToJson } from '../../src/quotes/serialize.js';
import { EmbeddedQuoteStore } from '../../src/quotes/embedded-store.js';
import { randomBase62 } from '../../src/ids.js';
import type { StoredQuote } from '../../src/providers/types.js';
import { REDIS_URL, withRedis } from '../helpers/redis.js';
import { waitFor } from '../helpers/wait.js';

const sample = (now: number, id = `q_${randomBytes(12).toString('hex')}`): StoredQuote => ({
  quoteId: id,
  provider: 'relay',
  request: {
    src: { chainId: 8453, address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC', decimals: 6 },
    dst: { chainId: 42161, address: '0xaf88d065e77c8cc2239327c5edb3a432268e5831', symbol: 'USDC', decimals: 6 },
    srcVm: 'evm',
    dstVm: 'evm',
    tradeType: 'EXACT_INPUT',
    amount: 123456789012345678901234567890n,
    sender: '0x1',
    recipient: '0x2',
    slippageBps: 50,
    fees: { ourFeeBps: 20, partnerFeeBps: 0, recipients: {} },
  },
  quote: {
    srcAmount: 123456789012345678901234567890n,
    dstAmount: 98765432109876543210987654321n,
    dstAmountMin: 9n,
    estimatedSeconds: 4,
    ourFeeBps: 20,
    partnerFeeBps: 0,
    expiresAt: Math.floor(now / 1000) + 30,
    context: { requestId: '0xabc', steps: [{ id: 'deposit' }] },
  },
  createdAt: now,
  accountId: 'acct_1',
  mode: 'test',
});

/** A quote as stored on its own before quote sets (amounts as integer strings). */
const legacyRecord = (q: StoredQuote) =>
  JSON.stringify({
    ...q,
    request: { ...q.request, amount: q.request.amount.toString() },
    quote: { ...q.quote, srcAmount: q.quote.srcAmount.toString(), dstAmount: q.quote.dstAmount.toString(), dstAmountMin: q.quote.dstAmountMin.toString() },
  });

/** A response of `n` quotes (providers in rank order) sharing one request and caller context. */
function sampleSet(now: number, n: number, ttlSeconds: number[] = []): { setId: string; quotes: StoredQuote[] } {
  const setId = newQuoteSetId();
  const base = sample(now);
  const providers = ['relay', 'debridge', 'lifi', '0x', 'kyberswap', 'jupiter'] as const;
  const quotes = Array.from({ length: n }, (_, i) => ({
    ...base,
    quoteId: quoteIdOf(setId, i, newQuoteTag()),
    provider: providers[i % providers.length],
    quote: { ...base.quote, dstAmount: base.quote.dstAmount - BigInt(i), expiresAt: Math.floor(now / 1000) + (ttlSeconds[i] ?? 30), context: { rank: i } },
  }));
  return { setId, quotes };
}

function storeContract(
  name: string,
  make: (clock: ManualClock) => Promise<{ store: QuoteStore; close(): Promise<unknown>; putLegacy(q: StoredQuote): Promise<void>; sweeps: boolean }>,
) {
  describe(`quote store: ${name}`, () => {
    const clock = new ManualClock(Date.parse('2026-11-22T12:00:00Z'));
    let h: Awaited<ReturnType<typeof make>>;
    beforeAll(async () => {
      h = await make(clock);
    });
    afterAll(() => h?.close());

    it('round-trips a quote exactly (bigints beyond 2^64 included) and walks the lifecycle by the clock', async () => {
      const t0 = clock.now();
      const { setId, quotes } = sampleSet(t0, 1);
      const q = quotes[0];
      await h.store.putSet(setId, quotes);
      expect(await loadQuote(h.store, clock, q.quoteId)).toEqual(q);
      clock.set(q.quote.expiresAt * 1000 + 1);
      await expect(loadQuote(h.store, clock, q.quoteId)).rejects.toMatchObject({ code: 'QUOTE_EXPIRED', status: 410 });
      expect((await loadQuote(h.store, clock, q.quoteId, { allowExpired: true })).quoteId).toBe(q.quoteId);
      clock.set(q.quote.expiresAt * 1000 + 5 * 60_000 + 1);
      await expect(loadQuote(h.store, clock, q.quoteId, { allowExpired: true })).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND', status: 404 });
      await h.store.sweep();
      clock.set(t0);
      await expect(loadQuote(h.store, clock, `q_${'x'.repeat(22)}`)).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
      await expect(loadQuote(h.store, clock, `q_${'x'.repeat(23)}`)).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
      await expect(loadQuote(h.store, clock, 'not a quote id')).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
    });

    it('stores a response as one set: every quote comes back by its own id, each aging by its own expiry', async () => {
      const t0 = clock.now();
      const { setId, quotes } = sampleSet(t0, 6, [30, 30, 30, 30, 30, 600]);
      await h.store.putSet(setId, quotes);
      for (const q of quotes) expect(await loadQuote(h.store, clock, q.quoteId)).toEqual(q);
      // A rank past the end of the set, and the same rank and tag under another set id, are unknown quotes.
      const tag0 = (parseQuoteId(quotes[0].quoteId) as { tag: string }).tag;
      await expect(loadQuote(h.store, clock, quoteIdOf(setId, 6, tag0))).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
      await expect(loadQuote(h.store, clock, quoteIdOf(newQuoteSetId(), 0, tag0))).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
      // Holding one quote of the set does not give its siblings: another rank needs that quote's own tag.
      await expect(loadQuote(h.store, clock, quoteIdOf(setId, 1, tag0))).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
      await expect(loadQuote(h.store, clock, quoteIdOf(setId, 0, newQuoteTag()))).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
      // Past the short quotes' retention the set is still kept for the long one, which stays buildable.
      clock.set(t0 + 30_000 + 5 * 60_000 + 1);
      await h.store.sweep();
      await expect(loadQuote(h.store, clock, quotes[0].quoteId, { allowExpired: true })).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
      expect(await loadQuote(h.store, clock, quotes[5].quoteId)).toEqual(quotes[5]);
      clock.set(t0);
    });

    it('a payload with the characters an array literal escapes (quotes, backslashes, commas, braces, NULL, newlines) round-trips', async () => {
      const { setId, quotes } = sampleSet(clock.now(), 2);
      const nasty = quotes.map((q, i) => ({ ...q, quote: { ...q.quote, context: { rank: i, note: `"a", \\b {c} NULL \n ✓ ${'\\'.repeat(i + 1)}"` } } }));
      await Promise.all([h.store.putSet(setId, nasty), h.store.putSet(...(Object.values(sampleSet(clock.now(), 1)) as [string, StoredQuote[]]))]);
      for (const q of nasty) expect(await loadQuote(h.store, clock, q.quoteId)).toEqual(q);
    });

    it('concurrent responses (written in shared statements) are each stored whole and found by their own ids', async () => {
      const sets = Array.from({ length: 40 }, (_, i) => sampleSet(clock.now(), 1 + (i % 6)));
      await Promise.all(sets.map(({ setId, quotes }) => h.store.putSet(setId, quotes)));
      for (const { quotes } of sets) for (const q of quotes) expect(await loadQuote(h.store, clock, q.quoteId)).toEqual(q);
    });

    it('still reads (and sweeps) quotes stored one per record before sets', async () => {
      const t0 = clock.now();
      const legacy = sample(t0, `q_${randomBase62(128)}`);
      expect(parseQuoteId(legacy.quoteId)?.kind).toBe('legacy');
      await h.putLegacy(legacy);
      expect(await loadQuote(h.store, clock, legacy.quoteId)).toEqual(legacy);
      clock.set(legacy.quote.expiresAt * 1000 + 5 * 60_000 + 1);
      await expect(loadQuote(h.store, clock, legacy.quoteId, { allowExpired: true })).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
      await h.store.sweep();
      if (h.sweeps) expect(await h.store.find(legacy.quoteId)).toBeUndefined(); // Redis expires keys by its own TTL
      clock.set(t0);
    });
  });
}

describe('quote set records', () => {
  it('refuse quotes that are not the set in rank order, or do not share one request and context', () => {
    const { setId, quotes } = sampleSet(Date.now(), 3);
    expect(() => quoteSetToJson(setId, [quotes[1], quotes[0]])).toThrow(/is not quote 0/);
    expect(() => quoteSetToJson(newQuoteSetId(), quotes)).toThrow(/is not quote 0/);
    expect(() => quoteSetToJson(setId, [quotes[0], { ...quotes[1], accountId: 'acct_other' }])).toThrow(/does not share accountId/);
    expect(() => quoteSetToJson(setId, [quotes[0], { ...quotes[1], request: { ...quotes[1].request } }])).toThrow(/does not share request/);
    expect(() => quoteSetToJson(setId, [])).toThrow(/at least one/);
  });

  it("ids: set id, one rank character and the quote's own tag; anything else is not a quote of ours", () => {
    const setId = newQuoteSetId();
    const tag = newQuoteTag();
    expect(setId).toHaveLength(QUOTE_SET_ID_LENGTH);
    expect(tag).toHaveLength(QUOTE_TAG_LENGTH);
    expect(quoteIdOf(setId, 0, tag)).toMatch(/^q_[0-9A-Za-z]{34}$/);
    expect(parseQuoteId(quoteIdOf(setId, 0, tag))).toEqual({ kind: 'set', setId, index: 0, tag });
    expect(parseQuoteId(quoteIdOf(setId, 61, tag))).toEqual({ kind: 'set', setId, index: 61, tag });
    expect(() => quoteIdOf(setId, 62, tag)).toThrow(RangeError);
    expect(parseQuoteId(`q_${setId}`)).toEqual({ kind: 'legacy', id: `q_${setId}` });
    for (const bad of [
      '',
      'q_',
      `x_${setId}0${tag}`,
      `q_${setId}0`,
      `q_${setId}0${tag}0`,
      `q_${setId}0${tag.slice(1)}`,
      `q_${setId}-${tag}`,
      `Q_${setId}0${tag}`,
    ])
      expect(parseQuoteId(bad)).toBeUndefined();
  });
});

for (const backend of backends) {
  storeContract(`Postgres table (${backend})`, async (clock) => {
    const t = await createTestDatabase(backend);
    const db: Db = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR });
    await migrate(db);
    const putLegacy = async (q: StoredQuote) => {
      const payload = legacyRecord(q);
      const exp = q.quote.expiresAt * 1000;
      await db.sql.query('INSERT INTO quotes (id, provider, payload, expires_at, drop_at) VALUES ($1, $2, $3::jsonb, $4::timestamptz, $5::timestamptz)', [
        q.quoteId,
        q.provider,
        payload,
        new Date(exp).toISOString(),
        new Date(exp + 5 * 60_000).toISOString(),
      ]);
    };
    return {
      store: new PgQuoteStore(db.sql, clock),
      putLegacy,
      sweeps: true,
      close: async () => {
        await db.close();
        await t.drop();
      },
    };
  });
}
describe.each(backends)('one insert of many sets (%s)', (backend) => {
  it('takes rows as arrays: every element arrives as sent, whatever an array literal would have to escape', async () => {
    const t = await createTestDatabase(backend);
    const db = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR });
    try {
      await migrate(db);
      const store = new PgQuoteStore(db.sql, new ManualClock(Date.parse('2026-11-22T12:00:00Z')));
      const payloads = ['NULL', '', 'null', '"a", \\b {c} \n ✓', '{"x":"NULL","y":[1,2]}', "it's"];
      const rows = payloads.map((payload, i) => [`qs_array_${i}`, payload, new Date(Date.UTC(2026, 10, 22, 12, i)).toISOString()] as [string, string, string]);
      await store.insertRows(rows);
      const back = await db.sql.query<{ id: string; payload: string; drop_at: Date }>('SELECT id, payload, drop_at FROM quote_sets ORDER BY id');
      expect(back.map((r) => [r.id, r.payload, new Date(r.drop_at).toISOString()])).toEqual(rows);
    } finally {
      await db.close();
      await t.drop();
    }
  });
});

// Embedded PGlite (one process owns the database): the same table, written behind (src/quotes/embedded-store.ts).
storeContract('embedded PGlite, written behind', async (clock) => {
  const t = await createTestDatabase('pglite');
  const db: Db = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR });
  await migrate(db);
  const store = new EmbeddedQuoteStore(db.sql, clock, { warn: () => {} });
  return {
    store,
    putLegacy: async (q: StoredQuote) => {
      const exp = q.quote.expiresAt * 1000;
      await db.sql.query('INSERT INTO quotes (id, provider, payload, expires_at, drop_at) VALUES ($1, $2, $3::jsonb, $4::timestamptz, $5::timestamptz)', [
        q.quoteId,
        q.provider,
        legacyRecord(q),
        new Date(exp).toISOString(),
        new Date(exp + 5 * 60_000).toISOString(),
      ]);
    },
    sweeps: true,
    close: async () => {
      await store.close();
      await db.close();
      await t.drop();
    },
  };
});

describe('embedded PGlite store: written behind', () => {
  const clock = new ManualClock(Date.parse('2026-11-22T12:00:00Z'));
  let t: TestDatabase;
  let db: Db;
  const inTable = async (setId: string) => (await db.sql.query('SELECT 1 FROM quote_sets WHERE id = $1', [setId])).length;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    db = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR });
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await t?.drop();
  });

  it('answers a set from memory at once, inserts it within a flush, and a new store over the database (a restart) finds it', async () => {
    const store = new EmbeddedQuoteStore(db.sql, clock, { warn: () => {} }, 20);
    const { setId, quotes } = sampleSet(clock.now(), 3);
    await store.putSet(setId, quotes);
    for (const q of quotes) expect(await store.find(q.quoteId)).toEqual(q);
    await waitFor(() => inTable(setId), { what: 'the set in quote_sets' });
    await waitFor(() => store.waiting === 0, { what: 'nothing left waiting' });
    const restarted = new EmbeddedQuoteStore(db.sql, clock, { warn: () => {} });
    for (const q of quotes) expect(await restarted.find(q.quoteId)).toEqual(q);
    await store.close();
    await restarted.close();
  });

  it('writes what waits when it stops, and takes no set after', async () => {
    const store = new EmbeddedQuoteStore(db.sql, clock, { warn: () => {} }, 3_600_000);
    const { setId, quotes } = sampleSet(clock.now(), 2);
    await store.putSet(setId, quotes);
    expect(store.waiting).toBe(1);
    expect(await inTable(setId)).toBe(0);
    await store.close();
    expect(await inTable(setId)).toBe(1);
    expect(await new EmbeddedQuoteStore(db.sql, clock, { warn: () => {} }).find(quotes[1].quoteId)).toEqual(quotes[1]);
    const next = sampleSet(clock.now(), 1);
    await expect(store.putSet(next.setId, next.quotes)).rejects.toThrow(/closed/);
  });

  it('keeps the sets of a failed insert readable and inserts them at a later flush', async () => {
    let failures = 0;
    const flaky = {
      query: async <T>(text: string, params?: unknown[]): Promise<T[]> => {
        if (text.includes('INSERT INTO quote_sets') && failures++ === 0) throw new Error('disk full');
        return db.sql.query<T>(text, params);
      },
      exec: (text: string) => db.sql.exec(text),
    };
    const warned: unknown[] = [];
    const store = new EmbeddedQuoteStore(flaky, clock, { warn: (o: unknown) => void warned.push(o) }, 10);
    const { setId, quotes } = sampleSet(clock.now(), 2);
    await store.putSet(setId, quotes);
    await waitFor(() => warned.length, { what: 'the failed insert logged' });
    expect(await store.find(quotes[0].quoteId)).toEqual(quotes[0]);
    await waitFor(() => inTable(setId), { what: 'the set inserted by a later flush' });
    expect(failures).toBeGreaterThanOrEqual(2);
    await store.close();
  });

  it('sweeps sets past retention that still wait, as the table sweeps its rows', async () => {
    const t0 = clock.now();
    const store = new EmbeddedQuoteStore(db.sql, clock, { warn: () => {} }, 3_600_000);
    const { setId, quotes } = sampleSet(t0, 1);
    await store.putSet(setId, quotes);
    clock.set(quotes[0].quote.expiresAt * 1000 + 5 * 60_000 + 1);
    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    expect(store.waiting).toBe(0);
    expect(await store.find(quotes[0].quoteId)).toBeUndefined();
    await store.close();
    expect(await inTable(setId)).toBe(0);
    clock.set(t0);
  });
});

describe.runIf(withRedis)('redis', () => {
  storeContract('Redis with TTL', async (clock) => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const store = new RedisQuoteStore(REDIS_URL, clock, prefix);
    const redis = new Redis(REDIS_URL);
    // Redis expires keys by its own clock, not the test's: the legacy key lives as long as the set keys would.
    const putLegacy = async (q: StoredQuote) => void (await redis.set(prefix + q.quoteId, legacyRecord(q), 'PX', 60_000));
    return {
      store,
      putLegacy,
      sweeps: false,
      close: async () => {
        await store.close();
        await redis.quit();
      },
    };
  });
});

/** Any instance can build any quote: two instances share the store (Postgres, or Redis). */
const shared: { name: string; env: Record<string, string>; run: boolean; backend: 'pglite' | 'postgres' }[] = [
  { name: 'Postgres', env: {}, run: backends.includes('postgres'), backend: 'postgres' },
  { name: 'Redis', env: { REDIS_URL }, run: withRedis && backends.includes('postgres'), backend: 'postgres' },
];
describe.each(shared)('a quote issued by instance A is built by instance B ($name)', ({ env, run, backend }) => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let fx: FixtureProviderServer;
  beforeAll(async () => {
    if (!run) return;
    fx = await startFixtureProviderServer();
    db = await createTestDatabase(backend);
    const base = { ...env, JOBS_ENABLED: '0', RPC_URL_8453: 'http://127.0.0.1:9' };
    a = await startTestServer({ database: db, env: base });
    b = await startTestServer({ database: db, env: base });
    for (const s of [a, b]) s.services.providers.register(new FixtureProvider('debridge', fx.url));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
    await fx?.close();
  });

  it.runIf(run)('builds on the other instance', async () => {
    const sender = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const q = await a.get(`/v1/quote?srcChain=8453&srcToken=USDC&amount=1000000&dstChain=8453&dstToken=DAI&sender=${sender}&recipient=${sender}`);
    expect(q.status).toBe(200);
    const built = await b.post('/v1/orders', { quoteId: q.body.best.quoteId });
    expect(built.status).toBe(200);
    expect(built.body.quoteId).toBe(q.body.best.quoteId);
  });
});
