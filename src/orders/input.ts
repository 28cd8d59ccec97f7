import { z } from 'zod';

/** Request bodies and path parameters of the orders endpoints (REST and GraphQL). */
export const buildSchema = z.object({ quoteId: z.string({ error: 'is required' }).min(1) });
export const submitSchema = z.object({
  quoteId: z.string({ error: 'is required' }).min(1),
  signedTransaction: z.string({ error: 'is required' }).min(1).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'),
});
export const reportSchema = z.object({ quoteId: z.string().min(1), txHash: z.string({ error: 'is required' }).min(1).max(200) });
export const statusSchema = z.object({ provider: z.string().min(1), id: z.string().min(1).max(200) });
