import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Invoice } from '../db/generated/client.js';
import { isApiError } from '../errors.js';
import type { PageHandler } from '../http/pages.js';
import { formatUnits, type LineItem } from './amounts.js';
import { esc } from './emails.js';
import { chainName } from './receipt-data.js';
import type { InvoicesService } from './service.js';
import { receiptUrl } from './views.js';
import { pageCsp } from '../http/security.js';

/**
 * The hosted invoice page /invoice/<invoice_id>: rendered on the server (every value escaped), no script at
 * all. The pay button is a form posting to /invoice/<id>/pay, which starts (or reuses) the checkout session
 * exactly as `POST /v1/invoices/{id}/pay` does and redirects to the hosted pay page; it works with a keyboard
 * and without JavaScript. A test invoice also has a sandbox button (a form posting to /invoice/<id>/sandbox-pay,
 * as `POST /v1/invoices/{id}/sandbox-pay`), which pays it at once and comes back to the page. Drafts and unknown ids are 404. Strict CSP: only our own stylesheet loads, forms
 * post only to this origin.
 */
const CSS = fileURLToPath(new URL('../../web/invoice/styles.css', import.meta.url));
const PAGE = /^\/invoice\/(inv_[A-Za-z0-9_]{1,100})\/?$/;
const PAY = /^\/invoice\/(inv_[A-Za-z0-9_]{1,100})\/pay$/;
const SANDBOX_PAY = /^\/invoice\/(inv_test_[A-Za-z0-9]{1,100})\/sandbox-pay$/;

/** The hosted page's pay button starts a checkout session as `POST /v1/invoices/{id}/pay` does: it counts in `strict` too. */
export const isInvoicePayPost = (method: string | undefined, pathname: string) => method === 'POST' && (PAY.test(pathname) || SANDBOX_PAY.test(pathname));

const PAGE_SOURCES = { 'style-src': ["'self'"], 'img-src': ["'self'", 'data:'] };
/** An open invoice's page (its pay button is a form posting to this origin). */
export const INVOICE_PAGE_CSP = pageCsp(PAGE_SOURCES, { formsToSelf: true });
/** Every other state (paid, void, not found): no form, so no form may post. */
export const INVOICE_STATIC_PAGE_CSP = pageCsp(PAGE_SOURCES);

let css: string | undefined;

const shell = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<link rel="stylesheet" href="/invoice/assets/invoice.css">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>
`;

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

const notFoundPage = () =>
  shell('Invoice not found', '<h1>Invoice not found</h1><p class="muted">Check the link you were sent, or ask the sender for a new one.</p>');

export function invoicePageHandler(invoices: Pick<InvoicesService, 'forPage' | 'pay' | 'sandboxPay' | 'publicUrl'>): PageHandler {
  return async (req, res, url) => {
    if (!url.pathname.startsWith('/invoice/')) return false;
    const method = req.method ?? 'GET';
    const common = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
    if (url.pathname === '/invoice/assets/invoice.css' && (method === 'GET' || method === 'HEAD')) {
      css ??= readFileSync(CSS, 'utf8');
      res.writeHead(200, { ...common, 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=300' });
      res.end(method === 'HEAD' ? undefined : css);
      return true;
    }
    const send = (status: number, html: string) => {
      res.writeHead(status, {
        ...common,
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': /<form\b/i.test(html) ? INVOICE_PAGE_CSP : INVOICE_STATIC_PAGE_CSP,
        'cache-control': 'no-store',
      });
      res.end(method === 'HEAD' ? undefined : html);
      return true;
    };
    const sandboxMatch = SANDBOX_PAY.exec(url.pathname);
    if (sandboxMatch && method === 'POST') {
      // Test invoices only (the path takes only inv_test_ ids; the service refuses live ones too).
      try {
        await invoices.sandboxPay(sandboxMatch[1]!);
      } catch (err) {
        if (!isApiError(err)) throw err;
        if (err.code === 'NOT_FOUND') return send(404, notFoundPage());
        // Paid or void meanwhile: the page shows where the invoice stands.
      }
      res.writeHead(303, { ...common, location: `/invoice/${sandboxMatch[1]}`, 'cache-control': 'no-store' });
      res.end();
      return true;
    }
    const payMatch = PAY.exec(url.pathname);
    if (payMatch && method === 'POST') {
      // Nothing in the (form) body is used; Node discards what is left unread once the response ends.
      try {
        const r = await invoices.pay(payMatch[1]!);
        // Relative: the pay page is on this same origin, whatever name the customer reached it by.
        res.writeHead(303, { ...common, location: `/pay/${r.sessionId}`, 'cache-control': 'no-store' });
        res.end();
        return true;
      } catch (err) {
        if (!isApiError(err)) throw err;
        if (err.code === 'NOT_FOUND') return send(404, notFoundPage());
        // Paid or void meanwhile, or a payment under review: the page shows where the invoice stands.
        res.writeHead(303, { ...common, location: `/invoice/${payMatch[1]}`, 'cache-control': 'no-store' });
        res.end();
        return true;
      }
    }
    const m = PAGE.exec(url.pathname);
    if (!m || (method !== 'GET' && method !== 'HEAD')) return false;
    const page = await invoices.forPage(m[1]!);
    if (!page) return send(404, notFoundPage());
    return send(200, renderInvoicePage(page.invoice, { overdue: page.overdue, publicUrl: invoices.publicUrl }));
  };
}
