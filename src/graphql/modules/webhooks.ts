import { builder } from '../builder.js';
import type { AttemptView, DeliveryView, EndpointView } from '../../webhooks/views.js';
import type { Page } from '../../webhooks/service.js';

export const WebhookAttempt = builder.objectRef<AttemptView>('WebhookAttempt').implement({
  description: "One HTTP attempt of a delivery. `responseBody` is the first KiB of the receiver's answer, as untrusted text.",
  fields: (t) => ({
    id: t.exposeID('id'),
    eventId: t.exposeString('eventId'),
    endpointId: t.exposeString('endpointId'),
    deliveryId: t.exposeString('deliveryId'),
    attempt: t.exposeInt('attempt'),
    url: t.exposeString('url'),
    success: t.exposeBoolean('success'),
    statusCode: t.exposeInt('statusCode', { nullable: true }),
    latencyMs: t.exposeInt('latencyMs'),
    responseBody: t.exposeString('responseBody', { nullable: true }),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const WebhookAttemptPage = builder.objectRef<Page<AttemptView>>('WebhookAttemptPage').implement({
  fields: (t) => ({
    data: t.field({ type: [WebhookAttempt], resolve: (p) => p.data }),
    hasMore: t.exposeBoolean('hasMore'),
    nextCursor: t.exposeString('nextCursor', { nullable: true }),
  }),
});

export const WebhookDelivery = builder.objectRef<DeliveryView>('WebhookDelivery').implement({
  description: 'One event queued for one endpoint: `pending` (with `nextAttemptAt`), `succeeded`, `failed` (retries exhausted or 410) or `canceled` (endpoint disabled).',
  fields: (t) => ({
    id: t.exposeID('id'),
    eventId: t.exposeString('eventId'),
    endpointId: t.exposeString('endpointId'),
    status: t.exposeString('status'),
    origin: t.exposeString('origin'),
    attempts: t.exposeInt('attempts'),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime', nullable: true }),
    lastStatusCode: t.exposeInt('lastStatusCode', { nullable: true }),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
  }),
});

const WebhookEndpoint = builder.objectRef<EndpointView>('WebhookEndpoint').implement({
  description: 'Where events of one account and mode are POSTed, signed with the Standard Webhooks scheme.',
  fields: (t) => ({
    id: t.exposeID('id'),
    livemode: t.exposeBoolean('livemode'),
    url: t.exposeString('url'),
    description: t.exposeString('description', { nullable: true }),
    enabledEvents: t.exposeStringList('enabledEvents'),
    disabled: t.exposeBoolean('disabled'),
    disabledReason: t.exposeString('disabledReason', { nullable: true }),
    secret: t.string({ nullable: true, description: 'Only in the results of create and rotate.', resolve: (e) => e.secret ?? null }),
    previousSecretExpiresAt: t.expose('previousSecretExpiresAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    attempts: t.field({
      type: WebhookAttemptPage,
      description: 'Delivery attempts to this endpoint, newest first.',
      args: { limit: t.arg.int({ required: false }), cursor: t.arg.string({ required: false }) },
      resolve: async (e, args, ctx) =>
        ctx.services.webhooks.attempts(await ctx.requireAuth(), e.id, { limit: args.limit ?? undefined, cursor: args.cursor ?? undefined }),
    }),
  }),
});

const CreateWebhookEndpointInput = builder.inputType('CreateWebhookEndpointInput', {
  fields: (t) => ({
    url: t.string({ required: true, description: 'Live mode: https and a public host. Test mode: http(s), loopback allowed.' }),
    enabledEvents: t.stringList({ required: false, description: 'Event types, `prefix.*` patterns or `*` (default).' }),
    description: t.string({ required: false }),
    disabled: t.boolean({ required: false }),
  }),
});

const UpdateWebhookEndpointInput = builder.inputType('UpdateWebhookEndpointInput', {
  fields: (t) => ({
    url: t.string({ required: false }),
    enabledEvents: t.stringList({ required: false }),
    description: t.string({ required: false }),
    disabled: t.boolean({ required: false }),
  }),
});

const DeletedWebhookEndpoint = builder.objectRef<{ id: string; deleted: boolean }>('DeletedWebhookEndpoint').implement({
  fields: (t) => ({ id: t.exposeID('id'), deleted: t.exposeBoolean('deleted') }),
});

/** GraphQL nulls mean "not given" here, except `description: null` on update, which clears it. */
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

builder.queryField('webhookEndpoints', (t) =>
  t.field({
    type: [WebhookEndpoint],
    description: "The API key's account and mode's webhook endpoints, newest first.",
    resolve: async (_r, _a, ctx) => (await ctx.services.webhooks.list(await ctx.requireAuth())).data,
  }),
);

builder.queryField('webhookEndpoint', (t) =>
  t.field({
    type: WebhookEndpoint,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => ctx.services.webhooks.get(await ctx.requireAuth(), String(args.id)),
  }),
);

builder.mutationField('createWebhookEndpoint', (t) =>
  t.field({
    type: WebhookEndpoint,
    description: 'The result carries the signing secret; it is not shown again (rotate to get a new one).',
    args: { input: t.arg({ type: CreateWebhookEndpointInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ctx.services.webhooks.create(await ctx.requireAuth(), defined(input)),
  }),
);

builder.mutationField('updateWebhookEndpoint', (t) =>
  t.field({
    type: WebhookEndpoint,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateWebhookEndpointInput, required: true }) },
    resolve: async (_r, { id, input }, ctx) => {
      const body: Record<string, unknown> = defined(input);
      if (input.description === null) body.description = null;
      return ctx.services.webhooks.update(await ctx.requireAuth(), String(id), body);
    },
  }),
);

builder.mutationField('deleteWebhookEndpoint', (t) =>
  t.field({
    type: DeletedWebhookEndpoint,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => ctx.services.webhooks.remove(await ctx.requireAuth(), String(id)),
  }),
);

builder.mutationField('rotateWebhookEndpointSecret', (t) =>
  t.field({
    type: WebhookEndpoint,
    description: 'A new secret, shown once; the old one keeps signing alongside it for 24 hours.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => ctx.services.webhooks.rotateSecret(await ctx.requireAuth(), String(id)),
  }),
);
