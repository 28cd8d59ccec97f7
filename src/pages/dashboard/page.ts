import type { AuthService } from '../../auth/service.js';
import { esc, layout, type PageHandler } from '../page.js';
import { webAppHandler } from '../web-app.js';

/**
 * The merchant dashboard at /dashboard (web/dashboard, served as src/pages/web-app.ts serves every browser app):
 * one HTML shell for every /dashboard/* path. The app talks to this origin only (REST sign-in under /v1/auth,
 * GraphQL and its WebSocket at /graphql, the session cookie).
 */
export interface DashboardPageOptions {
  brand: string;
  /** Where the error docs live (`<docsUrl>/errors/<CODE>`). */
  docsUrl: string;
  /** Development: rebuild on change and serve the reload stream the page listens to. */
  reload: boolean;
}

export function dashboardPageHandler(auth: Pick<AuthService, 'devSignInEnabled'>, opts: DashboardPageOptions): PageHandler {
  return webAppHandler('dashboard', {
    base: '/dashboard',
    reload: opts.reload,
    shell: ({ stylesheet, script, reloadPath }) => {
      const data = [
        `data-brand="${esc(opts.brand)}"`,
        `data-docs-url="${esc(opts.docsUrl)}"`,
        ...(auth.devSignInEnabled ? ['data-dev-sign-in="on"'] : []),
        ...(reloadPath ? [`data-reload="${reloadPath}"`] : []),
      ].join(' ');
      return layout({
        title: `${opts.brand} dashboard`,
        stylesheets: [stylesheet],
        scripts: [script],
        noindex: true,
        body: `<div id="app" ${data}><main class="boot"><h1>Loading the dashboard…</h1><noscript><p>The dashboard needs JavaScript.</p></noscript></main></div>`,
      });
    },
  });
}
