import { builder } from '../builder.js';
import type { ApiKeyView } from '../../accounts/service.js';
import { NotFoundError } from '../errors.js';
import { keyOf } from '../loaders.js';
import { arrayConnection, connectionType, pageArgs } from '../pagination.js';
import { ModeEnum } from '../refs.js';
import { notFound } from '../../errors.js';

const ApiKey = builder.objectRef<ApiKeyView>('ApiKey').implement({
  description: 'An API key. The secret is shown only once, when it is created.',
  authScopes: { read: 'api_keys' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The key id (not the secret): pass it to `revokeApiKey`.' }),
    mode: t.field({ type: ModeEnum, description: 'The mode the key works in; everything it creates belongs to that mode.', resolve: (k) => k.mode }),
    prefix: t.exposeString('prefix', {
      description: 'The first characters of the secret (`<brand>_<mode>_` and four more), to tell keys apart without the secret.',
    }),
    name: t.exposeString('name', { nullable: true, description: 'A label given when the key was created; null when none was.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the key was created (ISO 8601 UTC).' }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When a request last authenticated with the key (updated at most once a minute); null when it was never used.',
    }),
    revokedAt: t.expose('revokedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the key was revoked: from then on every request with it is UNAUTHORIZED. Null while the key works.',
    }),
  }),
});

const ApiKeyConnection = connectionType('ApiKey', ApiKey, { totalCount: true });

interface ViewerShape {
  accountId: string;
  mode: 'test' | 'live';
  accountName: string;
  accountCreatedAt: Date;
  liveEnabled: boolean;
}

const Viewer = builder.objectRef<ViewerShape>('Viewer').implement({
  description: 'The account and mode the API key in this request belongs to.',
  authScopes: { read: 'account' },
  fields: (t) => ({
    accountId: t.exposeID('accountId', { description: 'Id of the account the key belongs to.' }),
    accountName: t.exposeString('accountName', { description: 'Name of the account.' }),
    accountCreatedAt: t.expose('accountCreatedAt', { type: 'DateTime', description: 'When the account was created (ISO 8601 UTC).' }),
    mode: t.field({ type: ModeEnum, description: 'The mode of the key used: what this request reads and creates belongs to it.', resolve: (v) => v.mode }),
    liveEnabled: t.exposeBoolean('liveEnabled', { description: "Whether the account's live keys may be used; while false, a live key is FORBIDDEN." }),
    apiKeys: t.field({
      authScopes: { read: 'api_keys' },
      type: ApiKeyConnection,
      description: "The API keys of the account in this key's mode (a test key never sees live keys), revoked ones included, newest first.",
      args: pageArgs(t, 100, 100),
      resolve: async (v, args, ctx) => arrayConnection(await ctx.services.accounts.listKeys(v.accountId, v.mode), args, 100, 100),
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: Viewer,
    description: 'The account and mode of the API key (needs one).',
    authScopes: { read: 'account' },
    resolve: async (_r, _a, ctx) => {
      const auth = await keyOf(ctx);
      const account = await ctx.services.accounts.getAccount(auth.accountId);
      if (!account) throw notFound('Account');
      return { accountId: auth.accountId, mode: auth.mode, accountName: account.name, accountCreatedAt: account.createdAt, liveEnabled: account.liveEnabled };
    },
  }),
);

const RevokeApiKeyInput = builder.inputType('RevokeApiKeyInput', {
  description: 'The API key to revoke.',
  fields: (t) => ({ id: t.id({ required: true, description: "The key to revoke: one of the account's keys, this one included." }) }),
});

const RevokeApiKeyPayload = builder.objectRef<{ apiKey: ApiKeyView }>('RevokeApiKeyPayload').implement({
  description: 'The key revoked.',
  fields: (t) => ({ apiKey: t.field({ type: ApiKey, description: 'The key, with `revokedAt` set.', resolve: (p) => p.apiKey }) }),
});

builder.mutationField('revokeApiKey', (t) =>
  t.field({
    type: RevokeApiKeyPayload,
    description: "Revokes one of the account's API keys (for example a leaked one); revoking a revoked key changes nothing. Needs a key of the same account.",
    authScopes: { write: 'api_keys' },
    args: { input: t.arg({ type: RevokeApiKeyInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NotFoundError] },
    resolve: async (_r, { input }, ctx) => {
      const auth = await keyOf(ctx);
      return { apiKey: await ctx.services.accounts.revokeKey(auth.accountId, input.id, auth.mode) };
    },
  }),
);
