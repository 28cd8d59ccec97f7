import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { newId, randomBase62 } from '../ids.js';
import { newQuoteSetId, newQuoteTag, quoteIdOf } from '../quotes/input.js';

/**
 * The event types (every type the service emits, as the "Event types" table of docs/webhooks.md lists them) and a
 * realistic sample `data` for each, used by `POST /v1/webhook-endpoints/trigger` and the docs.
 * Samples mirror the shapes the emitting domains put in `data` (checkout session view, invoice,
 * order record, src/orders/views.ts); their ids are fresh test-mode ids so a trigger never collides.
 */
interface Sample {
  resourceId: string;
  data: Record<string, unknown>;
}

export interface EventTypeInfo {
  type: string;
  emittedWhen: string;
  dataFields: string;
  sample(ctx: SampleContext): Sample;
}

interface SampleContext {
  publicUrl: string;
  now: Date;
}

const USDC_BASE = { chainId: 8453, token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC', decimals: 6 };
const MERCHANT = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
const PAYER = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;
const iso = (d: Date, plusMs = 0) => new Date(d.getTime() + plusMs).toISOString();

/** An order record as src/orders/views.ts shows it: every field, null when unknown. */
function order(status: 'submitted' | 'filled' | 'refunded' | 'failed', extra: Record<string, unknown> = {}) {
  const at = new Date().toISOString();
  return {
    quoteId: quoteIdOf(newQuoteSetId(), 0, newQuoteTag()),
    status,
    provider: 'relay',
    srcChainId: 42161,
    dstChainId: 8453,
    amount: '25000000',
    dstAmount: '24912345',
    srcTxHash: hex(32),
    dstTxHash: status === 'filled' ? hex(32) : null,
    depositAddressId: null,
    limitOrderId: null,
    checkoutSessionId: null,
    ourFeeBps: 20,
    fillFeeAmount: null,
    fillFeeMint: null,
    partnerFeeBps: 0,
    integrator: null,
    providerState: status === 'submitted' ? null : status,
    submittedAt: at,
    updatedAt: at,
    ...extra,
  };
}

/** A limit order as src/limit-orders/views.ts shows it: 50 USDC for 0.4 SOL, 20 USDC of it filled. */
function limitOrder(ctx: SampleContext, status: 'cancelled' | 'expired') {
  return {
    id: newId('lo'),
    object: 'limit_order',
    livemode: false,
    status,
    provider: 'jupiter',
    chainId: 7565164,
    maker: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
    inputMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    outputMint: 'So11111111111111111111111111111111111111112',
    makingAmount: '50000000',
    takingAmount: '400000000',
    filledMakingAmount: '20000000',
    filledTakingAmount: '160000000',
    remainingMakingAmount: '30000000',
    price: { outputPerInput: '0.008', inputPerOutput: '125' },
    fees: { ourFeeBps: 20, integratorFeeBps: null, integrator: null },
    providerOrderId: bs58.encode(randomBytes(32)),
    openTxHash: bs58.encode(randomBytes(64)),
    closeTxHash: status === 'cancelled' ? bs58.encode(randomBytes(64)) : null,
    expiresAt: status === 'expired' ? iso(ctx.now) : iso(ctx.now, 7 * 24 * 3600_000),
    createdAt: iso(ctx.now, -3 * 3600_000),
    updatedAt: iso(ctx.now),
  };
}

function session(ctx: SampleContext, status: string, opts: { paid?: boolean; payment?: boolean; invoiceId?: string } = {}) {
  const id = `cs_test_${randomBase62(96)}`;
  const created = iso(ctx.now, -4 * 60_000);
  const srcTxHash = hex(32);
  const payment = opts.payment
    ? {
        id: newId('cspay'),
        kind: 'routed',
        status: opts.paid ? 'succeeded' : status === 'open' ? 'failed' : 'verifying',
        payer: PAYER,
        srcChainId: 42161,
        srcToken: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
        srcAmount: '49171500',
        srcTxHash,
        quoteId: quoteIdOf(newQuoteSetId(), 0, newQuoteTag()),
        provider: 'relay',
        dstTxHash: opts.paid ? hex(32) : null,
        amountReceived: opts.paid ? '49000000' : null,
        amountRefunded: '0',
        reason: status === 'open' ? 'route_refunded' : null,
        reasonMessage: status === 'open' ? 'The provider refunded the payer instead of delivering.' : null,
        createdAt: iso(ctx.now, -2 * 60_000),
        seenAt: iso(ctx.now, -2 * 60_000),
        settledAt: opts.paid || status === 'open' ? iso(ctx.now) : null,
      }
    : null;
  return {
    id,
    object: 'checkout.session',
    livemode: false,
    status,
    amount: '49000000',
    settlement: USDC_BASE,
    recipient: MERCHANT,
    description: opts.invoiceId ? 'Invoice INV-0042' : 'Pro plan, 1 month',
    merchantName: 'Acme Tools',
    reference: opts.invoiceId ? 'INV-0042' : 'order-1042',
    metadata: opts.invoiceId ? { invoiceId: opts.invoiceId } : { customerId: 'cus_881' },
    successUrl: opts.invoiceId ? `${ctx.publicUrl}/invoice/${opts.invoiceId}` : 'https://shop.example.com/thanks',
    cancelUrl: opts.invoiceId ? `${ctx.publicUrl}/invoice/${opts.invoiceId}` : 'https://shop.example.com/cart',
    expiresAt: iso(ctx.now, 56 * 60_000),
    createdAt: created,
    url: `${ctx.publicUrl}/pay/${id}`,
    invoiceId: opts.invoiceId ?? null,
    payment: payment
      ? {
          payer: payment.payer,
          srcChainId: payment.srcChainId,
          srcToken: payment.srcToken,
          srcAmount: payment.srcAmount,
          srcTxHash,
          dstTxHash: payment.dstTxHash,
          paidAt: opts.paid ? iso(ctx.now) : null,
        }
      : null,
    // The owner's view (what events carry): review state and every payment.
    review: null,
    amountReceived: opts.paid ? '49000000' : null,
    amountRefunded: '0',
    payments: payment ? [payment] : [],
    reviews: [] as unknown[],
  };
}

/**
 * The owner's view fields of a session whose direct transfer of 45 USDC (49 due) is under review as `underpaid`
 * (a direct transfer records the amount due as `srcAmount`; `amountReceived` is what arrived).
 */
function reviewFields(ctx: SampleContext) {
  const tx = hex(32);
  const message = 'The transfers of the settlement token to the recipient total less than the amount due.';
  return {
    payment: { payer: PAYER, srcChainId: 8453, srcToken: USDC_BASE.token, srcAmount: '49000000', srcTxHash: tx, dstTxHash: tx, paidAt: null },
    review: { reason: 'underpaid', message },
    amountReceived: null,
    amountRefunded: '0',
    payments: [
      {
        id: newId('cspay'),
        kind: 'direct',
        status: 'rejected',
        payer: PAYER,
        srcChainId: 8453,
        srcToken: USDC_BASE.token,
        srcAmount: '49000000',
        srcTxHash: tx,
        quoteId: null,
        provider: null,
        dstTxHash: tx,
        amountReceived: '45000000',
        amountRefunded: '0',
        reason: 'underpaid',
        reasonMessage: message,
        createdAt: iso(ctx.now, -2 * 60_000),
        seenAt: iso(ctx.now, -2 * 60_000),
        settledAt: iso(ctx.now),
      },
    ],
    reviews: [] as unknown[],
  };
}

function invoice(ctx: SampleContext, status: 'open' | 'paid', sessionId: string | null) {
  const id = `inv_test_${randomBase62(96)}`;
  return {
    id,
    object: 'invoice',
    livemode: false,
    number: 'INV-0042',
    status,
    amount: '49000000',
    settlement: USDC_BASE,
    lineItems: [
      { description: 'Consulting, November', quantity: 4, unitAmount: '10000000' },
      { description: 'Hosting', quantity: 1, unitAmount: '9000000' },
    ],
    customerEmail: 'billing@customer.example',
    customerName: 'Customer GmbH',
    merchantName: 'Acme Tools',
    replyTo: 'accounts@acme.example',
    recipient: MERCHANT,
    memo: 'Thank you for your business.',
    dueAt: `${iso(ctx.now, 14 * 86_400_000).slice(0, 10)}T23:59:59.999Z`,
    url: `${ctx.publicUrl}/invoice/${id}`,
    receiptUrl: status === 'paid' ? `${ctx.publicUrl}/v1/invoices/${id}/receipt.pdf` : null,
    sessionId,
    sentAt: iso(ctx.now, -86_400_000),
    paidAt: status === 'paid' ? iso(ctx.now) : null,
    receiptSentAt: null,
    voidedAt: null,
    createdAt: iso(ctx.now, -2 * 86_400_000),
    updatedAt: iso(ctx.now),
    lastEmail: {
      id: newId('msg'),
      kind: status === 'paid' ? 'receipt' : 'invoice',
      status: status === 'paid' ? 'pending' : 'sent',
      to: 'billing@customer.example',
      attempts: status === 'paid' ? 0 : 1,
      lastError: null,
      sentAt: status === 'paid' ? null : iso(ctx.now, -86_400_000 + 2_000),
      createdAt: status === 'paid' ? iso(ctx.now) : iso(ctx.now, -86_400_000),
    },
  };
}

function subscription(
  ctx: SampleContext,
  status: 'trialing' | 'active' | 'past_due' | 'canceled',
  opts: { periodIndex?: number; cancellationReason?: 'requested' | 'dunning' | 'period_end' } = {},
) {
  const id = `sub_test_${randomBase62(96)}`;
  const month = 30 * 86_400_000;
  const n = opts.periodIndex ?? 0;
  const start = iso(ctx.now, -2 * 86_400_000);
  return {
    id,
    object: 'subscription',
    livemode: false,
    status,
    cancelAtPeriodEnd: false,
    customerEmail: 'billing@customer.example',
    customerName: 'Customer GmbH',
    merchantName: 'Acme Tools',
    replyTo: null,
    settlement: USDC_BASE,
    recipient: MERCHANT,
    lineItems: [{ description: 'Pro plan', quantity: 1, unitAmount: '49000000' }],
    amount: '49000000',
    interval: 'month',
    intervalCount: 1,
    daysUntilDue: 7,
    metadata: { plan: 'pro' },
    testClockId: null,
    startAt: iso(ctx.now, -n * month - 2 * 86_400_000),
    trialEndAt: null,
    billingCycleAnchor: iso(ctx.now, -n * month - 2 * 86_400_000),
    currentPeriodIndex: n,
    currentPeriodStart: start,
    currentPeriodEnd: iso(ctx.now, month - 2 * 86_400_000),
    nextInvoiceAt: status === 'canceled' ? null : iso(ctx.now, month - 2 * 86_400_000),
    latestInvoiceId: `inv_test_${randomBase62(96)}`,
    canceledAt: status === 'canceled' ? iso(ctx.now) : null,
    cancellationReason: status === 'canceled' ? (opts.cancellationReason ?? 'requested') : null,
    createdAt: iso(ctx.now, -n * month - 2 * 86_400_000),
    updatedAt: iso(ctx.now),
  };
}

export const EVENT_TYPES: EventTypeInfo[] = [
  {
    type: 'order.submitted',
    emittedWhen: 'a deposit-address deposit is seen and being processed, or an order was reported submitted',
    dataFields: '`order`',
    sample: () => {
      const o = order('submitted');
      return { resourceId: o.quoteId, data: { order: o } };
    },
  },
  {
    type: 'order.filled',
    emittedWhen: 'destination token delivered to the recipient',
    dataFields: '`order`',
    sample: () => {
      const o = order('filled');
      return { resourceId: o.quoteId, data: { order: o } };
    },
  },
  {
    type: 'order.refunded',
    emittedWhen: 'funds returned (deposits: to `refundTo`)',
    dataFields: '`order`',
    sample: () => {
      const o = order('refunded', { quoteId: newId('dep'), depositAddressId: newId('da'), dstAmount: '0' });
      return { resourceId: o.quoteId, data: { order: o } };
    },
  },
  {
    type: 'order.failed',
    emittedWhen: 'the order could not be processed',
    dataFields: '`order`',
    sample: () => {
      const o = order('failed', { dstAmount: '0' });
      return { resourceId: o.quoteId, data: { order: o } };
    },
  },
  {
    type: 'checkout.session.processing',
    emittedWhen: "a payment for the session was seen on chain carrying the session's evidence (a report alone does not emit it)",
    dataFields: '`session`',
    sample: (ctx) => {
      const s = session(ctx, 'processing', { payment: true });
      return { resourceId: s.id, data: { session: s } };
    },
  },
  {
    type: 'checkout.session.completed',
    emittedWhen: 'session verified and `paid`, or the merchant accepted the payment under review (fulfil on this event only)',
    dataFields: '`session`; `review` too when the merchant accepted a payment under review',
    sample: (ctx) => {
      const s = session(ctx, 'paid', { payment: true, paid: true });
      return { resourceId: s.id, data: { session: s } };
    },
  },
  {
    type: 'checkout.session.payment_failed',
    emittedWhen: 'a payment attempt failed or was refunded; the session is `open` again',
    dataFields: '`session`',
    sample: (ctx) => {
      const s = session(ctx, 'open', { payment: true });
      return { resourceId: s.id, data: { session: s } };
    },
  },
  {
    type: 'checkout.session.needs_review',
    emittedWhen: 'a payment completed but a verification rule failed (underpaid, sender mismatch…); the session waits for the merchant to accept or reopen it',
    dataFields: '`session` (`review.reason` says why)',
    sample: (ctx) => {
      const s = { ...session(ctx, 'needs_review'), ...reviewFields(ctx) };
      return { resourceId: s.id, data: { session: s } };
    },
  },
  {
    type: 'checkout.session.reopened',
    emittedWhen: 'the merchant returned a session under review to `open`; the payer can pay again',
    dataFields: '`session` and `review` (the resolution: note, payment, API key)',
    sample: (ctx) => {
      const s = session(ctx, 'open');
      const { payment, payments } = reviewFields(ctx);
      const review = {
        id: newId('csrev_test'),
        object: 'checkout.review',
        action: 'reopen',
        note: 'Customer sent 45 of 49 USDC; asked them to pay the full amount and refunded the 45',
        payment: payments[0]!.id,
        reviewReason: 'underpaid',
        paymentReason: 'underpaid',
        apiKeyId: newId('key'),
        fromStatus: 'needs_review',
        toStatus: 'open',
        createdAt: iso(ctx.now),
      };
      const full = { ...s, payment, review: null, amountReceived: null, amountRefunded: '0', payments, reviews: [review] };
      return { resourceId: s.id, data: { session: full, review } };
    },
  },
  {
    type: 'checkout.session.expired',
    emittedWhen: 'the session expired (time, or expired by the merchant)',
    dataFields: '`session`',
    sample: (ctx) => {
      const s = { ...session(ctx, 'expired'), expiresAt: iso(ctx.now) };
      return { resourceId: s.id, data: { session: s } };
    },
  },
  {
    type: 'invoice.sent',
    emittedWhen: 'an invoice was sent or re-sent',
    dataFields: '`invoice` (full invoice)',
    sample: (ctx) => {
      const inv = invoice(ctx, 'open', null);
      return { resourceId: inv.id, data: { invoice: inv } };
    },
  },
  {
    type: 'invoice.paid',
    emittedWhen: 'the checkout session paying the invoice is `paid`',
    dataFields: '`invoice` and `session`',
    sample: (ctx) => {
      const inv = invoice(ctx, 'paid', null);
      const s = session(ctx, 'paid', { payment: true, paid: true, invoiceId: inv.id });
      inv.sessionId = s.id as never;
      return { resourceId: inv.id, data: { invoice: inv, session: s } };
    },
  },
  {
    type: 'subscription.created',
    emittedWhen: 'a subscription was created (its first invoice follows as `invoice.sent` when billing starts at once)',
    dataFields: '`subscription`',
    sample: (ctx) => {
      const sub = subscription(ctx, 'active');
      return { resourceId: sub.id, data: { subscription: sub } };
    },
  },
  {
    type: 'subscription.updated',
    emittedWhen:
      'line items or metadata changed, a cancel at period end was set or undone, a trial ended, or a late payment made a past-due subscription active again',
    dataFields: '`subscription`',
    sample: (ctx) => {
      const sub = subscription(ctx, 'active', { periodIndex: 3 });
      return { resourceId: sub.id, data: { subscription: sub } };
    },
  },
  {
    type: 'subscription.renewed',
    emittedWhen: 'a new period began and its invoice was issued and emailed',
    dataFields: '`subscription` (`latestInvoiceId` is the new invoice)',
    sample: (ctx) => {
      const sub = subscription(ctx, 'active', { periodIndex: 4 });
      return { resourceId: sub.id, data: { subscription: sub } };
    },
  },
  {
    type: 'subscription.past_due',
    emittedWhen: 'an invoice of the subscription passed its due date unpaid',
    dataFields: '`subscription`',
    sample: (ctx) => {
      const sub = subscription(ctx, 'past_due', { periodIndex: 2 });
      return { resourceId: sub.id, data: { subscription: sub } };
    },
  },
  {
    type: 'subscription.reminder_sent',
    emittedWhen: 'a reminder about an overdue invoice was emailed (1 and 3 days after the due date)',
    dataFields: '`subscription`, `invoiceId` and `reminder` (1 or 2)',
    sample: (ctx) => {
      const sub = subscription(ctx, 'past_due', { periodIndex: 2 });
      return { resourceId: sub.id, data: { subscription: sub, invoiceId: sub.latestInvoiceId, reminder: 1 } };
    },
  },
  {
    type: 'subscription.canceled',
    emittedWhen: 'the subscription ended: canceled by the merchant, at the end of its period, or 7 days after an unpaid due date (the invoice is voided)',
    dataFields: '`subscription` (`cancellationReason`: `requested`, `period_end` or `dunning`)',
    sample: (ctx) => {
      const sub = subscription(ctx, 'canceled', { periodIndex: 5, cancellationReason: 'dunning' });
      return { resourceId: sub.id, data: { subscription: sub } };
    },
  },
  {
    type: 'limit_order.filled',
    emittedWhen: 'a fill of a limit order',
    dataFields: '`order` (order record with `limitOrderId`)',
    sample: () => {
      // A fill is one Solana transaction: both the source and the delivery, as the limit-order poller records it.
      const fillTx = bs58.encode(randomBytes(64));
      const o = {
        ...order('filled'),
        quoteId: newId('lof'),
        provider: 'jupiter',
        srcChainId: 7565164,
        dstChainId: 7565164,
        amount: '1500000000',
        dstAmount: '212340000',
        limitOrderId: newId('lo'),
        srcTxHash: fillTx,
        dstTxHash: fillTx,
      };
      return { resourceId: o.limitOrderId, data: { order: o } };
    },
  },
  {
    type: 'limit_order.cancelled',
    emittedWhen: 'a limit order was cancelled (its cancel transaction landed, or the provider lists it cancelled)',
    dataFields: '`limitOrder` (the limit order; fills before the cancel stay in `filledMakingAmount`)',
    sample: (ctx) => {
      const lo = limitOrder(ctx, 'cancelled');
      return { resourceId: lo.id, data: { limitOrder: lo } };
    },
  },
  {
    type: 'limit_order.expired',
    emittedWhen: 'a limit order reached its `expiresAt` before it was filled',
    dataFields: '`limitOrder` (the limit order)',
    sample: (ctx) => {
      const lo = limitOrder(ctx, 'expired');
      return { resourceId: lo.id, data: { limitOrder: lo } };
    },
  },
  {
    type: 'webhook_endpoint.disabled',
    emittedWhen: 'a webhook endpoint was disabled automatically (it answered 410 Gone, or every attempt failed for 3 days)',
    dataFields: '`endpoint` (without secret) and `reason`',
    sample: (ctx) => {
      const id = newId('we');
      return {
        resourceId: id,
        data: {
          endpoint: {
            id,
            object: 'webhook_endpoint',
            livemode: false,
            url: 'https://shop.example.com/webhooks',
            description: 'Order fulfilment',
            enabledEvents: ['checkout.session.*'],
            disabled: true,
            disabledReason: 'every attempt failed for 72 hours',
            previousSecretExpiresAt: null,
            createdAt: iso(ctx.now, -30 * 86_400_000),
            updatedAt: iso(ctx.now),
          },
          reason: 'every attempt failed for 72 hours',
        },
      };
    },
  },
];

export const EVENT_TYPE_NAMES = EVENT_TYPES.map((t) => t.type);
export const eventTypeInfo = (type: string) => EVENT_TYPES.find((t) => t.type === type);
