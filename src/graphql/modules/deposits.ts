import { builder } from '../builder.js';
import { baseUnitAmount, idShape } from '../../validation.js';
import { createDepositAddressSchema, DEPOSIT_ADDRESS_ID, listDepositAddressesSchema, simulateDepositSchema } from '../../deposits/input.js';
import { parseGraphQLInput } from '../input.js';
import { notFound } from '../../errors.js';
import type { DepositAddressView, DepositEstimate, DepositItemView } from '../../deposits/views.js';
import { DEPOSIT_ADDRESS_STATUSES } from '../../deposits/state.js';
import { depositAddressTopic } from '../../deposits/topics.js';
import type { OrderView } from '../../orders/views.js';
import { ConflictError, NotFoundError, orNull } from '../errors.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import { keyOf, orderLoader } from '../loaders.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { DepositAddressRef, OrderRef } from '../refs.js';

/** Deposit addresses (beta) over GraphQL; every rule lives in DepositsService (same as REST). */

/** Statuses after which an address never changes again, so the `depositAddress` subscription completes. */
export const DEPOSIT_ADDRESS_SUBSCRIPTION_FINAL_STATUSES = ['disabled'] as const;

const Status = builder.enumType('DepositAddressStatus', {
  description: '`active` (deposits are detected and become orders) → `disabled` (final: tracking stopped; later deposits make no orders and no events).',
  values: DEPOSIT_ADDRESS_STATUSES,
});
const DepositStatus = builder.enumType('DepositStatus', {
  description: "The deposit's order status: `submitted` (seen, being processed) → `filled`, `refunded` (to `refundTo`) or `failed`.",
  values: ['submitted', 'filled', 'refunded', 'failed'] as const,
});

const Fees = builder.objectRef<DepositAddressView['fees']>('DepositAddressFees').implement({
  description: 'Fees fixed at creation and recorded on each deposit order: the API channel fee plus any partner fee, in bps of the input.',
  fields: (t) => ({
    ourFeeBps: t.exposeInt('ourFeeBps'),
    integratorFeeBps: t.exposeInt('integratorFeeBps'),
    integrator: t.exposeString('integrator', { nullable: true }),
  }),
});

const Estimate = builder.objectRef<DepositEstimate>('DepositEstimate').implement({
  description: 'What a deposit of `amount` would deliver, estimated at creation: a guide only, each deposit is priced on arrival.',
  fields: (t) => ({
    amount: t.exposeString('amount'),
    dstAmount: t.exposeString('dstAmount'),
    dstAmountMin: t.exposeString('dstAmountMin'),
    estimatedSeconds: t.exposeInt('estimatedSeconds'),
  }),
});

const DepositRef = builder.objectRef<DepositItemView>('Deposit').implement({
  description: 'One deposit seen at an address, with its order record (`quoteId` `dep_…`).',
  authScopes: { key: true },
  fields: (t) => ({
    quoteId: t.exposeID('quoteId'),
    status: t.field({ type: DepositStatus, resolve: (d) => d.status }),
    amount: t.exposeString('amount', { description: 'Base units of the source token received.' }),
    dstAmount: t.exposeString('dstAmount', { description: 'Base units of the destination token delivered (expected while `submitted`).' }),
    srcTxHash: t.exposeString('srcTxHash'),
    dstTxHash: t.string({ nullable: true, resolve: (d) => d.dstTxHash ?? null }),
    order: t.field({ type: OrderRef, nullable: true, resolve: (d, _a, ctx) => orderLoader(ctx).load(d.quoteId) }),
    detectedAt: t.field({ type: 'DateTime', resolve: (d) => d.detectedAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (d) => d.updatedAt }),
  }),
});
const DepositConnection = connectionType('Deposit', DepositRef, { totalCount: true });

