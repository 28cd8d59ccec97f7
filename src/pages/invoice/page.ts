import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isApiError } from '../../errors.js';
import { pageCsp } from '../../http/security.js';
import type { InvoicesService } from '../../invoices/service.js';
import { isRead, PAGE_HEADERS, type PageHandler, sendAsset, sendPage } from '../page.js';
import { notFoundPage, renderInvoicePage } from './render.js';

/**
 * The hosted invoice page /invoice/<invoice_id> (./render.ts). The pay button is a form posting to
 * /invoice/<id>/pay, which starts (or reuses) the checkout session exactly as `POST /v1/invoices/{id}/pay` does and
 * redirects to the hosted pay page; it works with a keyboard and without JavaScript. A test invoice also has a
 * sandbox button (a form posting to /invoice/<id>/sandbox-pay, as `POST /v1/invoices/{id}/sandbox-pay`), which pays
 * it at once and comes back to the page. Drafts and unknown ids are 404. Strict CSP: only our own stylesheet
 * loads, forms post only to this origin.
 */
const CSS = fileURLToPath(new URL('../../../web/invoice/styles.css', import.meta.url));
const PAGE = /^\/invoice\/(inv_[A-Za-z0-9_]{1,100})\/?$/;
const PAY = /^\/invoice\/(inv_[A-Za-z0-9_]{1,100})\/pay$/;
const SANDBOX_PAY = /^\/invoice\/(inv_test_[A-Za-z0-9]{1,100})\/sandbox-pay$/;

/** The hosted page's pay button starts a checkout session as `POST /v1/invoices/{id}/pay` does: it counts in `strict` too. */
export const isInvoicePayPost = (method: string | undefined, pathname: string) => method === 'POST' && (PAY.test(pathname) || SANDBOX_PAY.test(pathname));

const PAGE_SOURCES = { 'style-src': ["'self'"], 'img-src': ["'self'", 'data:'] };
/** An open invoice's page (its pay button is a form posting to this origin). */
export const INVOICE_PAGE_CSP = pageCsp(PAGE_SOURCES, { formsToSelf: true });
/** Every other state (paid, void, not found): no form, so no form may post. */
const INVOICE_STATIC_PAGE_CSP = pageCsp(PAGE_SOURCES);

let css: string | undefined;

export function invoicePageHandler(invoices: Pick<InvoicesService, 'forPage' | 'pay' | 'sandboxPay' | 'publicUrl'>): PageHandler {
  return async (req, res, url) => {
    if (!url.pathname.startsWith('/invoice/')) return false;
    const method = req.method ?? 'GET';
    if (url.pathname === '/invoice/assets/invoice.css' && isRead(method)) {
      css ??= readFileSync(CSS, 'utf8');
      return sendAsset(res, method, 'css', css, PAGE_HEADERS);
    }
    const send = (status: number, html: string) =>
      sendPage(
        res,
        method,
        status,
        {
          ...PAGE_HEADERS,
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': /<form\b/i.test(html) ? INVOICE_PAGE_CSP : INVOICE_STATIC_PAGE_CSP,
          'cache-control': 'no-store',
        },
        html,
      );
    const redirect = (location: string) => sendPage(res, 'HEAD', 303, { ...PAGE_HEADERS, location, 'cache-control': 'no-store' });
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
      return redirect(`/invoice/${sandboxMatch[1]}`);
    }
    const payMatch = PAY.exec(url.pathname);
    if (payMatch && method === 'POST') {
      // Nothing in the (form) body is used; Node discards what is left unread once the response ends.
      try {
        const r = await invoices.pay(payMatch[1]!);
        // Relative: the pay page is on this same origin, whatever name the customer reached it by.
        return redirect(`/pay/${r.sessionId}`);
      } catch (err) {
        if (!isApiError(err)) throw err;
        if (err.code === 'NOT_FOUND') return send(404, notFoundPage());
        // Paid or void meanwhile, or a payment under review: the page shows where the invoice stands.
        return redirect(`/invoice/${payMatch[1]}`);
      }
    }
    const m = PAGE.exec(url.pathname);
    if (!m || !isRead(method)) return false;
    const page = await invoices.forPage(m[1]!);
    if (!page) return send(404, notFoundPage());
    return send(200, renderInvoicePage(page.invoice, { overdue: page.overdue, publicUrl: invoices.publicUrl }));
  };
}
