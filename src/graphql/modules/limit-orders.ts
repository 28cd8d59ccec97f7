import { builder, describedValues } from '../builder.js';
import { baseUnitAmount, idShape } from '../../validation.js';
import { cancelLimitOrdersSchema, createLimitOrderSchema, LIMIT_ORDER_ID, listLimitOrdersSchema, submitLimitOrderSchema } from '../../limit-orders/input.js';
import { parseGraphQLInput } from '../input.js';
import { type LIMIT_ORDER_STATUSES, FINAL_LIMIT_ORDER_STATUSES } from '../../limit-orders/state.js';
import { limitOrderTopic } from '../../limit-orders/topics.js';
import type { CreatedLimitOrder, LimitOrderCancellation, LimitOrderView, SvmTx } from '../../limit-orders/views.js';
import type { GraphQLContext } from '../context.js';
import { AmountTooSmallError, ConflictError, NotFoundError, orNull } from '../errors.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import { FeeChannel } from './quotes.js';
import { connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';

/** Solana limit orders over GraphQL; every rule lives in LimitOrdersService (same as REST). */

const Status = builder.enumType('LimitOrderStatus', {
  description:
    '`pending_signature` (created; the maker signs the create transaction) → `open` → `partially_filled` (some fills, still open) → `filled`; `open`/`partially_filled` → `cancelled` or `expired`; `pending_signature` → `failed` (never landed). `filled`, `cancelled`, `expired` and `failed` are final.',
  values: describedValues<(typeof LIMIT_ORDER_STATUSES)[number]>({
    pending_signature: 'Created; the maker signs the create transaction and submits it.',
    open: 'On chain, waiting for a taker.',
    partially_filled: 'Some of it filled; the rest stays open.',
    filled: 'All of `makingAmount` sold (final).',
    cancelled: 'Cancelled by the maker; earlier fills stay (final).',
    expired: 'Reached `expiresAt` before it filled (final).',
    failed: 'The create transaction never landed (final).',
  }),
});

const Price = builder.objectRef<LimitOrderView['price']>('LimitOrderPrice').implement({
  description: 'The limit price in token units (decimal strings), both ways.',
  fields: (t) => ({
    outputPerInput: t.exposeString('outputPerInput', { description: 'Units of the output token received per unit of the input token.' }),
    inputPerOutput: t.exposeString('inputPerOutput', { description: 'Units of the input token paid per unit of the output token.' }),
  }),
});
const Fees = builder.objectRef<LimitOrderView['fees']>('LimitOrderFees').implement({
  description: 'Fees the order carries, in bps of what it receives (0 when no fee account is configured).',
  fields: (t) => ({
    ourFeeBps: t.exposeInt('ourFeeBps', { description: 'The service fee, in bps.' }),
    integratorFeeBps: t.int({ nullable: true, description: "The integrator's fee, in bps; null without one.", resolve: (f) => f.integratorFeeBps ?? null }),
    integrator: t.string({ nullable: true, description: 'The partner whose fee the order carries; null without one.', resolve: (f) => f.integrator ?? null }),
  }),
});
const SvmTxRef = builder.objectRef<SvmTx>('LimitOrderTransaction').implement({
  description: 'A Solana transaction for the maker to sign and send back with `submitLimitOrder`.',
  fields: (t) => ({
    serializedTx: t.exposeString('serializedTx', { description: 'Base64 versioned transaction.' }),
    submitViaApi: t.exposeBoolean('submitViaApi', { description: 'True: send the signed bytes with `submitLimitOrder`, which forwards them to the provider.' }),
  }),
});

const LimitOrderRef = builder.objectRef<LimitOrderView>('LimitOrder').implement({
  description:
    'A Solana limit order: sells `makingAmount` of `inputMint` for at least `takingAmount` of `outputMint`; each fill becomes an order record with `limitOrderId`.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The order id (`lo_…`).' }),
    livemode: t.exposeBoolean('livemode', { description: 'True for an order of a live key.' }),
    status: t.field({ type: Status, description: 'Where the order stands; follow it with the `limitOrder` subscription.', resolve: (o) => o.status }),
    provider: t.exposeString('provider', { description: 'The provider that keeps the order (`jupiter`).' }),
    chainId: t.exposeInt('chainId', { description: 'Solana (7565164).' }),
    maker: t.exposeString('maker', { description: 'The wallet that owns the order and signs its transactions.' }),
    inputMint: t.exposeString('inputMint', { description: 'The mint sold.' }),
    outputMint: t.exposeString('outputMint', { description: 'The mint bought.' }),
    makingAmount: t.exposeString('makingAmount', { description: 'Base units of `inputMint` to sell.' }),
    takingAmount: t.exposeString('takingAmount', { description: 'Base units of `outputMint` wanted for all of `makingAmount`.' }),
    filledMakingAmount: t.exposeString('filledMakingAmount', { description: 'Base units of `inputMint` sold so far.' }),
    filledTakingAmount: t.exposeString('filledTakingAmount', { description: 'Base units of `outputMint` received so far.' }),
    remainingMakingAmount: t.exposeString('remainingMakingAmount', { description: 'Base units of `inputMint` still for sale.' }),
    price: t.field({ type: Price, description: 'The limit price, both ways.', resolve: (o) => o.price }),
    fees: t.field({ type: Fees, description: 'The fees the order carries.', resolve: (o) => o.fees }),
    providerOrderId: t.exposeString('providerOrderId', { description: "The provider's order account on chain." }),
    openTxHash: t.exposeString('openTxHash', { nullable: true, description: 'The signature of the transaction that opened it; null until it landed.' }),
    closeTxHash: t.exposeString('closeTxHash', { nullable: true, description: 'The signature of the transaction that cancelled it; null otherwise.' }),
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it stops filling; null: until filled or cancelled.',
      resolve: (o) => o.expiresAt,
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was created.', resolve: (o) => o.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed (a fill, a status).', resolve: (o) => o.updatedAt }),
  }),
});
const LimitOrderConnection = connectionType('LimitOrder', LimitOrderRef);

