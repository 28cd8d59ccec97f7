import { builder, describedValues } from '../builder.js';
import { ModeEnum } from '../refs.js';
import { displayWallet } from '../../accounts/input.js';
import type { Role } from '../../accounts/state.js';
import type { SessionView } from '../../auth/service.js';
import { sessionMember } from '../../auth/service.js';
import { keyOf } from '../loaders.js';
import { payloadDescription } from '../builder.js';
import { ForbiddenError, NotFoundError } from '../errors.js';

const ChainTypeEnum = builder.enumType('WalletChainType', {
  description: 'The kind of wallet: an EVM account (Sign-In with Ethereum) or a Solana account (Sign-In With Solana).',
  values: describedValues({ evm: 'An EVM address (EIP-4361 sign-in).', solana: 'A Solana public key (the same message format).' }),
});

export const RoleEnum = builder.enumType('MemberRole', {
  description: 'What a team member may do in the account (the table is in docs/accounts.md).',
  values: describedValues({
    owner: 'Everything, including managing other owners.',
    admin: 'Everything, and the team except owners.',
    developer: 'Builds the integration: keys, webhooks and payment objects; no refunds, partner fee settings or team changes.',
    viewer: 'Reads everything, changes nothing.',
  } satisfies Record<Role, string>),
});

const DashboardSessionRef = builder.objectRef<SessionView>('DashboardSession').implement({
  description: 'A signed-in dashboard session of a wallet. The token itself is only ever in the HttpOnly cookie.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The session id (`dsess_…`): pass it to `revokeDashboardSession`.' }),
    address: t.string({ description: 'The wallet signed in (EVM checksummed, Solana base58).', resolve: (s) => displayWallet(s.chainType, s.address) }),
    chainType: t.field({ type: ChainTypeEnum, description: 'The kind of wallet.', resolve: (s) => s.chainType }),
    accountId: t.exposeString('accountId', { description: 'The account this session acts for.' }),
    mode: t.field({ type: ModeEnum, description: 'The mode the dashboard selected: what it reads and creates belongs to it.', resolve: (s) => s.mode }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the wallet signed in.' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime', description: 'The last request made with it (to the minute).' }),
    idleExpiresAt: t.expose('idleExpiresAt', { type: 'DateTime', description: 'When it ends unless used before (never past `expiresAt`).' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'Its absolute end, however busy.' }),
    userAgent: t.exposeString('userAgent', { nullable: true, description: 'The browser that signed in, as it named itself.' }),
    ipAddress: t.exposeString('ipAddress', { nullable: true, description: 'The address it signed in from.' }),
  }),
});

interface LoginShape {
  session: SessionView;
  role: Role;
  account: { id: string; name: string; liveEnabled: boolean };
}

const DashboardLogin = builder.objectRef<LoginShape>('DashboardLogin').implement({
  description: 'Who is signed in to the dashboard, their role and the account the session acts for.',
  fields: (t) => ({
    session: t.field({ type: DashboardSessionRef, description: 'The current session.', resolve: (l) => l.session }),
    role: t.field({ type: RoleEnum, description: "The member's role in the account.", resolve: (l) => l.role }),
    accountId: t.string({ description: 'The account acted for.', resolve: (l) => l.account.id }),
    accountName: t.string({ description: 'Its name.', resolve: (l) => l.account.name }),
    liveEnabled: t.boolean({ description: 'Whether the account may switch to live mode.', resolve: (l) => l.account.liveEnabled }),
  }),
});

const loginPayload = (name: string) =>
  builder.objectRef<{ login: LoginShape }>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({ login: t.field({ type: DashboardLogin, description: 'The session, role and account after the change.', resolve: (p) => p.login }) }),
  });
const sessionPayload = (name: string) =>
  builder.objectRef<{ session: SessionView }>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({ session: t.field({ type: DashboardSessionRef, description: 'The session.', resolve: (p) => p.session }) }),
  });

