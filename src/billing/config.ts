import { z } from 'zod';

/** The subscription billing scheduler. */
export const subscriptionsEnv = {
  /** How often the billing job looks for due subscription steps (invoices, reminders, dunning). */
  SUBSCRIPTIONS_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
};
