import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import type pg from 'pg';
import { encodeBatch, PgPubSub, PUBSUB_CHANNEL } from '../../src/db/pubsub.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { waitFor } from '../helpers/wait.js';

/**
 * LISTEN held until the test opens the gate, so subscribers certainly arrive while it is still being issued (a
 * subscriber that returned before it was in place would miss the message).
 */
class GatedListenPubSub extends PgPubSub {
  open!: () => void;
  private readonly gate = new Promise<void>((r) => (this.open = r));
  protected override async exec(sql: string, client?: pg.Client) {
    await this.gate;
    return super.exec(sql, client);
  }
}

describe('encodeBatch', () => {
  const noStore = async () => {
    throw new Error('nothing here is large');
  };
  it.each([
    { n: 1, most: 1 },
    { n: 10, most: 1 },
    { n: 1000, most: 12 },
  ])('packs $n small messages into at most $most NOTIFY payloads, each under the 8000-byte limit, in order', async ({ n, most }) => {
    const messages = Array.from({ length: n }, (_, i) => ({ topic: `checkout:session:cs_${String(i).padStart(24, '0')}`, payload: { id: `cs_${i}` } }));
    const texts = await encodeBatch(messages, noStore);
    expect(texts.length).toBeLessThanOrEqual(most);
    for (const t of texts) expect(Buffer.byteLength(t)).toBeLessThan(8000);
    const decoded = texts.flatMap((t) => {
      const m = JSON.parse(t);
      return 'b' in m ? m.b : [m];
    });
    expect(decoded).toEqual(messages.map((m) => ({ t: m.topic, p: m.payload })));
  });

  it('stores a message over the limit and sends its reference', async () => {
    const stored: unknown[][] = [];
    const texts = await encodeBatch(
      [
        { topic: 'a', payload: { big: 'z'.repeat(9000) } },
        { topic: 'b', payload: 1 },
      ],
      async (_sql, params) => {
        stored.push(params);
        return '42';
      },
    );
    expect(texts).toEqual(['{"b":[{"t":"a","ref":"42"},{"t":"b","p":1}]}']);
    expect(stored).toHaveLength(1);
  });
});

describe.each(backends)('pubsub over LISTEN/NOTIFY (%s)', (backend) => {
  let t: TestDatabase;
  let db: Db;
  let ps: PgPubSub;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    db = await createDb({ databaseUrl: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR });
    await migrate(db);
    ps = new PgPubSub(db);
    await ps.start();
  });
  afterAll(async () => {
    await ps?.close();
    await db?.close();
    await t?.drop();
  });

  it('delivers small and large (> 8000 bytes) payloads to subscribers of the topic only', async () => {
    const got: unknown[] = [];
    const other: unknown[] = [];
    const un = await ps.subscribe('a', (p) => got.push(p));
    const un2 = await ps.subscribe('b', (p) => other.push(p));
    await ps.publish('a', { n: 1 });
    await ps.publish('a', { big: 'z'.repeat(50_000) });
    await waitFor(() => got.length === 2);
    expect((got[1] as { big: string }).big).toHaveLength(50_000);
    expect(other).toEqual([]);
    await un();
    expect(ps.isListening('a')).toBe(false);
    expect(ps.isListening('b')).toBe(true);
    await ps.publish('a', { n: 2 });
    // Notifications arrive in the order they were sent: once the later one on 'b' is here, 'a' had its chance.
    await ps.publish('b', 'marker');
    await waitFor(() => other.length === 1, { what: 'the marker on b' });
    expect(got).toHaveLength(2);
    await un2();
  });

  it("returns from subscribe, and settles an iterator's ready, only once the LISTEN is in place (also for a second subscriber of the topic)", async () => {
    const gated = new GatedListenPubSub(db);
    // Subscribers arriving while the LISTEN is still being issued wait for it.
    const starting = gated.start();
    try {
      const first: unknown[] = [];
      const second: unknown[] = [];
      const returned: string[] = [];
      const pending = gated.subscribe('d', (p) => first.push(p)).finally(() => returned.push('first'));
      const later = gated.subscribe('d', (p) => second.push(p)).finally(() => returned.push('second'));
      // Neither returns while the LISTEN is held (a database round trip lets whatever could run first run).
      await db.sql.query('SELECT 1');
      expect(returned).toEqual([]);
      gated.open();
      await later;
      await ps.publish('d', 1);
      await waitFor(() => first.length === 1 && second.length === 1);
      await pending;
      await starting;

      const it = gated.iterate<string>('e');
      await it.ready;
      await ps.publish('e', 'x');
      expect((await it.next()).value).toBe('x');
      await it.return!();
    } finally {
      await gated.close();
    }
  });

  it('delivers a batch published in one NOTIFY to each topic of it, in order', async () => {
    const got = new Map<string, unknown[]>();
    const topics = Array.from({ length: 300 }, (_, i) => `batch:${i}`);
    const uns = await Promise.all(topics.map((t) => ps.subscribe(t, (p) => got.set(t, [...(got.get(t) ?? []), p]))));
    await ps.publishMany(
      topics.flatMap((t, i) => [
        { topic: t, payload: { i, n: 1 } },
        { topic: t, payload: { i, n: 2 } },
      ]),
    );
    await waitFor(() => topics.every((t) => got.get(t)?.length === 2), { what: 'every topic of the batch' });
    expect(topics.map((t) => got.get(t))).toEqual(
      topics.map((_t, i) => [
        { i, n: 1 },
        { i, n: 2 },
      ]),
    );
    for (const u of uns) await u();
  });

  it('bounds an iterator whose consumer does not take its messages: it ends and reports the overflow once', async () => {
    let overflows = 0;
    const it = ps.iterate<number>('slow', { maxQueued: 3, onOverflow: () => overflows++ });
    await it.ready;
    for (let i = 0; i < 10; i++) await ps.publish('slow', i);
    await waitFor(() => overflows === 1, { what: 'the overflow' });
    expect(await it.next()).toEqual({ value: undefined, done: true });
    expect(ps.isListening('slow')).toBe(false);
    expect(overflows).toBe(1);
  });

  it.runIf(backend === 'postgres')('keeps one LISTEN connection whatever the number of topics subscribed', async () => {
    const listeners = async () =>
      (
        await db.sql.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = $1 AND pid <> pg_backend_pid()',
          [`LISTEN ${PUBSUB_CHANNEL}`],
        )
      )[0].n;
    expect(await listeners()).toBe(1);
    const uns = await Promise.all(Array.from({ length: 500 }, (_, i) => ps.subscribe(`many:${i}`, () => {})));
    expect(await listeners()).toBe(1);
    for (const u of uns) await u();
  });

  it.runIf(backend === 'postgres')('reconnects and re-subscribes after the listening connection is killed', async () => {
    const got: unknown[] = [];
    await ps.subscribe('c', (p) => got.push(p));
    await ps.publish('c', 1);
    await waitFor(() => got.length === 1);
    const before = ps.connections;
    // Kill every other backend of this database: the listener's connection among them.
    await db.sql.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    // The listener notices, connects again and re-issues its LISTENs.
    await waitFor(() => ps.connections > before && ps.connected, { what: 'the listener to reconnect' });
    // Publish until the re-LISTEN is in place (a message sent while down is not replayed: NOTIFY has no history).
    await waitFor(
      async () => {
        if (got.length < 2) await ps.publish('c', 2).catch(() => {});
        return got.length >= 2;
      },
      { intervalMs: 100, what: 'a message after the reconnect' },
    );
  });
});
