import { builder } from '../builder.js';
import type { RecordedEvent } from '../../events/outbox.js';
import type { Page } from '../../webhooks/service.js';
import { WebhookAttemptPage, WebhookDelivery } from './webhooks.js';

const Event = builder.objectRef<RecordedEvent>('Event').implement({
  description: 'An event (spec section 6 envelope) with the id and per-resource sequence number of the resource it is about.',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type'),
    livemode: t.exposeBoolean('livemode'),
    createdAt: t.exposeString('createdAt', { description: 'ISO 8601 UTC with milliseconds' }),
    resourceId: t.exposeString('resourceId'),
    sequence: t.exposeInt('sequence', { description: "1, 2, … per resource: drop an update whose sequence is not above the last one you applied." }),
    data: t.expose('data', { type: 'JSON' }),
    deliveries: t.field({
      type: [WebhookDelivery],
      resolve: async (e, _a, ctx) => ctx.services.events.deliveries(await ctx.requireAuth(), e.id),
    }),
    attempts: t.field({
      type: WebhookAttemptPage,
      args: { limit: t.arg.int({ required: false }), cursor: t.arg.string({ required: false }) },
      resolve: async (e, args, ctx) =>
        ctx.services.events.attempts(await ctx.requireAuth(), e.id, { limit: args.limit ?? undefined, cursor: args.cursor ?? undefined }),
    }),
  }),
});

const EventPage = builder.objectRef<Page<RecordedEvent>>('EventPage').implement({
  fields: (t) => ({
    data: t.field({ type: [Event], resolve: (p) => p.data }),
    hasMore: t.exposeBoolean('hasMore'),
    nextCursor: t.exposeString('nextCursor', { nullable: true, description: 'Pass as `cursor` for the next (older) page.' }),
  }),
});

builder.queryField('events', (t) =>
  t.field({
    type: EventPage,
    description: "Events of the API key's account and mode, newest first. `type` is exact or a `prefix.*` pattern.",
    args: { type: t.arg.string({ required: false }), limit: t.arg.int({ required: false }), cursor: t.arg.string({ required: false }) },
    resolve: async (_r, args, ctx) =>
      ctx.services.events.list(await ctx.requireAuth(), { type: args.type ?? undefined, limit: args.limit ?? undefined, cursor: args.cursor ?? undefined }),
  }),
);

builder.queryField('event', (t) =>
  t.field({
    type: Event,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => ctx.services.events.get(await ctx.requireAuth(), String(args.id)),
  }),
);

builder.mutationField('redeliverEvent', (t) =>
  t.field({
    type: [WebhookDelivery],
    description: 'Sends the event again, to one endpoint (`endpointId`) or to every enabled endpoint subscribed to its type.',
    args: { id: t.arg.id({ required: true }), endpointId: t.arg.id({ required: false }) },
    resolve: async (_r, args, ctx) =>
      (await ctx.services.events.redeliver(await ctx.requireAuth(), String(args.id), { endpointId: args.endpointId ? String(args.endpointId) : undefined })).data,
  }),
);

builder.mutationField('triggerWebhookEvent', (t) =>
  t.field({
    type: Event,
    description: 'Test keys only: records a realistic sample event of `type`, delivered like a real one (endpoints, `events` subscription, `listen`).',
    args: { type: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => ctx.services.webhooks.trigger(await ctx.requireAuth(), { type: args.type }),
  }),
);
