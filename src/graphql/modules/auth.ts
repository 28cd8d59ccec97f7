import { ApiError } from '../../errors.js';
import type { GraphQLContext } from '../context.js';
import { sameOrigin } from '../../auth/state.js';
import { builder, describedValues } from '../builder.js';
import { ModeEnum } from '../refs.js';
import { displayWallet } from '../../accounts/input.js';
import type { Role } from '../../accounts/state.js';
import type { SessionView } from '../../auth/service.js';
import { sessionMember } from '../../auth/service.js';
import { keyOf } from '../loaders.js';
import { payloadDescription } from '../builder.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import { arrayConnection, connectionType, pageArgs } from '../pagination.js';
import { parseGraphQLInput } from '../input.js';
import { challengeSchema, signInSchema } from '../../auth/input.js';
import type { CurrentSession } from '../../auth/service.js';
import type { ChallengeView } from '../../auth/sign-in.js';
import { inviteMemberSchema, updateMemberSchema } from '../../accounts/input.js';
import type { MemberView } from '../../accounts/views.js';

/**
 * Sign-in from a browser only from the dashboard's origin, as over REST: a page elsewhere must not sign a visitor
 * in to the attacker's account (login CSRF). Scripts send no Origin and are not browsers.
 */
function refuseForeignBrowser(ctx: GraphQLContext) {
  if (ctx.origin !== undefined && !sameOrigin(ctx.origin, ctx.config.PUBLIC_URL)) {
    throw new ApiError('FORBIDDEN', 'Sign-in must come from the dashboard itself (the Origin header must be this service)');
  }
}

export const ChainTypeEnum = builder.enumType('WalletChainType', {
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

/** The session `signIn` just opened: the request carried no cookie yet, but this is its session from now on. */
type OpenedSession = SessionView & { opened?: true };

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
    current: t.boolean({
      description: 'Whether this is the session of the request (the one `signOut` would end); in the answer of `signIn`, the session it opened.',
      resolve: async (s, _a, ctx) => (s as OpenedSession).opened === true || (await ctx.auth())?.keyId === s.id,
    }),
  }),
});

type LoginShape = CurrentSession;
type MembershipShape = CurrentSession['memberships'][number];

const DashboardMembership = builder.objectRef<MembershipShape>('DashboardMembership').implement({
  description: 'An account the signed-in wallet is a member of: switch to it with `switchDashboardAccount`.',
  fields: (t) => ({
    accountId: t.exposeID('accountId', { description: 'The account.' }),
    accountName: t.exposeString('accountName', { description: 'Its name.' }),
    role: t.field({ type: RoleEnum, description: "The wallet's role there.", resolve: (m) => m.role }),
    joinedAt: t.expose('joinedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Its first sign-in into that account; null for an invitation not taken up yet.',
    }),
  }),
});
const DashboardMembershipConnection = connectionType('DashboardMembership', DashboardMembership, { totalCount: true });

const DashboardLogin = builder.objectRef<LoginShape>('DashboardLogin').implement({
  description: 'Who is signed in to the dashboard, their role and the account the session acts for.',
  fields: (t) => ({
    session: t.field({ type: DashboardSessionRef, description: 'The current session.', resolve: (l) => l.session }),
    role: t.field({ type: RoleEnum, description: "The member's role in the account.", resolve: (l) => l.role }),
    accountId: t.string({ description: 'The account acted for.', resolve: (l) => l.account.id }),
    accountName: t.string({ description: 'Its name.', resolve: (l) => l.account.name }),
    liveEnabled: t.boolean({ description: 'Whether the account may switch to live mode.', resolve: (l) => l.account.liveEnabled }),
    memberships: t.field({
      type: DashboardMembershipConnection,
      description: 'Every account the wallet is a member of, most recently joined first (this one included).',
      args: pageArgs(t, 100, 100),
      resolve: (l, args) => arrayConnection(l.memberships, args, 100, 100),
    }),
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
      refuseForeignBrowser(ctx);
      const { token, session } = await ctx.services.auth.devSignIn(
        { ip: ctx.clientIp, ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}) },
        input.accountId ?? undefined,
      );
      await ctx.services.auth.revokeToken(ctx.sessionToken);
      ctx.responseCookies.push(ctx.services.auth.cookieFor(token));
      return { session };
    },
  }),
);

// ---- wallet sign-in: a challenge to sign, then the signature opens a session (the cookie) -------------------------

const SignInChallenge = builder.objectRef<ChallengeView>('SignInChallenge').implement({
  description: 'A message for a wallet to sign: built by the service from its own address, clock and a fresh nonce, and kept.',
  fields: (t) => ({
    nonce: t.exposeString('nonce', { description: 'Send it back with the signature (`signIn`).' }),
    message: t.exposeString('message', { description: 'The text to sign, byte for byte: EIP-4361, or its Solana form (Sign-In With Solana).' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'After this the signed challenge is refused: ask for a new one.' }),
  }),
});

