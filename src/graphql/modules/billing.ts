import { builder, payloadDescription } from '../builder.js';
import { baseUnitAmountOrZero, idShape } from '../../validation.js';
import {
  advanceTestClockSchema,
  cancelSubscriptionSchema,
  createSubscriptionSchema,
  createTestClockSchema,
  listSubscriptionsSchema,
  listTestClocksSchema,
  SUBSCRIPTION_ID,
  updateSubscriptionSchema,
} from '../../billing/input.js';
import { parseGraphQLInput } from '../input.js';
import type { LineItem } from '../../invoices/amounts.js';
import type { INTERVALS } from '../../billing/periods.js';
import { FINAL_SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../billing/state.js';
import { subscriptionTopic } from '../../billing/topics.js';
import type { SubscriptionPeriodView, SubscriptionView, TestClockView } from '../../billing/views.js';
import type { InvoiceView } from '../../invoices/views.js';
import { ConflictError, NotFoundError, orNull } from '../errors.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import { followStatus } from '../status-stream.js';
import { invoiceLoader, keyOf } from '../loaders.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { BillingSubscriptionRef, InvoiceRef } from '../refs.js';
import { describedValues, Settlement } from './checkout.js';

/**
 * Subscriptions (recurring invoices) and test clocks over GraphQL; every rule lives in SubscriptionsService
 * (same as REST). Types are named `BillingSubscription…`: `Subscription` is GraphQL's root type for streams.
 */

const Status = builder.enumType('BillingSubscriptionStatus', {
  description:
    '`trialing` → `active` (each period invoiced) ⇄ `past_due` (an invoice unpaid past its due date; paying it makes the subscription `active` again) → `canceled` (final: by the merchant, at the period end, or 7 days after an unpaid due date).',
  values: describedValues<SubscriptionStatus>({
    trialing: 'In its trial: nothing is invoiced yet.',
    active: 'Invoiced every period; the latest invoice is paid or not yet due.',
    past_due: 'An invoice is unpaid past its due date: reminders go out; paying it makes the subscription active again.',
    canceled: 'Canceled (final): no more invoices.',
  }),
});
const Interval = builder.enumType('BillingInterval', {
  description: 'The unit of a billing period.',
  values: describedValues<(typeof INTERVALS)[number]>({
    day: 'A day.',
    week: 'A week.',
    month: 'A calendar month (month ends clamped).',
    year: 'A calendar year.',
  }),
});
const CancellationReason = builder.enumType('BillingSubscriptionCancellationReason', {
  description: '`requested` (canceled by the merchant), `period_end` (a cancel at period end took effect), `dunning` (7 days past an unpaid due date).',
  values: describedValues({
    requested: 'Canceled by the merchant.',
    dunning: 'Canceled 7 days after an unpaid due date.',
    period_end: 'A cancel at period end took effect.',
  }),
});
const ClockStatus = builder.enumType('TestClockStatus', {
  description: '`ready`, or `advancing` while an advance runs.',
  values: describedValues({ ready: 'Idle: it can be advanced.', advancing: 'An advance is running: wait for it before advancing again.' }),
});

const LineItemRef = builder.objectRef<LineItem>('BillingSubscriptionLineItem').implement({
  description: 'One line each period bills: `quantity` × `unitAmount` (settlement base units).',
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What the line bills each period.' }),
    quantity: t.exposeInt('quantity', { description: 'How many units.' }),
    unitAmount: t.exposeString('unitAmount', { description: 'Settlement base units per unit.' }),
  }),
});
const LineItemConnection = connectionType('BillingSubscriptionLineItem', LineItemRef, {
  totalCount: true,
  description:
    'A page of line items of a subscription: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});

const PeriodRef = builder.objectRef<SubscriptionPeriodView>('BillingSubscriptionPeriod').implement({
  description: 'One billed period, its invoice and its dunning progress.',
  authScopes: { read: 'subscriptions' },
  fields: (t) => ({
    index: t.exposeInt('index', { description: 'Period number, from 0.' }),
    startAt: t.field({ description: 'When the period starts.', type: 'DateTime', resolve: (p) => p.startAt }),
    endAt: t.field({ description: 'When the period ends (the next one starts).', type: 'DateTime', resolve: (p) => p.endAt }),
    dueAt: t.field({ description: "When the period's invoice is due.", type: 'DateTime', resolve: (p) => p.dueAt }),
    paidAt: t.field({ description: "When the period's invoice was paid; null before.", type: 'DateTime', nullable: true, resolve: (p) => p.paidAt }),
    pastDueAt: t.field({
      description: 'When the subscription went `past_due` over this period; null otherwise.',
      type: 'DateTime',
      nullable: true,
      resolve: (p) => p.pastDueAt,
    }),
    remindersSentAt: t.field({
      type: ['DateTime'],
      description: 'Reminder emails, 1 and 3 days after the due date (at most two).',
      resolve: (p) => p.remindersSentAt,
    }),
    voidedAt: t.field({
      description: "When the period's invoice was voided (the subscription was canceled unpaid); null otherwise.",
      type: 'DateTime',
      nullable: true,
      resolve: (p) => p.voidedAt,
    }),
    invoiceId: t.exposeID('invoiceId', { description: "The period's invoice." }),
    invoice: t.field({
      authScopes: { read: 'invoices' },
      description: "The period's invoice.",
      type: InvoiceRef,
      nullable: true,
      resolve: (p, _a, ctx) => invoiceLoader(ctx).load(p.invoiceId),
    }),
  }),
});
const PeriodConnection = connectionType('BillingSubscriptionPeriod', PeriodRef, {
  totalCount: true,
  description:
    'A page of billed periods of a subscription: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});

const SubRef = BillingSubscriptionRef;
SubRef.implement({
  description: 'A subscription: line items invoiced every period to a customer, paid from a wallet like any invoice, with dunning when unpaid.',
  authScopes: { read: 'subscriptions' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Subscription id (`sub_…`).' }),
    livemode: t.exposeBoolean('livemode', { description: 'True for a live subscription, false for test mode.' }),
    status: t.field({ description: 'Where the subscription stands.', type: Status, resolve: (s) => s.status }),
    cancelAtPeriodEnd: t.exposeBoolean('cancelAtPeriodEnd', {
      description: 'True when it cancels at the end of the current period (undo with `resumeBillingSubscription`).',
    }),
    customerEmail: t.exposeString('customerEmail', { description: "Where each period's invoice, reminders and receipts are emailed." }),
    customerName: t.exposeString('customerName', { description: "The customer's name, shown on invoices; null when not given.", nullable: true }),
    merchantName: t.exposeString('merchantName', {
      description: "The merchant name on invoices and as the emails' sender; null when not given.",
      nullable: true,
    }),
    replyTo: t.exposeString('replyTo', { description: "Where the customer's replies go; null when not given.", nullable: true }),
    settlement: t.field({ description: 'The token each invoice is paid in, on its chain.', type: Settlement, resolve: (s) => s.settlement }),
    recipient: t.exposeString('recipient', { description: "The merchant's wallet on the settlement chain." }),
    lineItems: t.field({
      description: 'What each period bills.',
      type: LineItemConnection,
      args: pageArgs(t, 50, 50),
      resolve: (s, args) => arrayConnection(s.lineItems, args, 50, 50),
    }),
    amount: t.exposeString('amount', { description: 'What each period bills (settlement base units).' }),
    interval: t.field({ description: 'The unit of a billing period.', type: Interval, resolve: (s) => s.interval }),
    intervalCount: t.exposeInt('intervalCount', { description: 'Intervals per period.' }),
    daysUntilDue: t.exposeInt('daysUntilDue', { description: "Days from a period's start to its invoice's due date." }),
    metadata: t.expose('metadata', { type: 'JSON', description: 'The string key-value pairs given at creation or update.' }),
    testClockId: t.exposeID('testClockId', { description: 'Test mode: the test clock whose time it lives in; null otherwise.', nullable: true }),
    startAt: t.field({ description: 'When billing starts (or started).', type: 'DateTime', resolve: (s) => s.startAt }),
    trialEndAt: t.field({ description: 'When the trial ends; null without a trial.', type: 'DateTime', nullable: true, resolve: (s) => s.trialEndAt }),
    billingCycleAnchorAt: t.field({
      type: 'DateTime',
      description: 'Period n starts here plus n intervals (month ends clamped).',
      resolve: (s) => s.billingCycleAnchor,
    }),
    currentPeriodIndex: t.exposeInt('currentPeriodIndex', { description: 'Number of the current period, from 0; null before the first.', nullable: true }),
    currentPeriodStartAt: t.field({
      description: 'When the current period started; null before the first.',
      type: 'DateTime',
      nullable: true,
      resolve: (s) => s.currentPeriodStart,
    }),
    currentPeriodEndAt: t.field({
      description: 'When the current period ends; null before the first.',
      type: 'DateTime',
      nullable: true,
      resolve: (s) => s.currentPeriodEnd,
    }),
    nextInvoiceAt: t.field({
      description: 'When the next invoice is issued; null when none will be (canceled or canceling).',
      type: 'DateTime',
      nullable: true,
      resolve: (s) => s.nextInvoiceAt,
    }),
    latestInvoiceId: t.exposeID('latestInvoiceId', { description: 'The most recent invoice; null before the first.', nullable: true }),
    latestInvoice: t.field({
      authScopes: { read: 'invoices' },
      description: 'The most recent invoice; null before the first.',
      type: InvoiceRef,
      nullable: true,
      resolve: (s, _a, ctx) => (s.latestInvoiceId ? invoiceLoader(ctx).load(s.latestInvoiceId) : null),
    }),
    canceledAt: t.field({ description: 'When it was canceled; null otherwise.', type: 'DateTime', nullable: true, resolve: (s) => s.canceledAt }),
    cancellationReason: t.field({
      description: 'Why it was canceled; null otherwise.',
      type: CancellationReason,
      nullable: true,
      resolve: (s) => s.cancellationReason,
    }),
    createdAt: t.field({ description: 'When the subscription was created.', type: 'DateTime', resolve: (s) => s.createdAt }),
    updatedAt: t.field({ description: 'When the subscription last changed.', type: 'DateTime', resolve: (s) => s.updatedAt }),
    periods: t.field({
      type: PeriodConnection,
      description: 'Billed periods, newest first (the 100 most recent).',
      args: pageArgs(t, 100, 100),
      resolve: async (s, args, ctx) =>
        arrayConnection(s.periods ?? (await ctx.services.subscriptions.get(await keyOf(ctx), s.id)).periods ?? [], args, 100, 100),
    }),
  }),
});
const SubConnection = connectionType('BillingSubscription', SubRef, {
  description: 'A page of subscriptions: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});

const ClockRef = builder.objectRef<TestClockView>('TestClock').implement({
  description: 'A test-mode clock: subscriptions attached to it at creation live in its time, which only `advanceTestClock` moves.',
  authScopes: { read: 'subscriptions' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Test clock id (`clock_…`): give it as `testClockId` when creating a subscription.' }),
    livemode: t.exposeBoolean('livemode', { description: 'Always false: test clocks exist in test mode only.' }),
    name: t.exposeString('name', { description: 'Your name for the clock; null when not given.', nullable: true }),
    frozenAt: t.field({ type: 'DateTime', description: "The clock's time.", resolve: (c) => c.frozenTime }),
    status: t.field({ description: 'Whether an advance is running.', type: ClockStatus, resolve: (c) => c.status }),
    createdAt: t.field({ description: 'When the clock was created.', type: 'DateTime', resolve: (c) => c.createdAt }),
    updatedAt: t.field({ description: 'When the clock last moved or changed.', type: 'DateTime', resolve: (c) => c.updatedAt }),
  }),
});
const ClockConnection = connectionType('TestClock', ClockRef, {
  description: 'A page of test clocks: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});

const LineItemInput = builder.inputType('BillingSubscriptionLineItemInput', {
  description: 'What `billingSubscriptionLineItem` takes.',
  fields: (t) => ({
    description: t.string({ required: true, description: '1 to 500 characters.' }),
    quantity: t.int({ required: true, description: '1 to 10000.' }),
    unitAmount: t.string({
      required: true,
      description: 'Integer string of settlement base units (no leading zeros; 0 for a free line).',
      validate: { schema: baseUnitAmountOrZero },
    }),
  }),
});

const CreateInput = builder.inputType('CreateBillingSubscriptionInput', {
  description: 'What `createBillingSubscription` takes.',
  fields: (t) => ({
    customerEmail: t.string({ required: true, description: "Where each period's invoice, reminders and receipts are emailed." }),
    customerName: t.string({ description: "The customer's name, shown on invoices (1 to 200 characters)." }),
    merchantName: t.string({ description: 'Shown on invoices and as the sender name of the emails.' }),
    replyTo: t.string({ description: "Where the customer's replies go." }),
    lineItems: t.field({ type: [LineItemInput], required: true, description: '1 to 50 line items, billed every period.' }),
    settleChain: t.string({ required: true, description: 'Chain id or slug of a supported settlement pair.' }),
    settleToken: t.string({ required: true, description: '`USDC`, `USDT` or the token address/mint.' }),
    recipient: t.string({ required: true, description: "The merchant's wallet on the settlement chain." }),
    interval: t.field({ description: 'The unit of a billing period.', type: Interval, required: true }),
    intervalCount: t.int({ description: 'Intervals per period (default 1).' }),
    startAt: t.field({ type: 'DateTime', description: 'When billing starts (default now); not in the past.' }),
    trialDays: t.int({ description: 'Days of trial before the first period (0 to 730).' }),
    daysUntilDue: t.int({ description: 'Days from a period start to its invoice due date (0 to 90, default 7).' }),
    metadata: t.field({ type: 'JSON', description: 'Up to 20 string key-value pairs.' }),
    testClockId: t.id({ description: 'Test mode: the test clock whose time the subscription lives in.' }),
    ...idempotencyKeyField(t),
  }),
});
const UpdateInput = builder.inputType('UpdateBillingSubscriptionInput', {
  description: 'Line items and metadata, applied from the next period.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The subscription to change.' }),
    lineItems: t.field({ type: [LineItemInput], description: 'The line items from the next period on (1 to 50); absent keeps them.' }),
    metadata: t.field({ type: 'JSON', description: 'Up to 20 string key-value pairs replacing the metadata; absent keeps it.' }),
  }),
});
const CancelInput = builder.inputType('CancelBillingSubscriptionInput', {
  description: 'What `cancelBillingSubscription` takes.',
  fields: (t) => ({
    id: t.id({ description: 'The subscription to change.', required: true }),
    atPeriodEnd: t.boolean({ description: 'Cancel when the current period ends instead of now.' }),
    ...idempotencyKeyField(t),
  }),
});
const IdInput = (name: string, what: string) =>
  builder.inputType(name, {
    description: `The ${what} to act on.`,
    fields: (t) => ({ id: t.id({ required: true, description: `The id of the ${what}.` }), ...idempotencyKeyField(t) }),
  });
const CreateClockInput = builder.inputType('CreateTestClockInput', {
  description: 'What `createTestClock` takes.',
  fields: (t) => ({
    name: t.string({ description: 'Your name for the clock (1 to 100 characters).' }),
    frozenAt: t.field({ type: 'DateTime', description: 'Where the clock starts (default now).' }),
    ...idempotencyKeyField(t),
  }),
});
const AdvanceClockInput = builder.inputType('AdvanceTestClockInput', {
  description: 'What `advanceTestClock` takes.',
  fields: (t) => ({
    id: t.id({ description: 'The test clock to move.', required: true }),
    frozenAt: t.field({ type: 'DateTime', required: true, description: 'The new time: later than now, at most 1100 days ahead.' }),
    ...idempotencyKeyField(t),
  }),
});
const DeleteClockInput = builder.inputType('DeleteTestClockInput', {
  description: 'The test clock to delete.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The test clock to delete.' }) }),
});

