import { z } from 'zod';

export const webhooksEnv = {
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
};
