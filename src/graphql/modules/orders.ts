import { builder } from '../builder.js';
import { idShape } from '../../validation.js';
import { buildSchema, listOrdersSchema, ORDER_QUOTE_ID, reportSchema, statusSchema, submitSchema } from '../../orders/input.js';
import { parseGraphQLInput } from '../input.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import type { BuildOrderResponse, BuiltTx, OrderStatusView, OrderView } from '../../orders/views.js';
import { orderStatusTopic, orderTopic } from '../../orders/topics.js';
import { isFinalState } from '../../orders/state.js';
import { ConflictError, QuoteExpiredError, QuoteNotFoundError, orNull } from '../errors.js';
import { depositAddressLoader, keyOf, sessionLoader } from '../loaders.js';
import { connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { orderListCursor } from '../../orders/service.js';
import { CheckoutSessionRef, DepositAddressRef, OrderRef, VmEnum } from '../refs.js';

type EvmTx = Extract<BuiltTx, { vm: 'evm' }>;
type SvmTx = Extract<BuiltTx, { vm: 'svm' }>;

const OrderStatusEnum = builder.enumType('OrderStatus', {
  description: 'An order record: `submitted` until the provider settles it; `filled`, `refunded` and `failed` are final.',
  values: ['submitted', 'filled', 'refunded', 'failed'] as const,
});

const ProviderOrderState = builder.enumType('ProviderOrderState', {
  description: 'What the provider says about an order; `filled`, `refunded` and `failed` are final.',
  values: ['pending', 'filled', 'refunded', 'failed', 'unknown'] as const,
});

const Approval = builder.objectRef<NonNullable<EvmTx['approval']>>('Approval').implement({
  description: 'An ERC-20 approve of `amount` to `spender` on `token`, to be mined before the main transaction.',
  fields: (t) => ({ token: t.exposeString('token'), spender: t.exposeString('spender'), amount: t.exposeString('amount') }),
});

export const EvmTxRef = builder.objectRef<EvmTx>('EvmTx').implement({
  description: 'An EVM transaction to sign and send from the sender.',
  fields: (t) => ({
    vm: t.field({ type: VmEnum, resolve: (x) => x.vm }),
    chainId: t.exposeInt('chainId'),
    to: t.exposeString('to'),
    data: t.exposeString('data'),
    value: t.exposeString('value', { description: 'Wei, as an integer string.' }),
    approval: t.field({ type: Approval, nullable: true, resolve: (x) => x.approval ?? null }),
    approvalReset: t.field({
      type: Approval,
      nullable: true,
      description:
        'An approve of 0, to be mined before `approval`: tokens such as Ethereum USDT refuse to change a non-zero allowance to another non-zero one.',
      resolve: (x) => x.approvalReset ?? null,
    }),
  }),
});

export const SvmTxRef = builder.objectRef<SvmTx>('SvmTx').implement({
  description: 'A Solana transaction to sign.',
  fields: (t) => ({
    vm: t.field({ type: VmEnum, resolve: (x) => x.vm }),
    serializedTx: t.exposeString('serializedTx', { description: 'Base64 serialized versioned transaction.' }),
    submitViaApi: t.boolean({ description: 'Send the signed bytes with `submitOrder` instead of broadcasting them.', resolve: (x) => x.submitViaApi ?? false }),
  }),
});

export const BuiltTxRef = builder.unionType('BuiltTx', {
  types: [EvmTxRef, SvmTxRef],
  resolveType: (tx) => (tx.vm === 'evm' ? EvmTxRef : SvmTxRef),
});

const BuildOrderPayload = builder.objectRef<BuildOrderResponse>('BuildOrderPayload').implement({
  fields: (t) => ({
    quoteId: t.exposeID('quoteId'),
    provider: t.exposeString('provider'),
    tx: t.field({ type: BuiltTxRef, resolve: (r) => r.tx }),
  }),
});

const ProviderOrderStatusRef = builder.objectRef<OrderStatusView>('ProviderOrderStatus').implement({
  description: 'An order as its provider reports it.',
  fields: (t) => ({
    provider: t.exposeString('provider'),
    id: t.exposeString('id', { description: 'The provider order id, or the source transaction hash, as asked.' }),
    state: t.field({ type: ProviderOrderState, resolve: (s) => s.state }),
    srcTxHash: t.exposeString('srcTxHash', { nullable: true }),
    dstTxHash: t.exposeString('dstTxHash', { nullable: true }),
  }),
});

OrderRef.implement({
  description: 'An order record: a quote whose source transaction was reported, followed until the provider settles it.',
  fields: (t) => ({
    quoteId: t.exposeID('quoteId'),
    status: t.field({ type: OrderStatusEnum, resolve: (o) => o.status }),
    provider: t.exposeString('provider'),
    srcChainId: t.exposeInt('srcChainId'),
    dstChainId: t.exposeInt('dstChainId'),
    amount: t.exposeString('amount'),
    dstAmount: t.exposeString('dstAmount'),
    srcTxHash: t.exposeString('srcTxHash'),
    dstTxHash: t.string({ nullable: true, resolve: (o) => o.dstTxHash ?? null }),
    depositAddressId: t.string({ nullable: true, resolve: (o) => o.depositAddressId ?? null }),
    depositAddress: t.field({
      type: DepositAddressRef,
      nullable: true,
      description: "The deposit address this order is a deposit of (the owner's key only; null otherwise).",
      resolve: (o, _a, ctx) => (o.depositAddressId ? depositAddressLoader(ctx).load(o.depositAddressId) : null),
    }),
    limitOrderId: t.string({ nullable: true, resolve: (o) => o.limitOrderId ?? null }),
    checkoutSessionId: t.id({ nullable: true, description: 'The checkout session this order pays, if any.', resolve: (o) => o.checkoutSessionId ?? null }),
    checkoutSession: t.field({
      type: CheckoutSessionRef,
      nullable: true,
      description: "The checkout session this order pays, if any: the owner's view with the owner's key, else the public view.",
      resolve: (o, _a, ctx) => (o.checkoutSessionId ? sessionLoader(ctx).load(o.checkoutSessionId) : null),
    }),
    ourFeeBps: t.exposeInt('ourFeeBps'),
    partnerFeeBps: t.exposeInt('partnerFeeBps'),
    integrator: t.string({ nullable: true, resolve: (o) => o.integrator ?? null }),
    providerState: t.string({ nullable: true, description: "The provider's own last state name, as it reported it.", resolve: (o) => o.providerState ?? null }),
    submittedAt: t.field({ type: 'DateTime', resolve: (o) => o.submittedAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (o) => o.updatedAt }),
  }),
});

const SubmitOrderPayload = builder.objectRef<{ provider: string; txHash: string }>('SubmitOrderPayload').implement({
  fields: (t) => ({ provider: t.exposeString('provider'), txHash: t.exposeString('txHash') }),
});

const ReportOrderSubmittedPayload = builder.objectRef<{ order: OrderView }>('ReportOrderSubmittedPayload').implement({
  fields: (t) => ({ order: t.field({ type: OrderRef, resolve: (p) => p.order }) }),
});

const BuildOrderInput = builder.inputType('BuildOrderInput', { fields: (t) => ({ quoteId: t.id({ required: true }) }) });
const SubmitOrderInput = builder.inputType('SubmitOrderInput', {
  fields: (t) => ({
    quoteId: t.id({ required: true }),
    signedTransaction: t.string({ required: true, description: 'Base64 signed transaction bytes.' }),
    ...idempotencyKeyField(t),
  }),
});
const ReportOrderSubmittedInput = builder.inputType('ReportOrderSubmittedInput', {
  fields: (t) => ({
    quoteId: t.id({ required: true }),
    txHash: t.string({ required: true, description: 'The source transaction hash (or signature).' }),
    ...idempotencyKeyField(t),
  }),
});

builder.mutationField('buildOrder', (t) =>
  t.field({
    type: BuildOrderPayload,
    description: 'The transaction to sign for a quote. EVM transactions may carry an `approval` to send first.',
    authScopes: { public: true },
    args: { input: t.arg({ type: BuildOrderInput, required: true }) },
    errors: { types: [QuoteExpiredError, QuoteNotFoundError] },
    resolve: (_r, { input }, ctx) => ctx.services.orders.build(parseGraphQLInput(buildSchema, input).quoteId),
  }),
);

builder.mutationField('submitOrder', (t) =>
  t.field({
    type: SubmitOrderPayload,
    description:
      'Forwards wallet-signed bytes for providers whose transactions are `submitViaApi` (others get INVALID_PARAMS) and records the order. CONFLICT when the checkout session the quote pays can no longer take a payment (nothing is sent then).',
    authScopes: { public: true },
    args: { input: t.arg({ type: SubmitOrderInput, required: true }) },
    errors: { types: [QuoteNotFoundError, ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ctx.services.orders.submit(parseGraphQLInput(submitSchema, input))),
  }),
);

builder.mutationField('reportOrderSubmitted', (t) =>
  t.field({
    type: ReportOrderSubmittedPayload,
    description:
      'Records the order as `submitted` with its source transaction hash and starts tracking it. Reporting the same hash again returns the same order; another hash for the same quote, or a hash already reported for another quote, is a CONFLICT.',
    authScopes: { public: true },
    args: { input: t.arg({ type: ReportOrderSubmittedInput, required: true }) },
    errors: { types: [QuoteNotFoundError, ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => {
      const { quoteId, txHash } = parseGraphQLInput(reportSchema, input);
      return { order: await ctx.services.orders.reportSubmitted(quoteId, txHash) };
    }),
  }),
);

builder.queryField('orderStatus', (t) =>
  t.field({
    type: ProviderOrderStatusRef,
    nullable: true,
    description: 'Asks the provider about an order (its order id or the source transaction hash); null when the provider does not know it (yet).',
    authScopes: { public: true },
    args: { provider: t.arg.string({ required: true }), id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      orNull(async () => {
        const { provider, id } = parseGraphQLInput(statusSchema, a);
        return ctx.services.orders.status(provider, id);
      }, ['ORDER_NOT_FOUND']),
  }),
);

builder.queryField('order', (t) =>
  t.field({
    type: OrderRef,
    nullable: true,
    description: 'The order recorded for a quote; null until one is reported.',
    authScopes: { public: true },
    args: { quoteId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => (await ctx.services.orders.get(a.quoteId)) ?? null,
  }),
);

const OrderConnection = connectionType('Order', OrderRef);

builder.queryField('orders', (t) =>
  t.field({
    type: OrderConnection,
    description:
      "The API key's order records (its account and mode), newest first: reported swaps, checkout payments and deposit-address deposits. Filter by `status`, `depositAddressId` or `checkoutSessionId` to find orders without webhooks.",
    authScopes: { key: true },
    args: { status: t.arg({ type: OrderStatusEnum }), depositAddressId: t.arg.id(), checkoutSessionId: t.arg.id(), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const { status, depositAddressId, checkoutSessionId, after } = args;
      const q = parseGraphQLInput(listOrdersSchema, { limit: pageSize(args.first, 100), status, depositAddressId, checkoutSessionId, cursor: after });
      const page = await readAfter(ctx.services.orders.list(await keyOf(ctx), q));
      return keysetConnection(page, orderListCursor, args);
    },
  }),
);

builder.subscriptionField('order', (t) =>
  t.field({
    type: OrderRef,
    description:
      'The order of a quote now (once reported) and on every change. Completes after the first final status (`filled`, `refunded` or `failed`); until the order is reported it waits.',
    authScopes: { public: true },
    // A quote id no order can have is NOT_FOUND at once (checked before the topic named after it is listened to).
    args: { quoteId: t.arg.id({ required: true, validate: { schema: idShape(ORDER_QUOTE_ID, 'order') } }) },
    subscribe: async function* (_r, a, ctx) {
      // Listen before reading, so a change between the read and the subscription is not missed.
      const updates = ctx.pubsub.iterate<OrderView>(orderTopic(a.quoteId));
      try {
        await updates.ready;
        const current = await ctx.services.orders.get(a.quoteId);
        if (current) {
          await ctx.refresh();
          yield current;
          if (current.status !== 'submitted') return;
        }
        for await (const o of updates) {
          await ctx.refresh();
          yield o;
          if (o.status !== 'submitted') return;
        }
      } finally {
        await updates.return?.();
      }
    },
    resolve: (o) => o,
  }),
);

builder.subscriptionField('orderStatus', (t) =>
  t.field({
    type: ProviderOrderStatusRef,
    description:
      'A provider order state now and on every change. Completes after the first final state (`filled`, `refunded` or `failed`). Tracked orders follow the poller; other ids are polled for this subscription.',
    authScopes: { public: true },
    args: { provider: t.arg.string({ required: true }), id: t.arg.string({ required: true }) },
    // The REST route's rules (src/orders/input.ts), before the topic named after them is listened to.
    validate: { schema: statusSchema },
    subscribe: async function* (_r, a, ctx) {
      const orders = ctx.services.orders;
      const updates = ctx.pubsub.iterate<OrderStatusView>(orderStatusTopic(a.provider, a.id));
      try {
        await updates.ready;
        let last = await orders.status(a.provider, a.id);
        yield last;
        if (isFinalState(last.state)) return;
        const tracked = await orders.isTracked(a.provider, a.id);
        while (true) {
          const next = tracked ? (await updates.next()).value : await pollAfter(ctx.config.ORDER_POLL_INTERVAL_MS, () => orders.status(a.provider, a.id));
          if (!next) return;
          if (next.state !== last.state || next.dstTxHash !== last.dstTxHash) yield next;
          last = next;
          if (isFinalState(next.state)) return;
        }
      } finally {
        await updates.return?.();
      }
    },
    resolve: (s) => s,
  }),
);

const pollAfter = <T>(ms: number, fn: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => fn().then(resolve, reject), ms));
