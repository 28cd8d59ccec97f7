import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './client.js';

/**
 * Publish/subscribe on named topics over Postgres LISTEN/NOTIFY, so an event published by one
 * instance reaches subscriptions served by every instance. Works the same on PGlite (one process).
 *
 * Every instance LISTENs on one channel (PUBSUB_CHANNEL) on one connection, whatever its number of
 * subscribers: a message names its topic, and the instance hands it to that topic's handlers in
 * memory. So subscribing costs no round trip to Postgres, and a transaction that changes many rows
 * sends their messages in a few NOTIFYs (notifyMany / encodeBatch), not one per row.
 *
 * Payloads are ids (a subscriber reads the resource as it is now). NOTIFY payloads are capped at
 * 8000 bytes: a larger message is stored in `pubsub_messages` and only its id travels; listeners load
 * the row.
 */
const MAX_INLINE = 7000;
const RECONNECT_MS = [100, 250, 500, 1000, 2000, 5000];

/** The one channel of every instance's LISTEN. */
export const PUBSUB_CHANNEL = 'pubsub';

type Handler = (payload: unknown) => void;

/**
 * A topic's messages as an async iterator. `ready` settles once the LISTEN behind it is in place: a
 * caller that reads current state and then follows changes must await it before reading, or a change
 * made between its read and the LISTEN is lost.
 */
export type TopicIterator<T> = AsyncIterableIterator<T> & { ready: Promise<void> };

export interface IterateOptions {
  signal?: AbortSignal;
  /**
   * The most messages the iterator keeps for a consumer that has not taken them (a client that does not read
   * its socket holds its subscription's loop at its send). Past it the iterator stops taking messages, ends,
   * and `onOverflow` is called once: the transport closes the connection. Default: unbounded.
   */
  maxQueued?: number;
  onOverflow?: () => void;
}

/**
 * `pubsub` whose iterators also end when `signal` aborts (the client went away, or completed the operation). A
 * subscription is an async generator suspended in `await changes.next()` most of its life, and a generator's
 * `return()` waits behind that: without the signal, a stream whose client left kept its listener until the topic's
 * next message, and for a quiet topic, for ever.
 */
export function endingWith(pubsub: Pick<PgPubSub, 'iterate'>, signal: AbortSignal): Pick<PgPubSub, 'iterate'> {
  return {
    iterate: <T>(topic: string, opts: IterateOptions = {}) =>
      pubsub.iterate<T>(topic, { ...opts, signal: opts.signal ? AbortSignal.any([opts.signal, signal]) : signal }),
  };
}

/** Stores an oversized payload: runs `sql` with `params` and returns the new row's id. */
export type StoreLarge = (sql: string, params: unknown[]) => Promise<string>;

export interface Message {
  topic: string;
  payload: unknown;
}

/** One message on the wire: inline, or a reference to a pubsub_messages row. */
type Wire = { t: string; p?: unknown; ref?: string };

async function wireOf(m: Message, store: StoreLarge): Promise<string> {
  const text = JSON.stringify({ t: m.topic, p: m.payload });
  if (Buffer.byteLength(text) <= MAX_INLINE) return text;
  const id = await store('INSERT INTO pubsub_messages (topic, payload) VALUES ($1, $2::jsonb) RETURNING id::text AS id', [m.topic, JSON.stringify(m.payload)]);
  return JSON.stringify({ t: m.topic, ref: id });
}

/**
 * The wire format every publisher uses (PgPubSub.publish, and publishing from inside a transaction in
 * src/events/outbox.ts): `{t, p}` inline, or `{t, ref}` pointing at a pubsub_messages row when the
 * payload would exceed NOTIFY's limit.
 */
export async function encodeNotification(topic: string, payload: unknown, store: StoreLarge): Promise<{ channel: string; text: string }> {
  return { channel: PUBSUB_CHANNEL, text: await wireOf({ topic, payload }, store) };
}

