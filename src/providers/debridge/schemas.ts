import { z } from 'zod';
import { lenient } from '../error-table.js';

/** Integer string in base units → bigint. Decimal, or 0x-hex (tx values are sometimes hex). */
const uint = z
  .string()
  .regex(/^(0x[0-9a-fA-F]+|[0-9]+)$/, 'expected an integer string')
  .transform((s) => BigInt(s));
/** A number the API may send as a JSON number or a numeric string. */
const looseNumber = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?[0-9]+(\.[0-9]+)?$/)
    .transform(Number),
]);

const estimationToken = z.object({
  address: z.string().min(1),
  chainId: z.number().int(),
  decimals: z.number().int().min(0).max(36),
  symbol: z.string().optional(),
  amount: uint,
  approximateUsdValue: z.number().optional(),
});

const costDetail = z.object({
  chain: z.union([z.string(), z.number()]).optional(),
  tokenIn: z.string(),
  tokenOut: z.string().optional(),
  amountIn: z.string().optional(),
  amountOut: z.string().optional(),
  type: z.string(),
  payload: z
    .object({
      feeAmount: z
        .string()
        .regex(/^[0-9]+$/)
        .optional(),
      feeBps: looseNumber.optional(),
      feeApproximateUsdValue: looseNumber.optional(),
    })
    .optional(),
});

/** Full variant: EVM source carries to/data/value; Solana source carries only data (0x-hex). */
const txFull = z.object({
  to: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  data: z.string().regex(/^0x[0-9a-fA-F]*$/),
  value: uint.optional(),
  gasLimit: z.union([z.number(), z.string()]).optional(),
});
/** Quote-only variant (recipient/authorities missing): only the spender to approve. */
const txQuoteOnly = z.object({ allowanceTarget: z.string().min(1), allowanceValue: z.string().optional() });

/** `GET /v1.0/dln/order/create-tx` 200 body (fields the adapter relies on). */
export const createTxResponse = z.object({
  estimation: z.object({
    srcChainTokenIn: estimationToken,
    srcChainTokenOut: estimationToken.optional(),
    dstChainTokenOut: estimationToken.extend({ recommendedAmount: uint.optional() }),
    costsDetails: z.array(costDetail).optional(),
  }),
  tx: z.union([txFull, txQuoteOnly]),
  orderId: z.string().optional(),
  order: z.object({ approximateFulfillmentDelay: z.number().min(0) }),
  fixFee: uint,
  protocolFeeApproximateUsdValue: looseNumber.optional(),
});
export type CreateTxResponse = z.output<typeof createTxResponse>;

/** 4xx/5xx body of every deBridge endpoint (`errorId` is what we match on: without it the body is not deBridge's). */
export const debridgeErrorBody = z.object({
  errorCode: lenient(z.number()),
  errorId: z.string(),
  errorMessage: lenient(z.string()),
});

export const orderStatusResponse = z.object({ orderId: z.string().optional(), status: z.string().min(1) });
export const orderIdsResponse = z.object({ orderIds: z.array(z.string().regex(/^0x[0-9a-fA-F]{64}$/)) });

export const supportedChainsResponse = z.object({
  chains: z.array(z.object({ chainId: z.number().int(), originalChainId: z.number().int(), chainName: z.string().optional() })),
});

/** Stats API `GET /api/Orders/{orderId}`: values wrapped as `{ stringValue }` (secondary evidence, read leniently). */
const wrapped = z.object({ stringValue: z.string() });
export const statsOrderResponse = z.object({
  state: z.string().optional(),
  createdSrcEventMetadata: z.object({ transactionHash: wrapped.nullish() }).nullish(),
  fulfilledDstEventMetadata: z.object({ transactionHash: wrapped.nullish() }).nullish(),
});

/** What the adapter stores in ProviderQuote.context (validated again at build time). */
export const debridgeContext = z.object({
  /** create-tx query as sent at quote time, without the access token (never persisted). */
  query: z.record(z.string(), z.string()),
  orderId: z.string().optional(),
});
