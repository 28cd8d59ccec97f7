import type { CheckoutPayment, CheckoutRefund, CheckoutSession } from '../db/generated/client.js';
import { reasonMessage } from './verify/reasons.js';
import type { SessionStatus } from './state.js';

/** A session's `payment`: the payment that paid the session, or the one in flight / under review. */
export interface PaymentView {
  payer: string;
  srcChainId: number;
  srcToken: string | null;
  srcAmount: string | null;
  srcTxHash: string;
  dstTxHash: string | null;
  paidAt: string | null;
}

/** Every reported payment, for the merchant (full view only). */
export interface PaymentAttemptView {
  id: string;
  kind: 'direct' | 'routed';
  status: 'verifying' | 'succeeded' | 'failed' | 'rejected';
  payer: string;
  srcChainId: number;
  srcToken: string | null;
  srcAmount: string | null;
  srcTxHash: string;
  quoteId: string | null;
  provider: string | null;
  dstTxHash: string | null;
  amountReceived: string | null;
  /** Refunds of this payment not failed or canceled. */
  amountRefunded: string;
  reason: string | null;
  reasonMessage: string | null;
  createdAt: string;
  settledAt: string | null;
}

export interface SessionView {
  id: string;
  object: 'checkout.session';
  livemode: boolean;
  status: SessionStatus;
  amount: string;
  settlement: { chainId: number; token: string; symbol: string; decimals: number };
  recipient: string;
  description: string | null;
  merchantName: string | null;
  reference?: string | null;
  metadata?: Record<string, string> | null;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: string;
  createdAt: string;
  url: string;
  invoiceId: string | null;
  payment: PaymentView | null;
  /** Full view only from here on. */
  review?: { reason: string; message: string | null } | null;
  amountReceived?: string | null;
  amountRefunded?: string;
  payments?: PaymentAttemptView[];
}

export interface RefundView {
  id: string;
  object: 'checkout.refund';
  sessionId: string;
  /** The payment refunded (null only on refunds older than per-payment refunds). */
  payment: string | null;
  status: CheckoutRefund['status'];
  amount: string;
  reason: string | null;
  chainId: number;
  token: string;
  to: string;
  txHash: string | null;
  failure: string | null;
  createdAt: string;
  succeededAt: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const payUrl = (publicUrl: string, id: string) => `${publicUrl}/pay/${id}`;

/** The payment a session shows: the succeeded one, else the newest in flight, else the newest rejected. */
export function currentPayment(payments: readonly CheckoutPayment[]): CheckoutPayment | undefined {
  const newest = [...payments].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return newest.find((p) => p.status === 'succeeded') ?? newest.find((p) => p.status === 'verifying') ?? newest.find((p) => p.status === 'rejected');
}

export function attemptView(p: CheckoutPayment): PaymentAttemptView {
  return {
    id: p.id,
    kind: p.kind as 'direct' | 'routed',
    status: p.status,
    payer: p.payer,
    srcChainId: p.srcChainId,
    srcToken: p.srcToken,
    srcAmount: p.srcAmount,
    srcTxHash: p.srcTxHash,
    quoteId: p.quoteId,
    provider: p.provider,
    dstTxHash: p.deliveryTxHash,
    amountReceived: p.amountReceived,
    amountRefunded: p.amountRefunded,
    reason: p.reason,
    reasonMessage: reasonMessage(p.reason),
    createdAt: p.createdAt.toISOString(),
    settledAt: iso(p.settledAt),
  };
}

/**
 * A session as the API shows it. The public view (payer, hosted page) never carries `reference`, `metadata`,
 * the review reason, refunds or the list of payments; the owner's view does.
 */
export function sessionView(s: CheckoutSession, payments: readonly CheckoutPayment[], opts: { publicUrl: string; full: boolean }): SessionView {
  const cur = currentPayment(payments);
  const view: SessionView = {
    id: s.id,
    object: 'checkout.session',
    livemode: s.livemode,
    status: s.status,
    amount: s.amount,
    settlement: { chainId: s.settleChainId, token: s.settleToken, symbol: s.settleSymbol, decimals: s.settleDecimals },
    recipient: s.recipient,
    description: s.description,
    merchantName: s.merchantName,
    successUrl: s.successUrl,
    cancelUrl: s.cancelUrl,
    expiresAt: s.expiresAt.toISOString(),
    createdAt: s.createdAt.toISOString(),
    url: payUrl(opts.publicUrl, s.id),
    invoiceId: s.invoiceId,
    payment: cur
      ? {
          payer: cur.payer,
          srcChainId: cur.srcChainId,
          srcToken: cur.srcToken,
          srcAmount: cur.srcAmount,
          srcTxHash: cur.srcTxHash,
          dstTxHash: cur.deliveryTxHash,
          paidAt: cur.status === 'succeeded' ? iso(s.paidAt) : null,
        }
      : null,
  };
  if (!opts.full) return view;
  return {
    ...view,
    reference: s.reference,
    metadata: (s.metadata as Record<string, string> | null) ?? null,
    review: s.status === 'needs_review' && s.reviewReason ? { reason: s.reviewReason, message: reasonMessage(s.reviewReason) } : null,
    amountReceived: s.amountReceived,
    amountRefunded: s.amountRefunded,
    payments: [...payments].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(attemptView),
  };
}

export function refundView(r: CheckoutRefund): RefundView {
  return {
    id: r.id,
    object: 'checkout.refund',
    sessionId: r.sessionId,
    payment: r.paymentId,
    status: r.status,
    amount: r.amount,
    reason: r.reason,
    chainId: r.chainId,
    token: r.token,
    to: r.toAddress,
    txHash: r.txHash,
    failure: r.failure,
    createdAt: r.createdAt.toISOString(),
    succeededAt: iso(r.succeededAt),
  };
}
