import { builder } from '../builder.js';
import type { BuildOrderResponse, BuiltTx, OrderStatusView, OrderView } from '../../orders/service.js';
import { orderStatusTopic, orderTopic } from '../../orders/topics.js';
import { isFinalState } from '../../orders/state.js';

type EvmTx = Extract<BuiltTx, { vm: 'evm' }>;
type SvmTx = Extract<BuiltTx, { vm: 'svm' }>;

const Approval = builder.objectRef<NonNullable<EvmTx['approval']>>('Approval').implement({
  description: 'An ERC-20 approve of `amount` to `spender` on `token`, to be mined before the main transaction.',
  fields: (t) => ({ token: t.exposeString('token'), spender: t.exposeString('spender'), amount: t.exposeString('amount') }),
});

const EvmTxRef = builder.objectRef<EvmTx>('EvmTx').implement({
  fields: (t) => ({
    vm: t.exposeString('vm'),
    chainId: t.exposeInt('chainId'),
    to: t.exposeString('to'),
    data: t.exposeString('data'),
    value: t.exposeString('value'),
    approval: t.field({ type: Approval, nullable: true, resolve: (x) => x.approval ?? null }),
    approvalReset: t.field({
      type: Approval,
      nullable: true,
      description: 'An approve of 0, to be mined before `approval`: tokens such as Ethereum USDT refuse to change a non-zero allowance to another non-zero one.',
      resolve: (x) => x.approvalReset ?? null,
    }),
  }),
});

const SvmTxRef = builder.objectRef<SvmTx>('SvmTx').implement({
  fields: (t) => ({
    vm: t.exposeString('vm'),
    serializedTx: t.exposeString('serializedTx', { description: 'Base64 serialized versioned transaction.' }),
    submitViaApi: t.exposeBoolean('submitViaApi', { nullable: true }),
  }),
});

const BuiltTxRef = builder.unionType('BuiltTx', {
  types: [EvmTxRef, SvmTxRef],
  resolveType: (tx) => (tx.vm === 'evm' ? EvmTxRef : SvmTxRef),
});

const BuildOrder = builder.objectRef<BuildOrderResponse>('BuildOrderResponse').implement({
  fields: (t) => ({
    quoteId: t.exposeID('quoteId'),
    provider: t.exposeString('provider'),
    tx: t.field({ type: BuiltTxRef, resolve: (r) => r.tx }),
  }),
});

const OrderStatusRef = builder.objectRef<OrderStatusView>('OrderStatus').implement({
  description: 'A provider order state (spec 2.6).',
  fields: (t) => ({
    provider: t.exposeString('provider'),
    id: t.exposeString('id'),
    state: t.exposeString('state', { description: 'pending, filled, refunded, failed or unknown.' }),
    srcTxHash: t.exposeString('srcTxHash', { nullable: true }),
    dstTxHash: t.exposeString('dstTxHash', { nullable: true }),
  }),
});

const Order = builder.objectRef<OrderView>('Order').implement({
  description: 'An order record (spec 2.7).',
  fields: (t) => ({
    quoteId: t.exposeID('quoteId'),
    status: t.exposeString('status', { description: 'submitted, filled, refunded or failed.' }),
    provider: t.exposeString('provider'),
    srcChainId: t.exposeInt('srcChainId'),
    dstChainId: t.exposeInt('dstChainId'),
    amount: t.exposeString('amount'),
    dstAmount: t.exposeString('dstAmount'),
    srcTxHash: t.exposeString('srcTxHash'),
    dstTxHash: t.exposeString('dstTxHash', { nullable: true }),
    depositAddressId: t.exposeString('depositAddressId', { nullable: true }),
    limitOrderId: t.exposeString('limitOrderId', { nullable: true }),
    checkoutSessionId: t.exposeString('checkoutSessionId', { nullable: true }),
    ourFeeBps: t.exposeInt('ourFeeBps'),
    partnerFeeBps: t.exposeInt('partnerFeeBps'),
    integrator: t.exposeString('integrator', { nullable: true }),
    providerState: t.exposeString('providerState', { nullable: true }),
    submittedAt: t.exposeString('submittedAt'),
    updatedAt: t.exposeString('updatedAt'),
  }),
});

const SubmitResult = builder.objectRef<{ provider: string; txHash: string }>('SubmitOrderResult').implement({
  fields: (t) => ({ provider: t.exposeString('provider'), txHash: t.exposeString('txHash') }),
});

builder.mutationField('buildOrder', (t) =>
  t.field({
    type: BuildOrder,
    description: 'The transaction to sign for a quote (spec 4.3). EVM transactions may carry an `approval` to send first.',
    args: { quoteId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.orders.build(a.quoteId),
  }),
);

builder.mutationField('submitOrder', (t) =>
  t.field({
    type: SubmitResult,
    description: 'Forwards wallet-signed bytes for providers whose transactions are `submitViaApi`; others get INVALID_PARAMS.',
    args: { quoteId: t.arg.string({ required: true }), signedTransaction: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.orders.submit(a),
  }),
);

builder.mutationField('reportSubmitted', (t) =>
  t.field({
    type: Order,
    description: 'Records the order as `submitted` with its source transaction hash and starts tracking it.',
    args: { quoteId: t.arg.string({ required: true }), txHash: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.orders.reportSubmitted(a.quoteId, a.txHash),
  }),
);

builder.queryField('orderStatus', (t) =>
  t.field({
    type: OrderStatusRef,
    description: 'Asks the provider about an order (its order id or the source tx hash).',
    args: { provider: t.arg.string({ required: true }), id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => ctx.services.orders.status(a.provider, a.id),
  }),
);

builder.queryField('order', (t) =>
  t.field({
    type: Order,
    nullable: true,
    description: 'The order recorded for a quote, if one was reported.',
    args: { quoteId: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => (await ctx.services.orders.get(a.quoteId)) ?? null,
  }),
);

builder.subscriptionField('order', (t) =>
  t.field({
    type: Order,
    description: 'The order of a quote now (once reported) and on every change until it is final.',
    args: { quoteId: t.arg.string({ required: true }) },
    subscribe: async function* (_r, a, ctx) {
      // Listen before reading, so a change between the read and the subscription is not missed.
      const updates = ctx.pubsub.iterate<OrderView>(orderTopic(a.quoteId));
      try {
        await updates.ready;
        const current = await ctx.services.orders.get(a.quoteId);
        if (current) {
          yield current;
          if (current.status !== 'submitted') return;
        }
        for await (const o of updates) {
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
    type: OrderStatusRef,
    description: 'A provider order state now and on every change until final. Tracked orders follow the poller; other ids are polled for this subscription.',
    args: { provider: t.arg.string({ required: true }), id: t.arg.string({ required: true }) },
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
