import { builder } from '../builder.js';
import type { ApiKeyView } from '../../accounts/service.js';

const Mode = builder.enumType('Mode', { values: ['test', 'live'] as const });

const ApiKey = builder.objectRef<ApiKeyView>('ApiKey').implement({
  description: 'An API key. The secret is shown only once, when it is created.',
  fields: (t) => ({
    id: t.exposeID('id'),
    mode: t.field({ type: Mode, resolve: (k) => k.mode }),
    prefix: t.exposeString('prefix'),
    name: t.exposeString('name', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

interface ViewerShape {
  accountId: string;
  mode: 'test' | 'live';
  accountName: string;
  liveEnabled: boolean;
}

const Viewer = builder.objectRef<ViewerShape>('Viewer').implement({
  description: 'The account and mode the API key in this request belongs to.',
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    accountName: t.exposeString('accountName'),
    mode: t.field({ type: Mode, resolve: (v) => v.mode }),
    liveEnabled: t.exposeBoolean('liveEnabled'),
    apiKeys: t.field({
      type: [ApiKey],
      resolve: (v, _a, ctx) => ctx.services.accounts.listKeys(v.accountId),
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: Viewer,
    description: 'Requires an API key.',
    resolve: async (_r, _a, ctx) => {
      const auth = await ctx.requireAuth();
      const account = await ctx.services.accounts.getAccount(auth.accountId);
      return { accountId: auth.accountId, mode: auth.mode, accountName: account!.name, liveEnabled: account!.liveEnabled };
    },
  }),
);

builder.mutationField('revokeApiKey', (t) =>
  t.field({
    type: ApiKey,
    description: "Revokes one of the account's API keys (for example a leaked one). Requires an API key of the same account.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const auth = await ctx.requireAuth();
      return ctx.services.accounts.revokeKey(auth.accountId, String(args.id));
    },
  }),
);