/** One message's wire text (`{t, p}`, or `{t, ref}` once the payload is stored because it is over the limit). */
export const encodeMessage = (m: Message, store: StoreLarge): Promise<string> => wireOf(m, store);

/** Wire texts of messages (encodeMessage), in order, packed into as few NOTIFY payloads as fit (`{b: [wire, …]}`). */
export function packWires(wires: readonly string[]): string[] {
  const texts: string[] = [];
  let parts: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (parts.length === 1) texts.push(parts[0]!);
    else if (parts.length) texts.push(`{"b":[${parts.join(',')}]}`);
    parts = [];
    bytes = 0;
  };
  for (const w of wires) {
    const size = Buffer.byteLength(w) + 1;
    if (bytes + size + 8 > MAX_INLINE) flush();
    parts.push(w);
    bytes += size;
  }
  flush();
  return texts;
}

/**
 * Many messages in as few NOTIFY payloads as fit (`{b: [wire, …]}`, each under NOTIFY's limit), for a transaction
 * that changes many rows at once: a thousand rows make a handful of notifications, not a thousand.
 */
export async function encodeBatch(messages: readonly Message[], store: StoreLarge): Promise<string[]> {
  const wires: string[] = [];
  for (const m of messages) wires.push(await wireOf(m, store));
  return packWires(wires);
}

export class PgPubSub {
  private handlers = new Map<string, Set<Handler>>(); // by topic
  /** Settles once the LISTEN of the current connection is in place (PGlite: once, at start). */
  private listening?: Promise<void>;
  private listenInPlace = false;
  private listener?: pg.Client;
  private connecting?: Promise<void>;
  private closed = false;
  private attempt = 0;
  private connectCount = 0;
  private unsubscribePglite?: () => void;
  private cleanupTimer?: NodeJS.Timeout;
  private delivering: Promise<void> = Promise.resolve();

  constructor(
    private db: Db,
    private log?: Logger,
  ) {}

  /** LISTENs on the channel (Postgres: on a connection of its own, reconnected when lost). Subscribers may come before it ends. */
  start(): Promise<void> {
    if (this.db.kind === 'pglite') {
      this.unsubscribePglite = this.db.pglite!.onNotification((channel, payload) => {
        if (channel === PUBSUB_CHANNEL) this.received(payload);
      });
      this.listening = this.exec(`LISTEN ${PUBSUB_CHANNEL}`).then(() => {
        this.listenInPlace = true;
      });
    } else {
      this.listening = this.connect();
    }
    this.cleanupTimer = setInterval(() => void this.cleanup(), 60_000);
    this.cleanupTimer.unref();
    return this.listening;
  }

  /** How many times the listening connection was established (Postgres): a reconnect shows as a new count. */
  get connections(): number {
    return this.connectCount;
  }

  /** Whether the LISTEN connection is up (readiness checks; a reconnect is logged). */
  get connected(): boolean {
    return this.db.kind === 'pglite' || !!this.listener;
  }

  /** Whether a subscriber of `topic` here will receive what is published now (the LISTEN is in place and it has a handler). */
  isListening(topic: string): boolean {
    return this.connected && this.listenInPlace && this.handlers.has(topic);
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    await this.publishMany([{ topic, payload }]);
  }

  /** Publishes several messages in as few NOTIFYs as fit (see encodeBatch). */
  async publishMany(messages: readonly Message[]): Promise<void> {
    const texts = await encodeBatch(messages, async (sql, params) => (await this.db.sql.query<{ id: string }>(sql, params))[0].id);
    for (const text of texts) await this.db.sql.query('SELECT pg_notify($1, $2)', [PUBSUB_CHANNEL, text]);
  }

  /** Adds a handler; returns a function that removes it. Resolves once the LISTEN is in place. */
  async subscribe(topic: string, handler: Handler): Promise<() => Promise<void>> {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    await this.inPlace();
    return async () => {
      const s = this.handlers.get(topic);
      if (!s) return;
      s.delete(handler);
      if (s.size === 0) this.handlers.delete(topic);
    };
  }

