import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';

/** GET /v1/account: the account and mode of the key (like Stripe's), handy to check a key works. */
export const accountViewSchema = z
  .object({
    id: z.string().meta({ example: 'acct_9Xk2Lm4Qp7Rt1Vb8Nc3Zw5' }),
    object: z.literal('account'),
    name: z.string(),
    mode: z.enum(['test', 'live']).meta({ description: 'The mode of the key used.' }),
    liveEnabled: z.boolean().meta({ description: 'Whether live keys of this account may be used.' }),
    createdAt: isoTimestamp,
  })
  .meta({ id: 'Account' });

export type AccountView = z.output<typeof accountViewSchema>;
