import { builder } from '../builder.js';
import { baseUnitAmount, idShape } from '../../validation.js';
import { cancelLimitOrdersSchema, createLimitOrderSchema, LIMIT_ORDER_ID, listLimitOrdersSchema, submitLimitOrderSchema } from '../../limit-orders/input.js';
import { parseGraphQLInput } from '../input.js';
import { LIMIT_ORDER_STATUSES, FINAL_LIMIT_ORDER_STATUSES } from '../../limit-orders/state.js';
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
  values: LIMIT_ORDER_STATUSES,
});

const Price = builder.objectRef<LimitOrderView['price']>('LimitOrderPrice').implement({
  description: 'The limit price in token units (decimal strings), both ways.',
  fields: (t) => ({ outputPerInput: t.exposeString('outputPerInput'), inputPerOutput: t.exposeString('inputPerOutput') }),
});
const Fees = builder.objectRef<LimitOrderView['fees']>('LimitOrderFees').implement({
  description: 'Fees the order carries, in bps of what it receives (0 when no fee account is configured).',
  fields: (t) => ({
    ourFeeBps: t.exposeInt('ourFeeBps'),
    integratorFeeBps: t.int({ nullable: true, resolve: (f) => f.integratorFeeBps ?? null }),
    integrator: t.string({ nullable: true, resolve: (f) => f.integrator ?? null }),
  }),
});
const SvmTxRef = builder.objectRef<SvmTx>('LimitOrderTransaction').implement({
  description: 'A Solana transaction for the maker to sign and send back with `submitLimitOrder`.',
  fields: (t) => ({
    serializedTx: t.exposeString('serializedTx', { description: 'Base64 versioned transaction.' }),
    submitViaApi: t.exposeBoolean('submitViaApi'),
  }),
});

const LimitOrderRef = builder.objectRef<LimitOrderView>('LimitOrder').implement({
  description:
    'A Solana limit order: sells `makingAmount` of `inputMint` for at least `takingAmount` of `outputMint`; each fill becomes an order record with `limitOrderId`.',
  fields: (t) => ({
    id: t.exposeID('id'),
    livemode: t.exposeBoolean('livemode'),
    status: t.field({ type: Status, resolve: (o) => o.status }),
    provider: t.exposeString('provider'),
    chainId: t.exposeInt('chainId'),
    maker: t.exposeString('maker'),
    inputMint: t.exposeString('inputMint'),
    outputMint: t.exposeString('outputMint'),
    makingAmount: t.exposeString('makingAmount'),
    takingAmount: t.exposeString('takingAmount'),
    filledMakingAmount: t.exposeString('filledMakingAmount'),
    filledTakingAmount: t.exposeString('filledTakingAmount'),
    remainingMakingAmount: t.exposeString('remainingMakingAmount'),
    price: t.field({ type: Price, resolve: (o) => o.price }),
    fees: t.field({ type: Fees, resolve: (o) => o.fees }),
    providerOrderId: t.exposeString('providerOrderId', { description: "The provider's order account on chain." }),
    openTxHash: t.exposeString('openTxHash', { nullable: true }),
    closeTxHash: t.exposeString('closeTxHash', { nullable: true }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.expiresAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (o) => o.updatedAt }),
  }),
});
const LimitOrderConnection = connectionType('LimitOrder', LimitOrderRef);

const caller = async (ctx: GraphQLContext) => ({ auth: await ctx.auth() });

