import type { Route } from './router.js';
import { invalidParams } from '../errors.js';

const obj = (body: unknown): Record<string, unknown> => {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidParams('body', 'must be a JSON object');
  return body as Record<string, unknown>;
};

/** Orders: build, submit, provider status, and reporting a sent transaction. */
export const orderRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/orders',
    access: 'optionalKey',
    handler: ({ services, body }) => services.orders.build(obj(body).quoteId as string),
  },
  {
    method: 'POST',
    path: '/v1/orders/submit',
    access: 'optionalKey',
    idempotent: true,
    handler: ({ services, body }) => services.orders.submit(obj(body) as { quoteId: string; signedTransaction: string }),
  },
  {
    method: 'POST',
    path: '/v1/orders/:quoteId/submitted',
    access: 'optionalKey',
    idempotent: true,
    handler: ({ services, body, params }) => services.orders.reportSubmitted(params.quoteId, obj(body).txHash as string),
  },
  {
    method: 'GET',
    path: '/v1/orders/:provider/:id',
    access: 'optionalKey',
    handler: ({ services, params }) => services.orders.status(params.provider, params.id),
  },
];
