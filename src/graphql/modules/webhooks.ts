import { builder, describedValues } from '../builder.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import type { EndpointView, FailedRedeliveryView } from '../../webhooks/views.js';
import { ConflictError, NotFoundError, orNull } from '../errors.js';
import { deliveryLoader, endpointLoader, eventLoader, keyOf } from '../loaders.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { EventRef, WebhookAttemptRef, WebhookDeliveryRef, WebhookEndpointRef } from '../refs.js';
import { createSchema, listSchema, MAX_FAILED_REDELIVERIES, redeliverFailedSchema, updateSchema } from '../../webhooks/input.js';
import { parseGraphQLInput } from '../input.js';

const DeliveryStatus = builder.enumType('WebhookDeliveryStatus', {
  description:
    '`pending` (see `nextAttemptAt`) until `succeeded`, `failed` (retries exhausted, or the receiver answered 410) or `canceled` (the endpoint was disabled).',
  values: describedValues({
    pending: 'Waiting for its next attempt (`nextAttemptAt`).',
    succeeded: 'The endpoint answered 2xx (final).',
    failed: 'Retries exhausted, or the endpoint answered 410 Gone (final).',
    canceled: 'The endpoint was disabled before it succeeded (final).',
  }),
});
const DeliveryOrigin = builder.enumType('WebhookDeliveryOrigin', {
  description: '`auto`: queued when the event was recorded. `manual`: queued by `redeliverEvent`.',
  values: describedValues({ auto: 'Queued when the event was recorded.', manual: 'Queued by `redeliverEvent`.' }),
});

WebhookAttemptRef.implement({
  description: "One HTTP attempt of a delivery. `responseBody` is the first KiB of the receiver's answer, as untrusted text.",
  authScopes: { read: 'webhooks' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The attempt id.' }),
    eventId: t.exposeID('eventId', { description: 'The event sent.' }),
    event: t.field({
      authScopes: { read: 'events' },
      type: EventRef,
      nullable: true,
      description: 'The event sent; null once it was deleted.',
      resolve: (a, _x, ctx) => eventLoader(ctx).load(a.eventId),
    }),
    endpointId: t.exposeID('endpointId', { description: 'The endpoint it was sent to.' }),
    endpoint: t.field({
      type: WebhookEndpointRef,
      nullable: true,
      description: 'The endpoint it was sent to; null once it was deleted.',
      resolve: (a, _x, ctx) => endpointLoader(ctx).load(a.endpointId),
    }),
    deliveryId: t.exposeID('deliveryId', { description: 'The delivery this attempt belongs to.' }),
    delivery: t.field({
      type: WebhookDeliveryRef,
      nullable: true,
      description: 'The delivery this attempt belongs to; null once it was deleted.',
      resolve: (a, _x, ctx) => deliveryLoader(ctx).load(a.deliveryId),
    }),
    attempt: t.exposeInt('attempt', { description: '1 for the first attempt of the delivery, 2 for its first retry, …' }),
    url: t.exposeString('url', { description: 'The URL posted to.' }),
    success: t.exposeBoolean('success', { description: 'True when the endpoint answered 2xx.' }),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: "The endpoint's HTTP status; null when no answer came (see `error`)." }),
    latencyMs: t.exposeInt('latencyMs', { description: 'Milliseconds until the answer (or the failure).' }),
    responseBody: t.exposeString('responseBody', { nullable: true, description: 'The first KiB of the answer, as text: show it escaped, never as HTML.' }),
    error: t.exposeString('error', { nullable: true, description: 'Why no answer came (timeout, refused connection…); null when one came.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When the attempt was made.', resolve: (a) => a.createdAt }),
  }),
});

export const WebhookAttemptConnection = connectionType('WebhookAttempt', WebhookAttemptRef);