type SubPayload = { billingSubscription: SubscriptionView };
const subPayload = (name: string) =>
  builder.objectRef<SubPayload>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({
      billingSubscription: t.field({ type: SubRef, description: 'The billingSubscription as the mutation left it.', resolve: (p) => p.billingSubscription }),
    }),
  });
type ClockPayload = { testClock: TestClockView };
const clockPayload = (name: string) =>
  builder.objectRef<ClockPayload>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({ testClock: t.field({ type: ClockRef, description: 'The testClock as the mutation left it.', resolve: (p) => p.testClock }) }),
  });

builder.queryField('billingSubscription', (t) =>
  t.field({
    type: SubRef,
    nullable: true,
    description: "The key's subscription (its account and mode); null when there is none with this id.",
    authScopes: { read: 'subscriptions' },
    args: { id: t.arg.id({ required: true, description: 'The id of the subscription to read.' }) },
    resolve: async (_r, { id }, ctx) => orNull(async () => ctx.services.subscriptions.get(await keyOf(ctx), id)),
  }),
);

builder.queryField('billingSubscriptions', (t) =>
  t.field({
    type: SubConnection,
    description: "The API key's subscriptions (its account and mode), newest first.",
    authScopes: { read: 'subscriptions' },
    args: { status: t.arg({ type: Status, description: 'Only items in this status; all statuses when absent.' }), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const svc = ctx.services.subscriptions;
      const query = parseGraphQLInput(listSubscriptionsSchema, { status: args.status, limit: pageSize(args.first, 100), cursor: args.after });
      const page = await readAfter(svc.list(await keyOf(ctx), query));
      return keysetConnection(page, (v) => svc.listCursor(v), args);
    },
  }),
);

