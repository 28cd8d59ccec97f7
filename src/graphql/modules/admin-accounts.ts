import DataLoader from 'dataloader';
import { builder, payloadDescription } from '../builder.js';
import type { GraphQLContext } from '../context.js';
import { NotFoundError, orNull } from '../errors.js';
import { parseGraphQLInput } from '../input.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { ModeEnum } from '../refs.js';
import { adminAccountsQuerySchema, setLiveModeSchema, setRateLimitSchema, suspendAccountSchema } from '../../accounts/input.js';
import type { AdminAccountDetailView, AdminAccountView, AdminApiKeyView, AdminMemberView } from '../../accounts/views.js';
import { keyScopes } from '../../accounts/state.js';
import { ApiKeyScopes } from './accounts.js';
import { AdminPartnerRef } from './admin-partners.js';
import { ChainTypeEnum, RoleEnum } from './auth.js';

/**
 * The operator's view of accounts (`admin*` fields, `authScopes: { admin: true }`): the same service methods as
 * /v1/admin/accounts and `npm run cli -- accounts:…`, every write audited in its own transaction.
 */

type Suspension = NonNullable<AdminAccountView['suspension']>;

const SuspensionRef = builder.objectRef<Suspension>('AdminAccountSuspension').implement({
  description: 'Why and since when an account is suspended: its keys and dashboard sessions are refused, and payers get no new quotes for its sessions.',
  authScopes: { admin: true },
  fields: (t) => ({
    suspendedAt: t.field({ type: 'DateTime', description: 'When the operator suspended it.', resolve: (s) => new Date(s.suspendedAt) }),
    reason: t.exposeString('reason', { description: "The operator's reason (never shown to the merchant or to payers)." }),
  }),
});

const AdminApiKeyRef = builder.objectRef<AdminApiKeyView>('AdminApiKey').implement({
  description: 'An API key as the operator sees it: never its secret or hash.',
  authScopes: { admin: true },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The key id (not the secret).' }),
    mode: t.field({ type: ModeEnum, description: 'The mode it works in.', resolve: (k) => k.mode }),
    prefix: t.exposeString('prefix', { description: 'The first characters of the key (`<brand>_<mode>_` and four more).' }),
    name: t.exposeString('name', { nullable: true, description: 'Its label; null when none was given.' }),
    scopes: t.field({
      type: ApiKeyScopes,
      nullable: true,
      description: 'A restricted key: its level per resource. Null: unrestricted.',
      resolve: (k) => (k.scopes == null ? null : keyScopes(k.scopes)),
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was created.', resolve: (k) => new Date(k.createdAt) }),
    lastUsedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When a request last authenticated with it (at most once a minute); null: never.',
      resolve: (k) => (k.lastUsedAt ? new Date(k.lastUsedAt) : null),
    }),
    revokedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was revoked; null while it works.',
      resolve: (k) => (k.revokedAt ? new Date(k.revokedAt) : null),
    }),
    expiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it stops working; null: never.',
      resolve: (k) => (k.expiresAt ? new Date(k.expiresAt) : null),
    }),
  }),
});

const AdminMemberRef = builder.objectRef<AdminMemberView>('AdminMember').implement({
  description: "A wallet of the account's team, as the operator sees it.",
  authScopes: { admin: true },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The member id (`mem_…`).' }),
    address: t.exposeString('address', { description: 'The wallet: EVM checksummed (EIP-55), Solana base58.' }),
    chainType: t.field({ type: ChainTypeEnum, description: 'The kind of wallet.', resolve: (m) => m.chainType }),
    role: t.field({ type: RoleEnum, description: 'What the member may do in the account.', resolve: (m) => m.role }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was added.', resolve: (m) => new Date(m.createdAt) }),
    joinedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Its first sign-in into the account; null while the invitation is not taken up.',
      resolve: (m) => (m.joinedAt ? new Date(m.joinedAt) : null),
    }),
  }),
});

const AdminApiKeyConnection = connectionType('AdminApiKey', AdminApiKeyRef, { totalCount: true });
const AdminMemberConnection = connectionType('AdminMember', AdminMemberRef, { totalCount: true });

