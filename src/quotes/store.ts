import { Redis } from 'ioredis';
import type { RawSql } from '../db/client.js';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import type { StoredQuote } from '../providers/types.js';
import { storedQuoteFromJson, storedQuoteToJson } from './serialize.js';

/**
 * Where issued quotes live until they are built (spec 3.3). Unlike the spec's one-instance rule, every
 * instance can build every quote: rows go to Postgres (default) or Redis (REDIS_URL, with a TTL).
 *
 * Lifecycle, by the injected clock: before `expiresAt` → the quote; after it → QUOTE_EXPIRED (410);
 * five minutes after it → QUOTE_NOT_FOUND (404), and the row is dropped.
 */
export const QUOTE_RETENTION_MS = 5 * 60_000;

export interface QuoteStore {
  putMany(quotes: StoredQuote[]): Promise<void>;
  /** The raw record, whatever its age; undefined once dropped. */
  find(quoteId: string): Promise<StoredQuote | undefined>;
  /** Deletes records past retention; returns how many. */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

export const expiresAtMs = (q: StoredQuote) => q.quote.expiresAt * 1000;
export const dropAtMs = (q: StoredQuote) => expiresAtMs(q) + QUOTE_RETENTION_MS;

export type QuoteAge = 'valid' | 'expired' | 'dropped';
export function quoteAge(q: StoredQuote, now: number): QuoteAge {
  if (now > dropAtMs(q)) return 'dropped';
  if (now > expiresAtMs(q)) return 'expired';
  return 'valid';
}

const notFound = (quoteId: string) =>
  new ApiError('QUOTE_NOT_FOUND', `Quote ${quoteId} was not found or is no longer kept; request a fresh quote`);

/**
 * Loads a quote for an operation. `allowExpired` (reporting a sent transaction) accepts an expired
 * quote that is still retained; building never does.
 */
export async function loadQuote(store: QuoteStore, clock: Clock, quoteId: string, opts: { allowExpired?: boolean } = {}): Promise<StoredQuote> {
  if (!/^[a-z]+_[0-9A-Za-z]{8,64}$/.test(quoteId)) throw notFound(quoteId);
  const q = await store.find(quoteId);
  if (!q) throw notFound(quoteId);
  const age = quoteAge(q, clock.now());
  if (age === 'dropped') throw notFound(quoteId);
  if (age === 'expired' && !opts.allowExpired) {
    throw new ApiError('QUOTE_EXPIRED', `Quote ${quoteId} expired at ${new Date(expiresAtMs(q)).toISOString()}; request a fresh quote`);
  }
  return q;
}

/** Postgres (or PGlite) table `quotes`; raw SQL keeps the hot quote path to one light round trip. */
export class PgQuoteStore implements QuoteStore {
  constructor(private sql: RawSql, private clock: Clock) {}

  async putMany(quotes: StoredQuote[]) {
    if (!quotes.length) return;
    const params: unknown[] = [];
    const rows = quotes.map((q) => {
      const i = params.length;
      params.push(q.quoteId, q.provider, JSON.stringify(storedQuoteToJson(q)), new Date(expiresAtMs(q)).toISOString(), new Date(dropAtMs(q)).toISOString());
      return `($${i + 1}, $${i + 2}, $${i + 3}::jsonb, $${i + 4}::timestamptz, $${i + 5}::timestamptz)`;
    });
    // Quotes are short-lived and re-requestable, so their insert commits without waiting for the WAL flush
    // (synchronous_commit off for this one transaction; set_config(…, true) is SET LOCAL inside the
    // statement's own implicit transaction). A Postgres crash can lose the last fraction of a second of
    // issued quotes: building one answers QUOTE_NOT_FOUND and the client re-quotes; in the rare case one was
    // already built and sent, its report is refused (QUOTE_NOT_FOUND) and that order goes untracked here.
    // It cannot corrupt anything, and the quote path no longer waits for an fsync on every request.
    await this.sql.query(
      `INSERT INTO quotes (id, provider, payload, expires_at, drop_at)
       SELECT v.* FROM (VALUES ${rows.join(', ')}) AS v, (SELECT set_config('synchronous_commit', 'off', true)) AS local_commit`,
      params,
    );
  }

  async find(quoteId: string) {
    const rows = await this.sql.query<{ payload: Record<string, unknown> | string }>('SELECT payload FROM quotes WHERE id = $1', [quoteId]);
    if (!rows.length) return undefined;
    const p = rows[0].payload;
    return storedQuoteFromJson(typeof p === 'string' ? JSON.parse(p) : p);
  }

  async sweep() {
    const rows = await this.sql.query<{ n: number }>('WITH d AS (DELETE FROM quotes WHERE drop_at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM d', [new Date(this.clock.now()).toISOString()]);
    return rows[0]?.n ?? 0;
  }

  async close() {}
}

export class RedisQuoteStore implements QuoteStore {
  private redis: Redis;

  constructor(url: string, private clock: Clock, private prefix = 'quote:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.on('error', () => {}); // reconnects on its own; commands report failures
  }

  async putMany(quotes: StoredQuote[]) {
    if (!quotes.length) return;
    const multi = this.redis.multi();
    for (const q of quotes) {
      // TTL by wall time: the row must outlive the retention window measured by our clock.
      const ttl = Math.max(1000, dropAtMs(q) - this.clock.now());
      multi.set(this.prefix + q.quoteId, JSON.stringify(storedQuoteToJson(q)), 'PX', ttl);
    }
    const results = await multi.exec();
    const failed = results?.find(([err]) => err);
    if (!results || failed) throw new Error(`quote store (redis) write failed: ${failed?.[0]?.message ?? 'transaction aborted'}`);
  }

  async find(quoteId: string) {
    const raw = await this.redis.get(this.prefix + quoteId);
    return raw ? storedQuoteFromJson(JSON.parse(raw)) : undefined;
  }

  async sweep() {
    return 0; // Redis expires keys itself
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
