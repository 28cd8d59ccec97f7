import { builder, describedValues } from '../builder.js';
import { readOnce } from '../status-stream.js';
import { idShape } from '../../validation.js';
import { buildSchema, listOrdersSchema, ORDER_QUOTE_ID, reportSchema, statusSchema, submitSchema } from '../../orders/input.js';
import { parseGraphQLInput } from '../input.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import type { BuildOrderResponse, BuiltTx, OrderStatusView, OrderView } from '../../orders/views.js';
import { orderStatusTopic, orderTopic } from '../../orders/topics.js';
import { isFinalOrder, isFinalState } from '../../orders/state.js';
import { ConflictError, QuoteExpiredError, QuoteNotFoundError, orNull } from '../errors.js';
import { depositAddressLoader, keyOf, sessionLoader } from '../loaders.js';
import { connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { orderListCursor } from '../../orders/service.js';
import { CheckoutSessionRef, DepositAddressRef, OrderRef, VmEnum } from '../refs.js';

type EvmTx = Extract<BuiltTx, { vm: 'evm' }>;
type SvmTx = Extract<BuiltTx, { vm: 'svm' }>;

const OrderStatusEnum = builder.enumType('OrderStatus', {
  description: 'An order record: `submitted` until the provider settles it; `filled`, `refunded` and `failed` are final.',
  values: describedValues({
    submitted: 'The source transaction was reported; the provider is delivering.',
    filled: 'Delivered on the destination chain (final).',
    refunded: 'The provider returned the funds to the sender (final).',
    failed: 'The provider gave up without delivering (final).',
  }),
});

const ProviderOrderState = builder.enumType('ProviderOrderState', {
  description: 'What the provider says about an order; `filled`, `refunded` and `failed` are final.',
  values: describedValues({
    pending: 'In progress: keep watching.',
    filled: 'Delivered (final).',
    refunded: 'Refunded to the sender (final).',
    failed: 'Failed without delivering (final).',
    unknown: 'The provider does not know the order (yet): a just-sent transaction may not be indexed.',
  }),
});

const Approval = builder.objectRef<NonNullable<EvmTx['approval']>>('Approval').implement({
  description: 'An ERC-20 approve of `amount` to `spender` on `token`, to be mined before the main transaction.',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'The ERC-20 contract to call `approve` on.' }),
    spender: t.exposeString('spender', { description: 'The contract allowed to spend: the `to` of the main transaction or its router.' }),
    amount: t.exposeString('amount', { description: 'Allowance to grant, in base units (an integer string).' }),
  }),
});

const EvmTxRef = builder.objectRef<EvmTx>('EvmTx').implement({
  description: 'An EVM transaction to sign and send from the sender.',
  fields: (t) => ({
    vm: t.field({ type: VmEnum, description: 'Always `evm`.', resolve: (x) => x.vm }),
    chainId: t.exposeInt('chainId', { description: 'The chain to send it on; switch the wallet to it first.' }),
    to: t.exposeString('to', { description: 'The contract to call.' }),
    data: t.exposeString('data', { description: 'Calldata, 0x-prefixed hex: pass it to the wallet unchanged.' }),
    value: t.exposeString('value', { description: 'Wei, as an integer string.' }),
    approval: t.field({
      type: Approval,
      nullable: true,
      description: 'An approve to mine before this transaction when the allowance is short; null when none is needed.',
      resolve: (x) => x.approval ?? null,
    }),
    approvalReset: t.field({
      type: Approval,
      nullable: true,
      description:
        'An approve of 0, to be mined before `approval`: tokens such as Ethereum USDT refuse to change a non-zero allowance to another non-zero one.',
      resolve: (x) => x.approvalReset ?? null,
    }),
  }),
});

const SvmTxRef = builder.objectRef<SvmTx>('SvmTx').implement({
  description: 'A Solana transaction to sign.',
  fields: (t) => ({
    vm: t.field({ type: VmEnum, description: 'Always `svm`.', resolve: (x) => x.vm }),
    serializedTx: t.exposeString('serializedTx', { description: 'Base64 serialized versioned transaction.' }),
    submitViaApi: t.boolean({ description: 'Send the signed bytes with `submitOrder` instead of broadcasting them.', resolve: (x) => x.submitViaApi ?? false }),
  }),
});

export const BuiltTxRef = builder.unionType('BuiltTx', {
  description: 'The transaction to sign, by VM: `EvmTx` or `SvmTx` (select both with `... on`).',
  types: [EvmTxRef, SvmTxRef],
  resolveType: (tx) => (tx.vm === 'evm' ? EvmTxRef : SvmTxRef),
});

const BuildOrderPayload = builder.objectRef<BuildOrderResponse>('BuildOrderPayload').implement({
  description: 'The transaction that executes a quote.',
  fields: (t) => ({
    quoteId: t.exposeID('quoteId', { description: 'The quote built; report the sent transaction under it (`reportOrderSubmitted`).' }),
    provider: t.exposeString('provider', { description: 'The provider that executes the quote.' }),
    tx: t.field({ type: BuiltTxRef, description: 'Sign and send it (after its `approval`, if any).', resolve: (r) => r.tx }),
  }),
});

