import { builder } from '../builder.js';
import { accountEventsTopic, type AccountEvent } from '../../events/topics.js';

const StreamedEvent = builder.objectRef<AccountEvent>('StreamedEvent').implement({
  description: 'An event of the authenticated account and mode, as it happens (spec section 6 envelope).',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type'),
    livemode: t.exposeBoolean('livemode'),
    createdAt: t.exposeString('createdAt'),
    data: t.expose('data', { type: 'JSON' }),
  }),
});

builder.subscriptionField('events', (t) =>
  t.field({
    type: StreamedEvent,
    description: 'Streams the events of the API key\'s account and mode; `types` filters by event type (e.g. `checkout.session.completed`, or `checkout.session.*`).',
    args: {
      types: t.arg.stringList({ required: false, validate: { maxLength: 50 } }),
    },
    subscribe: async function* (_r, args, ctx) {
      const auth = await ctx.requireAuth();
      const patterns = args.types ?? [];
      const matches = (type: string) =>
        patterns.length === 0 || patterns.some((p) => p === '*' || p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))));
      for await (const evt of ctx.app.pubsub.iterate<AccountEvent>(accountEventsTopic(auth.accountId, auth.mode))) {
        if (matches(evt.type)) yield evt;
      }
    },
    resolve: (evt) => evt,
  }),
);