const caller = async (ctx: GraphQLContext) => ({ auth: await ctx.auth() });

builder.queryField('limitOrder', (t) =>
  t.field({
    type: LimitOrderRef,
    nullable: true,
    description: "A limit order by id; null when there is none the caller may see (a keyed order is its account and mode's only).",
    authScopes: { optionalRead: 'limit_orders' },
    args: { id: t.arg.id({ required: true, description: 'The limit order id (`lo_…`).' }) },
    resolve: async (_r, { id }, ctx) => orNull(async () => ctx.services.limitOrders.get(id, await caller(ctx))),
  }),
);

builder.queryField('limitOrders', (t) =>
  t.field({
    type: LimitOrderConnection,
    description: "Newest first. With an API key: the key's account and mode (optionally one `maker`); without: the keyless orders of `maker` (required).",
    authScopes: { optionalRead: 'limit_orders' },
    args: {
      maker: t.arg.string({ description: 'Only the orders of this wallet (required without an API key).' }),
      status: t.arg({ type: Status, description: 'Only orders in this status.' }),
      ...pageArgs(t, 100),
    },
    resolve: async (_r, args, ctx) => {
      const svc = ctx.services.limitOrders;
      const q = parseGraphQLInput(listLimitOrdersSchema, { limit: pageSize(args.first, 100), maker: args.maker, status: args.status, cursor: args.after });
      const page = await readAfter(svc.list(q, await caller(ctx)));
      return keysetConnection(page, (v) => svc.cursorOf(v), args);
    },
  }),
);

const CreateInput = builder.inputType('CreateLimitOrderInput', {
  description: 'A limit order to create: what to sell, what to buy, and the price (`takingAmount` or `limitPrice`).',
  fields: (t) => ({
    inputToken: t.string({ required: true, description: 'The token sold: a Solana mint or a curated symbol.' }),
    outputToken: t.string({ required: true, description: 'The token bought: a Solana mint or a curated symbol.' }),
    maker: t.string({ required: true, description: 'The wallet that owns the order and signs every step.' }),
    makingAmount: t.string({ required: true, description: 'Base units of `inputToken` to sell.', validate: { schema: baseUnitAmount } }),
    takingAmount: t.string({ description: 'Base units of `outputToken` wanted for all of it (or `limitPrice`).', validate: { schema: baseUnitAmount } }),
    limitPrice: t.string({ description: 'Output per input in token units (decimal); or `takingAmount`.' }),
    expiresAt: t.field({ type: 'DateTime', description: 'When the order stops filling.' }),
    channel: t.field({ type: FeeChannel, description: 'Fee channel; default `api` with a key, `web` without.' }),
    integrator: t.string({ description: 'A registered partner id whose fee the order carries; malformed or unknown ids are ignored.' }),
    integratorFeeBps: t.int({ description: "Partner keys only: the partner's fee in bps, up to its maximum." }),
    ...idempotencyKeyField(t),
  }),
});

const CreatedPayload = builder.objectRef<CreatedLimitOrder>('CreateLimitOrderPayload').implement({
  description: 'The new order (`pending_signature`) and the transaction that opens it.',
  fields: (t) => ({
    limitOrder: t.field({ type: LimitOrderRef, description: 'The order, `pending_signature` until its transaction lands.', resolve: (c) => c }),
    transaction: t.field({ type: SvmTxRef, description: 'The create transaction to sign.', resolve: (c) => c.tx }),
  }),
});

