import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CheckoutService } from './service.js';
import type { PageHandler } from '../http/pages.js';
import { pageCsp } from '../http/security.js';

/**
 * The hosted pay page /pay/<session_id>. Front-end stack: plain TypeScript (web/pay/src, no framework, no
 * runtime dependencies) bundled by esbuild, which is already installed because tsx (how the service runs)
 * is built on it. The bundle is built once, on first request, and served from memory with the stylesheet;
 * no build step, no dev server, no extra packages. The page talks to the public /v1 API and the GraphQL
 * subscription of the same origin only, under a strict Content-Security-Policy.
 */
const WEB = fileURLToPath(new URL('../../web/pay/', import.meta.url));
const SESSION_PATH = /^\/pay\/(cs_[A-Za-z0-9_]{1,100})\/?$/;

export const PAY_PAGE_CSP = pageCsp({
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
});

let built: Promise<{ js: string; css: string }> | undefined;

export function payPageAssets(): Promise<{ js: string; css: string }> {
  built ??= (async () => {
    const { build } = await import('esbuild');
    const r = await build({
      entryPoints: [`${WEB}src/main.ts`],
      bundle: true,
      write: false,
      minify: true,
      format: 'iife',
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      legalComments: 'none',
      logLevel: 'silent',
    });
    return { js: r.outputFiles[0]!.text, css: readFileSync(`${WEB}styles.css`, 'utf8') };
  })().catch((err) => {
    built = undefined;
    throw err;
  });
  return built;
}

const html = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="/pay/assets/app.css">
<script defer src="/pay/assets/app.js"></script>
</head>
<body>
<div id="app"><main class="card"><h1>Loading payment…</h1><noscript><p>This payment page needs JavaScript.</p></noscript></main></div>
</body>
</html>
`;

export function payPageHandler(checkout: Pick<CheckoutService, 'exists'>): PageHandler {
  return async (req, res, url) => {
    if (!url.pathname.startsWith('/pay/')) return false;
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') return false;
    if (url.pathname === '/pay/assets/app.js' || url.pathname === '/pay/assets/app.css') {
      const a = await payPageAssets();
      const js = url.pathname.endsWith('.js');
      res.writeHead(200, { 'content-type': js ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8', 'cache-control': 'public, max-age=300' });
      res.end(method === 'HEAD' ? undefined : js ? a.js : a.css);
      return true;
    }
    const m = SESSION_PATH.exec(url.pathname);
    if (!m) return false;
    const exists = await checkout.exists(m[1]!);
    res.writeHead(exists ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAY_PAGE_CSP, 'cache-control': 'no-store' });
    res.end(method === 'HEAD' ? undefined : html(exists ? 'Pay' : 'Payment not found'));
    return true;
  };
}
