import { builder, type SchemaTypes, payloadDescription } from '../builder.js';
import { baseUnitAmountOrZero, idShape } from '../../validation.js';
import { createInvoiceSchema, INVOICE_ID, listInvoicesSchema, updateInvoiceSchema } from '../../invoices/input.js';
import { parseGraphQLInput } from '../input.js';
import { ApiError } from '../../errors.js';
import type { LineItem } from '../../invoices/amounts.js';
import { FINAL_INVOICE_STATUSES, type InvoiceStatus } from '../../invoices/state.js';
import { invoiceTopic } from '../../invoices/topics.js';
import type { InvoiceEmailView, InvoiceView } from '../../invoices/views.js';
import { ConflictError, NotFoundError, orNull } from '../errors.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import { followStatus } from '../status-stream.js';
import { keyOf, sessionLoader } from '../loaders.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { CheckoutSessionRef, InvoiceRef } from '../refs.js';
import { describedValues, Settlement } from './checkout.js';

/** Invoices over GraphQL; every rule lives in InvoicesService (same as REST). */

const Status = builder.enumType('InvoiceStatus', {
  description:
    '`draft` (editable, invisible to the customer) → `open` (sent, numbered, payable) → `paid`; `draft` or `open` → `void`. `paid` and `void` are final.',
  values: describedValues<InvoiceStatus>({
    draft: 'Editable and invisible to the customer: edit it, then send it.',
    open: 'Sent and payable: the customer pays it from its page.',
    paid: 'Paid (final): the receipt is sent.',
    void: 'Voided (final): it can no longer be paid.',
  }),
});
const EmailKind = builder.enumType('InvoiceEmailKind', {
  description: 'The invoice itself, the receipt after payment, or a reminder about a subscription invoice past its due date.',
  values: describedValues({
    invoice: 'The invoice with its pay link.',
    receipt: 'The receipt, after payment.',
    reminder: 'A reminder about an unpaid subscription invoice.',
  }),
});
const EmailStatus = builder.enumType('InvoiceEmailStatus', {
  description:
    '`pending` (queued or being retried), `sent` (accepted by the SMTP server), `captured` (kept in the dev outbox: no SMTP configured), `failed` (given up after the last retry).',
  values: describedValues({
    pending: 'Queued or being retried.',
    sent: 'Accepted by the mail server.',
    captured: 'Kept in the dev outbox (no mail server configured).',
    failed: 'Given up after the last retry: check `lastError` and the address.',
  }),
});

