import { z } from 'zod';
import { envBool, type EnvConfig } from '../env.js';

/** `<points>/<window seconds>`, e.g. `600/60`: at most 600 points per key (or client address) per minute. */
const bucketLimit = z
  .string()
  .regex(/^\s*\d{1,9}\s*\/\s*\d{1,6}\s*$/, 'must be <points>/<window seconds>, e.g. 600/60')
  .transform((s) => {
    const [points, windowSec] = s.split('/').map((x) => Number(x.trim()));
    return { points, windowSec };
  })
  .refine((l) => l.points >= 1 && l.windowSec >= 1 && l.windowSec <= 86_400, 'points must be at least 1 and the window 1 to 86400 seconds');

/**
 * Request rate limits (src/ratelimit/). The defaults are generous enough for an interactive front end and the
 * test suite, and still stop one client from turning the service into a fan-out amplifier.
 */
export const ratelimitEnv = {
  /** Off when limits are enforced at the edge (gateway, CDN) instead. */
  RATE_LIMIT_ENABLED: envBool.default(true),
  /** Every request, weighted (a quote counts QUOTE_WEIGHT, balances one per chain). */
  RATE_LIMIT_DEFAULT: bucketLimit.default({ points: 600, windowSec: 60 }),
  /** Costly writes (checkout sessions, refunds, webhook endpoints and test triggers), on top of the default bucket. */
  RATE_LIMIT_STRICT: bucketLimit.default({ points: 60, windowSec: 60 }),
  /** Prefix of the counters' keys (Redis keys, rows of `rate_limits`): instances that share a count share it. */
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'must be 1-40 letters, digits, _ . or -')
    .default('rl'),
};

/** Rate limit settings as parsed: what the composition root hands this domain's services. */
export type RateLimitConfig = EnvConfig<typeof ratelimitEnv>;
