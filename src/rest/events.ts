import type { Route } from './router.js';
import { parseInput, queryObject } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { listSchema, pageSchema } from '../openapi/common.js';
import { eventIdParamSchema, listEventsSchema, redeliverSchema } from '../events/input.js';
import { listSchema as attemptsQuerySchema } from '../webhooks/input.js';
import { eventSchema } from '../events/views.js';
import { attemptViewSchema, deliveryViewSchema } from '../webhooks/views.js';
import type { RecordedEvent } from '../events/outbox.js';
import type { AttemptView, DeliveryView } from '../webhooks/views.js';

const EVENT: RecordedEvent = {
  id: EX.eventId,
  type: 'checkout.session.completed',
  livemode: false,
  createdAt: EX.updatedAt,
  resourceId: EX.sessionId,
  sequence: 3,
  data: { session: { id: EX.sessionId, object: 'checkout.session', status: 'paid' } },
};
const DELIVERY: DeliveryView = {
  id: 'wd_3Lq8Zt1Xm5Rb7Vc2Nk9Pw4',
  object: 'webhook_delivery',
  eventId: EX.eventId,
  endpointId: EX.endpointId,
  status: 'pending',
  origin: 'auto',
  attempts: 0,
  nextAttemptAt: EX.updatedAt,
  lastStatusCode: null,
  lastError: null,
  createdAt: EX.updatedAt,
  completedAt: null,
};
export const ATTEMPT_EXAMPLE: AttemptView = {
  id: 'wha_6Tz2Kq9Lm1Xb4Vc8Nr3Pw7',
  object: 'webhook_attempt',
  eventId: EX.eventId,
  endpointId: EX.endpointId,
  deliveryId: DELIVERY.id,
  attempt: 1,
  url: 'https://shop.example.com/webhooks',
  success: true,
  statusCode: 200,
  latencyMs: 84,
  responseBody: 'ok',
  error: null,
  createdAt: EX.updatedAt,
};
const eventPath = { id: EX.eventId };

/** Events API: list (newest first, `type`, `limit`, `cursor`), get, delivery log, redeliver. */
export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/events',
    access: 'key',
    scope: { resource: 'events', level: 'read' },
    handler: ({ services, auth, query }) => services.events.list(auth!, parseInput(listEventsSchema, queryObject(query))),
    doc: {
      operationId: 'listEvents',
      tag: 'Events',
      summary: 'List events',
      description: "Events of the key's account and mode, newest first.",
      query: listEventsSchema,
      responses: {
        200: json('A page of events.', pageSchema(eventSchema), { page: { object: 'list', data: [EVENT], hasMore: true, nextCursor: EX.eventId } }),
      },
      examples: { sessions: { summary: 'Checkout session events, 20 per page', query: { type: 'checkout.session.*', limit: '20' } } },
    },
  },
  {
    method: 'GET',
    path: '/v1/events/:id',
    access: 'key',
    scope: { resource: 'events', level: 'read' },
    handler: ({ services, auth, params }) => services.events.get(auth!, params.id),
    doc: {
      operationId: 'getEvent',
      tag: 'Events',
      summary: 'Read an event',
      params: eventIdParamSchema,
      responses: { 200: json('The event.', eventSchema, { completed: EVENT }) },
      errors: ['NOT_FOUND'],
      examples: { byId: { summary: 'An event by id', params: eventPath } },
    },
  },
  {
    method: 'GET',
    path: '/v1/events/:id/deliveries',
    access: 'key',
    scope: { resource: 'webhooks', level: 'read' },
    handler: async ({ services, auth, params }) => ({ object: 'list', data: await services.events.deliveries(auth!, params.id) }),
    doc: {
      operationId: 'listEventDeliveries',
      tag: 'Events',
      summary: "An event's deliveries",
      description: 'One row per (event, endpoint) send.',
      params: eventIdParamSchema,
      responses: { 200: json('The deliveries.', listSchema(deliveryViewSchema), { one: { object: 'list', data: [DELIVERY] } }) },
      errors: ['NOT_FOUND'],
      examples: { deliveries: { summary: 'Where an event went', params: eventPath } },
    },
  },
  {
    method: 'GET',
    path: '/v1/events/:id/attempts',
    access: 'key',
    scope: { resource: 'webhooks', level: 'read' },
    handler: ({ services, auth, params, query }) => services.events.attempts(auth!, params.id, parseInput(attemptsQuerySchema, queryObject(query))),
    doc: {
      operationId: 'listEventAttempts',
      tag: 'Events',
      summary: "An event's HTTP attempts",
      description: 'Newest first.',
      params: eventIdParamSchema,
      query: attemptsQuerySchema,
      responses: {
        200: json('A page of attempts.', pageSchema(attemptViewSchema), {
          page: { object: 'list', data: [ATTEMPT_EXAMPLE], hasMore: false, nextCursor: null },
        }),
      },
      errors: ['NOT_FOUND'],
      examples: { attempts: { summary: 'Every attempt for an event', params: eventPath, query: { limit: '50' } } },
    },
  },
  {
    method: 'POST',
    path: '/v1/events/:id/redeliver',
    access: 'key',
    scope: { resource: 'webhooks', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.events.redeliver(auth!, params.id, parseInput(redeliverSchema, body ?? {})),
    doc: {
      operationId: 'redeliverEvent',
      tag: 'Events',
      summary: 'Send an event again',
      description: 'To one endpoint, or to every enabled endpoint subscribed to its type; each is a new delivery with the usual retries.',
      params: eventIdParamSchema,
      body: { schema: redeliverSchema, required: false },
      responses: { 200: json('The new deliveries.', listSchema(deliveryViewSchema), { one: { object: 'list', data: [{ ...DELIVERY, origin: 'manual' }] } }) },
      errors: ['NOT_FOUND'],
      examples: {
        toEndpoint: { summary: 'To one endpoint', params: eventPath, body: { endpointId: EX.endpointId } },
        toAll: { summary: 'To every subscribed endpoint', params: eventPath, body: {} },
      },
    },
  },
];
