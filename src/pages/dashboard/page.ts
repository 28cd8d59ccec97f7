import type { AuthService } from '../../auth/service.js';
import { pageCsp } from '../../http/security.js';
import { esc, isRead, layout, PAGE_HEADERS, type PageHandler, sendPage } from '../page.js';
import { type DashboardAssets, dashboardAssets, onDashboardRebuild, watchDashboard } from './assets.js';

/**
 * The merchant dashboard at /dashboard: one HTML shell for every /dashboard/* path (the app routes in the browser),
 * its hashed script and stylesheet (cached for good), and in development a reload stream. The app talks to this
 * origin only (REST sign-in under /v1/auth, GraphQL and its WebSocket at /graphql, the session cookie), under a
 * CSP that runs only these files: no inline code, images from this origin or data: URLs (wallet icons are data:
 * URLs by EIP-6963).
 */
const DASHBOARD_CSP = pageCsp({
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
});

const ASSET = /^\/dashboard\/assets\/app\.([0-9a-f]{12})\.(js|css)$/;
const RELOAD_PATH = '/dashboard/dev/reload';

export interface DashboardPageOptions {
  brand: string;
  /** Where the error docs live (`<docsUrl>/errors/<CODE>`). */
  docsUrl: string;
  /** Development: rebuild on change and serve the reload stream the page listens to. */
  reload: boolean;
}

function shellHtml(a: Pick<DashboardAssets, 'jsHash' | 'cssHash'>, o: { brand: string; docsUrl: string; devSignIn: boolean; reload: boolean }): string {
  const data = [
    `data-brand="${esc(o.brand)}"`,
    `data-docs-url="${esc(o.docsUrl)}"`,
    ...(o.devSignIn ? ['data-dev-sign-in="on"'] : []),
    ...(o.reload ? [`data-reload="${RELOAD_PATH}"`] : []),
  ].join(' ');
  return layout({
    title: `${o.brand} dashboard`,
    stylesheets: [`/dashboard/assets/app.${a.cssHash}.css`],
    scripts: [`/dashboard/assets/app.${a.jsHash}.js`],
    noindex: true,
    body: `<div id="app" ${data}><main class="boot"><h1>Loading the dashboard…</h1><noscript><p>The dashboard needs JavaScript.</p></noscript></main></div>`,
  });
}

export function dashboardPageHandler(auth: Pick<AuthService, 'devSignInEnabled'>, opts: DashboardPageOptions): PageHandler {
  return async (req, res, url) => {
    const path = url.pathname;
    if (path !== '/dashboard' && !path.startsWith('/dashboard/')) return false;
    const method = req.method ?? 'GET';
    if (!isRead(method)) return false;
    if (opts.reload) await watchDashboard();
    if (path === RELOAD_PATH) {
      if (!opts.reload) return false;
      return reloadStream(req, res);
    }
    const assets = await dashboardAssets();
    const m = ASSET.exec(path);
    if (m) {
      const [, h, type] = m;
      // An old hash (a page from before a rebuild) is a 404: its content is gone, and caching another under its name would lie.
      if (h !== (type === 'js' ? assets.jsHash : assets.cssHash)) return false;
      const contentType = type === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
      return sendPage(
        res,
        method,
        200,
        { ...PAGE_HEADERS, 'content-type': contentType, 'cache-control': opts.reload ? 'no-store' : 'public, max-age=31536000, immutable' },
        type === 'js' ? assets.js : assets.css,
      );
    }
    if (path.startsWith('/dashboard/assets/')) return false;
    const html = shellHtml(assets, { brand: opts.brand, docsUrl: opts.docsUrl, devSignIn: auth.devSignInEnabled, reload: opts.reload });
    return sendPage(
      res,
      method,
      200,
      { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': DASHBOARD_CSP, 'cache-control': 'no-store' },
      html,
    );
  };
}

/** Server-sent events: one `reload` after each rebuild (development only; the page reloads itself on it). */
function reloadStream(req: Parameters<PageHandler>[0], res: Parameters<PageHandler>[1]): boolean {
  res.writeHead(200, { ...PAGE_HEADERS, 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  res.write(': connected\n\n');
  const off = onDashboardRebuild(() => res.write('event: reload\ndata: {}\n\n'));
  const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
  req.on('close', () => {
    clearInterval(ping);
    off();
  });
  return true;
}
