import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './client.js';

/**
 * Publish/subscribe on named topics over Postgres LISTEN/NOTIFY, so an event published by one
 * instance reaches subscriptions served by every instance. Works the same on PGlite (one process).
 *
 * NOTIFY payloads are capped at 8000 bytes: larger messages are stored in `pubsub_messages`
 * and only their id travels; listeners load the row.
 */
const MAX_INLINE = 7000;
const RECONNECT_MS = [100, 250, 500, 1000, 2000, 5000];

type Handler = (payload: unknown) => void;

/**
 * A topic's messages as an async iterator. `ready` settles once the LISTEN behind it is in place: a
 * caller that reads current state and then follows changes must await it before reading, or a change
 * made between its read and the LISTEN is lost.
 */
export type TopicIterator<T> = AsyncIterableIterator<T> & { ready: Promise<void> };

/** Postgres identifiers are at most 63 bytes; long topics are hashed into a stable channel name. */
export function channelFor(topic: string): string {
  const name = `ps:${topic}`;
  return Buffer.byteLength(name) <= 63 ? name : `ps:${createHash('sha256').update(topic).digest('hex').slice(0, 40)}`;
}
const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Stores an oversized payload: runs `sql` with `params` and returns the new row's id. */
export type StoreLarge = (sql: string, params: unknown[]) => Promise<string>;

/**
 * The wire format every publisher uses (PgPubSub.publish, and publishing from inside a transaction in
 * src/events/outbox.ts): `{t, p}` inline, or `{t, ref}` pointing at a pubsub_messages row when the
 * payload would exceed NOTIFY's limit.
 */
export async function encodeNotification(topic: string, payload: unknown, store: StoreLarge): Promise<{ channel: string; text: string }> {
  let text = JSON.stringify({ t: topic, p: payload });
  if (Buffer.byteLength(text) > MAX_INLINE) {
    const id = await store('INSERT INTO pubsub_messages (topic, payload) VALUES ($1, $2::jsonb) RETURNING id::text AS id', [topic, JSON.stringify(payload)]);
    text = JSON.stringify({ t: topic, ref: id });
  }
  return { channel: channelFor(topic), text };
}

export class PgPubSub {
  private handlers = new Map<string, Set<Handler>>(); // by channel
  private topicsByChannel = new Map<string, string>();
  /** The LISTEN of each channel, so a second subscriber also waits until it is in place. */
  private listening = new Map<string, Promise<void>>();
  /** Channels whose LISTEN has completed (for readiness checks: a subscriber on another instance, a test). */
  private listened = new Set<string>();
  private listener?: pg.Client;
  private connecting?: Promise<void>;
  private closed = false;
  private attempt = 0;
  private connectCount = 0;
  private unsubscribePglite?: () => void;
  private cleanupTimer?: NodeJS.Timeout;

  constructor(
    private db: Db,
    private log?: Logger,
  ) {}

  async start(): Promise<void> {
    if (this.db.kind === 'pglite') {
      this.unsubscribePglite = this.db.pglite!.onNotification((channel, payload) => void this.deliver(channel, payload));
    } else {
      await this.connect();
    }
    this.cleanupTimer = setInterval(() => void this.cleanup(), 60_000);
    this.cleanupTimer.unref();
  }

  /** How many times the listening connection was established (Postgres): a reconnect shows as a new count. */
  get connections(): number {
    return this.connectCount;
  }

  /** Number of live LISTEN connections problems are visible in logs; this is for tests. */
  get connected(): boolean {
    return this.db.kind === 'pglite' || !!this.listener;
  }

  /** Whether this instance has a LISTEN in place for `topic` (a subscriber here will receive what is published now). */
  isListening(topic: string): boolean {
    return this.connected && this.listened.has(channelFor(topic));
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    const { channel, text } = await encodeNotification(topic, payload, async (sql, params) => (await this.db.sql.query<{ id: string }>(sql, params))[0].id);
    await this.db.sql.query('SELECT pg_notify($1, $2)', [channel, text]);
  }