/** The account in full: the parent itself when it was read whole (`adminAccount`), else read once per request. */
const detailOf = (ctx: GraphQLContext, a: AdminAccountView | AdminAccountDetailView): Promise<AdminAccountDetailView> =>
  a.object === 'admin_account_detail'
    ? Promise.resolve(a as AdminAccountDetailView)
    : ctx
        .loader('admin.accounts', () => new DataLoader((ids: readonly string[]) => Promise.all(ids.map((id) => ctx.services.accounts.adminGet(id)))))
        .load(a.id);

const AdminAccountRef = builder.objectRef<AdminAccountView | AdminAccountDetailView>('AdminAccount').implement({
  description: 'An account as the operator manages it: live mode, rate limits, suspension, its partner, team and API keys.',
  authScopes: { admin: true },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The account id (`acct_…`).' }),
    name: t.exposeString('name', { description: 'Its name.' }),
    liveEnabled: t.exposeBoolean('liveEnabled', { description: 'Whether its live keys (and the dashboard in live mode) may be used.' }),
    rateLimitMultiplier: t.exposeFloat('rateLimitMultiplier', {
      nullable: true,
      description: "Multiplies every rate-limit bucket of the account's keys and sessions; null: the defaults.",
    }),
    suspension: t.field({ type: SuspensionRef, nullable: true, description: 'Set while the account is suspended.', resolve: (a) => a.suspension }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was created.', resolve: (a) => new Date(a.createdAt) }),
    partnerId: t.id({
      nullable: true,
      description: 'The integration partner it owns; null when none.',
      resolve: async (a, _args, ctx) => (await detailOf(ctx, a)).partnerId,
    }),
    partner: t.field({
      type: AdminPartnerRef,
      nullable: true,
      description: 'The integration partner it owns; null when none.',
      resolve: async (a, _args, ctx) => {
        const id = (await detailOf(ctx, a)).partnerId;
        return id ? orNull(() => ctx.services.partners.get(id)) : null;
      },
    }),
    members: t.field({
      type: AdminMemberConnection,
      description: 'Its team, in the order they were added.',
      args: pageArgs(t, 100, 100),
      resolve: async (a, args, ctx) => arrayConnection((await detailOf(ctx, a)).members, args, 100, 100),
    }),
    apiKeys: t.field({
      type: AdminApiKeyConnection,
      description: 'Its API keys of both modes, revoked ones included, newest first. Never a secret or a hash.',
      args: pageArgs(t, 100, 100),
      resolve: async (a, args, ctx) => arrayConnection((await detailOf(ctx, a)).apiKeys, args, 100, 100),
    }),
  }),
});

const AdminAccountConnection = connectionType('AdminAccount', AdminAccountRef);

builder.queryField('adminAccounts', (t) =>
  t.field({
    type: AdminAccountConnection,
    description:
      'Operator: accounts, newest first (as `GET /v1/admin/accounts`). `query` finds an account by its id, a part of its name, a part of a member wallet, or the start of an API key prefix.',
    authScopes: { admin: true },
    args: { query: t.arg.string({ description: 'What to search for; every account when absent.' }), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const q = parseGraphQLInput(
        adminAccountsQuerySchema,
        { q: args.query, limit: pageSize(args.first, 100), cursor: args.after },
        { fieldNames: { q: 'query' } },
      );
      const page = await readAfter(ctx.services.accounts.adminList(q));
      return keysetConnection(page, (v) => ctx.services.accounts.adminCursor(v), args);
    },
  }),
);

builder.queryField('adminAccount', (t) =>
  t.field({
    type: AdminAccountRef,
    nullable: true,
    description: 'Operator: one account in full; null when no account has this id.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true, description: 'The account id.' }) },
    resolve: (_r, { id }, ctx) => orNull(() => ctx.services.accounts.adminGet(id)),
  }),
);

const accountPayload = (name: string) =>
  builder.objectRef<{ account: AdminAccountView }>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({ account: t.field({ type: AdminAccountRef, description: 'The account after the change.', resolve: (p) => p.account }) }),
  });

const ARGS_DESCRIPTION = 'The parameters, field by field (see the input type).';
const NOT_REPLAYED = 'Sets a state: running it twice leaves the same account, and a change that changes nothing records nothing.';

