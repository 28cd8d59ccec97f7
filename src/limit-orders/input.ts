import { z } from 'zod';
import { CHANNELS, INTEGRATOR_PATTERN } from '../quotes/input.js';
import { LIMIT_ORDER_STATUSES } from './state.js';
import { baseUnitAmount, isoDateTimeString, requestBody } from '../validation.js';

/** Request bodies and parameters of the limit order endpoints (REST and GraphQL share them). */

export const LIMIT_ORDER_ID = /^lo_[0-9A-Za-z]{1,64}$/;

const intFrom = (field: z.ZodNumber) => z.preprocess((v) => (typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : v), field);
/** The shared amount rule (src/validation.ts); the service adds the u64 bound of Solana token amounts. */
const baseUnits = baseUnitAmount;
const base58 = z.string({ error: 'is required' }).min(32).max(44);

export const createLimitOrderSchema = requestBody({
  inputToken: z.string({ error: 'is required' }).min(1).max(64).meta({ description: 'The token sold: a Solana mint or a curated symbol.', example: 'USDC' }),
  outputToken: z.string({ error: 'is required' }).min(1).max(64).meta({ description: 'The token bought: a Solana mint or a curated symbol.', example: 'SOL' }),
  maker: base58.meta({
    description: 'The wallet that owns the order, signs every step and pays its fees.',
    example: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
  }),
  makingAmount: baseUnits.meta({ description: 'Amount of `inputToken` to sell, base units.', example: '50000000' }),
  takingAmount: baseUnits
    .optional()
    .meta({ description: 'Amount of `outputToken` wanted for all of `makingAmount`, base units (send this or `limitPrice`).', example: '400000000' }),
  limitPrice: z
    .string()
    .regex(/^[0-9]{1,30}(\.[0-9]{1,30})?$/, 'must be a positive decimal number')
    .refine((s) => /[1-9]/.test(s), 'must be greater than 0')
    .optional()
    .meta({ description: 'Units of `outputToken` per unit of `inputToken` (decimal, token units); the taking amount is rounded down.', example: '0.008' }),
  expiresAt: z
    .union([z.number().int().positive(), isoDateTimeString], {
      error: 'must be Unix seconds or an ISO 8601 timestamp with a time zone naming a real date and time',
    })
    .optional()
    .meta({ description: 'When the order stops filling: Unix seconds or an ISO 8601 time.', example: 1767225600 }),
  channel: z.enum(CHANNELS).optional().meta({ description: 'Fee channel; default `api` with a key, `web` without.' }),
  integrator: z
    .preprocess((v) => (typeof v === 'string' && INTEGRATOR_PATTERN.test(v) ? v : undefined), z.string().optional())
    .meta({ description: 'A registered partner id; malformed or unknown ids are ignored.' }),
  integratorFeeBps: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(0))
    .optional()
    .meta({ description: "Partner keys only, up to the partner's `maxFeeBps`." }),
}).superRefine((p, ctx) => {
  if (p.takingAmount === undefined && p.limitPrice === undefined)
    ctx.addIssue({ code: 'custom', path: ['takingAmount'], message: 'send takingAmount or limitPrice' });
  if (p.takingAmount !== undefined && p.limitPrice !== undefined)
    ctx.addIssue({ code: 'custom', path: ['limitPrice'], message: 'send either takingAmount or limitPrice, not both' });
});
export type CreateLimitOrder = z.output<typeof createLimitOrderSchema>;

const signedTransaction = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
  .meta({ description: 'A transaction this order handed out, signed by the maker (base64).' });

export const submitLimitOrderSchema = requestBody({
  signedTransaction: signedTransaction.optional(),
  signature: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/, 'must be a base58 Solana signature')
    .optional()
    .meta({ description: 'Instead of `signedTransaction`: the signature of the transaction you sent through your own RPC.' }),
}).superRefine((p, ctx) => {
  if ((p.signedTransaction === undefined) === (p.signature === undefined))
    ctx.addIssue({ code: 'custom', path: ['signedTransaction'], message: 'send signedTransaction or signature' });
});
export type SubmitLimitOrder = z.output<typeof submitLimitOrderSchema>;

export const limitOrderIdParamSchema = z.object({
  id: z.string().regex(LIMIT_ORDER_ID, 'is not a limit order id').meta({ description: 'Limit order id.', example: 'lo_Ew0FgpGES9tnFvACwS3jBU' }),
});

export const cancelLimitOrdersSchema = requestBody({
  ids: z
    .array(z.string().regex(LIMIT_ORDER_ID, 'is not a limit order id'))
    .min(1)
    .max(50)
    .meta({ description: 'Limit orders of one maker to cancel (at most 50).' }),
});

export const listLimitOrdersSchema = z.object({
  maker: base58.optional().meta({ description: 'Wallet whose orders to list (required without an API key).' }),
  status: z.enum(LIMIT_ORDER_STATUSES).optional(),
  limit: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(1).max(100)).default(20),
  cursor: z.string().min(1).max(200).optional(),
});
export type CancelLimitOrders = z.output<typeof cancelLimitOrdersSchema>;
export type ListLimitOrders = z.output<typeof listLimitOrdersSchema>;
