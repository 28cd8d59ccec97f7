import type { CheckoutService } from '../../checkout/service.js';
import { pageCsp } from '../../http/security.js';
import { isRead, layout, type PageHandler, sendAsset, sendPage } from '../page.js';
import { payPageAssets } from './assets.js';

/**
 * The hosted pay page /pay/<session_id>: a shell the script (./assets.ts) fills in. It talks to the public /v1 API
 * and the GraphQL subscription of the same origin only, under a strict Content-Security-Policy.
 */
const SESSION_PATH = /^\/pay\/(cs_[A-Za-z0-9_]{1,100})\/?$/;

const PAY_PAGE_CSP = pageCsp({
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
});

const html = (title: string) =>
  layout({
    title,
    stylesheets: ['/pay/assets/app.css'],
    scripts: ['/pay/assets/app.js'],
    body: '<div id="app"><main class="card"><h1>Loading payment…</h1><noscript><p>This payment page needs JavaScript.</p></noscript></main></div>',
  });

export function payPageHandler(checkout: Pick<CheckoutService, 'exists'>): PageHandler {
  return async (req, res, url) => {
    if (!url.pathname.startsWith('/pay/')) return false;
    const method = req.method ?? 'GET';
    if (!isRead(method)) return false;
    if (url.pathname === '/pay/assets/app.js' || url.pathname === '/pay/assets/app.css') {
      const a = await payPageAssets();
      return url.pathname.endsWith('.js') ? sendAsset(res, method, 'js', a.js) : sendAsset(res, method, 'css', a.css);
    }
    const m = SESSION_PATH.exec(url.pathname);
    if (!m) return false;
    const exists = await checkout.exists(m[1]!);
    const headers = { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAY_PAGE_CSP, 'cache-control': 'no-store' };
    return sendPage(res, method, exists ? 200 : 404, headers, html(exists ? 'Pay' : 'Payment not found'));
  };
}
