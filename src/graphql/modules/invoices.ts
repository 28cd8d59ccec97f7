import { builder } from '../builder.js';
import { baseUnitAmountOrZero, idShape } from '../../validation.js';
import { createInvoiceSchema, INVOICE_ID, listInvoicesSchema, updateInvoiceSchema } from '../../invoices/input.js';
import { parseGraphQLInput } from '../input.js';
import { ApiError } from '../../errors.js';
import type { LineItem } from '../../invoices/amounts.js';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../invoices/state.js';
import { invoiceTopic } from '../../invoices/topics.js';
import type { InvoiceEmailView, InvoiceView } from '../../invoices/views.js';
import { ConflictError, NotFoundError, orNull } from '../errors.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import { followStatus } from '../status-stream.js';
import { keyOf, sessionLoader } from '../loaders.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { CheckoutSessionRef, InvoiceRef } from '../refs.js';
import { Settlement } from './checkout.js';

/** Invoices over GraphQL; every rule lives in InvoicesService (same as REST). */

/** Statuses after which an invoice never changes again, so the `invoice` subscription completes. */
export const INVOICE_SUBSCRIPTION_FINAL_STATUSES: readonly InvoiceStatus[] = ['paid', 'void'];

const Status = builder.enumType('InvoiceStatus', {
  description:
    '`draft` (editable, invisible to the customer) → `open` (sent, numbered, payable) → `paid`; `draft` or `open` → `void`. `paid` and `void` are final.',
  values: INVOICE_STATUSES,
});
const EmailKind = builder.enumType('InvoiceEmailKind', {
  description: 'The invoice itself, the receipt after payment, or a reminder about a subscription invoice past its due date.',
  values: ['invoice', 'receipt', 'reminder'] as const,
});
const EmailStatus = builder.enumType('InvoiceEmailStatus', {
  description:
    '`pending` (queued or being retried), `sent` (accepted by the SMTP server), `captured` (kept in the dev outbox: no SMTP configured), `failed` (given up after the last retry).',
  values: ['pending', 'sent', 'captured', 'failed'] as const,
});

const LineItemRef = builder.objectRef<LineItem>('InvoiceLineItem').implement({
  description: 'One line: `quantity` × `unitAmount` (settlement base units).',
  fields: (t) => ({
    description: t.exposeString('description'),
    quantity: t.exposeInt('quantity'),
    unitAmount: t.exposeString('unitAmount'),
    amount: t.string({ description: '`quantity` × `unitAmount`.', resolve: (li) => (BigInt(li.quantity) * BigInt(li.unitAmount)).toString() }),
  }),
});
const LineItemConnection = connectionType('InvoiceLineItem', LineItemRef, { totalCount: true });

const EmailRef = builder.objectRef<InvoiceEmailView>('InvoiceEmail').implement({
  description: 'The last email of an invoice and how its delivery went (owner only).',
  authScopes: { key: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: EmailKind, resolve: (e) => e.kind }),
    status: t.field({ type: EmailStatus, resolve: (e) => e.status }),
    to: t.exposeString('to'),
    attempts: t.exposeInt('attempts'),
    lastError: t.exposeString('lastError', { nullable: true }),
    sentAt: t.field({ type: 'DateTime', nullable: true, resolve: (e) => e.sentAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.createdAt }),
  }),
});

InvoiceRef.implement({
  description:
    "An invoice: line items billed to a customer, paid in a settlement stablecoin through a checkout session. Without the owner's API key (the customer's view), `customerEmail`, `replyTo`, `recipient`, `sessionId`, `checkoutSession` and `lastEmail` are null.",
  fields: (t) => ({
    id: t.exposeID('id'),
    livemode: t.exposeBoolean('livemode'),
    number: t.exposeString('number', { nullable: true, description: '`INV-0001`, … per account and mode, assigned on first send.' }),
    status: t.field({ type: Status, resolve: (i) => i.status }),
    amount: t.exposeString('amount', { description: 'Σ quantity × unitAmount, settlement base units.' }),
    settlement: t.field({ type: Settlement, resolve: (i) => i.settlement }),
    lineItems: t.field({ type: LineItemConnection, args: pageArgs(t, 50, 50), resolve: (i, args) => arrayConnection(i.lineItems, args, 50, 50) }),
    customerName: t.exposeString('customerName', { nullable: true }),
    merchantName: t.exposeString('merchantName', { nullable: true }),
    memo: t.exposeString('memo', { nullable: true }),
    dueAt: t.field({ type: 'DateTime', nullable: true, description: 'Shown to the customer; an overdue invoice stays payable.', resolve: (i) => i.dueAt }),
    url: t.exposeString('url', { description: 'The hosted invoice page.' }),
    receiptUrl: t.exposeString('receiptUrl', { nullable: true, description: 'The receipt PDF, once paid.' }),
    sentAt: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.sentAt }),
    paidAt: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.paidAt }),
    receiptSentAt: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.receiptSentAt }),
    voidedAt: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.voidedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (i) => i.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (i) => i.updatedAt }),
    customerEmail: t.string({ nullable: true, resolve: (i) => i.customerEmail ?? null }),
    replyTo: t.string({ nullable: true, resolve: (i) => i.replyTo ?? null }),
    recipient: t.string({ nullable: true, description: 'The payout address (owner only).', resolve: (i) => i.recipient ?? null }),
    sessionId: t.id({ nullable: true, description: 'The latest checkout session started to pay it (owner only).', resolve: (i) => i.sessionId ?? null }),
    checkoutSession: t.field({
      type: CheckoutSessionRef,
      nullable: true,
      description: 'The latest checkout session started to pay it (owner only).',
      resolve: (i, _a, ctx) => (i.sessionId ? sessionLoader(ctx).load(i.sessionId) : null),
    }),
    lastEmail: t.field({ type: EmailRef, nullable: true, resolve: (i) => i.lastEmail ?? null }),
  }),
});

