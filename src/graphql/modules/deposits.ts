import { builder, payloadDescription } from '../builder.js';
import { baseUnitAmount, idShape } from '../../validation.js';
import { createDepositAddressSchema, DEPOSIT_ADDRESS_ID, listDepositAddressesSchema, simulateDepositSchema } from '../../deposits/input.js';
import { parseGraphQLInput } from '../input.js';
import { notFound } from '../../errors.js';
import type { DepositAddressView, DepositEstimate, DepositItemView } from '../../deposits/views.js';
import { type DEPOSIT_ADDRESS_STATUSES, isFinal } from '../../deposits/state.js';
import { depositAddressTopic } from '../../deposits/topics.js';
import type { OrderView } from '../../orders/views.js';
import { ConflictError, NotFoundError, orNull } from '../errors.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import { keyOf, orderLoader } from '../loaders.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { DepositAddressRef, OrderRef } from '../refs.js';
import { describedValues } from './checkout.js';

/** Deposit addresses (beta) over GraphQL; every rule lives in DepositsService (same as REST). */

const Status = builder.enumType('DepositAddressStatus', {
  description: '`active` (deposits are detected and become orders) → `disabled` (final: tracking stopped; later deposits make no orders and no events).',
  values: describedValues<(typeof DEPOSIT_ADDRESS_STATUSES)[number]>({
    active: 'Deposits are detected and become orders.',
    disabled: 'Tracking stopped (final): later deposits make no orders.',
  }),
});
const DepositStatus = builder.enumType('DepositStatus', {
  description: "The deposit's order status: `submitted` (seen, being processed) → `filled`, `refunded` (to `refundTo`) or `failed`.",
  values: describedValues({
    submitted: 'Seen and being processed.',
    filled: 'Delivered to the recipient.',
    refunded: 'Refunded to `refundTo`.',
    failed: 'Failed: neither delivered nor refunded; the order tells what happened.',
  }),
});

const Fees = builder.objectRef<DepositAddressView['fees']>('DepositAddressFees').implement({
  description: 'Fees fixed at creation and recorded on each deposit order: the API channel fee plus any partner fee, in bps of the input.',
  fields: (t) => ({
    ourFeeBps: t.exposeInt('ourFeeBps', { description: 'The service fee, in bps of each deposit.' }),
    integratorFeeBps: t.exposeInt('integratorFeeBps', { description: 'The partner fee, in bps of each deposit.' }),
    integrator: t.exposeString('integrator', { description: 'The partner the fee goes to; null without one.', nullable: true }),
  }),
});

const Estimate = builder.objectRef<DepositEstimate>('DepositEstimate').implement({
  description: 'What a deposit of `amount` would deliver, estimated at creation: a guide only, each deposit is priced on arrival.',
  fields: (t) => ({
    amount: t.exposeString('amount', { description: 'The deposit estimated, in base units of the source token.' }),
    dstAmount: t.exposeString('dstAmount', { description: 'Base units of the destination token it would deliver.' }),
    dstAmountMin: t.exposeString('dstAmountMin', { description: 'Base units of the destination token it would deliver at least.' }),
    estimatedSeconds: t.exposeInt('estimatedSeconds', { description: 'Expected time from deposit to delivery, in seconds.' }),
  }),
});

