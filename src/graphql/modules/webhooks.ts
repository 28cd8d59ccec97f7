import { builder } from '../builder.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import type { EndpointView } from '../../webhooks/views.js';
import { ConflictError, NotFoundError, orNull } from '../errors.js';
import { deliveryLoader, endpointLoader, eventLoader, keyOf } from '../loaders.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { EventRef, WebhookAttemptRef, WebhookDeliveryRef, WebhookEndpointRef } from '../refs.js';
import { createSchema, listSchema, updateSchema } from '../../webhooks/input.js';
import { parseGraphQLInput } from '../input.js';

const DeliveryStatus = builder.enumType('WebhookDeliveryStatus', {
  description:
    '`pending` (see `nextAttemptAt`) until `succeeded`, `failed` (retries exhausted, or the receiver answered 410) or `canceled` (the endpoint was disabled).',
  values: ['pending', 'succeeded', 'failed', 'canceled'] as const,
});
const DeliveryOrigin = builder.enumType('WebhookDeliveryOrigin', {
  description: '`auto`: queued when the event was recorded. `manual`: queued by `redeliverEvent`.',
  values: ['auto', 'manual'] as const,
});

WebhookAttemptRef.implement({
  description: "One HTTP attempt of a delivery. `responseBody` is the first KiB of the receiver's answer, as untrusted text.",
  authScopes: { key: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    eventId: t.exposeID('eventId'),
    event: t.field({ type: EventRef, nullable: true, resolve: (a, _x, ctx) => eventLoader(ctx).load(a.eventId) }),
    endpointId: t.exposeID('endpointId'),
    endpoint: t.field({ type: WebhookEndpointRef, nullable: true, resolve: (a, _x, ctx) => endpointLoader(ctx).load(a.endpointId) }),
    deliveryId: t.exposeID('deliveryId'),
    delivery: t.field({ type: WebhookDeliveryRef, nullable: true, resolve: (a, _x, ctx) => deliveryLoader(ctx).load(a.deliveryId) }),
    attempt: t.exposeInt('attempt', { description: '1 for the first attempt of the delivery, 2 for its first retry, …' }),
    url: t.exposeString('url'),
    success: t.exposeBoolean('success'),
    statusCode: t.exposeInt('statusCode', { nullable: true }),
    latencyMs: t.exposeInt('latencyMs'),
    responseBody: t.exposeString('responseBody', { nullable: true }),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }),
  }),
});

export const WebhookAttemptConnection = connectionType('WebhookAttempt', WebhookAttemptRef);

WebhookDeliveryRef.implement({
  description: 'One event queued for one endpoint, with its retries.',
  authScopes: { key: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    eventId: t.exposeID('eventId'),
    event: t.field({ type: EventRef, nullable: true, resolve: (d, _a, ctx) => eventLoader(ctx).load(d.eventId) }),
    endpointId: t.exposeID('endpointId'),
    endpoint: t.field({ type: WebhookEndpointRef, nullable: true, resolve: (d, _a, ctx) => endpointLoader(ctx).load(d.endpointId) }),
    status: t.field({ type: DeliveryStatus, resolve: (d) => d.status as 'pending' | 'succeeded' | 'failed' | 'canceled' }),
    origin: t.field({ type: DeliveryOrigin, resolve: (d) => d.origin as 'auto' | 'manual' }),
    attempts: t.exposeInt('attempts', { description: 'How many attempts were made so far.' }),
    nextAttemptAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.nextAttemptAt }),
    lastStatusCode: t.exposeInt('lastStatusCode', { nullable: true }),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.createdAt }),
    completedAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.completedAt }),
  }),
});

export const WebhookDeliveryConnection = connectionType('WebhookDelivery', WebhookDeliveryRef, { totalCount: true });