DepositAddressRef.implement({
  description:
    'A deposit address (beta): send only `token` on `chainId` to `address`; each deposit is swapped or bridged to `dstToken` on `dstChainId` for `recipient` and becomes an order. Match deposits to users with `label` or `metadata`.',
  authScopes: { key: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    livemode: t.exposeBoolean('livemode'),
    status: t.field({ type: Status, resolve: (a) => a.status }),
    provider: t.exposeString('provider', { description: '`relay` in live mode, `sandbox` in test mode.' }),
    address: t.exposeString('address'),
    chainId: t.exposeInt('chainId'),
    token: t.exposeString('token'),
    dstChainId: t.exposeInt('dstChainId'),
    dstToken: t.exposeString('dstToken'),
    recipient: t.exposeString('recipient'),
    refundTo: t.exposeString('refundTo'),
    reusable: t.exposeBoolean('reusable'),
    amount: t.exposeString('amount', { nullable: true, description: 'One-time addresses: the exact amount they take.' }),
    fees: t.field({ type: Fees, resolve: (a) => a.fees }),
    label: t.exposeString('label', { nullable: true }),
    metadata: t.field({ type: 'JSON', resolve: (a) => a.metadata }),
    depositCount: t.exposeInt('depositCount'),
    lastDepositAt: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.lastDepositAt }),
    estimate: t.field({ type: Estimate, resolve: (a) => a.estimate }),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }),
    disabledAt: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.disabledAt }),
    deposits: t.field({
      type: DepositConnection,
      description: 'Its 20 most recent deposits, newest first (all of them: `orders(depositAddressId:)`).',
      args: pageArgs(t, 20, 20),
      resolve: async (a, args, ctx) => arrayConnection(a.deposits ?? (await ctx.services.deposits.get(await keyOf(ctx), a.id)).deposits ?? [], args, 20, 20),
    }),
  }),
});

const Connection = connectionType('DepositAddress', DepositAddressRef);

const CreateInput = builder.inputType('CreateDepositAddressInput', {
  fields: (t) => ({
    srcChain: t.string({ required: true, description: 'Chain the deposits are sent on (id or slug).' }),
    srcToken: t.string({ required: true, description: 'The only token to send (address, mint or curated symbol).' }),
    dstChain: t.string({ required: true }),
    dstToken: t.string({ required: true }),
    recipient: t.string({ required: true, description: 'Receiver on the destination chain.' }),
    refundTo: t.string({ required: true, description: "Refund address on the source chain: the user's own wallet, never an exchange deposit address." }),
    reusable: t.boolean({ description: 'Default true; false: a one-time address for exactly `amount`.' }),
    amount: t.string({
      description: 'Base units; required when one-time, else it only sizes the estimate (default about 100 USD). Worth at least 1 USD.',
      validate: { schema: baseUnitAmount },
    }),
    label: t.string({ description: 'Up to 64 characters; filterable.' }),
    metadata: t.field({ type: 'JSON', description: 'Up to 20 string pairs.' }),
    integrator: t.string(),
    integratorFeeBps: t.int(),
    ...idempotencyKeyField(t),
  }),
});
const IdInput = (name: string, key: boolean) =>
  builder.inputType(name, { fields: (t) => ({ id: t.id({ required: true }), ...(key ? idempotencyKeyField(t) : {}) }) });
const SimulateInput = builder.inputType('SimulateDepositInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    amount: t.string({
      required: true,
      description: 'Base units of the source token. Ending in 4001: refunded; 4002: failed; else filled.',
      validate: { schema: baseUnitAmount },
    }),
    ...idempotencyKeyField(t),
  }),
});

type Payload = { depositAddress: DepositAddressView };
const payload = (name: string) =>
  builder.objectRef<Payload>(name).implement({ fields: (t) => ({ depositAddress: t.field({ type: DepositAddressRef, resolve: (p) => p.depositAddress }) }) });
const SimulatePayload = builder.objectRef<{ order: OrderView }>('SimulateDepositPayload').implement({
  fields: (t) => ({ order: t.field({ type: OrderRef, description: 'The `submitted` order of the simulated deposit.', resolve: (p) => p.order }) }),
});

