import { z } from 'zod';
import type { EnvConfig } from '../env.js';

/** The subscription billing scheduler. */
export const subscriptionsEnv = {
  /** How often the billing job looks for due subscription steps (invoices, reminders, dunning). */
  SUBSCRIPTIONS_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
};

/** Recurring billing settings as parsed: what the composition root hands this domain's services. */
export type BillingConfig = EnvConfig<typeof subscriptionsEnv>;
