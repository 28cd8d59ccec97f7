import { builder } from '../builder.js';
import type { PaymentAttemptView, PaymentView, SessionView } from '../../checkout/views.js';
import { SESSION_STATUSES, isFinal } from '../../checkout/state.js';
import { checkoutSessionTopic, type SessionChanged } from '../../checkout/topics.js';
import type { DirectQuote, PayerQuoteResponse } from '../../checkout/payer.js';
import type { PayerQuote } from '../../checkout/payer-quote.js';
import type { RefundView } from '../../checkout/views.js';

/** Checkout sessions over GraphQL; every rule lives in CheckoutService (same as REST). */

const dropNulls = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

const Status = builder.enumType('CheckoutSessionStatus', { values: SESSION_STATUSES });

const Settlement = builder.objectRef<SessionView['settlement']>('CheckoutSettlement').implement({
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    token: t.exposeString('token'),
    symbol: t.exposeString('symbol'),
    decimals: t.exposeInt('decimals'),
  }),
});

const Payment = builder.objectRef<PaymentView>('CheckoutPayment').implement({
  description: 'The payment that paid the session, or the one being verified / under review.',
  fields: (t) => ({
    payer: t.exposeString('payer'),
    srcChainId: t.exposeInt('srcChainId'),
    srcToken: t.exposeString('srcToken', { nullable: true }),
    srcAmount: t.exposeString('srcAmount', { nullable: true }),
    srcTxHash: t.exposeString('srcTxHash'),
    dstTxHash: t.exposeString('dstTxHash', { nullable: true }),
    paidAt: t.exposeString('paidAt', { nullable: true }),
  }),
});

const PaymentAttempt = builder.objectRef<PaymentAttemptView>('CheckoutPaymentAttempt').implement({
  description: 'A reported payment and how verification settled it (owner only).',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind'),
    status: t.exposeString('status'),
    payer: t.exposeString('payer'),
    srcChainId: t.exposeInt('srcChainId'),
    srcToken: t.exposeString('srcToken', { nullable: true }),
    srcAmount: t.exposeString('srcAmount', { nullable: true }),
    srcTxHash: t.exposeString('srcTxHash'),
    quoteId: t.exposeString('quoteId', { nullable: true }),
    provider: t.exposeString('provider', { nullable: true }),
    dstTxHash: t.exposeString('dstTxHash', { nullable: true }),
    amountReceived: t.exposeString('amountReceived', { nullable: true }),
    amountRefunded: t.exposeString('amountRefunded', { description: 'Refunds of this payment not failed or canceled.' }),
    reason: t.exposeString('reason', { nullable: true }),
    reasonMessage: t.exposeString('reasonMessage', { nullable: true }),
    createdAt: t.exposeString('createdAt'),
    settledAt: t.exposeString('settledAt', { nullable: true }),
  }),
});

const Review = builder.objectRef<{ reason: string; message: string | null }>('CheckoutReview').implement({
  fields: (t) => ({ reason: t.exposeString('reason'), message: t.exposeString('message', { nullable: true }) }),
});