builder.queryField('depositAddress', (t) =>
  t.field({
    type: DepositAddressRef,
    nullable: true,
    description: "The key's deposit address (its account and mode) with its recent deposits; null when there is none with this id.",
    authScopes: { key: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => orNull(async () => ctx.services.deposits.get(await keyOf(ctx), id)),
  }),
);

builder.queryField('depositAddresses', (t) =>
  t.field({
    type: Connection,
    description: "The API key's deposit addresses (its account and mode), newest first.",
    authScopes: { key: true },
    args: { status: t.arg({ type: Status }), label: t.arg.string(), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const svc = ctx.services.deposits;
      // An empty label filters nothing (as an absent one).
      const query = parseGraphQLInput(listDepositAddressesSchema, {
        status: args.status,
        label: args.label || undefined,
        limit: pageSize(args.first, 100),
        cursor: args.after,
      });
      const page = await readAfter(svc.list(await keyOf(ctx), query));
      return keysetConnection(page, (v) => svc.listCursor(v), args);
    },
  }),
);

builder.mutationField('createDepositAddress', (t) =>
  t.field({
    type: payload('CreateDepositAddressPayload'),
    description: 'Creates a deposit address (Relay in live mode, the sandbox in test mode); fees are fixed now.',
    authScopes: { key: true },
    args: { input: t.arg({ type: CreateInput, required: true }) },
    errors: { types: [ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      depositAddress: await ctx.services.deposits.create(await keyOf(ctx), parseGraphQLInput(createDepositAddressSchema, input)),
    })),
  }),
);

builder.mutationField('refreshDepositAddress', (t) =>
  t.field({
    type: payload('RefreshDepositAddressPayload'),
    description: 'Asks the detection poller to check the address now; a ConflictError when it is disabled.',
    authScopes: { key: true },
    args: { input: t.arg({ type: IdInput('RefreshDepositAddressInput', false), required: true }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: async (_r, { input }, ctx) => ({ depositAddress: await ctx.services.deposits.refresh(await keyOf(ctx), input.id) }),
  }),
);

builder.mutationField('disableDepositAddress', (t) =>
  t.field({
    type: payload('DisableDepositAddressPayload'),
    description: 'Stops tracking the address: later deposits make no orders and no events.',
    authScopes: { key: true },
    args: { input: t.arg({ type: IdInput('DisableDepositAddressInput', true), required: true }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ depositAddress: await ctx.services.deposits.disable(await keyOf(ctx), input.id) })),
  }),
);

builder.mutationField('simulateDeposit', (t) =>
  t.field({
    type: SimulatePayload,
    description:
      'Test mode: a simulated deposit at a sandbox address → a `submitted` order that then fills (or is refunded for amounts ending 4001, fails for 4002). A one-time address takes one deposit of exactly its amount (ConflictError the second time). A live address is FORBIDDEN.',
    authScopes: { key: true },
    args: { input: t.arg({ type: SimulateInput, required: true }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input: { id, ...rest } }, ctx) => ({
      order: await ctx.services.deposits.simulate(await keyOf(ctx), id, parseGraphQLInput(simulateDepositSchema, rest)),
    })),
  }),
);

builder.subscriptionField('depositAddress', (t) =>
  t.field({
    type: DepositAddressRef,
    description:
      "The deposit address now (with its recent deposits), then again on each new deposit and each change of a deposit's order status (made by any instance). Completes after `disabled`, which is always pushed (no status follows it). The owner's key only.",
    authScopes: { key: true },
    args: { id: t.arg.id({ required: true, validate: { schema: idShape(DEPOSIT_ADDRESS_ID, 'deposit address') } }) },
    subscribe: async function* (_r, { id }, ctx) {
      const changes = ctx.pubsub.iterate(depositAddressTopic(id));
      const read = async () => {
        const v = await ctx.services.deposits.getFor(id, await ctx.refresh());
        if (!v) throw notFound('Deposit address');
        return v;
      };
      const fingerprint = (v: DepositAddressView) =>
        JSON.stringify([v.status, v.depositCount, (v.deposits ?? []).map((d) => [d.quoteId, d.status, d.dstTxHash])]);
      try {
        await changes.ready;
        let view = await read();
        yield view;
        while (view.status !== 'disabled') {
          const next = await changes.next();
          if (next.done) return;
          const fresh = await read();
          if (fingerprint(fresh) === fingerprint(view)) continue;
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
