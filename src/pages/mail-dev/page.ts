import type { MailService } from '../../mail/service.js';
import { esc, isRead, PAGE_HEADERS, type PageHandler, sendPage } from '../page.js';

/**
 * The dev outbox, `/dev/mail` (never served when NODE_ENV=production): every message of the email outbox,
 * newest first, with its delivery status; `/dev/mail/<id>` shows the HTML body as a mail client would (inline
 * styles only, nothing else may load), `/dev/mail/<id>.txt` the plain-text body.
 */
const LIST_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const MESSAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const ONE = /^\/dev\/mail\/(msg_[0-9A-Za-z]{1,64})(\.txt)?$/;
const HEADERS = { ...PAGE_HEADERS, 'cache-control': 'no-store' };
const HTML = 'text/html; charset=utf-8';

export function devMailPageHandler(mail: Pick<MailService, 'listAll' | 'getMessage' | 'view'>, opts: { enabled: boolean }): PageHandler {
  return async (req, res, url) => {
    if (!opts.enabled || !(url.pathname === '/dev/mail' || url.pathname.startsWith('/dev/mail/'))) return false;
    const method = req.method ?? 'GET';
    if (!isRead(method)) return false;
    if (url.pathname === '/dev/mail' || url.pathname === '/dev/mail/') {
      const rows = (await mail.listAll(200)).map((m) => mail.view(m));
      const body = rows.length
        ? `<table><thead><tr><th scope="col">Created</th><th scope="col">Status</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Bodies</th></tr></thead><tbody>${rows
            .map(
              (r) =>
                `<tr><td>${esc(r.createdAt)}</td><td>${esc(r.status)}${r.lastError ? `<br><small>${esc(r.lastError)}</small>` : ''}</td><td>${esc(r.to)}</td><td>${esc(r.subject)}</td><td><a href="/dev/mail/${esc(r.id)}">HTML</a> · <a href="/dev/mail/${esc(r.id)}.txt">text</a></td></tr>`,
            )
            .join('')}</tbody></table>`
        : '<p>No email yet. Send an invoice with a customer email to see it here.</p>';
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev outbox</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1f2328}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #d0d7de;padding:6px 8px;text-align:left;vertical-align:top}small{color:#57606a}a{color:#0550ae}</style></head>
<body><main><h1>Dev outbox</h1><p>Invoice and receipt emails kept by this development instance (newest first). With <code>SMTP_URL</code> set they are delivered for real; their status shows here too.</p>${body}</main></body></html>`;
      return sendPage(res, method, 200, { ...HEADERS, 'content-type': HTML, 'content-security-policy': LIST_CSP }, html);
    }
    const m = ONE.exec(url.pathname);
    if (!m) return false;
    const row = await mail.getMessage(m[1]!);
    if (m[2]) return sendPage(res, method, 200, { ...HEADERS, 'content-type': 'text/plain; charset=utf-8' }, row.text);
    return sendPage(res, method, 200, { ...HEADERS, 'content-type': HTML, 'content-security-policy': MESSAGE_CSP }, row.html);
  };
}