export const CheckoutSession = builder.objectRef<SessionView>('CheckoutSession').implement({
  description: 'Spec 2.8. Without the owner\'s API key, `reference`, `metadata`, `review`, refund totals and `payments` are null.',
  fields: (t) => ({
    id: t.exposeID('id'),
    livemode: t.exposeBoolean('livemode'),
    status: t.field({ type: Status, resolve: (s) => s.status }),
    amount: t.exposeString('amount'),
    settlement: t.field({ type: Settlement, resolve: (s) => s.settlement }),
    recipient: t.exposeString('recipient'),
    description: t.exposeString('description', { nullable: true }),
    merchantName: t.exposeString('merchantName', { nullable: true }),
    reference: t.string({ nullable: true, resolve: (s) => s.reference ?? null }),
    metadata: t.field({ type: 'JSON', nullable: true, resolve: (s) => s.metadata ?? null }),
    successUrl: t.exposeString('successUrl', { nullable: true }),
    cancelUrl: t.exposeString('cancelUrl', { nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    url: t.exposeString('url'),
    invoiceId: t.exposeString('invoiceId', { nullable: true }),
    payment: t.field({ type: Payment, nullable: true, resolve: (s) => s.payment }),
    review: t.field({ type: Review, nullable: true, resolve: (s) => s.review ?? null }),
    amountReceived: t.string({ nullable: true, resolve: (s) => s.amountReceived ?? null }),
    amountRefunded: t.string({ nullable: true, resolve: (s) => s.amountRefunded ?? null }),
    payments: t.field({ type: [PaymentAttempt], nullable: true, resolve: (s) => s.payments ?? null }),
  }),
});

const SessionList = builder.objectRef<{ data: SessionView[]; hasMore: boolean; nextCursor: string | null }>('CheckoutSessionList').implement({
  fields: (t) => ({
    data: t.field({ type: [CheckoutSession], resolve: (l) => l.data }),
    hasMore: t.exposeBoolean('hasMore'),
    nextCursor: t.exposeString('nextCursor', { nullable: true }),
  }),
});

const CreateInput = builder.inputType('CreateCheckoutSessionInput', {
  fields: (t) => ({
    amount: t.string({ required: true, description: 'Integer string of settlement base units, > 0.' }),
    settleChain: t.string({ required: true, description: 'Chain id or slug of a supported settlement pair.' }),
    settleToken: t.string({ required: true, description: '`USDC`, `USDT` or the token address/mint.' }),
    recipient: t.string({ required: true }),
    description: t.string(),
    merchantName: t.string(),
    reference: t.string(),
    metadata: t.field({ type: 'JSON', description: 'Up to 20 string key-value pairs.' }),
    successUrl: t.string(),
    cancelUrl: t.string(),
    expiresInMinutes: t.int({ description: '5 to 10080, default 60.' }),
  }),
});

const PayerQuoteRef = builder.objectRef<PayerQuote | DirectQuote>('CheckoutPayerQuote').implement({
  description:
    'What the payer sends (`srcAmount`) so that at least the amount due arrives (`dstAmountMin`). `method` is `direct_transfer` (settlement token on its chain: no fee, `tx` is the transfer to sign, report it with reportCheckoutPayment), `exact_output` or `input_search` (build with POST /v1/orders { quoteId }).',
  fields: (t) => ({
    method: t.exposeString('method'),
    quoteId: t.string({ nullable: true, resolve: (q) => q.quoteId }),
    provider: t.exposeString('provider'),
    srcAmount: t.exposeString('srcAmount'),
    dstAmount: t.exposeString('dstAmount'),
    dstAmountMin: t.exposeString('dstAmountMin'),
    estimatedSeconds: t.exposeInt('estimatedSeconds'),
    overpayBps: t.exposeInt('overpayBps'),
    overpayBasis: t.exposeString('overpayBasis'),
    fees: t.field({ type: 'JSON', resolve: (q) => q.fees }),
    expiresAt: t.exposeInt('expiresAt'),
    tx: t.field({ type: 'JSON', nullable: true, resolve: (q) => ('tx' in q ? q.tx : null) }),
  }),
});

const PayerQuoteResponseRef = builder.objectRef<PayerQuoteResponse>('CheckoutPayerQuoteResponse').implement({
  fields: (t) => ({
    sessionId: t.exposeID('sessionId'),
    amountDue: t.exposeString('amountDue'),
    settlement: t.field({ type: Settlement, resolve: (r) => r.settlement }),
    recipient: t.exposeString('recipient'),
    direct: t.exposeBoolean('direct'),
    best: t.field({ type: PayerQuoteRef, resolve: (r) => r.best }),
    quotes: t.field({ type: [PayerQuoteRef], resolve: (r) => r.quotes }),
    errors: t.field({ type: 'JSON', resolve: (r) => r.errors }),
  }),
});

builder.queryField('checkoutSessionQuote', (t) =>
  t.field({
    type: PayerQuoteResponseRef,
    description: 'Public: quotes for paying an open session from srcToken on srcChain (CONFLICT when not open).',
    args: { id: t.arg.id({ required: true }), srcChain: t.arg.string({ required: true }), srcToken: t.arg.string({ required: true }), sender: t.arg.string({ required: true }) },
    resolve: (_r, { id, ...body }, ctx) => ctx.services.checkout.payerQuote(String(id), body),
  }),
);

builder.queryField('checkoutSession', (t) =>
  t.field({
    type: CheckoutSession,
    description: 'Public; the owner\'s API key adds the private fields.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => ctx.services.checkout.get(String(id), await ctx.auth()),
  }),
);

builder.queryField('checkoutSessions', (t) =>
  t.field({
    type: SessionList,
    description: 'The API key\'s sessions, newest first (requires a key).',
    args: { status: t.arg({ type: Status }), limit: t.arg.int(), cursor: t.arg.string() },
    resolve: async (_r, args, ctx) => ctx.services.checkout.list(await ctx.requireAuth(), dropNulls(args)),
  }),
);

builder.mutationField('createCheckoutSession', (t) =>
  t.field({
    type: CheckoutSession,
    args: { input: t.arg({ type: CreateInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ctx.services.checkout.create(await ctx.requireAuth(), dropNulls(input)),
  }),
);

builder.mutationField('expireCheckoutSession', (t) =>
  t.field({
    type: CheckoutSession,
    description: 'Expires an open session (CONFLICT otherwise).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => ctx.services.checkout.expire(await ctx.requireAuth(), String(id)),
  }),
);

builder.mutationField('reportCheckoutPayment', (t) =>
  t.field({
    type: CheckoutSession,
    description: 'Public: the payer reports a direct transfer of the settlement token (routed payments are reported through the order).',
    args: { id: t.arg.id({ required: true }), txHash: t.arg.string({ required: true }), payer: t.arg.string({ required: true }) },
    resolve: (_r, { id, txHash, payer }, ctx) => ctx.services.checkout.reportDirect(String(id), { txHash, payer }),
  }),
);

const Refund = builder.objectRef<RefundView>('CheckoutRefund').implement({
  description: 'A refund of a paid session, sent from the merchant\'s wallet: pending → submitted → succeeded | failed (or canceled while pending).',
  fields: (t) => ({
    id: t.exposeID('id'),
    sessionId: t.exposeString('sessionId'),
    payment: t.exposeString('payment', { nullable: true, description: 'The payment refunded.' }),
    status: t.exposeString('status'),
    amount: t.exposeString('amount'),
    reason: t.exposeString('reason', { nullable: true }),
    chainId: t.exposeInt('chainId'),
    token: t.exposeString('token'),
    to: t.exposeString('to'),
    txHash: t.exposeString('txHash', { nullable: true }),
    failure: t.exposeString('failure', { nullable: true }),
    createdAt: t.exposeString('createdAt'),
    succeededAt: t.exposeString('succeededAt', { nullable: true }),
  }),
});

const RefundCreated = builder.objectRef<{ refund: RefundView; tx: unknown }>('CheckoutRefundCreated').implement({
  fields: (t) => ({
    refund: t.field({ type: Refund, resolve: (r) => r.refund }),
    tx: t.field({ type: 'JSON', description: 'The transfer for the merchant\'s wallet (the session recipient) to sign.', resolve: (r) => r.tx }),
  }),
});

builder.queryField('checkoutRefunds', (t) =>
  t.field({
    type: [Refund],
    args: { sessionId: t.arg.id({ required: true }) },
    resolve: async (_r, { sessionId }, ctx) => (await ctx.services.checkout.refunds.list(await ctx.requireAuth(), String(sessionId))).data,
  }),
);

builder.mutationField('createCheckoutRefund', (t) =>
  t.field({
    type: RefundCreated,
    description: 'Refunds a payment of a session (default: the one that paid it) in full (no amount) or in part; never more than that payment delivered.',
    args: { sessionId: t.arg.id({ required: true }), amount: t.arg.string(), reason: t.arg.string(), to: t.arg.string(), payment: t.arg.string() },
    resolve: async (_r, { sessionId, ...body }, ctx) => ctx.services.checkout.refunds.create(await ctx.requireAuth(), String(sessionId), dropNulls(body)),
  }),
);

builder.mutationField('reportCheckoutRefund', (t) =>
  t.field({
    type: Refund,
    args: { sessionId: t.arg.id({ required: true }), refundId: t.arg.id({ required: true }), txHash: t.arg.string({ required: true }) },
    resolve: async (_r, { sessionId, refundId, txHash }, ctx) => ctx.services.checkout.refunds.reportSubmitted(await ctx.requireAuth(), String(sessionId), String(refundId), { txHash }),
  }),
);

builder.mutationField('cancelCheckoutRefund', (t) =>
  t.field({
    type: Refund,
    args: { sessionId: t.arg.id({ required: true }), refundId: t.arg.id({ required: true }) },
    resolve: async (_r, { sessionId, refundId }, ctx) => ctx.services.checkout.refunds.cancel(await ctx.requireAuth(), String(sessionId), String(refundId)),
  }),
);

builder.subscriptionField('checkoutSession', (t) =>
  t.field({
    type: CheckoutSession,
    description:
      'The session now, then again on every status change (LISTEN/NOTIFY, so changes made by any instance arrive). Completes once the session is paid or expired. Public; the owner\'s key adds private fields.',
    args: { id: t.arg.id({ required: true }) },
    subscribe: async function* (_r, { id }, ctx) {
      const sessionId = String(id);
      const checkout = ctx.services.checkout;
      const auth = await ctx.auth();
      // Listen before reading, so a change between the read and the subscription is not missed.
      const changes = ctx.pubsub.iterate<SessionChanged>(checkoutSessionTopic(sessionId));
      try {
        await changes.ready;
        let view = await checkout.get(sessionId, auth);
        yield view;
        while (!isFinal(view.status)) {
          const next = await changes.next();
          if (next.done) return;
          const fresh = await checkout.get(sessionId, auth);
          if (fresh.status === view.status) continue;
          view = fresh;
          yield view;
        }
      } finally {
        await changes.return?.();
      }
    },
    resolve: (v) => v,
  }),
);
