import { z } from 'zod';
import { lenient } from '../error-table.js';

/** Integer string in base units → bigint; decimal or 0x-hex (transactionRequest values are hex). */
const uint = z
  .string()
  .regex(/^(0x[0-9a-fA-F]+|[0-9]+)$/, 'expected an integer string')
  .transform((s) => BigInt(s));
/** USD amounts arrive as decimal strings ("0.12"). */
const usdString = z
  .string()
  .regex(/^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/)
  .transform(Number);

const token = z.object({
  address: z.string().min(1),
  chainId: z.number().int(),
  decimals: z.number().int().min(0).max(36),
  symbol: z.string().optional(),
  priceUSD: z.string().optional(),
});

const feeCost = z.object({
  name: z.string().optional(),
  amount: z.string().optional(),
  amountUSD: usdString.optional(),
  included: z.boolean().optional(),
  feeSplit: z
    .object({ lifiFee: z.string().regex(/^[0-9]+$/), integratorFee: z.string().regex(/^[0-9]+$/) })
    .partial()
    .optional(),
});

const gasCost = z.object({ type: z.string().optional(), amount: z.string().optional(), amountUSD: usdString.optional() });

/** EVM: to/data/value (hex or decimal); Solana source: only `data`, base64 of a serialized transaction. */
const transactionRequest = z.object({
  from: z.string().optional(),
  to: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  chainId: z.number().int().optional(),
  data: z.string().min(1),
  value: uint.optional(),
});

/** `GET /v1/quote` and `/v1/quote/toAmount` 200 body: one Step. */
export const quoteStep = z.object({
  id: z.string().optional(),
  type: z.string().optional(),
  tool: z.string().min(1),
  action: z.object({
    fromChainId: z.number().int(),
    toChainId: z.number().int(),
    fromToken: token,
    toToken: token,
    fromAmount: uint.optional(),
  }),
  estimate: z.object({
    fromAmount: uint,
    toAmount: uint,
    toAmountMin: uint,
    approvalAddress: z.string().optional(),
    executionDuration: z.number().min(0),
    feeCosts: z.array(feeCost).optional(),
    gasCosts: z.array(gasCost).optional(),
  }),
  transactionRequest,
  transactionId: z.string().optional(),
});
export type QuoteStep = z.output<typeof quoteStep>;

/** Error body: `{ message, code? , errors? }`; `errors` is an object (newer) or a flat ToolError array (older). */
const toolError = z.object({ errorType: z.string().optional(), code: z.string().optional(), tool: z.string().optional(), message: z.string().optional() });
export const lifiErrorBody = z.object({
  message: lenient(z.string()),
  code: lenient(z.number()),
  errors: lenient(
    z.union([
      z.array(toolError),
      z.object({
        filteredOut: z.array(z.unknown()).optional(),
        failed: z.array(z.object({ subpaths: z.record(z.string(), z.array(toolError)).optional() })).optional(),
      }),
    ]),
  ),
});
export type LifiErrorBody = z.output<typeof lifiErrorBody>;

export const statusResponse = z.object({
  status: z.string().min(1),
  substatus: z.string().optional(),
  substatusMessage: z.string().optional(),
  tool: z.string().optional(),
  sending: z.object({ txHash: z.string().optional() }).optional(),
  receiving: z.object({ txHash: z.string().optional() }).optional(),
});

export const chainsResponse = z.object({
  chains: z.array(z.object({ id: z.number().int(), key: z.string().optional(), name: z.string().optional(), chainType: z.string() })),
});

/** What the adapter stores in ProviderQuote.context: the ready transaction and the spender. */
export const lifiContext = z.object({
  tool: z.string(),
  transactionRequest: z.object({
    to: z.string().optional(),
    data: z.string(),
    value: z
      .string()
      .regex(/^[0-9]+$/)
      .optional(),
    chainId: z.number().int().optional(),
  }),
  approvalAddress: z.string().optional(),
  transactionId: z.string().optional(),
});
export type LifiContext = z.output<typeof lifiContext>;
