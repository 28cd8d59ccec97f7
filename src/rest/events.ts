import type { Route } from './router.js';
import { queryObject } from '../validation.js';

/** Events API: list (newest first, `type`, `limit`, `cursor`), get, delivery log, redeliver. */
export const eventRoutes: Route[] = [
  { method: 'GET', path: '/v1/events', access: 'key', handler: ({ app, auth, query }) => app.services.events.list(auth!, queryObject(query)) },
  { method: 'GET', path: '/v1/events/:id', access: 'key', handler: ({ app, auth, params }) => app.services.events.get(auth!, params.id) },
  {
    method: 'GET',
    path: '/v1/events/:id/deliveries',
    access: 'key',
    handler: async ({ app, auth, params }) => ({ object: 'list', data: await app.services.events.deliveries(auth!, params.id) }),
  },
  {
    method: 'GET',
    path: '/v1/events/:id/attempts',
    access: 'key',
    handler: ({ app, auth, params, query }) => app.services.events.attempts(auth!, params.id, queryObject(query)),
  },
  {
    method: 'POST',
    path: '/v1/events/:id/redeliver',
    access: 'key',
    handler: ({ app, auth, params, body }) => app.services.events.redeliver(auth!, params.id, body),
  },
];
