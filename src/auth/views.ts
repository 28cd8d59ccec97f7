import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';
import { displayWallet } from '../accounts/input.js';
import { ROLES } from '../accounts/state.js';
import type { CurrentSession, SessionView } from './service.js';
import type { ChallengeView } from './sign-in.js';

/** A dashboard session as its wallet sees it: never the token, which only the cookie carries. */
export const sessionViewSchema = z
  .object({
    id: z.string().meta({ example: 'dsess_4f8Kq2Lm9Xw3Rt7Vb1Nc5Z' }),
    object: z.literal('dashboard_session'),
    address: z.string().meta({ description: 'The wallet signed in (EVM checksummed, Solana base58).' }),
    chainType: z.enum(['evm', 'solana']),
    accountId: z.string().meta({ description: 'The account this session acts for.' }),
    memberId: z.string(),
    mode: z.enum(['test', 'live']).meta({ description: 'The mode the dashboard selected: what it reads and creates belongs to it.' }),
    createdAt: isoTimestamp,
    lastSeenAt: isoTimestamp,
    idleExpiresAt: isoTimestamp.meta({ description: 'When the session ends unless used before (idle expiry, never past expiresAt).' }),
    expiresAt: isoTimestamp.meta({ description: 'The absolute end of the session, however busy.' }),
    revokedAt: isoTimestamp.nullable(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
  })
  .meta({ id: 'DashboardSession' });
export type SessionWire = z.output<typeof sessionViewSchema>;

export const toSessionWire = (s: SessionView): SessionWire => ({
  id: s.id,
  object: 'dashboard_session',
  address: displayWallet(s.chainType, s.address),
  chainType: s.chainType,
  accountId: s.accountId,
  memberId: s.memberId,
  mode: s.mode,
  createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(),
  idleExpiresAt: s.idleExpiresAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
  revokedAt: s.revokedAt?.toISOString() ?? null,
  userAgent: s.userAgent,
  ipAddress: s.ipAddress,
});

/** An account the wallet belongs to. */
const membershipSchema = z
  .object({
    accountId: z.string(),
    accountName: z.string(),
    role: z.enum(ROLES),
    joinedAt: isoTimestamp.nullable().meta({ description: 'Its first sign-in into the account; null for an invitation not taken up yet.' }),
  })
  .meta({ id: 'DashboardMembership' });

/** The current session with who is signed in and for which account: what the dashboard reads first. */
export const currentSessionSchema = z
  .object({
    object: z.literal('dashboard_login'),
    session: sessionViewSchema,
    role: z.enum(ROLES).meta({ description: "The member's role in the account (what they may do: docs/accounts.md)." }),
    account: z.object({ id: z.string(), name: z.string(), liveEnabled: z.boolean() }),
    memberships: z
      .array(membershipSchema)
      .meta({ description: 'Every account the wallet is a member of, newest first: switch with POST /v1/auth/session/account.' }),
  })
  .meta({ id: 'DashboardLogin' });
export type CurrentSessionWire = z.output<typeof currentSessionSchema>;

export const toCurrentWire = (c: CurrentSession): CurrentSessionWire => ({
  object: 'dashboard_login',
  session: toSessionWire(c.session),
  role: c.role,
  account: c.account,
  memberships: c.memberships.map((m) => ({ ...m, joinedAt: m.joinedAt?.toISOString() ?? null })),
});

/** POST /v1/auth/sign-in: the new session (its token is in the Set-Cookie header only) and what it acts for. */
export const signInResultSchema = currentSessionSchema
  .extend({ newAccount: z.boolean().meta({ description: "True when this was the wallet's first sign-in, which created its account." }) })
  .meta({ id: 'SignInResult' });

/** POST /v1/auth/challenge: the message to sign. */
export const challengeViewSchema = z
  .object({
    object: z.literal('sign_in_challenge'),
    nonce: z.string().meta({ description: 'Send it back with the signature.', example: 'q8ZcV1Lr0mBtY5wXe2Nd7K' }),
    message: z.string().meta({ description: 'The text to sign, byte for byte: EIP-4361, or its Solana form.' }),
    expiresAt: isoTimestamp.meta({ description: 'After this the signed challenge is refused: ask for a new one.' }),
  })
  .meta({ id: 'SignInChallenge' });
export type ChallengeWire = z.output<typeof challengeViewSchema>;

export const toChallengeWire = (c: ChallengeView): ChallengeWire => ({
  object: 'sign_in_challenge',
  nonce: c.nonce,
  message: c.message,
  expiresAt: c.expiresAt.toISOString(),
});

/** GET /v1/auth/sessions: a session of the wallet, and whether it is the one asking. */
export const listedSessionSchema = sessionViewSchema
  .extend({ current: z.boolean().meta({ description: 'Whether this is the session of the request.' }) })
  .meta({ id: 'ListedDashboardSession' });
