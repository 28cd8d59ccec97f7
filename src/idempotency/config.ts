import { z } from 'zod';
import type { EnvConfig } from '../env.js';

export const idempotencyEnv = {
  /**
   * How long a request waits for a concurrent one with the same Idempotency-Key to finish before it answers
   * CONFLICT (it then replays the first one's response if that finished in time).
   */
  IDEMPOTENCY_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
};

/** Idempotency settings as parsed: what the composition root hands this domain's services. */
export type IdempotencyConfig = EnvConfig<typeof idempotencyEnv>;
