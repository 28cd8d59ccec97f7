import { builder } from '../builder.js';

const Health = builder.objectRef<{ ok: boolean; providers: string[] }>('Health').implement({
  description: 'Service liveness and the liquidity providers loaded in this instance.',
  fields: (t) => ({
    ok: t.exposeBoolean('ok'),
    providers: t.exposeStringList('providers', { description: 'Provider ids.' }),
  }),
});

builder.queryField('health', (t) =>
  t.field({
    type: Health,
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ctx.services.health(),
  }),
);
