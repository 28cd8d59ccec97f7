import type { Route } from './router.js';
import { accountRoutes } from './account.js';
import { authSessionRoutes, authSignInRoutes } from './auth.js';
import { memberRoutes } from './members.js';
import { assetsRoutes } from './assets.js';
import { checkoutRoutes } from './checkout.js';
import { healthRoutes } from './health.js';
import { eventRoutes } from './events.js';
import { webhookRoutes } from './webhooks.js';
import { quoteRoutes } from './quotes.js';
import { orderRoutes } from './orders.js';
import { openApiRoutes } from './openapi.js';
import { invoiceRoutes } from './invoices.js';
import { subscriptionRoutes } from './billing.js';
import { depositRoutes } from './deposits.js';
import { limitOrderRoutes } from './limit-orders.js';
import { dashboardKeyRoutes } from './dashboard-keys.js';
import { dashboardMirrorRoutes } from './dashboard-mirrors.js';
import { dashboardPartnerRoutes } from './dashboard-partner.js';
import { requestLogRoutes } from './request-logs.js';
import { exportRoutes } from './exports.js';
import { adminAuditRoutes } from './admin-audit.js';
import { adminPartnerRoutes } from './admin-partners.js';
import { adminAccountRoutes } from './admin-accounts.js';
import { ledgerRoutes } from './ledger.js';

/** Every /v1 route; each domain contributes its own list (src/rest/<domain>.ts). */
export const restRoutes: Route[] = [
  ...healthRoutes,
  // The document describes every route, itself included: the list is handed over when asked, not imported.
  ...openApiRoutes(() => restRoutes),
  ...eventRoutes,
  ...webhookRoutes,
  ...accountRoutes,
  ...authSignInRoutes,
  ...authSessionRoutes,
  ...memberRoutes,
  ...assetsRoutes,
  ...checkoutRoutes,
  ...invoiceRoutes,
  ...subscriptionRoutes,
  ...depositRoutes,
  ...limitOrderRoutes,
  ...quoteRoutes,
  ...orderRoutes,
  ...dashboardKeyRoutes,
  ...dashboardMirrorRoutes,
  ...dashboardPartnerRoutes,
  ...adminAuditRoutes,
  ...adminPartnerRoutes,
  ...adminAccountRoutes,
  ...ledgerRoutes,
  ...requestLogRoutes,
  ...exportRoutes,
];