  /** Async iterator over a topic's messages, for GraphQL subscriptions. */
  iterate<T = unknown>(topic: string, opts: IterateOptions = {}): TopicIterator<T> {
    const queue: T[] = [];
    let wake: (() => void) | undefined;
    let done = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    const max = opts.maxQueued ?? Number.POSITIVE_INFINITY;
    const ready = this.subscribe(topic, (p) => {
      if (done) return;
      if (queue.length >= max) {
        // The consumer is not taking what it has: stop holding more for it, and let the transport close it.
        void finish();
        opts.onOverflow?.();
        return;
      }
      queue.push(p as T);
      wake?.();
    }).then((u) => {
      unsubscribe = u;
      if (done) void u();
    });
    const finish = async () => {
      done = true;
      queue.length = 0;
      wake?.();
      await ready.catch(() => {});
      await unsubscribe?.();
    };
    if (opts.signal?.aborted) void finish();
    else opts.signal?.addEventListener('abort', () => void finish(), { once: true });
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

  /** Resolves once a LISTEN is in place (at once when it is; during a reconnect, when it is again). */
  private async inPlace(): Promise<void> {
    if (this.db.kind === 'pglite') return this.listening;
    if (!this.listener && !this.closed) await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.cleanupTimer);
    this.unsubscribePglite?.();
    this.handlers.clear();
    this.listenInPlace = false;
    const l = this.listener;
    this.listener = undefined;
    await l?.end().catch(() => {});
  }

  /** Runs the LISTEN (protected: a test subclass slows it down). */
  protected async exec(sql: string, client?: pg.Client) {
    if (client) await client.query(sql);
    else await this.db.pglite!.exec(sql);
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      while (!this.closed) {
        const client = new pg.Client({ connectionString: this.db.url, keepAlive: true });
        try {
          await client.connect();
          client.on('notification', (n) => {
            if (n.channel === PUBSUB_CHANNEL) this.received(n.payload);
          });
          const onLost = (err?: Error) => {
            if (this.listener !== client) return;
            this.listener = undefined;
            this.listenInPlace = false;
            client.removeAllListeners();
            client.end().catch(() => {});
            if (this.closed) return;
            this.log?.warn({ err }, 'pubsub listener connection lost; reconnecting');
            void this.connect();
          };
          client.on('error', onLost);
          client.on('end', () => onLost());
          await this.exec(`LISTEN ${PUBSUB_CHANNEL}`, client);
          this.listener = client;
          this.listenInPlace = true;
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

  /** Messages are handed over in the order they were sent, a stored one (read back first) included. */
  private received(raw: string | undefined) {
    this.delivering = this.delivering.then(() => this.deliver(raw));
  }

  private async deliver(raw: string | undefined) {
    if (!raw) return;
    try {
      const msg = JSON.parse(raw) as Wire | { b: Wire[] };
      for (const w of 'b' in msg ? msg.b : [msg]) {
        if (w.ref === undefined) this.dispatch(w, w.p);
        else await this.dispatchStored(w);
      }
    } catch (err) {
      this.log?.error({ err }, 'pubsub message could not be read');
    }
  }

  private async dispatchStored(msg: Wire) {
    if (!this.handlers.has(msg.t)) return;
    const rows = await this.db.sql.query<{ payload: unknown }>('SELECT payload FROM pubsub_messages WHERE id = $1::bigint', [msg.ref]);
    if (rows.length) this.dispatch(msg, rows[0].payload);
  }

  private dispatch(msg: Wire, payload: unknown) {
    const set = this.handlers.get(msg.t);
    if (!set) return;
    for (const h of [...set]) {
      try {
        h(payload);
      } catch (err) {
        this.log?.error({ err, topic: msg.t }, 'pubsub handler threw');
      }
    }
  }

  private async cleanup() {
    await this.db.sql.query("DELETE FROM pubsub_messages WHERE created_at < now() - interval '1 hour'").catch(() => {});
  }
}
