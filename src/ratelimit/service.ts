import type { RateLimitConfig as Settings } from './config.js';
import type { Logger } from '../log.js';
import { ApiError } from '../errors.js';
import type { KeyAuth } from '../accounts/service.js';
import {
  BUCKETS,
  decide,
  effectivePoints,
  identityKey,
  rateLimitHeaders,
  type Bucket,
  type BucketLimit,
  type BucketState,
  type Decision,
  type Identity,
  type Usage,
} from './policy.js';
import type { LimiterStore } from './store.js';

type RateLimitConfig = Pick<Settings, 'RATE_LIMIT_ENABLED' | 'RATE_LIMIT_DEFAULT' | 'RATE_LIMIT_STRICT'>;

/** A count that takes longer than this is given up (fail open): the limiter must never be what makes the API slow. */
const STORE_TIMEOUT_MS = 1_000;
/** At most one warning per this interval while the store fails, not one per request. */
const WARN_EVERY_MS = 10_000;

/**
 * Request rate limits, shared by every instance through the store (src/ratelimit/store.ts). The HTTP layer asks
 * once per REST request and once per GraphQL operation (HTTP or WebSocket), after it knows the route or the
 * document, so the request is counted with its weight (src/ratelimit/weights.ts, src/graphql/cost.ts).
 *
 * A store failure (Redis down, Postgres slow) lets the request through with a logged warning: a limiter outage
 * must not become an API outage. The response then carries `RateLimit-Policy` but no `RateLimit`.
 */
export class RateLimitService {
  readonly enabled: boolean;
  private readonly limits: Record<Bucket, BucketLimit>;
  private lastWarn = 0;

  constructor(private readonly deps: { config: RateLimitConfig; log: Logger; store: LimiterStore }) {
    this.enabled = deps.config.RATE_LIMIT_ENABLED;
    this.limits = { default: deps.config.RATE_LIMIT_DEFAULT, strict: deps.config.RATE_LIMIT_STRICT };
  }

  get storeKind() {
    return this.deps.store.kind;
  }

  /** Whose count a request takes from: the key when it authenticated, else the client address. */
  identity(auth: Pick<KeyAuth, 'keyId' | 'rateLimitMultiplier'> | null | undefined, ip: string): Identity {
    return auth ? { kind: 'key', keyId: auth.keyId, multiplier: auth.rateLimitMultiplier } : { kind: 'ip', ip };
  }

  /** Takes `usage` from each bucket it names. Null when limits are off. */
  async consume(id: Identity, usage: Usage): Promise<Decision | null> {
    if (!this.enabled) return null;
    const buckets = BUCKETS.filter((b) => (usage[b] ?? 0) > 0);
    const key = identityKey(id);
    try {
      const states = await withTimeout(
        Promise.all(
          buckets.map(async (bucket): Promise<BucketState> => {
            const { windowSec } = this.limits[bucket];
            const res = await this.deps.store.limiter(bucket, windowSec).consume(key, Math.ceil(usage[bucket]!));
            return { bucket, limit: effectivePoints(this.limits[bucket], id), windowSec, consumed: res.consumedPoints, resetMs: Math.max(0, res.msBeforeNext) };
          }),
        ),
        STORE_TIMEOUT_MS,
      );
      return decide(states);
    } catch (err) {
      const now = Date.now();
      if (now - this.lastWarn > WARN_EVERY_MS) {
        this.lastWarn = now;
        this.deps.log.warn({ err, store: this.deps.store.kind }, 'rate limiter store failed: requests pass unlimited until it answers');
      }
      const policies = buckets.map((bucket) => ({ bucket, limit: effectivePoints(this.limits[bucket], id), windowSec: this.limits[bucket].windowSec }));
      return { allowed: true, buckets: [], failedOpen: true, policies };
    }
  }

  /** `RateLimit-Policy` and `RateLimit` for a decision (also for a refused or failed request). */
  headers(decision: Decision | null): Record<string, string> {
    return decision ? rateLimitHeaders(decision) : {};
  }

  /** RATE_LIMITED with the wait, for a refused decision. */
  error(decision: Decision): ApiError {
    const over = decision.buckets.filter((b) => b.consumed > b.limit).map((b) => b.bucket);
    return new ApiError('RATE_LIMITED', `Rate limit exceeded (${over.join(', ')} bucket); retry after ${decision.retryAfterSec} s`, {
      retryAfter: decision.retryAfterSec,
      buckets: over,
    });
  }

  close() {
    return this.deps.store.close();
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`rate limiter store did not answer within ${ms} ms`)), ms);
      timer.unref();
    }),
  ]);
}
