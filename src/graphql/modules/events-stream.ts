import { builder } from '../builder.js';
import { accountEventsTopic, type AccountEvent } from '../../events/topics.js';
import { isValidEventPattern, matchesPattern } from '../../events/patterns.js';
import { invalidParams } from '../../errors.js';

const StreamedEvent = builder.objectRef<AccountEvent>('StreamedEvent').implement({
  description: 'An event of the authenticated account and mode, as it happens (spec section 6 envelope).',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type'),
    livemode: t.exposeBoolean('livemode'),
    createdAt: t.exposeString('createdAt'),
    resourceId: t.exposeString('resourceId', { nullable: true, description: 'The resource the event is about.' }),
    sequence: t.exposeInt('sequence', { nullable: true, description: 'Per-resource sequence number (1, 2, …); ignore an update not above the last one applied.' }),
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
    // Checks run before the stream starts (not inside the generator), so a refusal is an ordinary
    // GraphQL error with its code rather than a failure of the event stream.
    subscribe: async (_r, args, ctx) => {
      const auth = await ctx.requireAuth();
      const patterns = args.types?.length ? args.types : ['*'];
      // A misspelt type would otherwise stream nothing, silently.
      const bad = patterns.findIndex((p) => !isValidEventPattern(p));
      if (bad >= 0) throw invalidParams(`types.${bad}`, 'must be an event type, a "<prefix>.*" pattern or "*"');
      const source = ctx.pubsub.iterate<AccountEvent>(accountEventsTopic(auth.accountId, auth.mode));
      // The stream counts as started once its LISTEN is in place: events committed after that are delivered.
      await source.ready;
      return (async function* () {
        for await (const evt of source) if (matchesPattern(patterns, evt.type)) yield evt;
      })();
    },
    resolve: (evt) => evt,
  }),
);