const LiveModeInput = builder.inputType('AdminSetAccountLiveModeInput', {
  description: 'The account and whether its live mode is on.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The account id.' }),
    enabled: t.boolean({
      required: true,
      description:
        'true: its live keys work and the dashboard may switch to live. false: live keys are FORBIDDEN, dashboard sessions in live fall back to test.',
    }),
  }),
});

builder.mutationField('adminSetAccountLiveMode', (t) =>
  t.field({
    type: accountPayload('AdminSetAccountLiveModePayload'),
    description: `Operator: turns the account's live mode on or off, audited in the same transaction. ${NOT_REPLAYED}`,
    authScopes: { admin: true },
    args: { input: t.arg({ type: LiveModeInput, required: true, description: ARGS_DESCRIPTION }) },
    errors: { types: [NotFoundError] },
    resolve: async (_r, { input: { id, ...input } }, ctx) => ({
      account: await ctx.services.accounts.setLiveEnabled(id, parseGraphQLInput(setLiveModeSchema, input).enabled, ctx.requireAdmin()),
    }),
  }),
);

const RateLimitInput = builder.inputType('AdminSetAccountRateLimitInput', {
  description: 'The account and its rate-limit multiplier.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The account id.' }),
    multiplier: t.float({
      description: "Multiplies every rate-limit bucket of the account's keys and sessions, 0.1 to 100; null: back to the defaults. Required.",
    }),
  }),
});

builder.mutationField('adminSetAccountRateLimit', (t) =>
  t.field({
    type: accountPayload('AdminSetAccountRateLimitPayload'),
    description: `Operator: scales the account's rate limits from its next request, audited in the same transaction. ${NOT_REPLAYED}`,
    authScopes: { admin: true },
    args: { input: t.arg({ type: RateLimitInput, required: true, description: ARGS_DESCRIPTION }) },
    errors: { types: [NotFoundError] },
    resolve: async (_r, { input: { id, ...input } }, ctx) => ({
      account: await ctx.services.accounts.setRateLimitMultiplier(
        id,
        parseGraphQLInput(setRateLimitSchema, input, { keepNull: ['multiplier'] }).multiplier,
        ctx.requireAdmin(),
      ),
    }),
  }),
);

const SuspendInput = builder.inputType('AdminSuspendAccountInput', {
  description: 'The account to suspend and why.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The account id.' }),
    reason: t.string({ required: true, description: 'Why, 1 to 500 characters: kept for the operator, never shown to the merchant.' }),
  }),
});

builder.mutationField('adminSuspendAccount', (t) =>
  t.field({
    type: accountPayload('AdminSuspendAccountPayload'),
    description: `Operator: every API key and dashboard session of the account is FORBIDDEN from its next request (nothing is revoked), and payers get no new quotes for its sessions; audited in the same transaction. ${NOT_REPLAYED}`,
    authScopes: { admin: true },
    args: { input: t.arg({ type: SuspendInput, required: true, description: ARGS_DESCRIPTION }) },
    errors: { types: [NotFoundError] },
    resolve: async (_r, { input: { id, ...input } }, ctx) => ({
      account: await ctx.services.accounts.suspend(id, parseGraphQLInput(suspendAccountSchema, input).reason, ctx.requireAdmin()),
    }),
  }),
);

const UnsuspendInput = builder.inputType('AdminUnsuspendAccountInput', {
  description: 'The account whose suspension to lift.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The account id.' }) }),
});

builder.mutationField('adminUnsuspendAccount', (t) =>
  t.field({
    type: accountPayload('AdminUnsuspendAccountPayload'),
    description: `Operator: the account's keys and dashboard sessions work again from their next request; audited in the same transaction. ${NOT_REPLAYED}`,
    authScopes: { admin: true },
    args: { input: t.arg({ type: UnsuspendInput, required: true, description: ARGS_DESCRIPTION }) },
    errors: { types: [NotFoundError] },
    resolve: async (_r, { input }, ctx) => ({ account: await ctx.services.accounts.unsuspend(input.id, ctx.requireAdmin()) }),
  }),
);
