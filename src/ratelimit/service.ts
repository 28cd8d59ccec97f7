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
  mergeDecisions,
  remainingUsage,
  type Usage,
} from './policy.js';
import type { LimiterStore } from './store.js';

type RateLimitConfig = Pick<Settings, 'RATE_LIMIT_ENABLED' | 'RATE_LIMIT_DEFAULT' | 'RATE_LIMIT_STRICT'>;

/** A count that takes longer than this is given up (fail open): the limiter must never be what makes the API slow. */
const STORE_TIMEOUT_MS = 1_000;
/** At most one warning per this interval while the store fails, not one per request. */
const WARN_EVERY_MS = 10_000;

/** What one request (or one WebSocket operation) has taken so far, and the decision its answer reports. */
export interface RateTicket {
  taken: Usage;
  decision?: Decision | null;
}

export const newTicket = (): RateTicket => ({ taken: {} });

/**
 * Request rate limits, shared by every instance through the store (src/ratelimit/store.ts). `take` is the one gate
 * every transport passes: a REST request takes its route's weight before its body is read, a page or any other
 * request one point, a GraphQL request one point on arrival and its operation the rest of its weight once the
 * document is known (src/graphql/operation-hooks.ts, src/graphql/cost.ts), over HTTP, SSE and WebSocket alike.
 *
 * A store failure (Redis down, Postgres slow) lets the request through with a logged warning: a limiter outage
 * must not become an API outage. The response then carries `RateLimit-Policy` but no `RateLimit`.
 */
export class RateLimitService {
  readonly enabled: boolean;
  private readonly limits: Record<Bucket, BucketLimit>;
  private lastWarn = 0;
  private rejectionObservers: Array<(bucket: Bucket) => void> = [];

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

  /**
   * The gate: takes from `who`'s count what `usage` asks beyond what `ticket` already took, and leaves the
   * request's decision on the ticket (for the RateLimit headers). Null when limits are off.
   */
  async take(ticket: RateTicket, who: Identity, usage: Usage): Promise<Decision | null> {
    if (!this.enabled) return null;
    if (!this.owes(ticket, usage)) return ticket.decision ?? null;
    const owed = remainingUsage(usage, ticket.taken);
    const decision = await this.consume(who, owed);
    for (const [b, n] of Object.entries(owed) as Array<[Bucket, number]>) ticket.taken[b] = (ticket.taken[b] ?? 0) + n;
    ticket.decision = mergeDecisions(ticket.decision, decision);
    return ticket.decision;
  }

  /**
   * Whether `take` would go to the store for `usage` on this ticket. False when limits are off, or when the ticket
   * already holds a decision and took all of `usage` (over HTTP, most GraphQL operations weigh the one point their
   * request took on arrival): `take` then returns the ticket's decision, so the caller needs no store round trip,
   * nor even a promise. `take` decides with this, so the two cannot disagree.
   */
  owes(ticket: RateTicket, usage: Usage): boolean {
    if (!this.enabled) return false;
    return ticket.decision === undefined || Object.keys(remainingUsage(usage, ticket.taken)).length > 0;
  }

  /** Every refusal, once per bucket over its limit (metrics: wired in src/services.ts). Observers must not throw. */
  observeRejections(observer: (bucket: Bucket) => void) {
    this.rejectionObservers.push(observer);
  }

  private rejected(decision: Decision) {
    if (decision.allowed) return;
    for (const b of decision.buckets) if (b.consumed > b.limit) for (const o of this.rejectionObservers) o(b.bucket);
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
      const decision = decide(states);
      if (this.rejectionObservers.length) this.rejected(decision);
      return decision;
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
