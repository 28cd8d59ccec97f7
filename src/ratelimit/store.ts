import { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Bucket } from './policy.js';

/**
 * Where the counters live, so every instance shares one count: Redis when REDIS_URL is set, else Postgres when
 * DATABASE_URL is set (the `rate_limits` table from the migrations), else this process's memory (embedded PGlite
 * is one process anyway).
 *
 * The limiters are asked for counts only: each is built with a quota no request reaches, and the decision is ours
 * (src/ratelimit/policy.ts), so one counter serves every account whatever its multiplier.
 */
export interface LimiterStore {
  kind: 'redis' | 'postgres' | 'memory';
  /** The counter of one bucket (window in seconds). */
  limiter(bucket: Bucket, windowSec: number): RateLimiterAbstract;
  close(): Promise<void>;
}

const UNREACHABLE_POINTS = 2 ** 31 - 1; // the Postgres counter is an integer

export interface StoreOptions {
  redisUrl?: string;
  /** The service's Postgres pool, when it runs on Postgres. */
  pgPool?: pg.Pool;
  keyPrefix: string;
}

export function createLimiterStore(opts: StoreOptions): LimiterStore {
  const cache = new Map<string, RateLimiterAbstract>();
  const memoized = (make: (bucket: Bucket, windowSec: number, keyPrefix: string) => RateLimiterAbstract) => (bucket: Bucket, windowSec: number) => {
    const name = `${bucket}:${windowSec}`;
    let l = cache.get(name);
    if (!l) {
      l = make(bucket, windowSec, `${opts.keyPrefix}:${bucket}:${windowSec}`);
      cache.set(name, l);
    }
    return l;
  };

  if (opts.redisUrl) {
    // No offline queue and one retry: while Redis is away a count fails at once (and the request goes through,
    // see RateLimitService) instead of waiting for a reconnection.
    const redis = new Redis(opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    redis.on('error', () => {}); // reported by the failing counts; ioredis reconnects on its own
    return {
      kind: 'redis',
      limiter: memoized(
        (_b, windowSec, keyPrefix) =>
          new RateLimiterRedis({ storeClient: redis, keyPrefix, points: UNREACHABLE_POINTS, duration: windowSec, rejectIfRedisNotReady: true }),
      ),
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }

  if (opts.pgPool) {
    const pool = opts.pgPool;
    const limiters: RateLimiterPostgres[] = [];
    return {
      kind: 'postgres',
      limiter: memoized((_b, windowSec, keyPrefix) => {
        const l = new RateLimiterPostgres({
          storeClient: pool,
          storeType: 'pool',
          tableName: 'rate_limits',
          tableCreated: true,
          keyPrefix,
          points: UNREACHABLE_POINTS,
          duration: windowSec,
        });
        limiters.push(l);
        return l;
      }),
      close: async () => {
        // The expired-row sweep is a timer of each limiter (unref'd); stop it with the service.
        for (const l of limiters) clearTimeout((l as unknown as { _clearExpiredTimeoutId?: NodeJS.Timeout })._clearExpiredTimeoutId);
      },
    };
  }

  return {
    kind: 'memory',
    limiter: memoized((_b, windowSec, keyPrefix) => new RateLimiterMemory({ keyPrefix, points: UNREACHABLE_POINTS, duration: windowSec })),
    close: async () => {},
  };
}
