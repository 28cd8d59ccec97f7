import type { AdminService } from '../../admin/service.js';
import { esc, layout, type PageHandler } from '../page.js';
import { webAppHandler } from '../web-app.js';

/**
 * The operator's pages at /admin (web/admin, served as src/pages/web-app.ts serves every browser app): one HTML
 * shell for every /admin/* path. The operator signs in in the page with an ADMIN_TOKEN secret, kept in the tab's
 * sessionStorage and sent as `Authorization: Bearer` on each GraphQL request: no cookie, so nothing for a forged
 * cross-site request to ride on. Without ADMIN_TOKEN the pages do not exist (404), as the admin API does not.
 */
export interface AdminPageOptions {
  brand: string;
  /** Where the error docs live (`<docsUrl>/errors/<CODE>`). */
  docsUrl: string;
  /** Development: rebuild on change and serve the reload stream the page listens to. */
  reload: boolean;
}

export function adminPageHandler(admin: Pick<AdminService, 'enabled'>, opts: AdminPageOptions): PageHandler {
  return webAppHandler('admin', {
    base: '/admin',
    reload: opts.reload,
    enabled: () => admin.enabled,
    shell: ({ stylesheet, script, reloadPath }) => {
      const data = [`data-brand="${esc(opts.brand)}"`, `data-docs-url="${esc(opts.docsUrl)}"`, ...(reloadPath ? [`data-reload="${reloadPath}"`] : [])].join(
        ' ',
      );
      return layout({
        title: `${opts.brand} admin`,
        stylesheets: [stylesheet],
        scripts: [script],
        noindex: true,
        body: `<div id="app" ${data}><main class="boot"><h1>Loading the admin pages…</h1><noscript><p>The admin pages need JavaScript.</p></noscript></main></div>`,
      });
    },
  });
}
