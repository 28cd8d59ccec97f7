import { builder } from '../builder.js';
import { readOnce } from '../status-stream.js';
import type { Resource as ScopeResource } from '../../accounts/state.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import type { RecordedEvent } from '../../events/outbox.js';
import { accountEventsTopic, type AccountEventNotice } from '../../events/topics.js';
import { isValidEventPattern, matchesPattern } from '../../events/patterns.js';
import type { SessionView } from '../../checkout/views.js';
import type { OrderView } from '../../orders/views.js';
import type { EndpointView } from '../../webhooks/views.js';
import type { DeliveryView } from '../../webhooks/views.js';
import type { InvoiceView } from '../../invoices/views.js';
import type { SubscriptionView } from '../../billing/views.js';
import { invalidParams, isApiError } from '../../errors.js';
import { ConflictError, NotFoundError, orNull } from '../errors.js';
import { endpointLoader, invoiceLoader, keyOf, orderLoader, sessionLoader, subscriptionLoader } from '../loaders.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { BillingSubscriptionRef, CheckoutSessionRef, EventRef, InvoiceRef, OrderRef, WebhookDeliveryRef, WebhookEndpointRef } from '../refs.js';
import { WebhookAttemptConnection, WebhookDeliveryConnection } from './webhooks.js';
import { listEventsSchema, redeliverSchema } from '../../events/input.js';
import { listSchema, triggerSchema } from '../../webhooks/input.js';
import { parseGraphQLInput } from '../input.js';

type Resource = SessionView | OrderView | EndpointView | InvoiceView | SubscriptionView;

const EventResource = builder.unionType('EventResource', {
  description: 'The object an event is about, as it is now.',
  types: [CheckoutSessionRef, OrderRef, WebhookEndpointRef, InvoiceRef, BillingSubscriptionRef],
  resolveType: (r: Resource) => {
    if (!('object' in r)) return OrderRef;
    if (r.object === 'checkout.session') return CheckoutSessionRef;
    if (r.object === 'invoice') return InvoiceRef;
    if (r.object === 'subscription') return BillingSubscriptionRef;
    return WebhookEndpointRef;
  },
});

/** The scope resource an event's `resource` belongs to, by event type prefix. */
const RESOURCE_OF_EVENT: Array<[string, ScopeResource]> = [
  ['checkout.session.', 'checkout_sessions'],
  ['order.', 'orders'],
  ['webhook_endpoint.', 'webhooks'],
  ['invoice.', 'invoices'],
  ['subscription.', 'subscriptions'],
];

EventRef.implement({
  description:
    'An event of the account and mode (the same envelope webhooks carry), with the id and per-resource sequence number of the resource it is about. The same type is listed by `events`, looked up by `event` and streamed by the `events` subscription.',
  authScopes: { read: 'events' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The event id (`evt_…`); the same in the webhook payload, so a receiver can drop duplicates.' }),
    type: t.exposeString('type', { description: 'e.g. `checkout.session.completed` (the names webhooks carry).' }),
    livemode: t.exposeBoolean('livemode', { description: 'True for an event of live mode.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it happened.', resolve: (e) => e.createdAt }),
    resourceId: t.exposeID('resourceId', { description: 'The id of the resource it is about (a session, an order, an invoice…).' }),
    resource: t.field({
      // Reading the resource needs its own read scope (an events-only key reads the snapshot in `data`, not the live object).
      authScopes: (e) => ({ read: RESOURCE_OF_EVENT.find(([prefix]) => e.type.startsWith(prefix))?.[1] ?? 'events' }),
      type: EventResource,
      nullable: true,
      description:
        'The checkout session, invoice, billing subscription, order or webhook endpoint the event is about, as it is now; null for other resources and for ones that no longer exist.',
      resolve: async (e, _a, ctx): Promise<Resource | null> => {
        if (e.type.startsWith('checkout.session.')) return sessionLoader(ctx).load(e.resourceId);
        if (e.type.startsWith('order.')) return orderLoader(ctx).load(e.resourceId);
        if (e.type.startsWith('webhook_endpoint.')) return endpointLoader(ctx).load(e.resourceId);
        if (e.type.startsWith('invoice.')) return invoiceLoader(ctx).load(e.resourceId);
        if (e.type.startsWith('subscription.')) return subscriptionLoader(ctx).load(e.resourceId);
        return null;
      },
    }),
    sequence: t.exposeInt('sequence', { description: '1, 2, … per resource: drop an update whose sequence is not above the last one you applied.' }),
    data: t.expose('data', { type: 'JSON', description: 'A snapshot of the resource(s) when the event happened, e.g. `{ session }` or `{ order }`.' }),
    deliveries: t.field({
      authScopes: { read: 'webhooks' },
      type: WebhookDeliveryConnection,
      description: 'Its deliveries to webhook endpoints (redeliveries included), oldest first.',
      args: pageArgs(t, 100, 100),
      resolve: async (e, args, ctx) => arrayConnection(await ctx.services.events.deliveries(await keyOf(ctx), e.id), args, 100, 100),
    }),
    attempts: t.field({
      authScopes: { read: 'webhooks' },
      type: WebhookAttemptConnection,
      description: 'HTTP attempts of its deliveries, newest first.',
      args: pageArgs(t, 100),
      resolve: async (e, args, ctx) => {
        const page = await readAfter(
          ctx.services.events.attempts(await keyOf(ctx), e.id, parseGraphQLInput(listSchema, { limit: pageSize(args.first, 100), cursor: args.after })),
        );
        return keysetConnection(page, (a) => a.id, args);
      },
    }),
  }),
});

