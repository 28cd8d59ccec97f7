import { describe, expect, it } from 'vitest';
import {
  FINAL_INVOICE_STATUSES,
  formatNumber,
  INVOICE_STATUSES,
  isFinal,
  transition,
  type InvoiceAction,
  type InvoiceStatus,
} from '../../src/invoices/state.js';

type Row = [InvoiceStatus, InvoiceAction['type'], InvoiceStatus | 'refused', string | null, boolean];

/** Every (status, action) pair: next status (or refused), the event, and whether a number is assigned. */
const TABLE: Row[] = [
  ['draft', 'send', 'open', 'invoice.sent', true],
  ['open', 'send', 'open', 'invoice.sent', false],
  ['paid', 'send', 'refused', null, false],
  ['void', 'send', 'refused', null, false],
  ['draft', 'session_paid', 'refused', null, false],
  ['open', 'session_paid', 'paid', 'invoice.paid', false],
  ['paid', 'session_paid', 'refused', null, false],
  ['void', 'session_paid', 'refused', null, false],
  ['draft', 'void', 'void', null, false],
  ['open', 'void', 'void', null, false],
  ['paid', 'void', 'refused', null, false],
  ['void', 'void', 'refused', null, false],
  ['draft', 'edit', 'draft', null, false],
  ['open', 'edit', 'refused', null, false],
  ['paid', 'edit', 'refused', null, false],
  ['void', 'edit', 'refused', null, false],
  ['draft', 'pay', 'refused', null, false],
  ['open', 'pay', 'open', null, false],
  ['paid', 'pay', 'refused', null, false],
  ['void', 'pay', 'refused', null, false],
];

describe('invoice state machine', () => {
  it('covers every status × action', () => {
    expect(TABLE.length).toBe(INVOICE_STATUSES.length * 5);
  });

  it.each(TABLE)('%s + %s → %s (%s, number %s)', (status, action, next, event, assignNumber) => {
    const r = transition(status, { type: action } as InvoiceAction);
    if (next === 'refused') {
      expect(r.ok).toBe(false);
      return;
    }
    expect(r).toEqual({ ok: true, next, event, assignNumber });
  });

  it('paid and void are final: no action leaves them', () => {
    for (const s of INVOICE_STATUSES) {
      const leaves = TABLE.some(([from, , to]) => from === s && to !== 'refused' && to !== s);
      expect(isFinal(s), s).toBe(!leaves && s !== 'draft' && s !== 'open');
    }
  });

  it.each([
    [1, 'INV-0001'],
    [42, 'INV-0042'],
    [9999, 'INV-9999'],
    [10000, 'INV-10000'],
  ])('number %i is %s', (n, s) => expect(formatNumber(n)).toBe(s));
});

describe('final invoice statuses (where the invoice stream completes)', () => {
  const actions: InvoiceAction['type'][] = ['send', 'session_paid', 'void', 'edit', 'pay'];
  const leaves = (s: InvoiceStatus) =>
    actions.some((type) => {
      const r = transition(s, { type } as InvoiceAction);
      return r.ok && r.next !== s;
    });
  it.each(INVOICE_STATUSES.map((s) => [s]))('%s is final exactly when no action moves it', (s) => {
    expect(isFinal(s)).toBe(!leaves(s));
    expect(FINAL_INVOICE_STATUSES.includes(s)).toBe(isFinal(s));
  });
});
