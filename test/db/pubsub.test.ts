import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { PgPubSub, channelFor } from '../../src/db/pubsub.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { waitFor } from '../helpers/wait.js';

/** LISTEN made slow, so a subscriber that returned before it was in place would miss the message. */
class SlowListenPubSub extends PgPubSub {
  protected override async exec(sql: string) {
    await new Promise((r) => setTimeout(r, 300));
    return super.exec(sql);
  }
}

describe('channelFor', () => {
  it('keeps channel names within Postgres identifier limits', () => {
    expect(channelFor('order:q_abc')).toBe('ps:order:q_abc');
    const long = channelFor('x'.repeat(200));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(63);
    expect(channelFor('x'.repeat(200))).toBe(long);
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

  it("returns from subscribe, and settles an iterator's ready, only once the LISTEN is in place (also for a second subscriber of the channel)", async () => {
    const slow = new SlowListenPubSub(db);
    await slow.start();
    try {
      const first: unknown[] = [];
      const second: unknown[] = [];
      const pending = slow.subscribe('d', (p) => first.push(p));
      await slow.subscribe('d', (p) => second.push(p));
      await ps.publish('d', 1);
      await waitFor(() => first.length === 1 && second.length === 1);
      await pending;

      const it = slow.iterate<string>('e');
      await it.ready;
      await ps.publish('e', 'x');
      expect((await it.next()).value).toBe('x');
      await it.return!();
    } finally {
      await slow.close();
    }
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