const EventConnection = connectionType('Event', EventRef);

builder.queryField('events', (t) =>
  t.field({
    type: EventConnection,
    description: "Events of the API key's account and mode, newest first. `type` is exact or a `prefix.*` pattern.",
    authScopes: { read: 'events' },
    args: { type: t.arg.string({ required: false, description: 'Only events of this type, or of a `prefix.*` pattern.' }), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const page = await readAfter(
        ctx.services.events.list(
          await keyOf(ctx),
          parseGraphQLInput(listEventsSchema, { type: args.type, limit: pageSize(args.first, 100), cursor: args.after }),
        ),
      );
      return keysetConnection(page, (e) => e.id, args);
    },
  }),
);

builder.queryField('event', (t) =>
  t.field({
    type: EventRef,
    nullable: true,
    description: "An event of the key's account and mode; null for any other id.",
    authScopes: { read: 'events' },
    args: { id: t.arg.id({ required: true, description: 'The event id.' }) },
    resolve: async (_r, args, ctx) => orNull(async () => ctx.services.events.get(await keyOf(ctx), args.id)),
  }),
);

const RedeliverEventInput = builder.inputType('RedeliverEventInput', {
  description: 'The event to send again, and optionally the one endpoint to send it to.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The event.' }),
    ...idempotencyKeyField(t),
    endpointId: t.id({ description: 'Only to this endpoint (it must be enabled); default every enabled endpoint subscribed to the event type.' }),
  }),
});

const RedeliverEventPayload = builder.objectRef<{ deliveries: DeliveryView[] }>('RedeliverEventPayload').implement({
  description: 'The new deliveries; follow them on the event or the endpoint.',
  fields: (t) => ({
    deliveries: t.field({ type: [WebhookDeliveryRef], description: 'The deliveries queued (one per endpoint).', resolve: (p) => p.deliveries }),
  }),
});

builder.mutationField('redeliverEvent', (t) =>
  t.field({
    type: RedeliverEventPayload,
    description:
      'Sends the event again, to one endpoint (`endpointId`) or to every enabled endpoint subscribed to its type; each is a new delivery with the usual retries.',
    authScopes: { write: 'webhooks' },
    args: { input: t.arg({ type: RedeliverEventInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NotFoundError, ConflictError] },
    resolve: idempotent(async (_r, { input: { id, ...input } }, ctx) => ({
      deliveries: (await ctx.services.events.redeliver(await keyOf(ctx), id, parseGraphQLInput(redeliverSchema, input))).data,
    })),
  }),
);

const TriggerWebhookEventInput = builder.inputType('TriggerWebhookEventInput', {
  description: 'The type of sample event to record.',
  fields: (t) => ({ type: t.string({ required: true, description: 'An event type, e.g. `checkout.session.completed`.' }), ...idempotencyKeyField(t) }),
});

const TriggerWebhookEventPayload = builder.objectRef<{ event: RecordedEvent }>('TriggerWebhookEventPayload').implement({
  description: 'The sample event recorded; it is delivered like a real one.',
  fields: (t) => ({ event: t.field({ type: EventRef, description: 'The event recorded.', resolve: (p) => p.event }) }),
});

builder.mutationField('triggerWebhookEvent', (t) =>
  t.field({
    type: TriggerWebhookEventPayload,
    description:
      'Test keys only (FORBIDDEN with a live key): records a realistic sample event of `type`, delivered like a real one (endpoints, `events` subscription, `listen`).',
    authScopes: { write: 'webhooks' },
    args: { input: t.arg({ type: TriggerWebhookEventInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      event: await ctx.services.webhooks.trigger(await keyOf(ctx), parseGraphQLInput(triggerSchema, input)),
    })),
  }),
);

builder.subscriptionField('events', (t) =>
  t.field({
    type: EventRef,
    description:
      "Streams the events of the API key's account and mode as they are recorded; `types` filters by event type (e.g. `checkout.session.completed`, or `checkout.session.*`). Never completes: the stream has no final state (close it when done).",
    authScopes: { read: 'events' },
    args: {
      types: t.arg.stringList({
        required: false,
        description: 'Only events of these types or `prefix.*` patterns (at most 50); default all.',
        validate: { maxLength: 50 },
      }),
    },
    // Checks run before the stream starts (not inside the generator), so a refusal is an ordinary
    // GraphQL error with its code rather than a failure of the event stream.
    subscribe: async (_r, args, ctx) => {
      const auth = await keyOf(ctx);
      const patterns = args.types?.length ? args.types : ['*'];
      // A misspelt type would otherwise stream nothing, silently.
      const bad = patterns.findIndex((p) => !isValidEventPattern(p));
      if (bad >= 0) throw invalidParams(`types.${bad}`, 'must be an event type, a "<prefix>.*" pattern or "*"');
      const source = ctx.pubsub.iterate<AccountEventNotice>(accountEventsTopic(auth.accountId, auth.mode));
      // The stream counts as started once its LISTEN is in place: events committed after that are delivered.
      await source.ready;
      return (async function* () {
        for await (const notice of source) {
          if (!matchesPattern(patterns, notice.type)) continue;
          // The notice carries the id only; the event is read as the key sees it (gone by retention: skipped).
          const auth = (await ctx.refresh()) ?? (await keyOf(ctx));
          const evt = await readOnce(notice, auth, () => ctx.services.events.get(auth, notice.id)).catch((err: unknown) => {
            if (isApiError(err) && err.code === 'NOT_FOUND') return null;
            throw err;
          });
          if (evt) yield evt;
        }
      })();
    },
    resolve: (evt) => evt,
  }),
);
