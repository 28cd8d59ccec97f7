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

/** The order record (one per reported source transaction), plus the applied fees and the last provider state. */
export interface OrderView {
  quoteId: string;
  status: OrderStatus;
  provider: string;
  srcChainId: number;
  dstChainId: number;
  amount: string;
  dstAmount: string;
  srcTxHash: string;
  dstTxHash?: string;
  depositAddressId?: string;
  limitOrderId?: string;
  checkoutSessionId?: string;
  ourFeeBps: number;
  partnerFeeBps: number;
  integrator?: string;
  providerState?: string;
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
    ...(r.dstTxHash ? { dstTxHash: r.dstTxHash } : {}),
    ...(r.depositAddressId ? { depositAddressId: r.depositAddressId } : {}),
    ...(r.limitOrderId ? { limitOrderId: r.limitOrderId } : {}),
    ...(r.checkoutSessionId ? { checkoutSessionId: r.checkoutSessionId } : {}),
    ourFeeBps: r.ourFeeBps,
    partnerFeeBps: r.partnerFeeBps,
    ...(r.partnerId ? { integrator: r.partnerId } : {}),
    ...(r.providerState ? { providerState: r.providerState } : {}),
    submittedAt: r.submittedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What `orderStatus(provider, id)` subscribers receive. */
export function orderStatusView(provider: string, id: string, s: ProviderOrderStatus): OrderStatusView {
  return { provider, id, state: s.state, ...(s.srcTxHash ? { srcTxHash: s.srcTxHash } : {}), ...(s.dstTxHash ? { dstTxHash: s.dstTxHash } : {}) };
}