const CreateSignInChallengeInput = builder.inputType('CreateSignInChallengeInput', {
  description: 'The wallet that will sign, and for EVM the chain its message names.',
  fields: (t) => ({
    address: t.string({ required: true, description: 'A 0x EVM address (any case) or a base58 Solana public key.' }),
    chainType: t.field({ type: ChainTypeEnum, required: true, description: 'The kind of wallet.' }),
    chainId: t.int({
      description: 'EVM only, and required there: an EVM chain of the chain list (a chain the service does not serve is INVALID_PARAMS). Not given for Solana.',
    }),
  }),
});

builder.mutationField('createSignInChallenge', (t) =>
  t.field({
    type: builder.objectRef<{ challenge: ChallengeView }>('CreateSignInChallengePayload').implement({
      description: payloadDescription('CreateSignInChallengePayload'),
      fields: (f) => ({ challenge: f.field({ type: SignInChallenge, description: 'The message to sign and its nonce.', resolve: (p) => p.challenge }) }),
    }),
    errors: { types: [] },
    description:
      'Starts a wallet sign-in (public): the EIP-4361 message (Sign-In With Solana for a Solana wallet) to sign, valid for a few minutes. Then `signIn` with its nonce and the signature.',
    authScopes: { public: true },
    args: { input: t.arg({ type: CreateSignInChallengeInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    resolve: async (_r, { input }, ctx) => {
      refuseForeignBrowser(ctx);
      return { challenge: await ctx.services.signIn.challenge(parseGraphQLInput(challengeSchema, input)) };
    },
  }),
);

const SignInInput = builder.inputType('SignInInput', {
  description: 'A signed challenge.',
  fields: (t) => ({
    nonce: t.string({ required: true, description: 'The `nonce` of the challenge that was signed.' }),
    signature: t.string({
      required: true,
      description:
        "The wallet's signature of the challenge's `message`. EVM: 0x hex (EIP-1271 and EIP-6492 smart-account signatures too). Solana: the ed25519 signature in base58, or in base64 with its padding.",
    }),
  }),
});

builder.mutationField('signIn', (t) =>
  t.field({
    type: builder.objectRef<{ login: LoginShape; newAccount: boolean }>('SignInPayload').implement({
      description: payloadDescription('SignInPayload'),
      fields: (f) => ({
        login: f.field({ type: DashboardLogin, description: 'The new session, its role and account.', resolve: (p) => p.login }),
        newAccount: f.boolean({ description: "True when this was the wallet's first sign-in, which created its account.", resolve: (p) => p.newAccount }),
      }),
    }),
    errors: { types: [] },
    description:
      'Checks the signature of a challenge and opens a dashboard session: over HTTP the answer sets the HttpOnly session cookie. An unknown, used or expired challenge, or a signature that does not match, is UNAUTHORIZED.',
    authScopes: { public: true },
    args: { input: t.arg({ type: SignInInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    resolve: async (_r, { input }, ctx) => {
      refuseForeignBrowser(ctx);
      const { token, session, newAccount } = await ctx.services.signIn.signIn(parseGraphQLInput(signInSchema, input), {
        ip: ctx.clientIp,
        ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}),
      });
      await ctx.services.auth.revokeToken(ctx.sessionToken);
      ctx.responseCookies.push(ctx.services.auth.cookieFor(token));
      const login = await ctx.services.auth.current(await ctx.services.auth.authenticateSessionById(session.id));
      return { login: { ...login, session: { ...login.session, opened: true } as OpenedSession }, newAccount };
    },
  }),
);

const DashboardSessionConnection = connectionType('DashboardSession', DashboardSessionRef, { totalCount: true });

builder.queryField('dashboardSessions', (t) =>
  t.field({
    type: DashboardSessionConnection,
    description: "The signed-in wallet's sessions that still work (every account it acts for), newest first (needs the session cookie).",
    authScopes: { session: true },
    args: pageArgs(t, 100, 100),
    resolve: async (_r, args, ctx) => arrayConnection(await ctx.services.auth.listSessions(await keyOf(ctx)), args, 100, 100),
  }),
);

const RevokeDashboardSessionInput = builder.inputType('RevokeDashboardSessionInput', {
  description: 'The session to end.',
  fields: (t) => ({ id: t.id({ required: true, description: "One of the wallet's sessions (`dsess_…`); another wallet's is NOT_FOUND." }) }),
});

builder.mutationField('revokeDashboardSession', (t) =>
  t.field({
    type: sessionPayload('RevokeDashboardSessionPayload'),
    errors: { types: [NotFoundError] },
    description: "Ends one of the signed-in wallet's sessions at once (a lost laptop); revoking twice changes nothing.",
    authScopes: { session: true },
    args: { input: t.arg({ type: RevokeDashboardSessionInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    resolve: async (_r, { input }, ctx) => ({ session: await ctx.services.auth.revokeSession(await keyOf(ctx), input.id) }),
  }),
);

// ---- the team ----------------------------------------------------------------------------------------------------

const Member = builder.objectRef<MemberView>('Member').implement({
  description: "A member of the account's team: a wallet and its role.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The member id (`mem_…`): pass it to `updateMember` and `removeMember`.' }),
    address: t.exposeString('address', { description: 'The wallet (EVM checksummed, Solana base58).' }),
    chainType: t.field({ type: ChainTypeEnum, description: 'The kind of wallet.', resolve: (m) => m.chainType }),
    role: t.field({ type: RoleEnum, description: 'What the member may do.', resolve: (m) => m.role }),
    invitedBy: t.exposeString('invitedBy', { nullable: true, description: 'The wallet that added this member; null for the one that created the account.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When the member was added.', resolve: (m) => new Date(m.createdAt) }),
    joinedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Its first sign-in into this account; null while the invitation is not taken up.',
      resolve: (m) => (m.joinedAt ? new Date(m.joinedAt) : null),
    }),
    you: t.exposeBoolean('you', { description: 'Whether this is the signed-in wallet.' }),
  }),
});
const MemberConnection = connectionType('Member', Member, { totalCount: true });

builder.queryField('members', (t) =>
  t.field({
    type: MemberConnection,
    description: "The account's team, owners first (needs the session cookie; any role may read it).",
    authScopes: { read: 'team' },
    args: pageArgs(t, 100, 100),
    resolve: async (_r, args, ctx) => arrayConnection(await ctx.services.team.list(await keyOf(ctx)), args, 100, 100),
  }),
);

const memberPayload = (name: string) =>
  builder.objectRef<{ member: MemberView }>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({ member: t.field({ type: Member, description: 'The member.', resolve: (p) => p.member }) }),
  });

const InviteMemberInput = builder.inputType('InviteMemberInput', {
  description: 'A wallet to add to the team, and its role.',
  fields: (t) => ({
    address: t.string({ required: true, description: 'A 0x EVM address (any case) or a base58 Solana public key.' }),
    role: t.field({ type: RoleEnum, required: true, description: 'Its role; only owners add owners.' }),
  }),
});

builder.mutationField('inviteMember', (t) =>
  t.field({
    type: memberPayload('InviteMemberPayload'),
    errors: { types: [ConflictError] },
    description:
      'Adds a wallet to the team (owners: any role; admins: any but owner; others FORBIDDEN); it joins at its next sign-in. A wallet already in the team is ConflictError.',
    authScopes: { write: 'team' },
    args: { input: t.arg({ type: InviteMemberInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    resolve: async (_r, { input }, ctx) => ({ member: await ctx.services.team.invite(await keyOf(ctx), parseGraphQLInput(inviteMemberSchema, input)) }),
  }),
);

const UpdateMemberInput = builder.inputType('UpdateMemberInput', {
  description: "A member's new role.",
  fields: (t) => ({
    id: t.id({ required: true, description: 'The member (`mem_…`).' }),
    role: t.field({ type: RoleEnum, required: true, description: 'The new role; only owners make or unmake owners.' }),
  }),
});

builder.mutationField('updateMember', (t) =>
  t.field({
    type: memberPayload('UpdateMemberPayload'),
    errors: { types: [NotFoundError, ConflictError] },
    description: "Changes a member's role (admins: not an owner's, nor into an owner). Demoting the last owner is ConflictError.",
    authScopes: { write: 'team' },
    args: { input: t.arg({ type: UpdateMemberInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    resolve: async (_r, { input }, ctx) => ({
      member: await ctx.services.team.update(await keyOf(ctx), input.id, parseGraphQLInput(updateMemberSchema, { role: input.role })),
    }),
  }),
);

const RemoveMemberInput = builder.inputType('RemoveMemberInput', {
  description: 'The member to remove.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The member (`mem_…`); oneself included.' }) }),
});

builder.mutationField('removeMember', (t) =>
  t.field({
    type: memberPayload('RemoveMemberPayload'),
    errors: { types: [NotFoundError, ConflictError] },
    description: 'Removes a member and ends their sessions in this account at once. Removing the last owner is ConflictError.',
    authScopes: { read: 'team' }, // every member may leave; removing another needs team write (the service checks),
    args: { input: t.arg({ type: RemoveMemberInput, required: true, description: 'The parameters, field by field (see the input type).' }) },
    resolve: async (_r, { input }, ctx) => ({ member: await ctx.services.team.remove(await keyOf(ctx), input.id) }),
  }),
);