builder.queryField('limitOrder', (t) =>
  t.field({
    type: LimitOrderRef,
    nullable: true,
    description: "A limit order by id; null when there is none the caller may see (a keyed order is its account and mode's only).",
    authScopes: { public: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => orNull(async () => ctx.services.limitOrders.get(id, await caller(ctx))),
  }),
);

builder.queryField('limitOrders', (t) =>
  t.field({
    type: LimitOrderConnection,
    description: "Newest first. With an API key: the key's account and mode (optionally one `maker`); without: the keyless orders of `maker` (required).",
    authScopes: { public: true },
    args: { maker: t.arg.string(), status: t.arg({ type: Status }), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const svc = ctx.services.limitOrders;
      const q = parseGraphQLInput(listLimitOrdersSchema, { limit: pageSize(args.first, 100), maker: args.maker, status: args.status, cursor: args.after });
      const page = await readAfter(svc.list(q, await caller(ctx)));
      return keysetConnection(page, (v) => svc.cursorOf(v), args);
    },
  }),
);

const CreateInput = builder.inputType('CreateLimitOrderInput', {
  fields: (t) => ({
    inputToken: t.string({ required: true, description: 'The token sold: a Solana mint or a curated symbol.' }),
    outputToken: t.string({ required: true, description: 'The token bought: a Solana mint or a curated symbol.' }),
    maker: t.string({ required: true, description: 'The wallet that owns the order and signs every step.' }),
    makingAmount: t.string({ required: true, description: 'Base units of `inputToken` to sell.', validate: { schema: baseUnitAmount } }),
    takingAmount: t.string({ description: 'Base units of `outputToken` wanted for all of it (or `limitPrice`).', validate: { schema: baseUnitAmount } }),
    limitPrice: t.string({ description: 'Output per input in token units (decimal); or `takingAmount`.' }),
    expiresAt: t.field({ type: 'DateTime', description: 'When the order stops filling.' }),
    channel: t.field({ type: FeeChannel, description: 'Fee channel; default `api` with a key, `web` without.' }),
    integrator: t.string(),
    integratorFeeBps: t.int(),
    ...idempotencyKeyField(t),
  }),
});

const CreatedPayload = builder.objectRef<CreatedLimitOrder>('CreateLimitOrderPayload').implement({
  fields: (t) => ({
    limitOrder: t.field({ type: LimitOrderRef, resolve: (c) => c }),
    transaction: t.field({ type: SvmTxRef, description: 'The create transaction to sign.', resolve: (c) => c.tx }),
  }),
});

builder.mutationField('createLimitOrder', (t) =>
  t.field({
    type: CreatedPayload,
    description: 'Creates a limit order (`pending_signature`) and the transaction that opens it on chain.',
    authScopes: { public: true },
    args: { input: t.arg({ type: CreateInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [AmountTooSmallError, ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ctx.services.limitOrders.create(parseGraphQLInput(createLimitOrderSchema, input), await caller(ctx))),
  }),
);

const SubmitInput = builder.inputType('SubmitLimitOrderInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    signedTransaction: t.string({ description: 'A transaction the order handed out, signed by the maker (base64); forwarded unchanged.' }),
    signature: t.string({ description: 'Or: the signature of that transaction sent through your own RPC.' }),
    ...idempotencyKeyField(t),
  }),
});
const OrderPayload = builder
  .objectRef<LimitOrderView>('SubmitLimitOrderPayload')
  .implement({ fields: (t) => ({ limitOrder: t.field({ type: LimitOrderRef, resolve: (o) => o }) }) });

builder.mutationField('submitLimitOrder', (t) =>
  t.field({
    type: OrderPayload,
    description: 'Sends the maker-signed create or cancel transaction through the provider (or records a signature sent elsewhere).',
    authScopes: { public: true },
    args: { input: t.arg({ type: SubmitInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input: { id, ...input } }, ctx) =>
      ctx.services.limitOrders.submit(id, parseGraphQLInput(submitLimitOrderSchema, input), await caller(ctx)),
    ),
  }),
);

const CancelInput = builder.inputType('CancelLimitOrdersInput', {
  fields: (t) => ({ ids: t.idList({ required: true, description: 'Open orders of one maker (1 to 50).' }), ...idempotencyKeyField(t) }),
});
const CancelPayload = builder.objectRef<LimitOrderCancellation>('CancelLimitOrdersPayload').implement({
  fields: (t) => ({
    ids: t.idList({ resolve: (c) => c.ids }),
    transactions: t.field({ type: [SvmTxRef], description: 'Sign each and send it with `submitLimitOrder` (any of the ids).', resolve: (c) => c.txs }),
  }),
});

builder.mutationField('cancelLimitOrders', (t) =>
  t.field({
    type: CancelPayload,
    description: 'The transactions that cancel these open orders, for the maker to sign.',
    authScopes: { public: true },
    args: { input: t.arg({ type: CancelInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ctx.services.limitOrders.cancel(parseGraphQLInput(cancelLimitOrdersSchema, input), await caller(ctx))),
  }),
);

builder.subscriptionField('limitOrder', (t) =>
  t.field({
    type: LimitOrderRef,
    description:
      'The limit order now, then again after every change (a fill, a status, made by any instance). Completes after `filled`, `cancelled`, `expired` or `failed`, which is always pushed.',
    authScopes: { public: true },
    args: { id: t.arg.id({ required: true, validate: { schema: idShape(LIMIT_ORDER_ID, 'limit order') } }) },
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