WebhookDeliveryRef.implement({
  description: 'One event queued for one endpoint, with its retries.',
  authScopes: { read: 'webhooks' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The delivery id.' }),
    eventId: t.exposeID('eventId', { description: 'The event delivered.' }),
    event: t.field({
      authScopes: { read: 'events' },
      type: EventRef,
      nullable: true,
      description: 'The event delivered; null once it was deleted.',
      resolve: (d, _a, ctx) => eventLoader(ctx).load(d.eventId),
    }),
    endpointId: t.exposeID('endpointId', { description: 'The endpoint delivered to.' }),
    endpoint: t.field({
      type: WebhookEndpointRef,
      nullable: true,
      description: 'The endpoint delivered to; null once it was deleted.',
      resolve: (d, _a, ctx) => endpointLoader(ctx).load(d.endpointId),
    }),
    status: t.field({
      type: DeliveryStatus,
      description: 'Where the delivery stands.',
      resolve: (d) => d.status as 'pending' | 'succeeded' | 'failed' | 'canceled',
    }),
    origin: t.field({ type: DeliveryOrigin, description: 'Why it was queued.', resolve: (d) => d.origin as 'auto' | 'manual' }),
    attempts: t.exposeInt('attempts', { description: 'How many attempts were made so far.' }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the next attempt is due; null once final.',
      resolve: (d) => d.nextAttemptAt,
    }),
    lastStatusCode: t.exposeInt('lastStatusCode', {
      nullable: true,
      description: 'The HTTP status of the last attempt; null before one or without an answer.',
    }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last attempt got no answer; null otherwise.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was queued.', resolve: (d) => d.createdAt }),
    completedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it became final; null while pending.', resolve: (d) => d.completedAt }),
  }),
});

export const WebhookDeliveryConnection = connectionType('WebhookDelivery', WebhookDeliveryRef, { totalCount: true });

WebhookEndpointRef.implement({
  description: 'Where events of one account and mode are POSTed, signed with the Standard Webhooks scheme.',
  authScopes: { read: 'webhooks' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The endpoint id (`we_…`).' }),
    livemode: t.exposeBoolean('livemode', { description: 'True for an endpoint of live mode (receives live events only).' }),
    url: t.exposeString('url', { description: 'Where events are POSTed.' }),
    description: t.exposeString('description', { nullable: true, description: 'Your note about the endpoint.' }),
    enabledEvents: t.exposeStringList('enabledEvents', { description: 'Event types, `prefix.*` patterns or `*`.' }),
    disabled: t.exposeBoolean('disabled', { description: 'True: nothing is delivered to it until it is enabled again.' }),
    disabledReason: t.exposeString('disabledReason', {
      nullable: true,
      description: 'Why it was disabled automatically (410 Gone, failing for days); null otherwise.',
    }),
    secret: t.string({ nullable: true, description: 'The signing secret: only in the payloads of create and rotate.', resolve: (e) => e.secret ?? null }),
    previousSecretExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Until then the secret rotated out keeps signing alongside the new one.',
      resolve: (e) => e.previousSecretExpiresAt,
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was created.', resolve: (e) => e.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed.', resolve: (e) => e.updatedAt }),
    attempts: t.field({
      type: WebhookAttemptConnection,
      description: 'Delivery attempts to this endpoint, newest first.',
      args: pageArgs(t, 100),
      resolve: async (e, args, ctx) => {
        const page = await readAfter(
          ctx.services.webhooks.attempts(await keyOf(ctx), e.id, parseGraphQLInput(listSchema, { limit: pageSize(args.first, 100), cursor: args.after })),
        );
        return keysetConnection(page, (a) => a.id, args);
      },
    }),
  }),
});

const WebhookEndpointConnection = connectionType('WebhookEndpoint', WebhookEndpointRef, { totalCount: true });

builder.queryField('webhookEndpoints', (t) =>
  t.field({
    type: WebhookEndpointConnection,
    description: "The webhook endpoints of the API key's account and mode, newest first.",
    authScopes: { read: 'webhooks' },
    args: pageArgs(t, 100, 100),
    resolve: async (_r, args, ctx) => arrayConnection((await ctx.services.webhooks.list(await keyOf(ctx))).data, args, 100, 100),
  }),
);

