import type { Invoice } from '../../db/generated/client.js';
import { formatUnits, type LineItem } from '../../invoices/amounts.js';
import { chainName } from '../../invoices/receipt-data.js';
import { receiptUrl } from '../../invoices/views.js';
import { esc, layout } from '../page.js';

/** The invoice page's HTML, rendered on the server: every value escaped, no script at all. */

const shell = (title: string, body: string) =>
  layout({ title, noindex: true, stylesheets: ['/invoice/assets/invoice.css'], body: `<main class="card">\n${body}\n</main>` });

const day = (d: Date) => d.toISOString().slice(0, 10);

export function renderInvoicePage(inv: Invoice, opts: { overdue: boolean; publicUrl: string }): string {
  const items = inv.lineItems as unknown as LineItem[];
  const dec = inv.settleDecimals;
  const sym = esc(inv.settleSymbol);
  const merchant = inv.merchantName ?? 'Invoice';
  const total = formatUnits(inv.amount, dec);
  const status =
    inv.status === 'paid'
      ? `<p class="badge paid" role="status">Paid on ${esc(day(inv.paidAt!))}. <a href="${esc(receiptUrl(opts.publicUrl, inv.id))}">Download the receipt (PDF)</a></p>`
      : inv.status === 'void'
        ? '<p class="badge void" role="status">This invoice was voided and can no longer be paid.</p>'
        : opts.overdue
          ? `<p class="badge overdue" role="status">Overdue since ${esc(day(inv.dueAt!))}; you can still pay it.</p>`
          : `<p class="badge" role="status">Open${inv.dueAt ? `, due ${esc(day(inv.dueAt))}` : ', due on receipt'}.</p>`;
  const rows = items
    .map(
      (li) =>
        `<tr><td class="item">${esc(li.description)}</td><td class="num">${li.quantity}</td><td class="num unit">${esc(formatUnits(li.unitAmount, dec))}</td><td class="num">${esc(formatUnits(BigInt(li.unitAmount) * BigInt(li.quantity), dec))}</td></tr>`,
    )
    .join('');
  const pay =
    inv.status === 'open'
      ? `<form method="post" action="/invoice/${esc(inv.id)}/pay"><button type="submit">Pay ${esc(total)} ${sym}</button></form><p class="muted">Pay with any token on any chain; ${esc(merchant)} receives ${sym} on ${esc(chainName(inv.settleChainId))}.</p>${
          inv.livemode
            ? ''
            : `<form method="post" action="/invoice/${esc(inv.id)}/sandbox-pay" class="sandbox"><button type="submit" class="secondary">Pay in the sandbox (test mode)</button></form><p class="muted">Test mode: marks this invoice paid with a sandbox payment, with the same events and receipt as a real one.</p>`
        }`
      : '';
  const body = `${inv.livemode ? '' : '<p class="test">Test mode: no real payment is requested.</p>'}
<p class="merchant">${esc(merchant)}</p>
<h1>Invoice ${esc(inv.number ?? '')}</h1>
${status}
<dl>
<dt>Billed to</dt><dd>${esc(inv.customerName ?? '—')}</dd>
<dt>Issued</dt><dd>${esc(day(inv.sentAt ?? inv.createdAt))}</dd>
<dt>Due</dt><dd>${inv.dueAt ? `${esc(day(inv.dueAt))}${opts.overdue ? ' (overdue)' : ''}` : 'On receipt'}</dd>
<dt>Amount</dt><dd>${esc(total)} ${sym}</dd>
</dl>
<table>
<caption>Line items</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num unit">Unit (${sym})</th><th scope="col" class="num">Amount (${sym})</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" colspan="3">Total</th><td class="num">${esc(total)} ${sym}</td></tr></tfoot>
</table>
${inv.memo ? `<h2>Note from ${esc(merchant)}</h2><p class="memo">${esc(inv.memo)}</p>` : ''}
${pay}`;
  return shell(`Invoice ${inv.number ?? ''} from ${merchant}`, body);
}

export const notFoundPage = () =>
  shell('Invoice not found', '<h1>Invoice not found</h1><p class="muted">Check the link you were sent, or ask the sender for a new one.</p>');
