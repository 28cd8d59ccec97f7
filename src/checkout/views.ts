import type { CheckoutPayment, CheckoutRefund, CheckoutReview, CheckoutSession } from '../db/generated/client.js';
import { reasonMessage } from './verify/reasons.js';
import { z } from 'zod';
import { SESSION_STATUSES, type SessionStatus } from './state.js';
import type { ProviderFailure } from '../providers/types.js';
import type { directEvmTransfer, PayerQuote } from './payer-quote.js';
import { isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';
import { providerFailureSchema, quoteViewSchema } from '../quotes/views.js';

/**
 * A plain transfer of the settlement token carrying the session's evidence: sign `tx` (or build it through
 * `POST /v1/orders {quoteId}`) and report the hash to `POST /v1/orders/{quoteId}/submitted` (or the session's
 * `…/submitted` alias).
 */
export interface DirectQuote {
  method: 'direct_transfer';
  quoteId: string;
  provider: 'direct';
  srcAmount: string;
  dstAmount: string;
  dstAmountMin: string;
  estimatedSeconds: number;
  fees: { ourFeeBps: 0 };
  overpayBps: 0;
  overpayBasis: 'usd';
  /** Unix seconds: the session's expiry; on Solana at most ~60 s ahead (the transaction's blockhash lapses). */
  expiresAt: number;
  tx: ReturnType<typeof directEvmTransfer> | { vm: 'svm'; serializedTx: string };
  /** Solana: the session's Solana Pay reference key carried by the transfer instruction. */
  reference?: string;
}

export interface PayerQuoteResponse {
  sessionId: string;
  amountDue: string;
  settlement: { chainId: number; token: string; symbol: string; decimals: number };
  recipient: string;
  direct: boolean;
  best: PayerQuote | DirectQuote;
  quotes: Array<PayerQuote | DirectQuote>;
  errors: ProviderFailure[];
}

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
  /** When the chain first showed it with the session's evidence; null while only reported. */
  seenAt: string | null;
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
  reviews?: ReviewView[];
}

/** The merchant's resolution of a session in `needs_review` (owner's view and events only). */
export interface ReviewView {
  id: string;
  object: 'checkout.review';
  action: 'accept' | 'reopen';
  note: string;
  /** The payment accepted, or the one that was under review when reopened. */
  payment: string | null;
  /** Why the session was under review. */
  reviewReason: string | null;
  /** The reviewed payment's own reason (an accepted payment no longer carries it). */
  paymentReason: string | null;
  /** The API key that resolved it. */
  apiKeyId: string;
  fromStatus: SessionStatus;
  toStatus: SessionStatus;
  createdAt: string;
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

const payUrl = (publicUrl: string, id: string) => `${publicUrl}/pay/${id}`;

/**
 * The payment a session shows: the succeeded one, else the newest in flight, else the newest rejected, among the
 * payments seen on chain with the session's evidence. A report not (yet) seen is a hint anyone could have sent:
 * it is listed to the merchant in `payments`, never shown as the session's payment.
 */
function currentPayment(payments: readonly CheckoutPayment[]): CheckoutPayment | undefined {
  const newest = payments.filter((p) => p.seenAt !== null).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
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
    seenAt: iso(p.seenAt),
    settledAt: iso(p.settledAt),
  };
}

/**
 * A session as the API shows it. The public view (payer, hosted page) never carries `reference`, `metadata`,
 * the review reason, refunds, the list of payments or the merchant's review resolutions (`reviews`, with their
 * notes); the owner's view does. `reviews`: every row of the session (only the full view shows them).
 */
export function sessionView(
  s: CheckoutSession,
  payments: readonly CheckoutPayment[],
  opts: { publicUrl: string; full: boolean; reviews: readonly CheckoutReview[] },
): SessionView {
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
    reviews: [...opts.reviews].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)).map(reviewView),
  };
}

