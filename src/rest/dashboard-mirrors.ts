import type { Route } from './router.js';
import { invoiceRoutes } from './invoices.js';
import { webhookRoutes } from './webhooks.js';
import { eventRoutes } from './events.js';
import { orderRoutes } from './orders.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { quoteIdParamSchema } from '../orders/input.js';
import { orderViewSchema } from '../orders/views.js';

/**
 * A key route served to the dashboard: the same handler, scope, schemas and examples, under `/v1/dashboard/…`,
 * authenticated by the session cookie (in the session's account and mode), its operationId prefixed
 * (`listInvoices` → `dashboardListInvoices`). `handler` replaces the handler where the dashboard needs more (a
 * check of ownership in front of a customer route).
 */
function mirror(route: Route, handler: Route['handler'] = route.handler): Route {
  const op = route.doc.operationId;
  return {
    ...route,
    path: route.path.replace(/^\/v1\//, '/v1/dashboard/'),
    access: 'session',
    handler,
    doc: {
      ...route.doc,
      operationId: `dashboard${op[0]!.toUpperCase()}${op.slice(1)}`,
      description: [route.doc.description, `The dashboard's \`${op}\`: the signed-in session's account and mode.`].filter(Boolean).join('\n\n'),
    },
  };
}

const find = (routes: Route[], method: string, path: string): Route => {
  const r = routes.find((x) => x.method === method && x.path === path);
  if (!r) throw new Error(`no route ${method} ${path} to mirror`);
  return r;
};

/**
 * `/v1/dashboard/invoices…`: every merchant route of invoices, and the receipt PDF (checked to be the session's
 * own invoice first: another account's id is NOT_FOUND as a missing one). The customer's routes (`/public`,
 * `/pay`, `/sandbox-pay`) are not mirrored: the customer uses them without a session.
 */
const receipt = find(invoiceRoutes, 'GET', '/v1/invoices/:id/receipt.pdf');
const dashboardInvoiceRoutes: Route[] = [
  ...invoiceRoutes.filter((r) => r.access === 'key').map((r) => mirror(r)),
  {
    ...mirror(receipt, async (ctx) => {
      await ctx.services.invoices.get(ctx.auth!, ctx.params.id);
      return receipt.handler(ctx);
    }),
    scope: { resource: 'invoices', level: 'read' },
  },
];

/** `/v1/dashboard/webhook-endpoints…` and `/v1/dashboard/events…`: endpoints, test events, the delivery log, resends. */
const dashboardWebhookRoutes: Route[] = [...webhookRoutes, ...eventRoutes].map((r) => mirror(r));

/**
 * `/v1/dashboard/orders`: the list of `GET /v1/orders` (swaps, deposit orders, limit-order fills; filters by
 * kind, status and time), and one order of the account by its quote id.
 */
const ordersList = find(orderRoutes, 'GET', '/v1/orders');
const dashboardOrderRoutes: Route[] = [
  mirror(ordersList),
  {
    method: 'GET',
    path: '/v1/dashboard/orders/:quoteId',
    access: 'session',
    scope: { resource: 'orders', level: 'read' },
    handler: ({ services, auth, params }) => services.orders.getOwned(auth!, params.quoteId),
    doc: {
      operationId: 'dashboardGetOrder',
      tag: 'Dashboard',
      summary: 'Read an order of the account',
      description:
        "One order record of the session's account and mode by its quote id: a swap, a deposit order, a limit-order fill or a payment of one of its checkout sessions. Any other id → 404 `NOT_FOUND`.",
      params: quoteIdParamSchema,
      responses: { 200: json('The order.', orderViewSchema) },
      errors: ['NOT_FOUND'],
      examples: { unknown: { summary: 'An order of no one', params: { quoteId: EX.depositQuoteId }, status: 404 } },
    },
  },
];

export const dashboardMirrorRoutes: Route[] = [...dashboardInvoiceRoutes, ...dashboardOrderRoutes, ...dashboardWebhookRoutes];
