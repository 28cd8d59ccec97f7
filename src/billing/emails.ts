import type { Invoice } from '../db/generated/client.js';
import { esc, invoiceEmail, type RenderedEmail } from '../invoices/views.js';

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A dunning reminder: the invoice email again (same pay link, lines and total), with a notice on top saying it
 * is overdue and when the subscription is canceled if it stays unpaid.
 */
export function reminderEmail(inv: Invoice, payUrl: string, opts: { n: 1 | 2; cancelAt: Date }): RenderedEmail {
  const base = invoiceEmail(inv, payUrl);
  const test = !inv.livemode ? '[Test] ' : '';
  const notice = `Reminder ${opts.n} of 2: invoice ${inv.number} was due ${inv.dueAt ? day(inv.dueAt) : ''} (UTC) and is still unpaid. If it is not paid by ${day(opts.cancelAt)} (UTC), the subscription is canceled and this invoice voided.`;
  return {
    subject: `${test}Reminder: invoice ${inv.number} is overdue (${base.subject.replace(/^\[Test\] /, '')})`,
    text: `${notice}\n\n${base.text}`,
    html: base.html.replace('<h1', `<p style="margin:0 0 12px;padding:8px 12px;background:#ffebe9;color:#82071e;border-radius:6px;">${esc(notice)}</p><h1`),
  };
}
