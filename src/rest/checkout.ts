import type { Route } from './router.js';
import { QUOTE_WEIGHT } from '../ratelimit/weights.js';

/**
 * Checkout sessions, Stripe-like:
 *   POST /v1/checkout/sessions                      key     create
 *   GET  /v1/checkout/sessions                      key     list (?status, ?limit 1-100, ?cursor), newest first
 *   GET  /v1/checkout/sessions/:id                  public  public view; full view with the owner's key
 *   POST /v1/checkout/sessions/:id/expire           key     open → expired
 *   POST /v1/checkout/sessions/:id/quote            public  payer quote { srcChain, srcToken, sender }
 *   POST /v1/checkout/sessions/:id/submitted        public  direct transfer reported { txHash, payer }
 *   POST /v1/checkout/sessions/:id/submit           public  Solana: signed direct transfer { signedTransaction, payer }, broadcast by the service
 *   POST /v1/checkout/sessions/:id/refunds          key     { amount?, reason? } → refund + tx to sign
 *   GET  /v1/checkout/sessions/:id/refunds          key     list
 *   POST /v1/checkout/sessions/:id/refunds/:rid/submitted  key  { txHash }
 *   POST /v1/checkout/sessions/:id/refunds/:rid/cancel     key  pending refunds only
 */
export const checkoutRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    access: 'key',
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: ({ services, auth, body }) => services.checkout.create(auth!, body),
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions',
    access: 'key',
    handler: ({ services, auth, query }) => services.checkout.list(auth!, Object.fromEntries(query.entries())),
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    access: 'optionalKey',
    handler: ({ services, auth, params }) => services.checkout.get(params.id, auth),
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    access: 'key',
    idempotent: true,
    handler: ({ services, auth, params }) => services.checkout.expire(auth!, params.id),
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/quote',
    access: 'public',
    rateLimit: { weight: QUOTE_WEIGHT },
    handler: ({ services, params, body }) => services.checkout.payerQuote(params.id, body),
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/submitted',
    access: 'public',
    idempotent: true,
    handler: ({ services, params, body }) => services.checkout.reportDirect(params.id, body),
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/submit',
    access: 'public',
    idempotent: true,
    handler: ({ services, params, body }) => services.checkout.submitSigned(params.id, body),
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/refunds',
    access: 'key',
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.checkout.refunds.create(auth!, params.id, body),
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/refunds',
    access: 'key',
    handler: ({ services, auth, params }) => services.checkout.refunds.list(auth!, params.id),
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/refunds/:refundId/submitted',
    access: 'key',
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.checkout.refunds.reportSubmitted(auth!, params.id, params.refundId, body),
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/refunds/:refundId/cancel',
    access: 'key',
    idempotent: true,
    handler: ({ services, auth, params }) => services.checkout.refunds.cancel(auth!, params.id, params.refundId),
  },
];
