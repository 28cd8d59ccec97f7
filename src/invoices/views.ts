import type { EmailMessage, Invoice } from '../db/generated/client.js';
import type { LineItem } from './amounts.js';
import type { InvoiceStatus } from './state.js';

/** The last email of an invoice and how its delivery went (owner's view). */
export interface InvoiceEmailView {
  id: string;
  kind: 'invoice' | 'receipt';
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

export function emailView(m: EmailMessage): InvoiceEmailView {
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
