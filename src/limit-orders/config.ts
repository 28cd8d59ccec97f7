import { z } from 'zod';
import type { EnvConfig } from '../env.js';

export const limitOrdersEnv = {
  /** How often the fill poller looks for due limit orders (each order backs off on its own while nothing changes). */
  LIMIT_ORDER_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Smallest order worth accepted before asking the provider (USD, when the input token has a price); the provider's own minimum still applies. */
  LIMIT_ORDER_MIN_USD: z.coerce.number().min(0).default(5),
  /** How long a created order waits for its signed transaction before it is `failed`. */
  LIMIT_ORDER_SIGN_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(10 * 60_000),
};

/** Limit order settings as parsed: what the composition root hands this domain's services. */
export type LimitOrdersConfig = EnvConfig<typeof limitOrdersEnv>;
