import { builder } from '../builder.js';

const Health = builder.objectRef<{ ok: boolean; providers: string[] }>('Health').implement({
  description: 'Service liveness and the liquidity providers loaded in this instance (spec 4.1).',
  fields: (t) => ({
    ok: t.exposeBoolean('ok'),
    providers: t.exposeStringList('providers'),
  }),
});

builder.queryField('health', (t) =>
  t.field({
    type: Health,
    resolve: (_root, _args, ctx) => ctx.services.health(),
  }),
);