builder.queryField('testClock', (t) =>
  t.field({
    type: ClockRef,
    nullable: true,
    description: "The key's test clock; null when there is none with this id (and always for a live key).",
    authScopes: { read: 'subscriptions' },
    args: { id: t.arg.id({ required: true, description: 'The id of the test clock to read.' }) },
    resolve: async (_r, { id }, ctx) => orNull(async () => ctx.services.subscriptions.getTestClock(await keyOf(ctx), id)),
  }),
);

builder.queryField('testClocks', (t) =>
  t.field({
    type: ClockConnection,
    description: "The API key's test clocks, newest first (empty for a live key).",
    authScopes: { read: 'subscriptions' },
    args: pageArgs(t, 100),
    resolve: async (_r, args, ctx) => {
      const svc = ctx.services.subscriptions;
      const query = parseGraphQLInput(listTestClocksSchema, { limit: pageSize(args.first, 100), cursor: args.after });
      const page = await readAfter(svc.listTestClocks(await keyOf(ctx), query));
      return keysetConnection(page, (v) => svc.testClockCursor(v), args);
    },
  }),
);

builder.mutationField('createBillingSubscription', (t) =>
  t.field({
    type: subPayload('CreateBillingSubscriptionPayload'),
    description: "Creates a subscription; when billing starts now, the first period's invoice is issued and emailed at once.",
    authScopes: { write: 'subscriptions' },
    args: {
      input: t.arg({ type: CreateInput, required: true, description: 'What `createBillingSubscription` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      billingSubscription: await ctx.services.subscriptions.create(await keyOf(ctx), parseGraphQLInput(createSubscriptionSchema, input)),
    })),
  }),
);

