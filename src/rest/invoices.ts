import { reply, type Route } from './router.js';

/**
 * Invoices, Stripe-like:
 *   POST  /v1/invoices                   key     create (draft, or sent at once with `send: true`) → 201
 *   GET   /v1/invoices                   key     list (?status, ?limit 1-100, ?cursor), newest first
 *   GET   /v1/invoices/:id               key     the owner's view
 *   PATCH /v1/invoices/:id               key     drafts only (else CONFLICT)
 *   POST  /v1/invoices/:id/send          key     draft → open (numbered, emailed); open → re-sent
 *   POST  /v1/invoices/:id/void          key     draft or open → void
 *   GET   /v1/invoices/:id/public        public  the customer's view (drafts NOT_FOUND)
 *   POST  /v1/invoices/:id/pay           public  { sessionId, url }: 201 new session, 200 reused
 *   GET   /v1/invoices/:id/receipt.pdf   public  the receipt once paid (NOT_FOUND before)
 * Customer routes take the unguessable invoice id as their access token. Creating, sending and paying count in the
 * strict rate-limit bucket (each may send an email or start a session); the four POSTs take an Idempotency-Key.
 */
export const invoiceRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/invoices',
    access: 'key',
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: async ({ services, auth, body }) => reply(201, await services.invoices.create(auth!, body)),
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    access: 'key',
    handler: ({ services, auth, query }) => services.invoices.list(auth!, Object.fromEntries(query.entries())),
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    access: 'key',
    handler: ({ services, auth, params }) => services.invoices.get(auth!, params.id),
  },
  {
    method: 'PATCH',
    path: '/v1/invoices/:id',
    access: 'key',
    handler: ({ services, auth, params, body }) => services.invoices.update(auth!, params.id, body),
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/send',
    access: 'key',
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: ({ services, auth, params }) => services.invoices.send(auth!, params.id),
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/void',
    access: 'key',
    idempotent: true,
    handler: ({ services, auth, params }) => services.invoices.void(auth!, params.id),
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id/public',
    access: 'public',
    handler: ({ services, params }) => services.invoices.getPublic(params.id),
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/pay',
    access: 'public',
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: async ({ services, params }) => {
      const r = await services.invoices.pay(params.id);
      return reply(r.created ? 201 : 200, { sessionId: r.sessionId, url: r.url });
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id/receipt.pdf',
    access: 'public',
    handler: async ({ services, params }) => {
      const { pdf, filename } = await services.invoices.receiptPdf(params.id);
      return reply(200, pdf, {
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': `inline; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
        'cache-control': 'private, max-age=300',
        'x-content-type-options': 'nosniff',
      });
    },
  },
];
