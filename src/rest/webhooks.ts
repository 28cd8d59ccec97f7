import { reply, type Route } from './router.js';
import { queryObject } from '../validation.js';

/** Webhook endpoints of the key's account and mode, their attempt log, and test triggers. */
export const webhookRoutes: Route[] = [
  // Before `/:id` so that `trigger` is never taken for an endpoint id.
  { method: 'POST', path: '/v1/webhook-endpoints/trigger', access: 'key', rateLimit: { bucket: 'strict' }, idempotent: true, handler: ({ services, auth, body }) => services.webhooks.trigger(auth!, body) },
  {
    method: 'POST',
    path: '/v1/webhook-endpoints',
    access: 'key',
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: async ({ services, auth, body }) => reply(201, await services.webhooks.create(auth!, body)),
  },
  { method: 'GET', path: '/v1/webhook-endpoints', access: 'key', handler: ({ services, auth }) => services.webhooks.list(auth!) },
  { method: 'GET', path: '/v1/webhook-endpoints/:id', access: 'key', handler: ({ services, auth, params }) => services.webhooks.get(auth!, params.id) },
  {
    method: 'PATCH',
    path: '/v1/webhook-endpoints/:id',
    access: 'key',
    handler: ({ services, auth, params, body }) => services.webhooks.update(auth!, params.id, body),
  },
  { method: 'DELETE', path: '/v1/webhook-endpoints/:id', access: 'key', handler: ({ services, auth, params }) => services.webhooks.remove(auth!, params.id) },
  {
    method: 'POST',
    path: '/v1/webhook-endpoints/:id/rotate-secret',
    access: 'key',
    idempotent: true,
    handler: ({ services, auth, params }) => services.webhooks.rotateSecret(auth!, params.id),
  },
  {
    method: 'GET',
    path: '/v1/webhook-endpoints/:id/attempts',
    access: 'key',
    handler: ({ services, auth, params, query }) => services.webhooks.attempts(auth!, params.id, queryObject(query)),
  },
];