builder.mutationField('createLimitOrder', (t) =>
  t.field({
    type: CreatedPayload,
    description: 'Creates a limit order (`pending_signature`) and the transaction that opens it on chain.',
    authScopes: { optionalWrite: 'limit_orders' },
    args: { input: t.arg({ type: CreateInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [AmountTooSmallError, ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ctx.services.limitOrders.create(parseGraphQLInput(createLimitOrderSchema, input), await caller(ctx))),
  }),
);

const SubmitInput = builder.inputType('SubmitLimitOrderInput', {
  description: 'A transaction of the order signed by the maker (`signedTransaction`), or the signature of one sent elsewhere (`signature`).',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The limit order the transaction belongs to.' }),
    signedTransaction: t.string({ description: 'A transaction the order handed out, signed by the maker (base64); forwarded unchanged.' }),
    signature: t.string({ description: 'Or: the signature of that transaction sent through your own RPC.' }),
    ...idempotencyKeyField(t),
  }),
});
const OrderPayload = builder.objectRef<LimitOrderView>('SubmitLimitOrderPayload').implement({
  description: 'The order after the submission.',
  fields: (t) => ({ limitOrder: t.field({ type: LimitOrderRef, description: 'The order (`open` once the create transaction lands).', resolve: (o) => o }) }),
});

builder.mutationField('submitLimitOrder', (t) =>
  t.field({
    type: OrderPayload,
    description: 'Sends the maker-signed create or cancel transaction through the provider (or records a signature sent elsewhere).',
    authScopes: { optionalWrite: 'limit_orders' },
    args: { input: t.arg({ type: SubmitInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input: { id, ...input } }, ctx) =>
      ctx.services.limitOrders.submit(id, parseGraphQLInput(submitLimitOrderSchema, input), await caller(ctx)),
    ),
  }),
);

const CancelInput = builder.inputType('CancelLimitOrdersInput', {
  description: 'Open orders to cancel, all of one maker.',
  fields: (t) => ({ ids: t.idList({ required: true, description: 'Open orders of one maker (1 to 50).' }), ...idempotencyKeyField(t) }),
});
const CancelPayload = builder.objectRef<LimitOrderCancellation>('CancelLimitOrdersPayload').implement({
  description: 'The transactions that cancel the orders; they are `cancelled` once these land.',
  fields: (t) => ({
    ids: t.idList({ description: 'The orders being cancelled.', resolve: (c) => c.ids }),
    transactions: t.field({ type: [SvmTxRef], description: 'Sign each and send it with `submitLimitOrder` (any of the ids).', resolve: (c) => c.txs }),
  }),
});

builder.mutationField('cancelLimitOrders', (t) =>
  t.field({
    type: CancelPayload,
    description: 'The transactions that cancel these open orders, for the maker to sign.',
    authScopes: { optionalWrite: 'limit_orders' },
    args: { input: t.arg({ type: CancelInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ctx.services.limitOrders.cancel(parseGraphQLInput(cancelLimitOrdersSchema, input), await caller(ctx))),
  }),
);

builder.subscriptionField('limitOrder', (t) =>
  t.field({
    type: LimitOrderRef,
    description:
      'The limit order now, then again after every change (a fill, a status, made by any instance). Completes after `filled`, `cancelled`, `expired` or `failed`, which is always pushed. A fill the provider lists only after the order closed is recorded later (`limit_order.filled`) and not pushed here: read the order again.',
    authScopes: { optionalRead: 'limit_orders' },
    args: { id: t.arg.id({ required: true, description: 'The limit order to follow.', validate: { schema: idShape(LIMIT_ORDER_ID, 'limit order') } }) },
    subscribe: (_r, { id }, ctx) => followChanges(ctx, id),
    resolve: (v) => v,
  }),
);

/** Like followStatus (src/graphql/status-stream.ts), but a fill that keeps the status is a change too. */
async function* followChanges(ctx: GraphQLContext, id: string): AsyncGenerator<LimitOrderView> {
  const changes = ctx.pubsub.iterate(limitOrderTopic(id));
  try {
    await changes.ready;
    let view = await ctx.services.limitOrders.get(id, { auth: await ctx.auth() });
    yield view;
    while (!FINAL_LIMIT_ORDER_STATUSES.includes(view.status)) {
      const next = await changes.next();
      if (next.done) return;
      const fresh = await ctx.services.limitOrders.get(id, { auth: await ctx.refresh() });
      if (fresh.updatedAt === view.updatedAt && fresh.status === view.status && fresh.filledMakingAmount === view.filledMakingAmount) continue;
      view = fresh;
      yield view;
    }
  } finally {
    await changes.return?.();
  }
}
