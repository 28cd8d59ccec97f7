import { z } from 'zod';
import { isoDateTime, requestBody } from '../validation.js';

/** Request bodies and path parameters of the orders endpoints (REST and GraphQL). */

/**
 * The quote id of an order record: `q_` (a quote), `dep_` (a deposit-address deposit) or `lof_` (a limit-order fill),
 * then base62. Anything else names no order (answered as an unknown one, before the database or a topic sees it).
 */
export const ORDER_QUOTE_ID = /^(q|dep|lof)_[0-9A-Za-z_]{1,120}$/;
/** A provider's order id or a source transaction hash: printable ASCII without spaces (hex, base58, decimal ids). */
const PROVIDER_ORDER_ID = /^[\x21-\x7e]{1,200}$/;

const quoteId = z
  .string({ error: 'is required' })
  .min(1)
  .meta({ description: 'A `quoteId` of GET /v1/quote.', example: 'q_4Yq2mT8kLp0ZsVb7NcR1Dw0aB3dE5fG7hJ9k' });

export const buildSchema = requestBody({ quoteId });
export const submitSchema = requestBody({
  quoteId,
  signedTransaction: z
    .string({ error: 'is required' })
    .min(1)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
    .meta({ description: 'The signed Solana transaction, base64.' }),
});
/** Body of POST /v1/orders/{quoteId}/submitted. */
export const reportBodySchema = requestBody({
  txHash: z.string({ error: 'is required' }).min(1).max(200).meta({
    description: 'Hash (EVM) or signature (Solana) of the source transaction.',
    example: '0x866e616d1199e5900743486f0aadde964d630879566bc05be081443fd2bda436',
  }),
});
export const reportSchema = reportBodySchema.extend({ quoteId: z.string().min(1) });
export const quoteIdParamSchema = z.object({ quoteId });
export const statusSchema = z.object({
  provider: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[0-9a-z-]+$/, 'is not a provider id')
    .meta({ description: 'Provider id, as in a quote.', example: 'relay' }),
  // An id of no provider's shape (a NUL byte, spaces, control characters) is an order nobody knows.
  id: z
    .string()
    .min(1)
    .max(200)
    .refine((s) => PROVIDER_ORDER_ID.test(s), { message: 'no provider order has this id', params: { code: 'ORDER_NOT_FOUND' } })
    .meta({ description: "The provider's order id or the source transaction hash." }),
});

const intFrom = (field: z.ZodNumber) => z.preprocess((v) => (typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : v), field);

/** GET /v1/orders: the key's orders (its account and mode), newest first. */
export const listOrdersSchema = z
  .object({
    status: z.enum(['submitted', 'filled', 'refunded', 'failed']).optional(),
    depositAddressId: z.string().min(1).max(100).optional().meta({ description: 'Only the orders of this deposit address (its deposits).' }),
    checkoutSessionId: z.string().min(1).max(100).optional().meta({ description: 'Only the orders paying this checkout session.' }),
    kind: z.enum(['swap', 'deposit', 'limit_order', 'checkout']).optional().meta({
      description:
        'Only one kind: `swap` (a quote built and sent), `deposit` (a deposit to a deposit address), `limit_order` (a fill of a limit order), `checkout` (a payment of a checkout session).',
    }),
    startTime: isoDateTime.optional().meta({ description: 'Only orders submitted at or after this time.' }),
    endTime: isoDateTime.optional().meta({ description: 'Only orders submitted before this time.' }),
    limit: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(1).max(100)).default(20),
    cursor: z.string().min(1).max(400).optional(),
  })
  // An empty or inverted window is the client's mistake, refused as the exports and the request log refuse theirs.
  .refine((q) => !q.startTime || !q.endTime || q.startTime.getTime() < q.endTime.getTime(), { message: 'must be before `endTime`', path: ['startTime'] });

export type SubmitOrder = z.output<typeof submitSchema>;
export type ListOrders = z.output<typeof listOrdersSchema>;