builder.mutationField('updateBillingSubscription', (t) =>
  t.field({
    type: subPayload('UpdateBillingSubscriptionPayload'),
    description: 'Changes line items and metadata from the next period on (a ConflictError once canceled).',
    authScopes: { write: 'subscriptions' },
    args: {
      input: t.arg({ type: UpdateInput, required: true, description: 'What `updateBillingSubscription` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: async (_r, { input: { id, ...rest } }, ctx) => ({
      billingSubscription: await ctx.services.subscriptions.update(await keyOf(ctx), id, parseGraphQLInput(updateSubscriptionSchema, rest)),
    }),
  }),
);

builder.mutationField('cancelBillingSubscription', (t) =>
  t.field({
    type: subPayload('CancelBillingSubscriptionPayload'),
    description: 'Cancels now, or at the end of the current period with `atPeriodEnd`; a ConflictError when already canceled.',
    authScopes: { write: 'subscriptions' },
    args: {
      input: t.arg({ type: CancelInput, required: true, description: 'What `cancelBillingSubscription` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      billingSubscription: await ctx.services.subscriptions.cancel(
        await keyOf(ctx),
        input.id,
        parseGraphQLInput(cancelSubscriptionSchema, { atPeriodEnd: input.atPeriodEnd }),
      ),
    })),
  }),
);

