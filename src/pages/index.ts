import type { Config } from '../config.js';
import type { Usage } from '../ratelimit/policy.js';
import type { Services } from '../services.js';
import { adminPageHandler } from './admin/page.js';
import { payPageHandler } from './checkout/page.js';
import type { Route } from '../rest/router.js';
import { dashboardPageHandler } from './dashboard/page.js';
import { docsPageHandler } from './docs/page.js';
import { graphiqlAssetsHandler } from './graphiql/page.js';
import { isInvoicePayPost, invoicePageHandler } from './invoice/page.js';
import { devMailPageHandler } from './mail-dev/page.js';
import { statusPageHandler } from './status/page.js';
import type { PageHandler } from './page.js';

/**
 * Every page the service serves outside the API, asked in order: the documentation, the hosted pay and invoice
 * pages, the public status page, the merchant dashboard, the operator's pages, the dev outbox and GraphiQL's assets
 * (development only). A new page is a folder here with its handler added to this list.
 */
export function pageHandlers(
  services: Pick<Services, 'admin' | 'auth' | 'checkout' | 'invoices' | 'mail' | 'status'>,
  config: Pick<Config, 'NODE_ENV' | 'DEV_MAIL_PAGE' | 'PUBLIC_URL' | 'DOCS_URL' | 'BRAND'>,
  routes: Route[],
): PageHandler[] {
  const development = config.NODE_ENV !== 'production';
  return [
    docsPageHandler(config, routes),
    payPageHandler(services.checkout),
    invoicePageHandler(services.invoices),
    statusPageHandler(services.status, { brand: config.BRAND }),
    dashboardPageHandler(services.auth, { brand: config.BRAND, docsUrl: config.DOCS_URL, reload: config.NODE_ENV === 'development' }),
    adminPageHandler(services.admin, { brand: config.BRAND, docsUrl: config.DOCS_URL, reload: config.NODE_ENV === 'development' }),
    devMailPageHandler(services.mail, { enabled: config.DEV_MAIL_PAGE && development }),
    graphiqlAssetsHandler({ enabled: development }),
  ];
}

/**
 * What a page request takes at the rate-limit gate: one point, by address; the invoice page's pay form is the
 * public pay route by another path, so it takes from `strict` as that route does.
 */
export const pageUsage = (method: string | undefined, pathname: string): Usage =>
  isInvoicePayPost(method, pathname) ? { default: 1, strict: 1 } : { default: 1 };

/** Each page's path prefix, as its label in metrics (`page:/pay`); a new page adds its own here. */
const PAGE_ROUTES = ['/pay', '/invoice', '/dashboard', '/docs', '/dev/mail', '/graphiql'].map((prefix) => ({ prefix, route: `page:${prefix}` }));

/** The page a path belongs to, as a metrics route (a constant string, never the raw path); undefined for none. */
export function pageRoute(pathname: string): string | undefined {
  for (const p of PAGE_ROUTES) {
    if (pathname.startsWith(p.prefix) && (pathname.length === p.prefix.length || pathname.charCodeAt(p.prefix.length) === 47) /* / */) return p.route;
  }
  return undefined;
}