const LineItemRef = builder.objectRef<LineItem>('InvoiceLineItem').implement({
  description: 'One line: `quantity` × `unitAmount` (settlement base units).',
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What the line bills, shown to the customer.' }),
    quantity: t.exposeInt('quantity', { description: 'How many units.' }),
    unitAmount: t.exposeString('unitAmount', { description: 'Settlement base units per unit.' }),
    amount: t.string({ description: '`quantity` × `unitAmount`.', resolve: (li) => (BigInt(li.quantity) * BigInt(li.unitAmount)).toString() }),
  }),
});
const LineItemConnection = connectionType('InvoiceLineItem', LineItemRef, {
  totalCount: true,
  description:
    'A page of line items of an invoice: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});

const EmailRef = builder.objectRef<InvoiceEmailView>('InvoiceEmail').implement({
  description: 'The last email of an invoice and how its delivery went (owner only).',
  authScopes: { read: 'invoices' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Email id.' }),
    kind: t.field({ description: 'Which email it is.', type: EmailKind, resolve: (e) => e.kind }),
    status: t.field({ description: 'Where its delivery stands.', type: EmailStatus, resolve: (e) => e.status }),
    to: t.exposeString('to', { description: 'The address it is sent to.' }),
    attempts: t.exposeInt('attempts', { description: 'Delivery attempts so far.' }),
    lastError: t.exposeString('lastError', { description: 'Why the last attempt failed; null when none did.', nullable: true }),
    sentAt: t.field({ description: 'When the mail server accepted it; null before.', type: 'DateTime', nullable: true, resolve: (e) => e.sentAt }),
    createdAt: t.field({ description: 'When the email was queued.', type: 'DateTime', resolve: (e) => e.createdAt }),
  }),
});

InvoiceRef.implement({
  description:
    "An invoice: line items billed to a customer, paid in a settlement stablecoin through a checkout session. Without the owner's API key (the customer's view), `customerEmail`, `replyTo`, `recipient`, `sessionId`, `checkoutSession` and `lastEmail` are null.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Invoice id (`inv_…`); it is also the access token of the customer pages and `publicInvoice`.' }),
    livemode: t.exposeBoolean('livemode', { description: 'True for a live invoice, false for test mode.' }),
    number: t.exposeString('number', { nullable: true, description: '`INV-0001`, … per account and mode, assigned on first send.' }),
    status: t.field({ description: 'Where the invoice stands; a client waits for `paid`.', type: Status, resolve: (i) => i.status }),
    amount: t.exposeString('amount', { description: 'Σ quantity × unitAmount, settlement base units.' }),
    settlement: t.field({ description: 'The token the invoice is paid in, on its chain.', type: Settlement, resolve: (i) => i.settlement }),
    lineItems: t.field({
      description: 'What the invoice bills, in order.',
      type: LineItemConnection,
      args: pageArgs(t, 50, 50),
      resolve: (i, args) => arrayConnection(i.lineItems, args, 50, 50),
    }),
    customerName: t.exposeString('customerName', { description: "The customer's name, shown on the invoice; null when not given.", nullable: true }),
    merchantName: t.exposeString('merchantName', {
      description: "The merchant's name, shown on the invoice and as the emails' sender; null when not given.",
      nullable: true,
    }),
    memo: t.exposeString('memo', { description: 'A note to the customer shown on the invoice; null when not given.', nullable: true }),
    dueAt: t.field({ type: 'DateTime', nullable: true, description: 'Shown to the customer; an overdue invoice stays payable.', resolve: (i) => i.dueAt }),
    url: t.exposeString('url', { description: 'The hosted invoice page.' }),
    receiptUrl: t.exposeString('receiptUrl', { nullable: true, description: 'The receipt PDF, once paid.' }),
    sentAt: t.field({ description: 'When it was first sent; null for a draft.', type: 'DateTime', nullable: true, resolve: (i) => i.sentAt }),
    paidAt: t.field({ description: 'When it was paid; null before.', type: 'DateTime', nullable: true, resolve: (i) => i.paidAt }),
    receiptSentAt: t.field({ description: 'When the receipt email was sent; null before.', type: 'DateTime', nullable: true, resolve: (i) => i.receiptSentAt }),
    voidedAt: t.field({ description: 'When it was voided; null otherwise.', type: 'DateTime', nullable: true, resolve: (i) => i.voidedAt }),
    createdAt: t.field({ description: 'When the invoice was created.', type: 'DateTime', resolve: (i) => i.createdAt }),
    updatedAt: t.field({ description: 'When the invoice last changed.', type: 'DateTime', resolve: (i) => i.updatedAt }),
    customerEmail: t.string({
      description: 'Where the invoice and the receipt are emailed (owner only).',
      nullable: true,
      resolve: (i) => i.customerEmail ?? null,
    }),
    replyTo: t.string({ description: "Where the customer's replies go (owner only).", nullable: true, resolve: (i) => i.replyTo ?? null }),
    recipient: t.string({ nullable: true, description: 'The payout address (owner only).', resolve: (i) => i.recipient ?? null }),
    sessionId: t.id({ nullable: true, description: 'The latest checkout session started to pay it (owner only).', resolve: (i) => i.sessionId ?? null }),
    checkoutSession: t.field({
      authScopes: { optionalRead: 'checkout_sessions' },
      type: CheckoutSessionRef,
      nullable: true,
      description: 'The latest checkout session started to pay it (owner only).',
      resolve: (i, _a, ctx) => (i.sessionId ? sessionLoader(ctx).load(i.sessionId) : null),
    }),
    lastEmail: t.field({
      description: 'Its most recent email and how delivery went (owner only); null when none was sent.',
      type: EmailRef,
      nullable: true,
      resolve: (i) => i.lastEmail ?? null,
    }),
  }),
});

