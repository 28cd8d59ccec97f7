import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';
import type { Order as OrderRow } from '../db/generated/client.js';
import type { ProviderOrderStatus } from '../providers/types.js';
import type { Approval } from './approval.js';
import type { OrderStatus } from './state.js';

/** The transaction to sign that POST /v1/orders returns (`tx`), per VM. */
export type BuiltTx =
  /** `approvalReset` (approve 0, an extra field beside `approval`) is mined before `approval`, for tokens like Ethereum USDT. */
  | { vm: 'evm'; chainId: number; to: string; data: string; value: string; approval?: Approval; approvalReset?: Approval }
  | { vm: 'svm'; serializedTx: string; submitViaApi?: boolean };

export interface BuildOrderResponse {
  quoteId: string;
  provider: string;
  tx: BuiltTx;
}

/** A provider's own state of an order, as GET /v1/orders/{provider}/{id} returns it. */
export interface OrderStatusView extends ProviderOrderStatus {
  provider: string;
  id: string;
}

/**
 * The order record (one per reported source transaction), plus the applied fees and the last provider state. Every
 * field is always present, null when unknown or not applicable (as in the `order.*` events, which carry this view).
 */
export interface OrderView {
  quoteId: string;
  status: OrderStatus;
  provider: string;
  srcChainId: number;
  dstChainId: number;
  amount: string;
  dstAmount: string;
  srcTxHash: string;
  dstTxHash: string | null;
  depositAddressId: string | null;
  limitOrderId: string | null;
  checkoutSessionId: string | null;
  ourFeeBps: number;
  /** Limit-order fills: the fee the provider reports taking on this fill, raw units of `fillFeeMint`. */
  fillFeeAmount: string | null;
  fillFeeMint: string | null;
  partnerFeeBps: number;
  integrator: string | null;
  providerState: string | null;
  submittedAt: string;
  updatedAt: string;
}

export function orderView(r: OrderRow): OrderView {
  return {
    quoteId: r.quoteId,
    status: r.status as OrderStatus,
    provider: r.provider,
    srcChainId: r.srcChainId,
    dstChainId: r.dstChainId,
    amount: r.amount,
    dstAmount: r.dstAmount,
    srcTxHash: r.srcTxHash,
    dstTxHash: r.dstTxHash || null,
    depositAddressId: r.depositAddressId || null,
    limitOrderId: r.limitOrderId || null,
    checkoutSessionId: r.checkoutSessionId || null,
    ourFeeBps: r.ourFeeBps,
    fillFeeAmount: r.fillFeeAmount || null,
    fillFeeMint: r.fillFeeMint || null,
    partnerFeeBps: r.partnerFeeBps,
    integrator: r.partnerId || null,
    providerState: r.providerState || null,
    submittedAt: r.submittedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What `orderStatus(provider, id)` subscribers receive. */
export function orderStatusView(provider: string, id: string, s: ProviderOrderStatus): OrderStatusView {
  return { provider, id, state: s.state, ...(s.srcTxHash ? { srcTxHash: s.srcTxHash } : {}), ...(s.dstTxHash ? { dstTxHash: s.dstTxHash } : {}) };
}

// Response schemas (OpenAPI), checked against the types above so neither can drift.

const approvalSchema = z.object({ token: z.string(), spender: z.string(), amount: z.string().regex(/^[0-9]+$/) });

const builtTxSchema = z
  .discriminatedUnion('vm', [
    z.object({
      vm: z.literal('evm'),
      chainId: z.number().int(),
      to: z.string(),
      data: z.string().meta({ description: 'Hex calldata.' }),
      value: z.string().meta({ description: 'Wei, decimal string.' }),
      approval: approvalSchema.optional().meta({ description: 'ERC-20 approve to mine first when the allowance is short.' }),
      approvalReset: approvalSchema.optional().meta({ description: 'approve(spender, 0), mined before `approval` (tokens like Ethereum USDT).' }),
    }),
    z.object({
      vm: z.literal('svm'),
      serializedTx: z.string().meta({ description: 'Base64 versioned transaction to sign.' }),
      submitViaApi: z.boolean().optional().meta({ description: 'Send the signed transaction to POST /v1/orders/submit instead of broadcasting it.' }),
    }),
  ])
  .meta({ id: 'BuiltTx' });

export const buildOrderResponseSchema = z.object({ quoteId: z.string(), provider: z.string(), tx: builtTxSchema });

export const submitOrderResponseSchema = z.object({ provider: z.string(), txHash: z.string() });

export const orderStatusViewSchema = z
  .object({
    provider: z.string(),
    id: z.string(),
    state: z.enum(['pending', 'filled', 'refunded', 'failed', 'unknown']),
    srcTxHash: z.string().optional(),
    dstTxHash: z.string().optional(),
  })
  .meta({ id: 'OrderStatus' });

export const orderViewSchema = z
  .object({
    quoteId: z.string(),
    status: z.enum(['submitted', 'filled', 'refunded', 'failed']),
    provider: z.string(),
    srcChainId: z.number().int(),
    dstChainId: z.number().int(),
    amount: z.string().regex(/^[0-9]+$/),
    dstAmount: z.string().regex(/^[0-9]+$/),
    srcTxHash: z.string(),
    dstTxHash: z.string().nullable(),
    depositAddressId: z.string().nullable(),
    limitOrderId: z.string().nullable(),
    checkoutSessionId: z.string().nullable(),
    ourFeeBps: z.number().int(),
    fillFeeAmount: z
      .string()
      .regex(/^[0-9]+$/)
      .nullable()
      .meta({
        description:
          "Limit-order fills: the fee the provider reports for this fill (raw units of `fillFeeMint`), as reported; the order's fee rates stay in `ourFeeBps`/`partnerFeeBps`.",
      }),
    fillFeeMint: z.string().nullable(),
    partnerFeeBps: z.number().int(),
    integrator: z.string().nullable(),
    providerState: z.string().nullable(),
    submittedAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: 'Order' });

sameShape<z.output<typeof builtTxSchema>, BuiltTx>(true);
sameShape<z.output<typeof buildOrderResponseSchema>, BuildOrderResponse>(true);
sameShape<z.output<typeof orderStatusViewSchema>, OrderStatusView>(true);
sameShape<z.output<typeof orderViewSchema>, OrderView>(true);
