import { z } from 'zod';
import type { EnvConfig } from '../env.js';

export const depositsEnv = {
  /** How often the detection poller looks for addresses due a check (each address follows the curve in src/deposits/state.ts). */
  DEPOSIT_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
};

/** Deposit address settings as parsed: what the composition root hands this domain's services. */
export type DepositsConfig = EnvConfig<typeof depositsEnv>;