const InvoiceConnection = connectionType('Invoice', InvoiceRef, {
  description: 'A page of invoices: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});

const LineItemInput = builder.inputType('InvoiceLineItemInput', {
  description: 'What `invoiceLineItem` takes.',
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

const invoiceFields = <R extends boolean>(t: PothosSchemaTypes.InputFieldBuilder<SchemaTypes, 'InputObject'>, required: R) => ({
  customerEmail: t.string({ description: 'Where the invoice and the receipt are emailed; without it sending opens the invoice but emails nothing.' }),
  customerName: t.string({ description: "The customer's name, shown on the invoice (1 to 200 characters)." }),
  merchantName: t.string({ description: 'Shown on the page and as the sender name of the emails.' }),
  replyTo: t.string({ description: "Where the customer's replies go." }),
  lineItems: t.field({ type: [LineItemInput], required, description: '1 to 50 line items.' }),
  settleChain: t.string({ required, description: 'Chain id or slug of a supported settlement pair.' }),
  settleToken: t.string({ required, description: '`USDC`, `USDT` or the token address/mint.' }),
  recipient: t.string({ required, description: "The merchant's wallet on the settlement chain." }),
  memo: t.string({ description: 'Up to 1000 characters.' }),
  dueAt: t.field({ type: 'DateTime', description: 'Due time (a timestamp). Or give `dueOn`.' }),
  dueOn: t.string({ description: 'Due date `YYYY-MM-DD`, meaning the end of that day UTC. Or give `dueAt`.' }),
});

const CreateInput = builder.inputType('CreateInvoiceInput', {
  description: 'What `createInvoice` takes.',
  fields: (t) => ({ ...invoiceFields(t, true), send: t.boolean({ description: 'Send at once (numbered, emailed).' }), ...idempotencyKeyField(t) }),
});
const UpdateInput = builder.inputType('UpdateInvoiceInput', {
  description: 'Drafts only. Omitted fields keep their value; null clears an optional one.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The draft to edit.' }), ...invoiceFields(t, false) }),
});
const IdInput = (name: string, what: string) =>
  builder.inputType(name, {
    description: `The ${what} to act on.`,
    fields: (t) => ({ id: t.id({ required: true, description: `The id of the ${what}.` }), ...idempotencyKeyField(t) }),
  });

/**
 * GraphQL splits the domain's `dueAt` (a date or a timestamp) in two typed fields, `dueOn` and `dueAt`: at most one
 * of them, or null (in an update: clear the due date).
 */
function withDue<T extends { dueAt?: Date | null; dueOn?: string | null }>({ dueAt, dueOn, ...rest }: T) {
  if (dueOn != null && dueAt != null) throw new ApiError('INVALID_PARAMS', 'dueAt: give dueAt or dueOn, not both', { field: 'dueAt' });
  const due = dueOn ?? dueAt ?? (dueOn === null || dueAt === null ? null : undefined);
  return { ...rest, dueAt: due };
}

type Payload = { invoice: InvoiceView };
const payload = (name: string) =>
  builder.objectRef<Payload>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({ invoice: t.field({ type: InvoiceRef, description: 'The invoice as the mutation left it.', resolve: (p) => p.invoice }) }),
  });

builder.queryField('invoice', (t) =>
  t.field({
    type: InvoiceRef,
    nullable: true,
    description: "The key's invoice (its account and mode); null when there is none with this id.",
    authScopes: { read: 'invoices' },
    args: { id: t.arg.id({ required: true, description: 'The id of the invoice to read.' }) },
    resolve: async (_r, { id }, ctx) => orNull(async () => ctx.services.invoices.get(await keyOf(ctx), id)),
  }),
);

builder.queryField('publicInvoice', (t) =>
  t.field({
    type: InvoiceRef,
    nullable: true,
    description: "Public, the customer's view (the unguessable id is the access token); null for drafts and unknown ids.",
    authScopes: { public: true },
    args: { id: t.arg.id({ required: true, description: 'The id of the invoice (its access token) to read.' }) },
    resolve: (_r, { id }, ctx) => orNull(() => ctx.services.invoices.getPublic(id)),
  }),
);

builder.queryField('invoices', (t) =>
  t.field({
    type: InvoiceConnection,
    description: "The API key's invoices (its account and mode), newest first.",
    authScopes: { read: 'invoices' },
    args: { status: t.arg({ type: Status, description: 'Only items in this status; all statuses when absent.' }), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const svc = ctx.services.invoices;
      const query = parseGraphQLInput(listInvoicesSchema, { status: args.status, limit: pageSize(args.first, 100), cursor: args.after });
      const page = await readAfter(svc.list(await keyOf(ctx), query));
      return keysetConnection(page, (v) => svc.listCursor(v), args);
    },
  }),
);

