import { Redis } from 'ioredis';
import type { RawSql } from '../db/client.js';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import type { StoredQuote } from '../providers/types.js';
import { GroupCommit } from './group-commit.js';
import { parseQuoteId } from './quote-id.js';
import { quoteFromSetJson, quoteSetToJson, storedQuoteFromJson } from './serialize.js';
import type { QuoteRecord } from './record.js';

export type { QuoteRecord };

/**
 * Where issued quotes live until they are built. Every instance can build every quote, not only the one
 * that issued it: rows go to Postgres (default) or Redis (REDIS_URL, with a TTL). On embedded PGlite (one
 * process) they are written behind (./embedded-store.ts).
 *
 * Lifecycle, by the injected clock: before `expiresAt` → the quote; after it → QUOTE_EXPIRED (410);
 * five minutes after it → QUOTE_NOT_FOUND (404), and the row is dropped.
 */
export const QUOTE_RETENTION_MS = 5 * 60_000;

export interface QuoteStore {
  /** Where the records live (a span attribute): `postgresql` (Postgres or PGlite) or `redis`. */
  readonly system: 'postgresql' | 'redis';
  /**
   * Stores one response's quotes as one record: quote i must have the id quoteIdOf(setId, i, its tag) and all share
   * the request and caller context (see quoteSetToJson). Resolves once the record is durable enough for
   * any instance to read it (the embedded store: once this process, the only one, reads it from memory).
   */
  putSet(setId: string, quotes: StoredQuote[]): Promise<void>;
  /** The raw record, whatever its age; undefined once dropped. */
  find(quoteId: string): Promise<QuoteRecord | undefined>;
  /** Deletes records past retention; returns how many. */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

const expiresAtMs = (q: StoredQuote) => q.quote.expiresAt * 1000;
const dropAtMs = (q: StoredQuote) => expiresAtMs(q) + QUOTE_RETENTION_MS;
/** A set is kept as long as its longest-lived quote; each quote still ages by its own expiry. */
const setDropAtMs = (quotes: StoredQuote[]) => Math.max(...quotes.map(dropAtMs));

type QuoteAge = 'valid' | 'expired' | 'dropped';
function quoteAge(q: StoredQuote, now: number): QuoteAge {
  if (now > dropAtMs(q)) return 'dropped';
  if (now > expiresAtMs(q)) return 'expired';
  return 'valid';
}

const notFound = (quoteId: string) => new ApiError('QUOTE_NOT_FOUND', `Quote ${quoteId} was not found or is no longer kept; request a fresh quote`);

/**
 * Loads a quote for an operation. `allowExpired` (reporting a sent transaction) accepts an expired
 * quote that is still retained; building never does.
 */
export async function loadQuote(store: QuoteStore, clock: Clock, quoteId: string, opts: { allowExpired?: boolean } = {}): Promise<QuoteRecord> {
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

/** One `quote_sets` row as inserted: the set id, its JSON payload and when it is dropped (ISO time). */
export type QuoteSetRow = [id: string, payload: string, dropAt: string];

export const quoteSetRow = (setId: string, quotes: StoredQuote[]): QuoteSetRow => [
  setId,
  JSON.stringify(quoteSetToJson(setId, quotes)),
  new Date(setDropAtMs(quotes)).toISOString(),
];

/**
 * Postgres (or PGlite): table `quote_sets`, one row per quote response (raw SQL keeps the hot quote path to
 * one light round trip). Quotes stored one per row in `quotes` before sets are still read, and swept.
 */
export class PgQuoteStore implements QuoteStore {
  readonly system = 'postgresql';
  // Concurrent responses share inserts (group commit): up to two statements on their way, each carrying
  // every set that arrived meanwhile (one transaction and one backend wake-up for many rows; in the fan-out
  // bench the database's CPU per response fell by about 40%). No wait is added while the database keeps up.
  // A statement stuck for 5 s fails its responses and frees its slot for the next.
  private writes = new GroupCommit<QuoteSetRow>({
    write: (rows) => this.insertRows(rows),
    maxInFlight: 2,
    maxRows: 64,
    timeoutMs: 5_000,
  });

  constructor(
    private sql: RawSql,
    private clock: Clock,
  ) {}

  async putSet(setId: string, quotes: StoredQuote[]) {
    if (!quotes.length) return;
    await this.writes.add(quoteSetRow(setId, quotes));
  }

  /** Inserts rows in one statement (the group commit's write; the embedded store's flush, ./embedded-store.ts). */
  async insertRows(rows: QuoteSetRow[]) {
    // Quotes are short-lived and re-requestable, so their insert commits without waiting for the WAL flush
    // (synchronous_commit off for this one transaction; set_config(…, true) is SET LOCAL inside the
    // statement's own implicit transaction). A Postgres crash can lose the last fraction of a second of
    // issued quotes: building one answers QUOTE_NOT_FOUND and the client re-quotes; in the rare case one was
    // already built and sent, its report is refused (QUOTE_NOT_FOUND) and that order goes untracked here.
    // It cannot corrupt anything, and the quote path no longer waits for an fsync on every request.
    // The rows go as three arrays, so every batch size is one statement text (prepared once: src/db/statement-names.ts).
    await this.sql.query(
      `INSERT INTO quote_sets (id, payload, drop_at)
       SELECT v.id, v.payload, v.drop_at FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS v(id, payload, drop_at),
         (SELECT set_config('synchronous_commit', 'off', true)) AS local_commit`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
    );
  }

  async find(quoteId: string): Promise<QuoteRecord | undefined> {
    const id = parseQuoteId(quoteId);
    if (id?.kind === 'set') {
      const rows = await this.sql.query<{ payload: string }>('SELECT payload FROM quote_sets WHERE id = $1', [id.setId]);
      return rows.length ? quoteFromSetJson(JSON.parse(rows[0].payload), id) : undefined;
    }
    if (id?.kind === 'legacy') {
      const rows = await this.sql.query<{ payload: Record<string, unknown> | string }>('SELECT payload FROM quotes WHERE id = $1', [id.id]);
      if (!rows.length) return undefined;
      const p = rows[0].payload;
      return storedQuoteFromJson(typeof p === 'string' ? JSON.parse(p) : p);
    }
    return undefined;
  }

  async sweep() {
    const now = new Date(this.clock.now()).toISOString();
    const rows = await this.sql.query<{ n: number }>(
      `WITH s AS (DELETE FROM quote_sets WHERE drop_at < $1::timestamptz RETURNING 1),
            l AS (DELETE FROM quotes WHERE drop_at < $1::timestamptz RETURNING 1)
       SELECT ((SELECT count(*) FROM s) + (SELECT count(*) FROM l))::int AS n`,
      [now],
    );
    return rows[0]?.n ?? 0;
  }

  async close() {}
}

/** Redis: one key per quote response (`<prefix>set:<setId>`), expiring by itself; keys of single quotes made before sets (`<prefix><quoteId>`) are still read. */
export class RedisQuoteStore implements QuoteStore {
  readonly system = 'redis';
  private redis: Redis;

  constructor(
    url: string,
    private clock: Clock,
    private prefix = 'quote:',
  ) {
    // Auto-pipelining: commands issued in the same event-loop turn (concurrent responses' writes) share one write.
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, enableAutoPipelining: true });
    this.redis.on('error', () => {}); // reconnects on its own; commands report failures
  }

  private setKey = (setId: string) => `${this.prefix}set:${setId}`;

  async putSet(setId: string, quotes: StoredQuote[]) {
    if (!quotes.length) return;
    // TTL by wall time: the key must outlive the retention window measured by our clock.
    const ttl = Math.max(1000, setDropAtMs(quotes) - this.clock.now());
    const ok = await this.redis.set(this.setKey(setId), JSON.stringify(quoteSetToJson(setId, quotes)), 'PX', ttl);
    if (ok !== 'OK') throw new Error(`quote store (redis) write failed: ${String(ok)}`);
  }

  async find(quoteId: string): Promise<QuoteRecord | undefined> {
    const id = parseQuoteId(quoteId);
    if (id?.kind === 'set') {
      const raw = await this.redis.get(this.setKey(id.setId));
      return raw ? quoteFromSetJson(JSON.parse(raw), id) : undefined;
    }
    if (id?.kind === 'legacy') {
      const raw = await this.redis.get(this.prefix + id.id);
      return raw ? storedQuoteFromJson(JSON.parse(raw)) : undefined;
    }
    return undefined;
  }

  async sweep() {
    return 0; // Redis expires keys itself
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