builder.queryField('dashboardLogin', (t) =>
  t.field({
    type: DashboardLogin,
    description: 'The signed-in dashboard session, role and account (needs the session cookie).',
    authScopes: { session: true },
    resolve: async (_r, _a, ctx) => ctx.services.auth.current(await keyOf(ctx)),
  }),
);

const SetDashboardModeInput = builder.inputType('SetDashboardModeInput', {
  description: 'The mode the dashboard acts in.',
  fields: (t) => ({ mode: t.field({ type: ModeEnum, required: true, description: 'test, or live (needs the account’s live mode, else FORBIDDEN).' }) }),
});

builder.mutationField('setDashboardMode', (t) =>
  t.field({
    type: loginPayload('SetDashboardModePayload'),
    errors: { types: [ForbiddenError] },
    description: 'Switches the session between test and live mode; what it reads and creates from then on belongs to that mode.',
    authScopes: { session: true },
    args: { input: t.arg({ type: SetDashboardModeInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    resolve: async (_r, { input }, ctx) => {
      const auth = await keyOf(ctx);
      await ctx.services.auth.setMode(auth, input.mode);
      return { login: await ctx.services.auth.current({ ...auth, mode: input.mode }) };
    },
  }),
);

const SwitchDashboardAccountInput = builder.inputType('SwitchDashboardAccountInput', {
  description: 'Another account of the signed-in wallet.',
  fields: (t) => ({ accountId: t.id({ required: true, description: 'An account the wallet is a member of (else NOT_FOUND).' }) }),
});

builder.mutationField('switchDashboardAccount', (t) =>
  t.field({
    type: loginPayload('SwitchDashboardAccountPayload'),
    errors: { types: [NotFoundError] },
    description: 'Makes the session act for another account the wallet belongs to, in test mode.',
    authScopes: { session: true },
    args: { input: t.arg({ type: SwitchDashboardAccountInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    resolve: async (_r, { input }, ctx) => {
      const s = await ctx.services.auth.switchAccount(await keyOf(ctx), input.accountId);
      return { login: await ctx.services.auth.current(await ctx.services.auth.authenticateSessionById(s.id)) };
    },
  }),
);

const SignOutInput = builder.inputType('SignOutInput', {
  description: 'How far to sign out.',
  fields: (t) => ({
    everywhere: t.boolean({ description: 'Also end every other session of this wallet (all browsers, all accounts). Default false.' }),
  }),
});

builder.mutationField('signOut', (t) =>
  t.field({
    type: sessionPayload('SignOutPayload'),
    description: 'Signs the current session out at once (and, with `everywhere`, every other session of the wallet) and clears the cookie.',
    authScopes: { session: true },
    args: { input: t.arg({ type: SignOutInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [] },
    resolve: async (_r, { input }, ctx) => {
      const auth = await keyOf(ctx);
      sessionMember(auth);
      const session = await ctx.services.auth.signOut(auth, { everywhere: input.everywhere === true });
      ctx.responseCookies.push(ctx.services.auth.clearedCookie());
      return { session };
    },
  }),
);

const SignInAsDevAccountInput = builder.inputType('SignInAsDevAccountInput', {
  description: 'Which dev account (there is one: the one `npm run dev` printed).',
  fields: (t) => ({ accountId: t.id({ description: 'The printed dev account; when given and not it, NOT_FOUND.' }) }),
});

builder.mutationField('signInAsDevAccount', (t) =>
  t.field({
    type: sessionPayload('SignInAsDevAccountPayload'),
    description:
      'Development only (`npm run dev`; NOT_FOUND anywhere else): a session for the printed dev account as its devnet test wallet. Over HTTP only (the answer sets the cookie).',
    authScopes: { public: true },
    args: { input: t.arg({ type: SignInAsDevAccountInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    errors: { types: [NotFoundError] },
    resolve: async (_r, { input }, ctx) => {
      const { token, session } = await ctx.services.auth.devSignIn(
        { ip: ctx.clientIp, ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}) },
        input.accountId ?? undefined,
      );
      ctx.responseCookies.push(ctx.services.auth.cookieFor(token));
      return { session };
    },
  }),
);