builder.queryField('webhookEndpoint', (t) =>
  t.field({
    type: WebhookEndpointRef,
    nullable: true,
    description: "One of the key's webhook endpoints; null for any other id.",
    authScopes: { read: 'webhooks' },
    args: { id: t.arg.id({ required: true, description: 'The endpoint id.' }) },
    resolve: async (_r, args, ctx) => orNull(async () => ctx.services.webhooks.get(await keyOf(ctx), args.id)),
  }),
);

const CreateWebhookEndpointInput = builder.inputType('CreateWebhookEndpointInput', {
  description: 'A new endpoint of the API key’s account and mode.',
  fields: (t) => ({
    ...idempotencyKeyField(t),
    url: t.string({ required: true, description: 'Live mode: https and a public host. Test mode: http(s), loopback allowed.' }),
    enabledEvents: t.stringList({ required: false, description: 'Event types, `prefix.*` patterns or `*` (default).' }),
    description: t.string({ required: false, description: 'Your note about the endpoint (at most 500 characters).' }),
    disabled: t.boolean({ required: false, description: 'Create it disabled (default false).' }),
  }),
});

const UpdateWebhookEndpointInput = builder.inputType('UpdateWebhookEndpointInput', {
  description: 'Fields left out (or null) are unchanged, except `description: null`, which clears it.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The endpoint to change.' }),
    url: t.string({ required: false, description: 'A new URL (same rules as on create).' }),
    enabledEvents: t.stringList({ required: false, description: 'New event types, `prefix.*` patterns or `*`.' }),
    description: t.string({ required: false, description: 'A new note; null clears it.' }),
    disabled: t.boolean({ required: false, description: 'Disabling cancels the pending deliveries; enabling starts afresh.' }),
  }),
});

const WebhookEndpointIdInput = (name: string) =>
  builder.inputType(name, { description: 'The endpoint to act on.', fields: (t) => ({ id: t.id({ required: true, description: 'The endpoint id.' }) }) });
const RotateSecretInput = builder.inputType('RotateWebhookEndpointSecretInput', {
  description: 'The endpoint whose secret to rotate.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The endpoint id.' }), ...idempotencyKeyField(t) }),
});

const endpointPayload = (name: string) =>
  builder.objectRef<{ webhookEndpoint: EndpointView }>(name).implement({
    description: 'The endpoint after the change.',
    fields: (t) => ({
      webhookEndpoint: t.field({
        type: WebhookEndpointRef,
        description: 'The endpoint (with `secret` after create and rotate only).',
        resolve: (p) => p.webhookEndpoint,
      }),
    }),
  });

const DeleteWebhookEndpointPayload = builder.objectRef<{ id: string }>('DeleteWebhookEndpointPayload').implement({
  description: 'The endpoint deleted.',
  fields: (t) => ({ deletedWebhookEndpointId: t.id({ description: 'The id of the endpoint deleted: drop it from your lists.', resolve: (p) => p.id }) }),
});

builder.mutationField('createWebhookEndpoint', (t) =>
  t.field({
    type: endpointPayload('CreateWebhookEndpointPayload'),
    description:
      'The payload carries the signing secret; it is not shown again (rotate to get a new one). A ConflictError when the account and mode already have the most endpoints allowed.',
    authScopes: { write: 'webhooks' },
    args: { input: t.arg({ type: CreateWebhookEndpointInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      webhookEndpoint: await ctx.services.webhooks.create(await keyOf(ctx), parseGraphQLInput(createSchema, input)),
    })),
  }),
);