WebhookEndpointRef.implement({
  description: 'Where events of one account and mode are POSTed, signed with the Standard Webhooks scheme.',
  authScopes: { key: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    livemode: t.exposeBoolean('livemode'),
    url: t.exposeString('url'),
    description: t.exposeString('description', { nullable: true }),
    enabledEvents: t.exposeStringList('enabledEvents', { description: 'Event types, `prefix.*` patterns or `*`.' }),
    disabled: t.exposeBoolean('disabled'),
    disabledReason: t.exposeString('disabledReason', { nullable: true }),
    secret: t.string({ nullable: true, description: 'The signing secret: only in the payloads of create and rotate.', resolve: (e) => e.secret ?? null }),
    previousSecretExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Until then the secret rotated out keeps signing alongside the new one.',
      resolve: (e) => e.previousSecretExpiresAt,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (e) => e.updatedAt }),
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
    authScopes: { key: true },
    args: pageArgs(t, 100, 100),
    resolve: async (_r, args, ctx) => arrayConnection((await ctx.services.webhooks.list(await keyOf(ctx))).data, args, 100, 100),
  }),
);

builder.queryField('webhookEndpoint', (t) =>
  t.field({
    type: WebhookEndpointRef,
    nullable: true,
    description: "One of the key's webhook endpoints; null for any other id.",
    authScopes: { key: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => orNull(async () => ctx.services.webhooks.get(await keyOf(ctx), args.id)),
  }),
);

const CreateWebhookEndpointInput = builder.inputType('CreateWebhookEndpointInput', {
  fields: (t) => ({
    ...idempotencyKeyField(t),
    url: t.string({ required: true, description: 'Live mode: https and a public host. Test mode: http(s), loopback allowed.' }),
    enabledEvents: t.stringList({ required: false, description: 'Event types, `prefix.*` patterns or `*` (default).' }),
    description: t.string({ required: false }),
    disabled: t.boolean({ required: false }),
  }),
});

const UpdateWebhookEndpointInput = builder.inputType('UpdateWebhookEndpointInput', {
  description: 'Fields left out (or null) are unchanged, except `description: null`, which clears it.',
  fields: (t) => ({
    id: t.id({ required: true }),
    url: t.string({ required: false }),
    enabledEvents: t.stringList({ required: false }),
    description: t.string({ required: false }),
    disabled: t.boolean({ required: false, description: 'Disabling cancels the pending deliveries; enabling starts afresh.' }),
  }),
});

const WebhookEndpointIdInput = (name: string) => builder.inputType(name, { fields: (t) => ({ id: t.id({ required: true }) }) });
const RotateSecretInput = builder.inputType('RotateWebhookEndpointSecretInput', {
  fields: (t) => ({ id: t.id({ required: true }), ...idempotencyKeyField(t) }),
});

const endpointPayload = (name: string) =>
  builder.objectRef<{ webhookEndpoint: EndpointView }>(name).implement({
    fields: (t) => ({ webhookEndpoint: t.field({ type: WebhookEndpointRef, resolve: (p) => p.webhookEndpoint }) }),
  });

const DeleteWebhookEndpointPayload = builder.objectRef<{ id: string }>('DeleteWebhookEndpointPayload').implement({
  fields: (t) => ({ deletedWebhookEndpointId: t.id({ resolve: (p) => p.id }) }),
});

builder.mutationField('createWebhookEndpoint', (t) =>
  t.field({
    type: endpointPayload('CreateWebhookEndpointPayload'),
    description:
      'The payload carries the signing secret; it is not shown again (rotate to get a new one). A ConflictError when the account and mode already have the most endpoints allowed.',
    authScopes: { key: true },
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
    authScopes: { key: true },
    args: { input: t.arg({ type: UpdateWebhookEndpointInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NotFoundError] },
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
    authScopes: { key: true },
    args: { input: t.arg({ type: WebhookEndpointIdInput('DeleteWebhookEndpointInput'), required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NotFoundError] },
    resolve: async (_r, { input }, ctx) => ctx.services.webhooks.remove(await keyOf(ctx), input.id),
  }),
);

builder.mutationField('rotateWebhookEndpointSecret', (t) =>
  t.field({
    type: endpointPayload('RotateWebhookEndpointSecretPayload'),
    description: 'A new secret, shown once; the old one keeps signing alongside it for 24 hours.',
    authScopes: { key: true },
    args: { input: t.arg({ type: RotateSecretInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NotFoundError, ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ webhookEndpoint: await ctx.services.webhooks.rotateSecret(await keyOf(ctx), input.id) })),
  }),
);