const ProviderOrderStatusRef = builder.objectRef<OrderStatusView>('ProviderOrderStatus').implement({
  description: 'An order as its provider reports it.',
  fields: (t) => ({
    provider: t.exposeString('provider', { description: 'The provider asked.' }),
    id: t.exposeString('id', { description: 'The provider order id, or the source transaction hash, as asked.' }),
    state: t.field({ type: ProviderOrderState, description: "The provider's state of the order.", resolve: (s) => s.state }),
    srcTxHash: t.exposeString('srcTxHash', { nullable: true, description: 'The source transaction, when the provider reports it.' }),
    dstTxHash: t.exposeString('dstTxHash', { nullable: true, description: 'The delivery transaction on the destination chain, once there is one.' }),
  }),
});

OrderRef.implement({
  description: 'An order record: a quote whose source transaction was reported, followed until the provider settles it.',
  fields: (t) => ({
    quoteId: t.exposeID('quoteId', {
      description: 'The quote it executes: `q_…` (a quote), `dep_…` (a deposit-address deposit) or `lof_…` (a limit-order fill).',
    }),
    status: t.field({ type: OrderStatusEnum, description: 'Where the order stands; follow it with the `order` subscription.', resolve: (o) => o.status }),
    provider: t.exposeString('provider', { description: 'The provider that executes it.' }),
    srcChainId: t.exposeInt('srcChainId', { description: 'Chain id the funds leave from.' }),
    dstChainId: t.exposeInt('dstChainId', { description: 'Chain id the funds arrive on.' }),
    amount: t.exposeString('amount', { description: 'What the sender pays, in source base units.' }),
    dstAmount: t.exposeString('dstAmount', { description: 'What the quote promised to deliver, in destination base units.' }),
    srcTxHash: t.exposeString('srcTxHash', { description: 'The source transaction (hash or Solana signature).' }),
    dstTxHash: t.string({ nullable: true, description: 'The delivery transaction, once the provider reports one.', resolve: (o) => o.dstTxHash ?? null }),
    depositAddressId: t.string({
      nullable: true,
      description: 'The deposit address this order is a deposit of; null for other orders.',
      resolve: (o) => o.depositAddressId ?? null,
    }),
    depositAddress: t.field({
      authScopes: { optionalRead: 'deposit_addresses' },
      type: DepositAddressRef,
      nullable: true,
      description: "The deposit address this order is a deposit of (the owner's key only; null otherwise).",
      resolve: (o, _a, ctx) => (o.depositAddressId ? depositAddressLoader(ctx).load(o.depositAddressId) : null),
    }),
    limitOrderId: t.string({
      nullable: true,
      description: 'The limit order this order is a fill of; null for other orders.',
      resolve: (o) => o.limitOrderId ?? null,
    }),
    checkoutSessionId: t.id({ nullable: true, description: 'The checkout session this order pays, if any.', resolve: (o) => o.checkoutSessionId ?? null }),
    checkoutSession: t.field({
      authScopes: { optionalRead: 'checkout_sessions' },
      type: CheckoutSessionRef,
      nullable: true,
      description: "The checkout session this order pays, if any: the owner's view with the owner's key, else the public view.",
      resolve: (o, _a, ctx) => (o.checkoutSessionId ? sessionLoader(ctx).load(o.checkoutSessionId) : null),
    }),
    ourFeeBps: t.exposeInt('ourFeeBps', { description: 'The service fee applied, in bps of the amount.' }),
    partnerFeeBps: t.exposeInt('partnerFeeBps', { description: "The integrator's fee applied, in bps (0 without one)." }),
    integrator: t.string({ nullable: true, description: 'The partner whose fee the order carries; null without one.', resolve: (o) => o.integrator ?? null }),
    providerState: t.string({ nullable: true, description: "The provider's own last state name, as it reported it.", resolve: (o) => o.providerState ?? null }),
    submittedAt: t.field({ type: 'DateTime', description: 'When the source transaction was reported.', resolve: (o) => o.submittedAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When the record last changed.', resolve: (o) => o.updatedAt }),
  }),
});

const SubmitOrderPayload = builder.objectRef<{ provider: string; txHash: string }>('SubmitOrderPayload').implement({
  description: 'The signed transaction, sent by the provider.',
  fields: (t) => ({
    provider: t.exposeString('provider', { description: 'The provider that sent it.' }),
    txHash: t.exposeString('txHash', { description: 'Its hash (Solana signature): the order is recorded under the quote, follow it with `order`.' }),
  }),
});

const ReportOrderSubmittedPayload = builder.objectRef<{ order: OrderView }>('ReportOrderSubmittedPayload').implement({
  description: 'The order recorded for the reported transaction.',
  fields: (t) => ({ order: t.field({ type: OrderRef, description: 'The order, `submitted` until the provider settles it.', resolve: (p) => p.order }) }),
});

const BuildOrderInput = builder.inputType('BuildOrderInput', {
  description: 'Which quote to build.',
  fields: (t) => ({ quoteId: t.id({ required: true, description: 'A `quoteId` from `quote`, before its `expiresAt`.' }) }),
});
const SubmitOrderInput = builder.inputType('SubmitOrderInput', {
  description: 'A wallet-signed transaction of a quote whose built transaction is `submitViaApi`.',
  fields: (t) => ({
    quoteId: t.id({ required: true, description: 'The quote the transaction was built for.' }),
    signedTransaction: t.string({ required: true, description: 'Base64 signed transaction bytes.' }),
    ...idempotencyKeyField(t),
  }),
});
const ReportOrderSubmittedInput = builder.inputType('ReportOrderSubmittedInput', {
  description: 'A source transaction the wallet sent for a quote.',
  fields: (t) => ({
    quoteId: t.id({ required: true, description: 'The quote the transaction executes.' }),
    txHash: t.string({ required: true, description: 'The source transaction hash (or signature).' }),
    ...idempotencyKeyField(t),
  }),
});

builder.mutationField('buildOrder', (t) =>
  t.field({
    type: BuildOrderPayload,
    description: 'The transaction to sign for a quote. EVM transactions may carry an `approval` to send first.',
    authScopes: { optionalWrite: 'orders' },
    args: { input: t.arg({ type: BuildOrderInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [QuoteExpiredError, QuoteNotFoundError] },
    resolve: (_r, { input }, ctx) => ctx.services.orders.build(parseGraphQLInput(buildSchema, input).quoteId),
  }),
);

builder.mutationField('submitOrder', (t) =>
  t.field({
    type: SubmitOrderPayload,
    description:
      'Forwards wallet-signed bytes for providers whose transactions are `submitViaApi` (others get INVALID_PARAMS) and records the order. CONFLICT when the checkout session the quote pays can no longer take a payment (nothing is sent then).',
    authScopes: { optionalWrite: 'orders' },
    args: { input: t.arg({ type: SubmitOrderInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [QuoteNotFoundError, ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ctx.services.orders.submit(parseGraphQLInput(submitSchema, input))),
  }),
);

builder.mutationField('reportOrderSubmitted', (t) =>
  t.field({
    type: ReportOrderSubmittedPayload,
    description:
      'Records the order as `submitted` with its source transaction hash and starts tracking it. Reporting the same hash again returns the same order; another hash for the same quote, or a hash already reported for another quote, is a CONFLICT.',
    authScopes: { optionalWrite: 'orders' },
    args: { input: t.arg({ type: ReportOrderSubmittedInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
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
    authScopes: { optionalRead: 'orders' },
    args: {
      provider: t.arg.string({ required: true, description: 'The provider id of the quote (`relay`, `lifi`…).' }),
      id: t.arg.string({ required: true, description: "The provider's order id or the source transaction hash." }),
    },
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
    authScopes: { optionalRead: 'orders' },
    args: { quoteId: t.arg.id({ required: true, description: 'The quote whose order to read.' }) },
    resolve: async (_r, a, ctx) => (await ctx.services.orders.get(a.quoteId)) ?? null,
  }),
);

const OrderConnection = connectionType('Order', OrderRef);

builder.queryField('orders', (t) =>
  t.field({
    type: OrderConnection,
    description:
      "The API key's order records (its account and mode), newest first: reported swaps, checkout payments and deposit-address deposits. Filter by `status`, `depositAddressId` or `checkoutSessionId` to find orders without webhooks.",
    authScopes: { read: 'orders' },
    args: {
      status: t.arg({ type: OrderStatusEnum, description: 'Only orders in this status.' }),
      depositAddressId: t.arg.id({ description: 'Only the deposits of this deposit address.' }),
      checkoutSessionId: t.arg.id({ description: 'Only the orders paying this checkout session.' }),
      ...pageArgs(t, 100),
    },
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
    authScopes: { optionalRead: 'orders' },
    // A quote id no order can have is NOT_FOUND at once (checked before the topic named after it is listened to).
    args: { quoteId: t.arg.id({ required: true, description: 'The quote whose order to follow.', validate: { schema: idShape(ORDER_QUOTE_ID, 'order') } }) },
    subscribe: async function* (_r, a, ctx) {
      // Listen before reading, so a change between the read and the subscription is not missed.
      // The messages carry the quote id only: each change is read as the order is now, and pushed when it differs.
      const updates = ctx.pubsub.iterate(orderTopic(a.quoteId));
      const fingerprint = (o: OrderView) => `${o.updatedAt}|${o.status}|${o.providerState}|${o.dstTxHash}`;
      try {
        await updates.ready;
        let last: string | undefined;
        let current = await ctx.services.orders.get(a.quoteId);
        while (true) {
          if (current && fingerprint(current) !== last) {
            await ctx.refresh();
            yield current;
            last = fingerprint(current);
            if (isFinalOrder(current.status)) return;
          }
          const next = await updates.next();
          if (next.done) return;
          current = await readOnce(next.value, null, () => ctx.services.orders.get(a.quoteId));
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
    authScopes: { optionalRead: 'orders' },
    args: {
      provider: t.arg.string({ required: true, description: 'The provider id of the quote (`relay`, `lifi`…).' }),
      id: t.arg.string({ required: true, description: "The provider's order id or the source transaction hash." }),
    },
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
