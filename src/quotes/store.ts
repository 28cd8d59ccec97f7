import { Redis } from 'ioredis';
import type { Prisma } from '../db/client.js';
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

export class PgQuoteStore implements QuoteStore {
  constructor(private prisma: Prisma, private clock: Clock) {}

  async putMany(quotes: StoredQuote[]) {
    if (!quotes.length) return;
    await this.prisma.quoteRecord.createMany({
      data: quotes.map((q) => ({
        id: q.quoteId,
        provider: q.provider,
        payload: storedQuoteToJson(q) as object,
        expiresAt: new Date(expiresAtMs(q)),
        dropAt: new Date(dropAtMs(q)),
      })),
    });
  }

  async find(quoteId: string) {
    const row = await this.prisma.quoteRecord.findUnique({ where: { id: quoteId } });
    return row ? storedQuoteFromJson(row.payload as Record<string, unknown>) : undefined;
  }

  async sweep() {
    const r = await this.prisma.quoteRecord.deleteMany({ where: { dropAt: { lt: new Date(this.clock.now()) } } });
    return r.count;
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