builder.mutationField('updateWebhookEndpoint', (t) =>
  t.field({
    type: endpointPayload('UpdateWebhookEndpointPayload'),
    description:
      'Changes an endpoint; fields left out stay as they are. `disabled` written against an endpoint whose `disabled` another request or the service changed while this one ran is a ConflictError (read it again), never a silent undo; asking for the state it is already in changes nothing.',
    authScopes: { write: 'webhooks' },
    args: { input: t.arg({ type: UpdateWebhookEndpointInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NotFoundError, ConflictError] },
    // Nulls mean "not given", except `description: null`, which clears it.
    resolve: async (_r, { input: { id, ...input } }, ctx) => ({
      webhookEndpoint: await ctx.services.webhooks.update(await keyOf(ctx), id, parseGraphQLInput(updateSchema, input, { keepNull: ['description'] })),
    }),
  }),
);

builder.mutationField('deleteWebhookEndpoint', (t) =>
  t.field({
    type: DeleteWebhookEndpointPayload,
    description: 'Deletes the endpoint with its deliveries and attempts.',
    authScopes: { write: 'webhooks' },
    args: {
      input: t.arg({
        type: WebhookEndpointIdInput('DeleteWebhookEndpointInput'),
        required: true,
        description: 'The parameters, field by field (see the input type).',
      }),
    },
    errors: { types: [NotFoundError] },
    resolve: async (_r, { input }, ctx) => ctx.services.webhooks.remove(await keyOf(ctx), input.id),
  }),
);

builder.mutationField('rotateWebhookEndpointSecret', (t) =>
  t.field({
    type: endpointPayload('RotateWebhookEndpointSecretPayload'),
    description: 'A new secret, shown once; the old one keeps signing alongside it for 24 hours.',
    authScopes: { write: 'webhooks' },
    args: { input: t.arg({ type: RotateSecretInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NotFoundError, ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ webhookEndpoint: await ctx.services.webhooks.rotateSecret(await keyOf(ctx), input.id) })),
  }),
);

const RedeliverFailedEventsInput = builder.inputType('RedeliverFailedEventsInput', {
  description: 'The endpoint to send its failed events to again.',
  fields: (t) => ({
    endpointId: t.id({ required: true, description: 'The endpoint (it must be enabled).' }),
    ...idempotencyKeyField(t),
    limit: t.int({
      required: false,
      description: `At most this many events, oldest first; default and maximum ${MAX_FAILED_REDELIVERIES.toLocaleString('en-US')}.`,
    }),
  }),
});

const RedeliverFailedEventsPayload = builder.objectRef<FailedRedeliveryView>('RedeliverFailedEventsPayload').implement({
  description: 'How many failed events were queued again; follow them in the endpoint’s `attempts`.',
  fields: (t) => ({
    webhookEndpoint: t.field({
      type: WebhookEndpointRef,
      nullable: true,
      description: 'The endpoint the events go to; null once it was deleted.',
      resolve: (p, _a, ctx) => endpointLoader(ctx).load(p.endpointId),
    }),
    queued: t.exposeInt('queued', { description: 'New deliveries queued by this call: one per event whose latest delivery failed for good.' }),
    hasMore: t.exposeBoolean('hasMore', {
      description: 'More such events remain than one call queues: call again, with a new idempotency key, for the next batch.',
    }),
  }),
});

builder.mutationField('redeliverFailedEvents', (t) =>
  t.field({
    type: RedeliverFailedEventsPayload,
    description:
      'Resend all failed: queues a new delivery to the endpoint (same event id, the usual retries) for every event whose latest delivery to it failed for good (retries used up or 410 Gone, or canceled when the endpoint was disabled) and that has none pending, oldest first, at most `limit` per call (`hasMore` says more remain). An event already queued again is never queued twice. A ConflictError when the endpoint is disabled (enable it first).',
    authScopes: { write: 'webhooks' },
    args: { input: t.arg({ type: RedeliverFailedEventsInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NotFoundError, ConflictError] },
    resolve: idempotent(async (_r, { input: { endpointId, ...input } }, ctx) =>
      ctx.services.webhooks.redeliverFailed(await keyOf(ctx), endpointId, parseGraphQLInput(redeliverFailedSchema, input)),
    ),
  }),
);