  /** Adds a handler; returns a function that removes it (and UNLISTENs when it was the last one). */
  async subscribe(topic: string, handler: Handler): Promise<() => Promise<void>> {
    const channel = channelFor(topic);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.topicsByChannel.set(channel, topic);
      const listen: Promise<void> = this.exec(`LISTEN ${quoteIdent(channel)}`).catch((err) => {
        // Forget the channel so the next subscriber tries again instead of awaiting this failure.
        if (this.listening.get(channel) === listen) {
          this.handlers.delete(channel);
          this.topicsByChannel.delete(channel);
          this.listening.delete(channel);
        }
        throw err;
      });
      this.listening.set(channel, listen);
      void listen.then(
        () => {
          if (this.listening.get(channel) === listen) this.listened.add(channel);
        },
        () => {},
      );
    }
    set.add(handler);
    await this.listening.get(channel);
    return async () => {
      const s = this.handlers.get(channel);
      if (!s) return;
      s.delete(handler);
      if (s.size === 0) {
        this.handlers.delete(channel);
        this.topicsByChannel.delete(channel);
        this.listening.delete(channel);
        this.listened.delete(channel);
        await this.exec(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
      }
    };
  }

  /** Async iterator over a topic's messages, for GraphQL subscriptions. */
  iterate<T = unknown>(topic: string, signal?: AbortSignal): TopicIterator<T> {
    const queue: T[] = [];
    let wake: (() => void) | undefined;
    let done = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    const ready = this.subscribe(topic, (p) => {
      queue.push(p as T);
      wake?.();
    }).then((u) => {
      unsubscribe = u;
      if (done) void u();
    });
    const finish = async () => {
      done = true;
      wake?.();
      await ready.catch(() => {});
      await unsubscribe?.();
    };
    signal?.addEventListener('abort', () => void finish(), { once: true });
    const it: TopicIterator<T> = {
      ready,
      async next() {
        await ready;
        while (!queue.length && !done) await new Promise<void>((r) => (wake = r));
        if (queue.length) return { value: queue.shift()!, done: false };
        return { value: undefined as never, done: true };
      },
      async return() {
        await finish();
        return { value: undefined as never, done: true };
      },
      [Symbol.asyncIterator]() {
        return it;
      },
    };
    return it;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.cleanupTimer);
    this.unsubscribePglite?.();
    this.handlers.clear();
    this.listened.clear();
    const l = this.listener;
    this.listener = undefined;
    await l?.end().catch(() => {});
  }

  /** Runs LISTEN / UNLISTEN on the listening connection (protected: a test subclass slows it down). */
  protected async exec(sql: string) {
    if (this.db.kind === 'pglite') {
      await this.db.pglite!.exec(sql);
      return;
    }
    if (!this.listener) await this.connect();
    // If the connection is down, the reconnect re-issues every LISTEN, so a failure here is not lost.
    await this.listener?.query(sql).catch((e) => this.log?.warn({ err: e }, 'pubsub LISTEN failed; will retry on reconnect'));
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      while (!this.closed) {
        const client = new pg.Client({ connectionString: this.db.url, keepAlive: true });
        try {
          await client.connect();
          client.on('notification', (n) => void this.deliver(n.channel, n.payload));
          const onLost = (err?: Error) => {
            if (this.listener !== client) return;
            this.listener = undefined;
            client.removeAllListeners();
            client.end().catch(() => {});
            if (this.closed) return;
            this.log?.warn({ err }, 'pubsub listener connection lost; reconnecting');
            void this.connect();
          };
          client.on('error', onLost);
          client.on('end', () => onLost());
          for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
          this.listener = client;
          this.attempt = 0;
          this.connectCount++;
          return;
        } catch (err) {
          client.end().catch(() => {});
          const wait = RECONNECT_MS[Math.min(this.attempt++, RECONNECT_MS.length - 1)];
          this.log?.warn({ err, wait }, 'pubsub listener cannot connect; retrying');
          await new Promise((r) => setTimeout(r, wait));
        }
      }
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async deliver(channel: string, raw: string | undefined) {
    const set = this.handlers.get(channel);
    if (!set || !raw) return;
    try {
      const msg = JSON.parse(raw) as { t: string; p?: unknown; ref?: string };
      let payload = msg.p;
      if (msg.ref !== undefined) {
        const rows = await this.db.sql.query<{ payload: unknown }>('SELECT payload FROM pubsub_messages WHERE id = $1::bigint', [msg.ref]);
        if (!rows.length) return;
        payload = rows[0].payload;
      }
      for (const h of [...set]) {
        try {
          h(payload);
        } catch (err) {
          this.log?.error({ err, channel }, 'pubsub handler threw');
        }
      }
    } catch (err) {
      this.log?.error({ err, channel }, 'pubsub message could not be read');
    }
  }

  private async cleanup() {
    await this.db.sql.query("DELETE FROM pubsub_messages WHERE created_at < now() - interval '1 hour'").catch(() => {});
  }
}