builder.mutationField('resumeBillingSubscription', (t) =>
  t.field({
    type: subPayload('ResumeBillingSubscriptionPayload'),
    description: 'Undoes a cancel at period end not yet reached; a ConflictError otherwise.',
    authScopes: { write: 'subscriptions' },
    args: {
      input: t.arg({
        type: IdInput('ResumeBillingSubscriptionInput', 'subscription'),
        required: true,
        description: 'What `resumeBillingSubscription` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ billingSubscription: await ctx.services.subscriptions.resume(await keyOf(ctx), input.id) })),
  }),
);

builder.mutationField('createTestClock', (t) =>
  t.field({
    type: clockPayload('CreateTestClockPayload'),
    description: 'Test mode only (a live key is FORBIDDEN): a clock frozen at `frozenAt` (default now).',
    authScopes: { write: 'subscriptions' },
    args: {
      input: t.arg({ type: CreateClockInput, required: true, description: 'What `createTestClock` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      testClock: await ctx.services.subscriptions.createTestClock(
        await keyOf(ctx),
        parseGraphQLInput(createTestClockSchema, { name: input.name, frozenTime: input.frozenAt }),
      ),
    })),
  }),
);

builder.mutationField('advanceTestClock', (t) =>
  t.field({
    type: clockPayload('AdvanceTestClockPayload'),
    description:
      'Moves the clock forward to `frozenAt` and, before answering, runs every invoice, reminder and dunning step due in between, in time order. A ConflictError while another advance runs.',
    authScopes: { write: 'subscriptions' },
    args: {
      input: t.arg({ type: AdvanceClockInput, required: true, description: 'What `advanceTestClock` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      testClock: await ctx.services.subscriptions.advanceTestClock(
        await keyOf(ctx),
        input.id,
        parseGraphQLInput(advanceTestClockSchema, { frozenTime: input.frozenAt }),
      ),
    })),
  }),
);

const DeletedClock = builder.objectRef<{ id: string }>('DeleteTestClockPayload').implement({
  description: 'The answer of `deleteTestClock`.',
  fields: (t) => ({ deletedTestClockId: t.exposeID('id', { description: 'The id of the deleted clock.' }) }),
});

builder.mutationField('deleteTestClock', (t) =>
  t.field({
    type: DeletedClock,
    description: 'Deletes the clock and the subscriptions attached to it (their invoices stay).',
    authScopes: { write: 'subscriptions' },
    args: {
      input: t.arg({ type: DeleteClockInput, required: true, description: 'What `deleteTestClock` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: async (_r, { input }, ctx) => ctx.services.subscriptions.deleteTestClock(await keyOf(ctx), input.id),
  }),
);

const SandboxPayload = builder.objectRef<{ invoice: InvoiceView }>('PayInvoiceInSandboxPayload').implement({
  description: 'The answer of `payInvoiceInSandbox`.',
  fields: (t) => ({ invoice: t.field({ type: InvoiceRef, description: "The paid invoice (the customer's view).", resolve: (p) => p.invoice }) }),
});

builder.mutationField('payInvoiceInSandbox', (t) =>
  t.field({
    type: SandboxPayload,
    description:
      'Public, test mode only: pays an open test invoice with a sandbox payment through its checkout session, with the events of a real payment (`checkout.session.processing`, `checkout.session.completed`, `invoice.paid`) and the receipt email. A ConflictError when paid or void; NotFoundError for drafts; FORBIDDEN for live invoices.',
    authScopes: { public: true },
    args: {
      input: t.arg({
        type: IdInput('PayInvoiceInSandboxInput', 'open test-mode invoice'),
        required: true,
        description: 'What `payInvoiceInSandbox` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ invoice: await ctx.services.invoices.sandboxPay(input.id) })),
  }),
);

builder.subscriptionField('billingSubscription', (t) =>
  t.field({
    type: SubRef,
    description:
      "The subscription now, then again after every status change (made by any instance). Completes after `canceled`, which is always pushed (no status follows it). Key only: the owner's subscriptions.",
    authScopes: { read: 'subscriptions' },
    args: {
      id: t.arg.id({ required: true, description: 'The id of the subscription to follow.', validate: { schema: idShape(SUBSCRIPTION_ID, 'subscription') } }),
    },
    subscribe: (_r, { id }, ctx) =>
      followStatus(ctx, subscriptionTopic(id), async (auth) => ctx.services.subscriptions.get(auth ?? (await keyOf(ctx)), id), FINAL_SUBSCRIPTION_STATUSES),
    resolve: (v) => v,
  }),
);
