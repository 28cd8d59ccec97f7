import { z } from 'zod';
import type { EnvConfig } from '../env.js';

export const ordersEnv = {
  /** How often the order poller looks for open orders (each order backs off on its own schedule). */
  ORDER_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
};

/** Order settings as parsed: what the composition root hands this domain's services. */
export type OrdersConfig = EnvConfig<typeof ordersEnv>;
