import { builder } from '../builder.js';

const Health = builder.objectRef<{ ok: boolean; providers: string[] }>('Health').implement({
  description: 'Service liveness and the liquidity providers loaded in this instance.',
  fields: (t) => ({
    ok: t.exposeBoolean('ok', { description: 'True when the service answers; a monitor alerts on anything else (an error or no answer).' }),
    providers: t.exposeStringList('providers', { description: 'Provider ids.' }),
  }),
});

builder.queryField('health', (t) =>
  t.field({
    type: Health,
    description: 'Liveness check for monitors and first requests: needs no key and calls nothing upstream.',
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ctx.services.health(),
  }),
);
