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
import type { PageHandler } from './page.js';

/**
 * Every page the service serves outside the API, asked in order: the documentation, the hosted pay and invoice
 * pages, the merchant dashboard, the operator's pages, the dev outbox and GraphiQL's assets (development only). A new page (a status
 * page) is a folder here with its handler added to this list.
 */
export function pageHandlers(
  services: Pick<Services, 'admin' | 'auth' | 'checkout' | 'invoices' | 'mail'>,
  config: Pick<Config, 'NODE_ENV' | 'DEV_MAIL_PAGE' | 'PUBLIC_URL' | 'DOCS_URL' | 'BRAND'>,
  routes: Route[],
): PageHandler[] {
  const development = config.NODE_ENV !== 'production';
  return [
    docsPageHandler(config, routes),
    payPageHandler(services.checkout),
    invoicePageHandler(services.invoices),
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