const InvoiceConnection = connectionType('Invoice', InvoiceRef);

const LineItemInput = builder.inputType('InvoiceLineItemInput', {
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

type InputFields = Parameters<NonNullable<Parameters<typeof builder.inputType>[1]['fields']>>[0];

/** The fields create and update share; `required` is true for create's required ones (update takes any subset). */
const invoiceFields = <R extends boolean>(t: InputFields, required: R) => ({
  customerEmail: t.string({ description: 'Where the invoice and the receipt are emailed; without it sending opens the invoice but emails nothing.' }),
  customerName: t.string(),
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
  fields: (t) => ({ ...invoiceFields(t, true), send: t.boolean({ description: 'Send at once (numbered, emailed).' }), ...idempotencyKeyField(t) }),
});
const UpdateInput = builder.inputType('UpdateInvoiceInput', {
  description: 'Drafts only. Omitted fields keep their value; null clears an optional one.',
  fields: (t) => ({ id: t.id({ required: true }), ...invoiceFields(t, false) }),
});
const IdInput = (name: string) => builder.inputType(name, { fields: (t) => ({ id: t.id({ required: true }), ...idempotencyKeyField(t) }) });

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
  builder.objectRef<Payload>(name).implement({ fields: (t) => ({ invoice: t.field({ type: InvoiceRef, resolve: (p) => p.invoice }) }) });

builder.queryField('invoice', (t) =>
  t.field({
    type: InvoiceRef,
    nullable: true,
    description: "The key's invoice (its account and mode); null when there is none with this id.",
    authScopes: { key: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => orNull(async () => ctx.services.invoices.get(await keyOf(ctx), id)),
  }),
);

builder.queryField('publicInvoice', (t) =>
  t.field({
    type: InvoiceRef,
    nullable: true,
    description: "Public, the customer's view (the unguessable id is the access token); null for drafts and unknown ids.",
    authScopes: { public: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => orNull(() => ctx.services.invoices.getPublic(id)),
  }),
);

builder.queryField('invoices', (t) =>
  t.field({
    type: InvoiceConnection,
    description: "The API key's invoices (its account and mode), newest first.",
    authScopes: { key: true },
    args: { status: t.arg({ type: Status }), ...pageArgs(t, 100) },
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
    authScopes: { key: true },
    args: { input: t.arg({ type: CreateInput, required: true }) },
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
    authScopes: { key: true },
    args: { input: t.arg({ type: UpdateInput, required: true }) },
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
    authScopes: { key: true },
    args: { input: t.arg({ type: IdInput('SendInvoiceInput'), required: true }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ invoice: await ctx.services.invoices.send(await keyOf(ctx), input.id) })),
  }),
);

builder.mutationField('voidInvoice', (t) =>
  t.field({
    type: payload('VoidInvoicePayload'),
    description: 'Voids a draft or open invoice and expires any open session for it; a ConflictError when paid or void.',
    authScopes: { key: true },
    args: { input: t.arg({ type: IdInput('VoidInvoiceInput'), required: true }) },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ invoice: await ctx.services.invoices.void(await keyOf(ctx), input.id) })),
  }),
);

const PayPayload = builder.objectRef<{ created: boolean; sessionId: string; url: string }>('PayInvoicePayload').implement({
  fields: (t) => ({
    newSession: t.boolean({ description: 'A new session was started (false: the open or processing one was reused).', resolve: (p) => p.created }),
    sessionId: t.exposeID('sessionId'),
    url: t.exposeString('url', { description: 'The hosted pay page of the session.' }),
    checkoutSession: t.field({ type: CheckoutSessionRef, nullable: true, resolve: (p, _a, ctx) => sessionLoader(ctx).load(p.sessionId) }),
  }),
});

builder.mutationField('payInvoice', (t) =>
  t.field({
    type: PayPayload,
    description:
      'Public: starts a checkout session for an open invoice, or reuses its open or processing one. A ConflictError when paid or void; NotFoundError for drafts.',
    authScopes: { public: true },
    args: { input: t.arg({ type: IdInput('PayInvoiceInput'), required: true }) },
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
    args: { id: t.arg.id({ required: true, validate: { schema: idShape(INVOICE_ID, 'invoice') } }) },
    subscribe: (_r, { id }, ctx) => followStatus(ctx, invoiceTopic(id), (auth) => ctx.services.invoices.getFor(id, auth), INVOICE_SUBSCRIPTION_FINAL_STATUSES),
    resolve: (v) => v,
  }),
);
