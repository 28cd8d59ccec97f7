import type { Route } from './router.js';
import { queryObject } from '../validation.js';

/** Events API: list (newest first, `type`, `limit`, `cursor`), get, delivery log, redeliver. */
export const eventRoutes: Route[] = [
  { method: 'GET', path: '/v1/events', access: 'key', handler: ({ services, auth, query }) => services.events.list(auth!, queryObject(query)) },
  { method: 'GET', path: '/v1/events/:id', access: 'key', handler: ({ services, auth, params }) => services.events.get(auth!, params.id) },
  {
    method: 'GET',
    path: '/v1/events/:id/deliveries',
    access: 'key',
    handler: async ({ services, auth, params }) => ({ object: 'list', data: await services.events.deliveries(auth!, params.id) }),
  },
  {
    method: 'GET',
    path: '/v1/events/:id/attempts',
    access: 'key',
    handler: ({ services, auth, params, query }) => services.events.attempts(auth!, params.id, queryObject(query)),
  },
  {
    method: 'POST',
    path: '/v1/events/:id/redeliver',
    access: 'key',
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.events.redeliver(auth!, params.id, body),
  },
];
