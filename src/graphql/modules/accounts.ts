import { builder, describedValues, payloadDescription } from '../builder.js';
import type { ApiKeyView } from '../../accounts/service.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import { parseGraphQLInput } from '../input.js';
import { createKeySchema, rollKeySchema } from '../../accounts/input.js';
import { keyScopes, RESOURCES, resourceLabel, type Level, type Resource, type Scopes } from '../../accounts/state.js';
import { keyOf } from '../loaders.js';
import { arrayConnection, connectionType, pageArgs } from '../pagination.js';
import { ModeEnum } from '../refs.js';
import { notFound } from '../../errors.js';

const ScopeLevelEnum = builder.enumType('ScopeLevel', {
  description: 'What a key or a role may do with one resource: nothing, read it, or read and change it.',
  values: describedValues({
    none: 'Nothing: requests on the resource are FORBIDDEN.',
    read: 'Read it.',
    write: 'Read and change it (write includes read).',
  } satisfies Record<Level, string>),
});

/** `checkout_sessions` → `checkoutSessions`: the GraphQL field of a resource. */
const fieldOf = (r: Resource) => r.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Keys can never be given the team (dashboard-only), so the input has no field for it. */
const KEY_RESOURCES = RESOURCES.filter((r) => r !== 'team');

export const ApiKeyScopes = builder.objectRef<Scopes>('ApiKeyScopes').implement({
  description: 'What a restricted key may do, one field per resource.',
  fields: (t) =>
    Object.fromEntries(
      RESOURCES.map((r) => [fieldOf(r), t.field({ type: ScopeLevelEnum, description: `The level on ${resourceLabel(r)}.`, resolve: (s) => s[r] })]),
    ),
});

const ApiKeyScopesInput = builder.inputType('ApiKeyScopesInput', {
  description: 'A restricted key: the level per resource; a resource not given is `none`.',
  fields: (t) =>
    Object.fromEntries(KEY_RESOURCES.map((r) => [fieldOf(r), t.field({ type: ScopeLevelEnum, description: `The level on ${resourceLabel(r)}.` })])),
});

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
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the key stops working (its own expiry, or the end of the grace period after it was rolled); null: never.',
    }),
    scopes: t.field({
      type: ApiKeyScopes,
      nullable: true,
      description: 'A restricted key: what it may do per resource. Null: unrestricted (everything a key may do).',
      resolve: (k) => (k.scopes == null ? null : keyScopes(k.scopes)),
    }),
    rolledFromId: t.exposeID('rolledFromId', { nullable: true, description: 'The key this one replaced, when it was made by `rollApiKey`.' }),
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

const CreateApiKeyInput = builder.inputType('CreateApiKeyInput', {
  description: "A new key of the credential's account and mode.",
  fields: (t) => ({
    name: t.string({ description: 'A label to tell keys apart (1 to 100 characters).' }),
    scopes: t.field({ type: ApiKeyScopesInput, description: 'Restricts the key; omitted or null: unrestricted. Never wider than the caller itself.' }),
    expiresAt: t.field({ type: 'DateTime', description: 'When the key stops working (in the future); omitted: never.' }),
  }),
});

const KeyWithSecret = (name: string) =>
  builder.objectRef<{ apiKey: ApiKeyView; secret: string }>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({
      apiKey: t.field({ type: ApiKey, description: 'The new key.', resolve: (p) => p.apiKey }),
      secret: t.exposeString('secret', { description: 'The full key for the `x-api-key` header: shown only here, store it now.' }),
    }),
  });

/** GraphQL's scope fields (camelCase) → the domain's resource names. */
const scopesFromInput = (s: Record<string, string | null | undefined> | null | undefined) =>
  s == null ? s : Object.fromEntries(KEY_RESOURCES.filter((r) => s[fieldOf(r)] != null).map((r) => [r, s[fieldOf(r)]]));

builder.mutationField('createApiKey', (t) =>
  t.field({
    type: KeyWithSecret('CreateApiKeyPayload'),
    description:
      "Creates an API key of the credential's account and mode, unrestricted or restricted, optionally expiring; the secret is in this answer only. Needs `api_keys: write`, and a key no wider than the caller (a restricted key or a developer cannot mint a wider one: ForbiddenError).",
    authScopes: { write: 'api_keys' },
    args: { input: t.arg({ type: CreateApiKeyInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [ForbiddenError] },
    resolve: async (_r, { input }, ctx) => {
      const auth = await keyOf(ctx);
      const opts = parseGraphQLInput(createKeySchema, { ...input, scopes: scopesFromInput(input.scopes), expiresAt: input.expiresAt?.toISOString() });
      const { key, apiKey } = await ctx.services.accounts.createKey(auth.accountId, auth.mode, opts, auth);
      return { apiKey, secret: key };
    },
  }),
);

const RollApiKeyInput = builder.inputType('RollApiKeyInput', {
  description: 'The key to roll and how long the old one keeps working.',
  fields: (t) => ({
    id: t.id({ required: true, description: "The key to roll: one of the account's keys in this mode." }),
    graceSeconds: t.int({ description: 'How long the old key keeps working: 0 (the default: revoked at once) to 604800 (7 days).' }),
  }),
});

builder.mutationField('rollApiKey', (t) =>
  t.field({
    type: KeyWithSecret('RollApiKeyPayload'),
    description:
      'Replaces a key by a new one with the same name, scopes, mode and expiry (`rolledFromId` set; a partner link moves with it); the old key keeps working for `graceSeconds`. The new secret is in this answer only. A revoked or expired key is a ConflictError.',
    authScopes: { write: 'api_keys' },
    args: { input: t.arg({ type: RollApiKeyInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NotFoundError, ConflictError] },
    resolve: async (_r, { input }, ctx) => {
      const auth = await keyOf(ctx);
      const { key, apiKey } = await ctx.services.accounts.rollKey(auth, input.id, parseGraphQLInput(rollKeySchema, { graceSeconds: input.graceSeconds }));
      return { apiKey, secret: key };
    },
  }),
);