const DepositRef = builder.objectRef<DepositItemView>('Deposit').implement({
  description: 'One deposit seen at an address, with its order record (`quoteId` `dep_…`).',
  authScopes: { read: 'deposit_addresses' },
  fields: (t) => ({
    quoteId: t.exposeID('quoteId', { description: "The deposit's order id (`dep_…`): look it up with `order`." }),
    status: t.field({ description: "Where the deposit's order stands.", type: DepositStatus, resolve: (d) => d.status }),
    amount: t.exposeString('amount', { description: 'Base units of the source token received.' }),
    dstAmount: t.exposeString('dstAmount', { description: 'Base units of the destination token delivered (expected while `submitted`).' }),
    srcTxHash: t.exposeString('srcTxHash', { description: 'The deposit transaction.' }),
    dstTxHash: t.string({ description: 'The delivery transaction; null until delivered.', nullable: true, resolve: (d) => d.dstTxHash ?? null }),
    order: t.field({
      authScopes: { read: 'orders' },
      description: "The deposit's order.",
      type: OrderRef,
      nullable: true,
      resolve: (d, _a, ctx) => orderLoader(ctx).load(d.quoteId),
    }),
    detectedAt: t.field({ description: 'When the deposit was detected.', type: 'DateTime', resolve: (d) => d.detectedAt }),
    updatedAt: t.field({ description: "When the deposit's order last changed.", type: 'DateTime', resolve: (d) => d.updatedAt }),
  }),
});
const DepositConnection = connectionType('Deposit', DepositRef, {
  totalCount: true,
  description:
    'A page of deposits at an address: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});

DepositAddressRef.implement({
  description:
    'A deposit address (beta): send only `token` on `chainId` to `address`; each deposit is swapped or bridged to `dstToken` on `dstChainId` for `recipient` and becomes an order. Match deposits to users with `label` or `metadata`.',
  authScopes: { read: 'deposit_addresses' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Deposit address id (`da_…`).' }),
    livemode: t.exposeBoolean('livemode', { description: 'True for a live address (real funds), false for test mode (simulate deposits).' }),
    status: t.field({ description: 'Whether deposits are still tracked.', type: Status, resolve: (a) => a.status }),
    provider: t.exposeString('provider', { description: '`relay` in live mode, `sandbox` in test mode.' }),
    address: t.exposeString('address', { description: 'Where to send: show it (or a QR code of it) to the user.' }),
    chainId: t.exposeInt('chainId', { description: 'The only chain to send on.' }),
    token: t.exposeString('token', { description: 'The only token to send (address or mint).' }),
    dstChainId: t.exposeInt('dstChainId', { description: 'Chain the deposits are delivered on.' }),
    dstToken: t.exposeString('dstToken', { description: 'Token delivered to `recipient`.' }),
    recipient: t.exposeString('recipient', { description: 'Receiver on the destination chain.' }),
    refundTo: t.exposeString('refundTo', { description: 'Where a deposit that cannot be delivered is refunded, on the source chain.' }),
    reusable: t.exposeBoolean('reusable', { description: 'True when it takes any number of deposits; false for a one-time address (exactly `amount`, once).' }),
    amount: t.exposeString('amount', { nullable: true, description: 'One-time addresses: the exact amount they take.' }),
    fees: t.field({ description: 'The fees fixed at creation.', type: Fees, resolve: (a) => a.fees }),
    label: t.exposeString('label', { description: 'Your label (filter `depositAddresses` by it); null when not given.', nullable: true }),
    metadata: t.field({ description: 'The string pairs given at creation.', type: 'JSON', resolve: (a) => a.metadata }),
    depositCount: t.exposeInt('depositCount', { description: 'Deposits seen so far.' }),
    lastDepositAt: t.field({
      description: 'When the last deposit was detected; null before any.',
      type: 'DateTime',
      nullable: true,
      resolve: (a) => a.lastDepositAt,
    }),
    estimate: t.field({ description: 'What a deposit would deliver, estimated at creation.', type: Estimate, resolve: (a) => a.estimate }),
    createdAt: t.field({ description: 'When the address was created.', type: 'DateTime', resolve: (a) => a.createdAt }),
    disabledAt: t.field({ description: 'When it was disabled; null while active.', type: 'DateTime', nullable: true, resolve: (a) => a.disabledAt }),
    deposits: t.field({
      type: DepositConnection,
      description: 'Its 20 most recent deposits, newest first (all of them: `orders(depositAddressId:)`).',
      args: pageArgs(t, 20, 20),
      resolve: async (a, args, ctx) => arrayConnection(a.deposits ?? (await ctx.services.deposits.get(await keyOf(ctx), a.id)).deposits ?? [], args, 20, 20),
    }),
  }),
});

const Connection = connectionType('DepositAddress', DepositAddressRef, {
  description:
    'A page of deposit addresses: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});

const CreateInput = builder.inputType('CreateDepositAddressInput', {
  description: 'What `createDepositAddress` takes.',
  fields: (t) => ({
    srcChain: t.string({ required: true, description: 'Chain the deposits are sent on (id or slug).' }),
    srcToken: t.string({ required: true, description: 'The only token to send (address, mint or curated symbol).' }),
    dstChain: t.string({ description: 'Destination chain (id or slug).', required: true }),
    dstToken: t.string({ description: 'Token delivered to `recipient` (address, mint or curated symbol).', required: true }),
    recipient: t.string({ required: true, description: 'Receiver on the destination chain.' }),
    refundTo: t.string({ required: true, description: "Refund address on the source chain: the user's own wallet, never an exchange deposit address." }),
    reusable: t.boolean({ description: 'Default true; false: a one-time address for exactly `amount`.' }),
    amount: t.string({
      description: 'Base units; required when one-time, else it only sizes the estimate (default about 100 USD). Worth at least 1 USD.',
      validate: { schema: baseUnitAmount },
    }),
    label: t.string({ description: 'Up to 64 characters; filterable.' }),
    metadata: t.field({ type: 'JSON', description: 'Up to 20 string pairs.' }),
    integrator: t.string({ description: 'A registered partner id (partner keys only).' }),
    integratorFeeBps: t.int({ description: "Partner keys only: the partner fee in bps, up to the partner's `maxFeeBps`." }),
    ...idempotencyKeyField(t),
  }),
});
const IdInput = (name: string, key: boolean) =>
  builder.inputType(name, {
    description: 'The deposit address to act on.',
    fields: (t) => ({ id: t.id({ required: true, description: 'The id of the deposit address.' }), ...(key ? idempotencyKeyField(t) : {}) }),
  });
const SimulateInput = builder.inputType('SimulateDepositInput', {
  description: 'What `simulateDeposit` takes.',
  fields: (t) => ({
    id: t.id({ description: 'The test-mode deposit address to deposit at.', required: true }),
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
  builder.objectRef<Payload>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({
      depositAddress: t.field({ type: DepositAddressRef, description: 'The depositAddress as the mutation left it.', resolve: (p) => p.depositAddress }),
    }),
  });
const SimulatePayload = builder.objectRef<{ order: OrderView }>('SimulateDepositPayload').implement({
  description: 'The answer of `simulateDeposit`.',
  fields: (t) => ({ order: t.field({ type: OrderRef, description: 'The `submitted` order of the simulated deposit.', resolve: (p) => p.order }) }),
});

builder.queryField('depositAddress', (t) =>
  t.field({
    type: DepositAddressRef,
    nullable: true,
    description: "The key's deposit address (its account and mode) with its recent deposits; null when there is none with this id.",
    authScopes: { read: 'deposit_addresses' },
    args: { id: t.arg.id({ required: true, description: 'The id of the deposit address to read.' }) },
    resolve: async (_r, { id }, ctx) => orNull(async () => ctx.services.deposits.get(await keyOf(ctx), id)),
  }),
);

builder.queryField('depositAddresses', (t) =>
  t.field({
    type: Connection,
    description: "The API key's deposit addresses (its account and mode), newest first.",
    authScopes: { read: 'deposit_addresses' },
    args: {
      status: t.arg({ type: Status, description: 'Only addresses in this status; all statuses when absent.' }),
      label: t.arg.string({ description: 'Only addresses with exactly this label.' }),
      ...pageArgs(t, 100),
    },
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
    authScopes: { write: 'deposit_addresses' },
    args: {
      input: t.arg({ type: CreateInput, required: true, description: 'What `createDepositAddress` acts on and how: see the fields of its input type.' }),
    },
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
    authScopes: { write: 'deposit_addresses' },
    args: {
      input: t.arg({
        type: IdInput('RefreshDepositAddressInput', false),
        required: true,
        description: 'What `refreshDepositAddress` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: async (_r, { input }, ctx) => ({ depositAddress: await ctx.services.deposits.refresh(await keyOf(ctx), input.id) }),
  }),
);

builder.mutationField('disableDepositAddress', (t) =>
  t.field({
    type: payload('DisableDepositAddressPayload'),
    description: 'Stops tracking the address: later deposits make no orders and no events.',
    authScopes: { write: 'deposit_addresses' },
    args: {
      input: t.arg({
        type: IdInput('DisableDepositAddressInput', true),
        required: true,
        description: 'What `disableDepositAddress` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ depositAddress: await ctx.services.deposits.disable(await keyOf(ctx), input.id) })),
  }),
);

builder.mutationField('simulateDeposit', (t) =>
  t.field({
    type: SimulatePayload,
    description:
      'Test mode: a simulated deposit at a sandbox address → a `submitted` order that then fills (or is refunded for amounts ending 4001, fails for 4002). A one-time address takes one deposit of exactly its amount (ConflictError the second time). A live address is FORBIDDEN.',
    authScopes: { write: 'deposit_addresses' },
    args: { input: t.arg({ type: SimulateInput, required: true, description: 'What `simulateDeposit` acts on and how: see the fields of its input type.' }) },
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
      "The deposit address now (with its recent deposits), then again on each new deposit and each change of a deposit's order status (made by any instance; changes committed before the previous one was read arrive as one message). Completes after `disabled`, which is always pushed (no status follows it). The owner's key only.",
    authScopes: { read: 'deposit_addresses' },
    args: {
      id: t.arg.id({
        required: true,
        description: 'The id of the deposit address to follow.',
        validate: { schema: idShape(DEPOSIT_ADDRESS_ID, 'deposit address') },
      }),
    },
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
        while (!isFinal(view.status)) {
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
