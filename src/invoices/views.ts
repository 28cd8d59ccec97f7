import { z } from 'zod';
import type { EmailMessage, Invoice } from '../db/generated/client.js';
import { baseUnitsOut, isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';
import type { LineItem } from './amounts.js';
import { INVOICE_STATUSES, type InvoiceStatus } from './state.js';

/** The last email of an invoice and how its delivery went (owner's view). */
export interface InvoiceEmailView {
  id: string;
  kind: 'invoice' | 'receipt' | 'reminder';
  /** `pending` (queued or being retried), `sent`, `captured` (dev outbox, no SMTP configured) or `failed`. */
  status: 'pending' | 'sent' | 'captured' | 'failed';
  to: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface InvoiceView {
  id: string;
  object: 'invoice';
  livemode: boolean;
  number: string | null;
  status: InvoiceStatus;
  amount: string;
  settlement: { chainId: number; token: string; symbol: string; decimals: number };
  lineItems: LineItem[];
  customerName: string | null;
  merchantName: string | null;
  memo: string | null;
  dueAt: string | null;
  url: string;
  receiptUrl: string | null;
  sentAt: string | null;
  paidAt: string | null;
  receiptSentAt: string | null;
  voidedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Owner's view only from here on (the customer view omits the email, the payout address and the session). */
  customerEmail?: string | null;
  replyTo?: string | null;
  recipient?: string;
  sessionId?: string | null;
  lastEmail?: InvoiceEmailView | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const invoicePageUrl = (publicUrl: string, id: string) => `${publicUrl}/invoice/${id}`;
export const receiptUrl = (publicUrl: string, id: string) => `${publicUrl}/v1/invoices/${id}/receipt.pdf`;

function emailView(m: EmailMessage): InvoiceEmailView {
  return {
    id: m.id,
    kind: m.kind as InvoiceEmailView['kind'],
    status: m.status as InvoiceEmailView['status'],
    to: m.toAddress,
    attempts: m.attempts,
    lastError: m.lastError,
    sentAt: iso(m.sentAt),
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * An invoice as the API shows it: the owner's view (`full`) or the customer's, which omits the customer's email
 * and reply-to address, the payout address, the session and the email status.
 */
export function invoiceView(inv: Invoice, opts: { publicUrl: string; full: boolean; lastEmail?: EmailMessage | null }): InvoiceView {
  const view: InvoiceView = {
    id: inv.id,
    object: 'invoice',
    livemode: inv.livemode,
    number: inv.number,
    status: inv.status,
    amount: inv.amount,
    settlement: { chainId: inv.settleChainId, token: inv.settleToken, symbol: inv.settleSymbol, decimals: inv.settleDecimals },
    lineItems: inv.lineItems as unknown as LineItem[],
    customerEmail: inv.customerEmail,
    customerName: inv.customerName,
    merchantName: inv.merchantName,
    replyTo: inv.replyTo,
    recipient: inv.recipient,
    memo: inv.memo,
    dueAt: iso(inv.dueAt),
    url: invoicePageUrl(opts.publicUrl, inv.id),
    receiptUrl: inv.status === 'paid' ? receiptUrl(opts.publicUrl, inv.id) : null,
    sessionId: inv.sessionId,
    sentAt: iso(inv.sentAt),
    paidAt: iso(inv.paidAt),
    receiptSentAt: iso(inv.receiptSentAt),
    voidedAt: iso(inv.voidedAt),
    createdAt: inv.createdAt.toISOString(),
    updatedAt: inv.updatedAt.toISOString(),
    lastEmail: opts.lastEmail ? emailView(opts.lastEmail) : null,
  };
  if (opts.full) return view;
  for (const k of PRIVATE) delete view[k];
  return view;
}

/** What the customer's view leaves out. */
const PRIVATE = ['customerEmail', 'replyTo', 'recipient', 'sessionId', 'lastEmail'] as const;
type PrivateField = (typeof PRIVATE)[number];

/** The customer's view (`full: false`). */
export type PublicInvoiceView = Omit<InvoiceView, PrivateField>;
/** The owner's view (`full: true`): every field present. */
export type OwnerInvoiceView = PublicInvoiceView & Required<Pick<InvoiceView, PrivateField>>;

// Response schemas (OpenAPI), checked against the types above so neither can drift.

export const lineItemSchema = z.object({
  description: z.string().meta({ example: 'Consulting, November' }),
  quantity: z.number().int().meta({ example: 4 }),
  unitAmount: baseUnitsOut.meta({ description: 'Price of one unit in base units of the settlement token.', example: '10000000' }),
});

const invoiceEmailViewSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['invoice', 'receipt', 'reminder']).meta({ description: '`reminder`: a subscription invoice past its due date.' }),
    status: z
      .enum(['pending', 'sent', 'captured', 'failed'])
      .meta({ description: '`pending` (queued or being retried), `sent`, `captured` (no SMTP configured: kept in the dev outbox) or `failed`.' }),
    to: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    sentAt: isoTimestamp.nullable(),
    createdAt: isoTimestamp,
  })
  .meta({ id: 'InvoiceEmail', description: 'The last email of an invoice and how its delivery went.' });

const publicFields = {
  id: z.string().meta({ example: 'inv_test_7Kp2Wq9Lm4Zr1Tb8Xc3Vn' }),
  object: z.literal('invoice'),
  livemode: z.boolean(),
  number: z.string().nullable().meta({ description: 'Gap-free per account and mode, assigned by the first send; null for drafts.', example: 'INV-000042' }),
  status: z.enum(INVOICE_STATUSES),
  amount: baseUnitsOut.meta({ description: 'Σ quantity × unitAmount, in base units of the settlement token.', example: '49000000' }),
  settlement: z.object({
    chainId: z.number().int().meta({ example: 8453 }),
    token: z.string().meta({ example: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' }),
    symbol: z.string().meta({ example: 'USDC' }),
    decimals: z.number().int(),
  }),
  lineItems: z.array(lineItemSchema),
  customerName: z.string().nullable(),
  merchantName: z.string().nullable(),
  memo: z.string().nullable(),
  dueAt: isoTimestamp.nullable(),
  url: z.string().meta({ description: 'The hosted invoice page the customer pays on.' }),
  receiptUrl: z.string().nullable().meta({ description: 'The PDF receipt, once paid.' }),
  sentAt: isoTimestamp.nullable(),
  paidAt: isoTimestamp.nullable(),
  receiptSentAt: isoTimestamp.nullable(),
  voidedAt: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
};

export const publicInvoiceViewSchema = z.object(publicFields).meta({
  id: 'PublicInvoice',
  description: "The customer's view: the invoice without the customer's email, the reply-to address, the payout address, the session and the email status.",
});

export const invoiceViewSchema = z
  .object({
    ...publicFields,
    customerEmail: z.string().nullable(),
    replyTo: z.string().nullable().meta({ description: "Where the customer's replies go." }),
    recipient: z.string().meta({ description: 'The payout address.' }),
    sessionId: z.string().nullable().meta({ description: 'The checkout session of the last payment started.' }),
    lastEmail: invoiceEmailViewSchema.nullable(),
  })
  .meta({ id: 'Invoice', description: "The owner's view." });

/** POST /v1/invoices/{id}/pay. */
export const payInvoiceResponseSchema = z.object({
  sessionId: z.string().meta({ example: 'cs_test_E2VhWfsak5hqnmzzu' }),
  url: z.string().meta({ description: 'The hosted pay page of the session: send the customer there.' }),
});

sameShape<z.output<typeof invoiceEmailViewSchema>, InvoiceEmailView>(true);
sameShape<z.output<typeof publicInvoiceViewSchema>, PublicInvoiceView>(true);
sameShape<z.output<typeof invoiceViewSchema>, OwnerInvoiceView>(true);
/** What paying an invoice answers: its checkout session, new (`created`) or the one still open. */
export interface PayResult {
  created: boolean;
  sessionId: string;
  url: string;
}
sameShape<z.output<typeof payInvoiceResponseSchema>, Omit<PayResult, 'created'>>(true);

/** Line items and the invoice email, as billing renders a subscription's invoices. */
export type { LineItem } from './amounts.js';
export { esc, invoiceEmail, type RenderedEmail } from './emails.js';