builder.mutationField('createInvoice', (t) =>
  t.field({
    type: payload('CreateInvoicePayload'),
    description: 'Creates a draft, or sends it at once with `send: true`.',
    authScopes: { write: 'invoices' },
    args: { input: t.arg({ type: CreateInput, required: true, description: 'What `createInvoice` acts on and how: see the fields of its input type.' }) },
    errors: { types: [ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      invoice: await ctx.services.invoices.create(await keyOf(ctx), parseGraphQLInput(createInvoiceSchema, withDue(input))),
    })),
  }),
);

builder.mutationField('updateInvoice', (t) =>
  t.field({
    type: payload('UpdateInvoicePayload'),
    description: 'Edits a draft (a ConflictError once it was sent or voided).',
    authScopes: { write: 'invoices' },
    args: { input: t.arg({ type: UpdateInput, required: true, description: 'What `updateInvoice` acts on and how: see the fields of its input type.' }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: async (_r, { input: { id, ...rest } }, ctx) => {
      // Null is a value here (it clears the field), so every null reaches the schema, which refuses it where it clears nothing.
      const patch = withDue(rest);
      return {
        invoice: await ctx.services.invoices.update(await keyOf(ctx), id, parseGraphQLInput(updateInvoiceSchema, patch, { keepNull: Object.keys(patch) })),
      };
    },
  }),
);

builder.mutationField('sendInvoice', (t) =>
  t.field({
    type: payload('SendInvoicePayload'),
    description: 'Sends a draft (numbered, emailed, `invoice.sent`) or re-sends an open invoice; a ConflictError when paid or void.',
    authScopes: { write: 'invoices' },
    args: {
      input: t.arg({
        type: IdInput('SendInvoiceInput', 'draft or open invoice'),
        required: true,
        description: 'What `sendInvoice` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ invoice: await ctx.services.invoices.send(await keyOf(ctx), input.id) })),
  }),
);

builder.mutationField('voidInvoice', (t) =>
  t.field({
    type: payload('VoidInvoicePayload'),
    description: 'Voids a draft or open invoice and expires any open session for it; a ConflictError when paid or void.',
    authScopes: { write: 'invoices' },
    args: {
      input: t.arg({
        type: IdInput('VoidInvoiceInput', 'draft or open invoice'),
        required: true,
        description: 'What `voidInvoice` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ invoice: await ctx.services.invoices.void(await keyOf(ctx), input.id) })),
  }),
);

const PayPayload = builder.objectRef<{ created: boolean; sessionId: string; url: string }>('PayInvoicePayload').implement({
  description: 'The answer of `payInvoice`: the checkout session that pays the invoice.',
  fields: (t) => ({
    newSession: t.boolean({ description: 'A new session was started (false: the open or processing one was reused).', resolve: (p) => p.created }),
    sessionId: t.exposeID('sessionId', { description: 'The checkout session to pay: send the customer to `url`.' }),
    url: t.exposeString('url', { description: 'The hosted pay page of the session.' }),
    checkoutSession: t.field({
      authScopes: { optionalRead: 'checkout_sessions' },
      description: 'The checkout session to pay.',
      type: CheckoutSessionRef,
      nullable: true,
      resolve: (p, _a, ctx) => sessionLoader(ctx).load(p.sessionId),
    }),
  }),
});

builder.mutationField('payInvoice', (t) =>
  t.field({
    type: PayPayload,
    description:
      'Public: starts a checkout session for an open invoice, or reuses its open or processing one. A ConflictError when paid or void; NotFoundError for drafts.',
    authScopes: { public: true },
    args: {
      input: t.arg({
        type: IdInput('PayInvoiceInput', 'open invoice (its id is the access token)'),
        required: true,
        description: 'What `payInvoice` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent((_r, { input }, ctx) => ctx.services.invoices.pay(input.id)),
  }),
);

builder.subscriptionField('invoice', (t) =>
  t.field({
    type: InvoiceRef,
    description:
      "The invoice now, then again after every status change (made by any instance). Completes after `paid` or `void`, which is always pushed (no status follows these). Public, the customer's view (drafts NOT_FOUND); the owner's key gives the owner's view, drafts included.",
    authScopes: { public: true },
    args: { id: t.arg.id({ required: true, description: 'The id of the invoice to follow.', validate: { schema: idShape(INVOICE_ID, 'invoice') } }) },
    subscribe: (_r, { id }, ctx) => followStatus(ctx, invoiceTopic(id), (auth) => ctx.services.invoices.getFor(id, auth), FINAL_INVOICE_STATUSES),
    resolve: (v) => v,
  }),
);