export function reviewView(r: CheckoutReview): ReviewView {
  return {
    id: r.id,
    object: 'checkout.review',
    action: r.action as ReviewView['action'],
    note: r.note,
    payment: r.paymentId,
    reviewReason: r.reviewReason,
    paymentReason: r.paymentReason,
    apiKeyId: r.apiKeyId,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    createdAt: r.createdAt.toISOString(),
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

// Response schemas (OpenAPI), checked against the types above so neither can drift.

const units = z.string().regex(/^[0-9]+$/);
const settlementSchema = z.object({
  chainId: z.number().int().meta({ example: 8453 }),
  token: z.string().meta({ example: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' }),
  symbol: z.string().meta({ example: 'USDC' }),
  decimals: z.number().int(),
});

const paymentViewSchema = z.object({
  payer: z.string(),
  srcChainId: z.number().int(),
  srcToken: z.string().nullable(),
  srcAmount: units.nullable(),
  srcTxHash: z.string(),
  dstTxHash: z.string().nullable(),
  paidAt: isoTimestamp.nullable(),
});

const paymentAttemptViewSchema = z
  .object({
    id: z.string().meta({ example: 'cspay_7Hq2Lw9Zr4Tb1Xc8Vn3Km0' }),
    kind: z.enum(['direct', 'routed']),
    status: z.enum(['verifying', 'succeeded', 'failed', 'rejected']),
    payer: z.string(),
    srcChainId: z.number().int(),
    srcToken: z.string().nullable(),
    srcAmount: units.nullable(),
    srcTxHash: z.string(),
    quoteId: z.string().nullable(),
    provider: z.string().nullable(),
    dstTxHash: z.string().nullable(),
    amountReceived: units.nullable(),
    amountRefunded: units.meta({ description: 'Refunds of this payment not failed or canceled.' }),
    reason: z.string().nullable(),
    reasonMessage: z.string().nullable(),
    createdAt: isoTimestamp,
    seenAt: isoTimestamp.nullable().meta({
      description:
        "When the chain first showed this payment carrying the session's evidence; null while it is only reported (a hint: it does not move the session).",
    }),
    settledAt: isoTimestamp.nullable(),
  })
  .meta({ id: 'CheckoutPayment' });

export const reviewViewSchema = z
  .object({
    id: z.string().meta({ example: 'csrev_test_3Kq8Lm1Wz5Rt7Xb2Vc9Nk4' }),
    object: z.literal('checkout.review'),
    action: z
      .enum(['accept', 'reopen'])
      .meta({ description: '`accept`: the payment under review paid the session. `reopen`: the session went back to `open`.' }),
    note: z.string().meta({ description: "The merchant's note." }),
    payment: z.string().nullable().meta({ description: 'The payment accepted, or the one under review when the session was reopened.' }),
    reviewReason: z.string().nullable().meta({ description: 'Why the session was under review.' }),
    paymentReason: z.string().nullable().meta({ description: "The reviewed payment's own reason (an accepted payment no longer carries it)." }),
    apiKeyId: z.string().meta({ description: 'The API key that resolved the review.' }),
    fromStatus: z.enum(SESSION_STATUSES),
    toStatus: z.enum(SESSION_STATUSES),
    createdAt: isoTimestamp,
  })
  .meta({ id: 'CheckoutReviewResolution' });

export const sessionViewSchema = z
  .object({
    id: z.string().meta({ example: 'cs_test_E2VhWfsak5hqnmzzu' }),
    object: z.literal('checkout.session'),
    livemode: z.boolean(),
    status: z.enum(SESSION_STATUSES),
    amount: units.meta({ description: 'Amount due in base units of the settlement token.' }),
    settlement: settlementSchema,
    recipient: z.string(),
    description: z.string().nullable(),
    merchantName: z.string().nullable(),
    reference: z.string().nullable().optional().meta({ description: "Owner's view only." }),
    metadata: z.record(z.string(), z.string()).nullable().optional().meta({ description: "Owner's view only." }),
    successUrl: z.string().nullable(),
    cancelUrl: z.string().nullable(),
    expiresAt: isoTimestamp,
    createdAt: isoTimestamp,
    url: z.string().meta({ description: 'The hosted pay page.' }),
    invoiceId: z.string().nullable(),
    payment: paymentViewSchema.nullable().meta({ description: 'The payment that paid the session, else the one in flight or under review.' }),
    review: z
      .object({ reason: z.string(), message: z.string().nullable() })
      .nullable()
      .optional()
      .meta({ description: "Owner's view only: why the session needs review." }),
    amountReceived: units.nullable().optional().meta({ description: "Owner's view only." }),
    amountRefunded: units.optional().meta({ description: "Owner's view only." }),
    payments: z.array(paymentAttemptViewSchema).optional().meta({ description: "Owner's view only: every reported payment, oldest first." }),
    reviews: z
      .array(reviewViewSchema)
      .optional()
      .meta({ description: "Owner's view only: the merchant's resolutions of reviews (accept, reopen), oldest first." }),
  })
  .meta({
    id: 'CheckoutSession',
    description: 'The public view omits `reference`, `metadata`, `review`, `amountReceived`, `amountRefunded`, `payments` and `reviews`.',
  });

export const refundViewSchema = z
  .object({
    id: z.string().meta({ example: 're_test_5Rt8Yq1Wm3Lz9Xb2Vc7Nk4' }),
    object: z.literal('checkout.refund'),
    sessionId: z.string(),
    payment: z.string().nullable(),
    status: z.enum(['pending', 'submitted', 'succeeded', 'failed', 'canceled']),
    amount: units,
    reason: z.string().nullable(),
    chainId: z.number().int(),
    token: z.string(),
    to: z.string(),
    txHash: z.string().nullable(),
    failure: z.string().nullable(),
    createdAt: isoTimestamp,
    succeededAt: isoTimestamp.nullable(),
  })
  .meta({ id: 'CheckoutRefund' });

/** The transfer the merchant's wallet signs for a refund (`from` is the session's recipient). */
const refundTxSchema = z.discriminatedUnion('vm', [
  z.object({ vm: z.literal('evm'), chainId: z.number().int(), to: z.string(), data: z.string(), value: z.string(), from: z.string() }),
  z.object({ vm: z.literal('svm'), from: z.string(), serializedTx: z.string() }),
]);

export const createRefundResponseSchema = z.object({ refund: refundViewSchema, tx: refundTxSchema });

const directTxSchema = z.discriminatedUnion('vm', [
  z.object({ vm: z.literal('evm'), chainId: z.number().int(), to: z.string(), data: z.templateLiteral(['0x', z.string()]), value: z.string() }),
  z.object({ vm: z.literal('svm'), serializedTx: z.string() }),
]);

const payerQuoteSchema = quoteViewSchema.extend({
  method: z.enum(['exact_output', 'input_search']),
  overpayBps: z.number().meta({ description: 'Overpay in bps of the amount due.' }),
  overpayBasis: z.enum(['usd', 'output']),
});

const directQuoteSchema = z.object({
  method: z.literal('direct_transfer'),
  quoteId: z.string().meta({
    description:
      'Build it with `POST /v1/orders` (the session-tagged transfer) and report it with `POST /v1/orders/{quoteId}/submitted`, as for routed quotes.',
  }),
  provider: z.literal('direct'),
  srcAmount: units,
  dstAmount: units,
  dstAmountMin: units,
  estimatedSeconds: z.number(),
  fees: z.object({ ourFeeBps: z.literal(0) }),
  overpayBps: z.literal(0),
  overpayBasis: z.literal('usd'),
  expiresAt: z.number().int(),
  tx: directTxSchema,
  reference: z.string().optional().meta({ description: "Solana: the session's Solana Pay reference key, carried by the transfer instruction." }),
});

const anyPayerQuote = z.union([payerQuoteSchema, directQuoteSchema]);

export const payerQuoteResponseSchema = z.object({
  sessionId: z.string(),
  amountDue: units,
  settlement: settlementSchema,
  recipient: z.string(),
  direct: z.boolean().meta({ description: 'The source token is the settlement token on its chain: a plain transfer, no provider.' }),
  best: anyPayerQuote,
  quotes: z.array(anyPayerQuote),
  errors: z.array(providerFailureSchema),
});

sameShape<z.output<typeof paymentViewSchema>, PaymentView>(true);
sameShape<z.output<typeof paymentAttemptViewSchema>, PaymentAttemptView>(true);
sameShape<z.output<typeof sessionViewSchema>, SessionView>(true);
sameShape<z.output<typeof refundViewSchema>, RefundView>(true);
sameShape<z.output<typeof reviewViewSchema>, ReviewView>(true);
sameShape<z.output<typeof payerQuoteResponseSchema>, PayerQuoteResponse>(true);
