import { reply, type Route } from './router.js';
import { parseInput, queryObject } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { pageSchema } from '../openapi/common.js';
import { createSchema, endpointIdParamSchema, listSchema, redeliverFailedSchema, triggerSchema, updateSchema } from '../webhooks/input.js';
import { attemptViewSchema, deletedEndpointSchema, endpointViewSchema, failedRedeliverySchema, type EndpointView } from '../webhooks/views.js';
import { eventSchema } from '../events/views.js';
import { ATTEMPT_EXAMPLE } from './events.js';

const ENDPOINT: EndpointView = {
  id: EX.endpointId,
  object: 'webhook_endpoint',
  livemode: false,
  url: 'https://shop.example.com/webhooks',
  description: 'Order fulfilment',
  enabledEvents: ['checkout.session.*'],
  disabled: false,
  disabledReason: null,
  previousSecretExpiresAt: null,
  createdAt: EX.createdAt,
  updatedAt: EX.createdAt,
};
const WITH_SECRET: EndpointView = { ...ENDPOINT, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
const endpointPath = { id: EX.endpointId };

/** Webhook endpoints of the key's account and mode, their attempt log, and test triggers. */
export const webhookRoutes: Route[] = [
  // Before `/:id` so that `trigger` is never taken for an endpoint id.
  {
    method: 'POST',
    path: '/v1/webhook-endpoints/trigger',
    access: 'key',
    scope: { resource: 'webhooks', level: 'write' },
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: ({ services, auth, body }) => services.webhooks.trigger(auth!, parseInput(triggerSchema, body ?? {})),
    doc: {
      operationId: 'triggerWebhookEvent',
      tag: 'Webhook endpoints',
      summary: 'Send a sample event (test keys only)',
      description: 'Records a realistic sample event of the type, delivered like a real one. A live key → 403 `FORBIDDEN`.',
      body: { schema: triggerSchema },
      responses: {
        200: json('The recorded event.', eventSchema, {
          completed: {
            id: EX.eventId,
            type: 'checkout.session.completed',
            livemode: false,
            createdAt: EX.updatedAt,
            resourceId: EX.sessionId,
            sequence: 1,
            data: { session: { id: EX.sessionId, status: 'paid' } },
          },
        }),
      },
      examples: {
        completed: { summary: 'A sample checkout.session.completed', body: { type: 'checkout.session.completed' } },
        unknownType: { summary: 'An unknown type is refused', body: { type: 'checkout.session.exploded' }, status: 400 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/webhook-endpoints',
    access: 'key',
    scope: { resource: 'webhooks', level: 'write' },
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: async ({ services, auth, body }) => reply(201, await services.webhooks.create(auth!, parseInput(createSchema, body ?? {}))),
    doc: {
      operationId: 'createWebhookEndpoint',
      tag: 'Webhook endpoints',
      summary: 'Create a webhook endpoint',
      description: 'The answer carries the signing `secret`, shown only here and on rotate-secret. At most 16 endpoints per account and mode (409 `CONFLICT`).',
      body: { schema: createSchema },
      responses: { 201: json('The endpoint, with its secret.', endpointViewSchema, { created: WITH_SECRET }) },
      errors: ['CONFLICT'],
      examples: {
        sessions: {
          summary: 'Checkout session events',
          body: { url: 'https://shop.example.com/webhooks', enabledEvents: ['checkout.session.*'], description: 'Order fulfilment' },
        },
        everything: { summary: 'Every event type', body: { url: 'https://shop.example.com/all-events' } },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/webhook-endpoints',
    access: 'key',
    scope: { resource: 'webhooks', level: 'read' },
    handler: ({ services, auth }) => services.webhooks.list(auth!),
    doc: {
      operationId: 'listWebhookEndpoints',
      tag: 'Webhook endpoints',
      summary: 'List webhook endpoints',
      responses: {
        200: json('Every endpoint, newest first (one page).', pageSchema(endpointViewSchema), {
          one: { object: 'list', data: [ENDPOINT], hasMore: false, nextCursor: null },
        }),
      },
      examples: { all: { summary: "The account's endpoints" } },
    },
  },
  {
    method: 'GET',
    path: '/v1/webhook-endpoints/:id',
    access: 'key',
    scope: { resource: 'webhooks', level: 'read' },
    handler: ({ services, auth, params }) => services.webhooks.get(auth!, params.id),
    doc: {
      operationId: 'getWebhookEndpoint',
      tag: 'Webhook endpoints',
      summary: 'Read a webhook endpoint',
      params: endpointIdParamSchema,
      responses: { 200: json('The endpoint (without secret).', endpointViewSchema, { endpoint: ENDPOINT }) },
      errors: ['NOT_FOUND'],
      examples: { byId: { summary: 'An endpoint by id', params: endpointPath } },
    },
  },
  {
    method: 'PATCH',
    path: '/v1/webhook-endpoints/:id',
    access: 'key',
    scope: { resource: 'webhooks', level: 'write' },
    handler: ({ services, auth, params, body }) => services.webhooks.update(auth!, params.id, parseInput(updateSchema, body ?? {})),
    doc: {
      operationId: 'updateWebhookEndpoint',
      tag: 'Webhook endpoints',
      summary: 'Update a webhook endpoint',
      description:
        'Any of `url`, `enabledEvents`, `description` (null clears), `disabled`; re-enabling clears `disabledReason`. A `disabled` written against an endpoint whose `disabled` another request or the service (410 Gone, days of failures) changed while this request ran is 409 `CONFLICT`, never a silent undo: read it again. Asking for the state it is already in changes nothing (its `disabledReason` and failure clock stay).',
      params: endpointIdParamSchema,
      body: { schema: updateSchema, required: false },
      responses: { 200: json('The endpoint.', endpointViewSchema, { disabled: { ...ENDPOINT, disabled: true } }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        disable: { summary: 'Pause deliveries', params: endpointPath, body: { disabled: true } },
        events: {
          summary: 'Change the subscribed types and clear the description',
          params: endpointPath,
          body: { enabledEvents: ['checkout.session.completed', 'order.*'], description: null },
        },
      },
    },
  },
  {
    method: 'DELETE',
    path: '/v1/webhook-endpoints/:id',
    access: 'key',
    scope: { resource: 'webhooks', level: 'write' },
    handler: ({ services, auth, params }) => services.webhooks.remove(auth!, params.id),
    doc: {
      operationId: 'deleteWebhookEndpoint',
      tag: 'Webhook endpoints',
      summary: 'Delete a webhook endpoint',
      description: 'Its delivery log goes with it.',
      params: endpointIdParamSchema,
      responses: { 200: json('Deleted.', deletedEndpointSchema, { deleted: { id: EX.endpointId, object: 'webhook_endpoint', deleted: true } }) },
      errors: ['NOT_FOUND'],
      examples: { remove: { summary: 'Delete an endpoint', params: endpointPath } },
    },
  },
  {
    method: 'POST',
    path: '/v1/webhook-endpoints/:id/rotate-secret',
    access: 'key',
    scope: { resource: 'webhooks', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params }) => services.webhooks.rotateSecret(auth!, params.id),
    doc: {
      operationId: 'rotateWebhookEndpointSecret',
      tag: 'Webhook endpoints',
      summary: 'Rotate the signing secret',
      description: 'Returns the new secret; for 24 h deliveries are signed with both the new and the old one (`previousSecretExpiresAt`).',
      params: endpointIdParamSchema,
      responses: {
        200: json('The endpoint with its new secret.', endpointViewSchema, {
          rotated: { ...WITH_SECRET, previousSecretExpiresAt: '2026-11-23T14:03:11.482Z' },
        }),
      },
      errors: ['NOT_FOUND'],
      examples: { rotate: { summary: 'Rotate the secret', params: endpointPath } },
    },
  },
  {
    method: 'POST',
    path: '/v1/webhook-endpoints/:id/redeliver-failed',
    access: 'key',
    scope: { resource: 'webhooks', level: 'write' },
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.webhooks.redeliverFailed(auth!, params.id, parseInput(redeliverFailedSchema, body ?? {})),
    doc: {
      operationId: 'redeliverFailedWebhookEvents',
      tag: 'Webhook endpoints',
      summary: 'Resend every failed event',
      description:
        'Queues a new delivery to this endpoint (same event id, the usual retries) for every event whose latest delivery to it failed for good (`failed`: retries used up or 410 Gone; `canceled`: the endpoint was disabled meanwhile) and that has no delivery to it pending. Oldest first, at most `limit` (default and maximum 1,000) per call: `hasMore` says more remain, and the next call (with a new `Idempotency-Key`) queues them; an event already queued again is never queued twice. A disabled endpoint → 409 `CONFLICT` (enable it first).',
      params: endpointIdParamSchema,
      body: { schema: redeliverFailedSchema, required: false },
      responses: {
        200: json('How many events were queued again, and whether more remain.', failedRedeliverySchema, {
          queued: { object: 'webhook_failed_redelivery', endpointId: EX.endpointId, queued: 42, hasMore: false },
        }),
      },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        all: { summary: 'Every failed event, oldest first', params: endpointPath },
        batch: { summary: 'The 100 oldest failed events', params: endpointPath, body: { limit: 100 } },
        tooMany: { summary: 'More than 1,000 per call is refused', params: endpointPath, body: { limit: 5000 }, status: 400 },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/webhook-endpoints/:id/attempts',
    access: 'key',
    scope: { resource: 'webhooks', level: 'read' },
    handler: ({ services, auth, params, query }) => services.webhooks.attempts(auth!, params.id, parseInput(listSchema, queryObject(query))),
    doc: {
      operationId: 'listWebhookEndpointAttempts',
      tag: 'Webhook endpoints',
      summary: "An endpoint's HTTP attempts",
      description: 'Newest first.',
      params: endpointIdParamSchema,
      query: listSchema,
      responses: {
        200: json('A page of attempts.', pageSchema(attemptViewSchema), {
          page: { object: 'list', data: [ATTEMPT_EXAMPLE], hasMore: false, nextCursor: null },
        }),
      },
      errors: ['NOT_FOUND'],
      examples: { recent: { summary: 'The 20 latest attempts', params: endpointPath, query: { limit: '20' } } },
    },
  },
];
