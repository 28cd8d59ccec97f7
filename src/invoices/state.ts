/**
 * The invoice state machine, as one pure function. Every status change in the service goes through
 * `transition`; the caller applies the result under the invoice's row lock, in the transaction that writes
 * the event it names.
 *
 *   draft ──send──▶ open (number assigned; invoice.sent) ──send──▶ open (re-sent; invoice.sent)
 *     │               ├──session_paid──▶ paid (final; invoice.paid, receipt email)
 *     └──void──▶ void ◀──void──┘  (final; any open session for it is expired)
 *
 * Only drafts can be edited. Paid and void are final: nothing moves them.
 */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const INVOICE_EVENT_TYPES = ['invoice.sent', 'invoice.paid'] as const;
type InvoiceEventType = (typeof INVOICE_EVENT_TYPES)[number];

export type InvoiceAction = { type: 'send' } | { type: 'session_paid' } | { type: 'void' } | { type: 'edit' } | { type: 'pay' };

export type InvoiceTransition =
  | {
      ok: true;
      next: InvoiceStatus;
      event: InvoiceEventType | null;
      /** The send that takes the invoice out of draft assigns its number. */
      assignNumber: boolean;
    }
  | { ok: false; error: string };

/** Final: no action moves an invoice out of it (paid or void); status streams complete there. */
export const isFinal = (s: InvoiceStatus) => s === 'paid' || s === 'void';
export const FINAL_INVOICE_STATUSES: readonly InvoiceStatus[] = INVOICE_STATUSES.filter(isFinal);

export function transition(status: InvoiceStatus, action: InvoiceAction): InvoiceTransition {
  const no = (error: string): InvoiceTransition => ({ ok: false, error });
  const ok = (next: InvoiceStatus, event: InvoiceEventType | null = null, assignNumber = false): InvoiceTransition => ({ ok: true, next, event, assignNumber });
  switch (action.type) {
    case 'send':
      if (status === 'draft') return ok('open', 'invoice.sent', true);
      if (status === 'open') return ok('open', 'invoice.sent');
      return no(`a ${status} invoice cannot be sent`);
    case 'session_paid':
      if (status === 'open') return ok('paid', 'invoice.paid');
      return no(`a ${status} invoice cannot become paid`);
    case 'void':
      if (status === 'draft' || status === 'open') return ok('void');
      return no(`a ${status} invoice cannot be voided`);
    case 'edit':
      if (status === 'draft') return ok('draft');
      return no(`only drafts can be edited; this invoice is ${status}`);
    case 'pay':
      // Starting (or reusing) a payment changes no status; only an open invoice takes one.
      if (status === 'open') return ok('open');
      return no(status === 'draft' ? 'the invoice has not been sent' : `the invoice is ${status}`);
  }
}

/** `INV-0001`: the per-account number, zero-padded to four digits (more digits past 9999). */
export const formatNumber = (n: number) => `INV-${String(n).padStart(4, '0')}`;
