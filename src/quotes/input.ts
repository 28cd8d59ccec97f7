import { z } from 'zod';
import { baseUnitAmount, requestBody } from '../validation.js';
import { type CallsBody, callsBodySchema, MAX_CALLS } from './calls/input.js';

/**
 * Quote request parameters, as received from GET /v1/quote (strings) or GraphQL (typed).
 * One schema for both so REST and GraphQL apply exactly the same rules.
 */

export const CHANNELS = ['web', 'widget', 'api', 'bot'] as const;
export type Channel = (typeof CHANNELS)[number];

/** `waitMs` at most: longer than any provider may take (PROVIDER_TIMEOUT_MS is at most 60 s). */
const MAX_WAIT_MS = 60_000;

export const INTEGRATOR_PATTERN = /^[a-z0-9-]{1,32}$/;

const intFrom = (field: z.ZodNumber) => z.preprocess((v) => (typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : v), field);
const numFrom = (field: z.ZodNumber) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v), field);
const boolFrom = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.toLowerCase();
    if (s === 'true' || s === '1') return true;
    if (s === 'false' || s === '0') return false;
    return v;
  },
  z.boolean({ error: 'must be true or false' }),
);

/** The shared amount rule (src/validation.ts): canonical integer string of base units, > 0, at most 2^256-1. */
const baseUnits = baseUnitAmount;

const quoteParamsShape = {
  srcChain: z
    .union([z.string().min(1), z.number().int()])
    .transform(String)
    .meta({ description: 'Source chain id or slug.', example: 'base' }),
  srcToken: z.string().min(1).meta({ description: 'Token address, or a symbol of the curated list.', example: 'USDC' }),
  amount: baseUnits.optional().meta({ description: 'Exact input in base units of `srcToken` (send this or `dstAmount`).', example: '25000000' }),
  /** Exact output: what must arrive (checkout payer quotes, destination calls). */
  dstAmount: baseUnits.optional().meta({ description: 'Exact output in base units of `dstToken` (send this or `amount`).' }),
  tradeType: z.enum(['EXACT_INPUT', 'EXACT_OUTPUT']).optional(),
  dstChain: z
    .union([z.string().min(1), z.number().int()])
    .transform(String)
    .meta({ description: 'Destination chain id or slug.', example: '42161' }),
  dstToken: z.string().min(1).meta({ description: 'Token address, or a symbol of the curated list.', example: 'USDC' }),
  sender: z.string().min(1).meta({ description: 'The wallet that signs and pays.', example: '0x8ba1f109551bd432803012645ac136ddd64dba72' }),
  recipient: z.string().min(1).meta({ description: 'Who receives `dstToken`.', example: '0x8ba1f109551bd432803012645ac136ddd64dba72' }),
  slippageBps: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(1).max(5000))
    .default(50)
    .meta({ description: 'Slippage tolerance in bps (default 50).' }),
  channel: z.enum(CHANNELS).optional().meta({ description: 'Fee channel; default `api` with a key, `web` without.' }),
  // Malformed integrator ids are ignored, never an error.
  integrator: z
    .preprocess((v) => (typeof v === 'string' && INTEGRATOR_PATTERN.test(v) ? v : undefined), z.string().optional())
    .meta({ description: 'A registered partner id (`^[a-z0-9-]{1,32}$`); malformed or unknown ids are ignored.' }),
  integratorFeeBps: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(0))
    .optional()
    .meta({ description: "Partner keys only, up to the partner's `maxFeeBps`." }),
  gasOnArrival: boolFrom.optional().meta({ description: 'Also deliver some native gas on the destination chain (`true`/`false`, `1`/`0`).' }),
  simulate: boolFrom.optional().meta({
    description:
      "Simulate each EVM quote's built transaction (with its approval) from `sender` on the source chain; quotes that would revert move to `errors` as `SIMULATION_FAILED`.",
  }),
  gasOnArrivalUsd: numFrom(z.number({ error: 'must be a number' }).min(0.5).max(20))
    .optional()
    .meta({ description: 'USD value of the gas on arrival (0.5-20, default 2).' }),
  waitMs: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(0).max(MAX_WAIT_MS))
    .optional()
    .meta({
      description:
        'Answer early (0-60000 ms): every provider is waited for until `waitMs`; from then on the answer goes out once half of the providers asked have quoted, one fewer every `waitMs / 2`, down to one quote. Providers not waited for are canceled and named in `pending`. Not with streamed quotes.',
    }),
};

/** The rules across fields: exactly one of `amount` (exact input) and `dstAmount` (exact output), matching `tradeType`. */
function checkAmounts(p: { amount?: string; dstAmount?: string; tradeType?: 'EXACT_INPUT' | 'EXACT_OUTPUT' }, ctx: z.RefinementCtx) {
  if (p.amount === undefined && p.dstAmount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required' });
  if (p.amount !== undefined && p.dstAmount !== undefined)
    ctx.addIssue({ code: 'custom', path: ['dstAmount'], message: 'send either amount (exact input) or dstAmount (exact output), not both' });
  if (p.tradeType === 'EXACT_INPUT' && p.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required for EXACT_INPUT' });
  if (p.tradeType === 'EXACT_OUTPUT' && p.dstAmount === undefined)
    ctx.addIssue({ code: 'custom', path: ['dstAmount'], message: 'is required for EXACT_OUTPUT' });
}

/** GET /v1/quote's query (strings), GraphQL `quote`'s input and checkout's payer quotes. */
export const quoteParamsSchema = z.object(quoteParamsShape).superRefine(checkAmounts);

/** POST /v1/quote's body and GraphQL `quoteWithCalls`: the quote parameters plus destination calls (`calls` or `action`). */
export const quoteRequestSchema = requestBody({
  ...quoteParamsShape,
  calls: callsBodySchema.shape.calls.meta({
    description: `Destination calls, run in order by the provider's executor after it received exactly \`dstAmount\` (at most ${MAX_CALLS}; exclusive with \`action\`).`,
  }),
  action: callsBodySchema.shape.action.meta({
    description: 'A named action the service expands to calls: `deposit` (ERC-4626 vault, shares to `recipient`) or `contractCall`.',
  }),
}).superRefine((p, ctx) => {
  checkAmounts(p, ctx);
  if (p.calls && p.action) ctx.addIssue({ code: 'custom', path: ['action'], message: 'send either calls or action, not both' });
});

export type QuoteParamsInput = z.input<typeof quoteParamsSchema>;
export type QuoteParams = z.output<typeof quoteParamsSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** A parsed quote request as the service takes it: the parameters, and the destination calls when any were sent. */
export function splitQuoteRequest(r: QuoteRequest): { params: QuoteParams; destination?: CallsBody } {
  const { calls, action, ...params } = r;
  return calls === undefined && action === undefined ? { params } : { params, destination: { calls, action } };
}

/** Quote ids and their parts, as other domains mint and read them. */
export { newQuoteSetId, newQuoteTag, quoteIdOf } from './quote-id.js';
