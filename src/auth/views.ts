import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';
import type { SessionView } from './service.js';
import { walletInMessage, type ChainType } from './message.js';

/** Wire shapes of wallet sign-in and dashboard sessions (REST; GraphQL has the same fields). */

export const challengeViewSchema = z
  .object({
    object: z.literal('sign_in_challenge'),
    nonce: z.string().meta({ description: 'Send it back with the signature.', example: 'q8ZcV1Lr0mBtY5wXe2Nd7K' }),
    message: z.string().meta({ description: 'The text to sign, byte for byte (EIP-4361, or its Solana form).' }),
    expiresAt: isoTimestamp.meta({ description: 'After this the signed challenge is refused: ask for a new one.' }),
  })
  .meta({ id: 'SignInChallenge' });
export type ChallengeWire = z.output<typeof challengeViewSchema>;

export const sessionWireSchema = z
  .object({
    id: z.string().meta({ example: 'dsess_4hT2pW9xQe1LmZ8cVb' }),
    object: z.literal('dashboard_session'),
    address: z.string().meta({ description: 'The signed-in wallet (EVM checksummed, Solana base58).' }),
    chainType: z.enum(['evm', 'solana']),
    accountId: z.string().meta({ description: 'The account the session acts for.' }),
    mode: z.enum(['test', 'live']).meta({ description: 'The mode the dashboard acts in.' }),
    createdAt: isoTimestamp.meta({ description: 'The sign-in.' }),
    lastSeenAt: isoTimestamp.meta({ description: 'Its last request (written at most once a minute).' }),
    idleExpiresAt: isoTimestamp.meta({ description: 'When it ends unless used before: the idle window from its last request, capped by `expiresAt`.' }),
    expiresAt: isoTimestamp.meta({ description: 'Its absolute end, however busy.' }),
    userAgent: z.string().nullable().meta({ description: 'The browser that signed in, as it said.' }),
    ipAddress: z.string().nullable().meta({ description: 'The address it signed in from.' }),
    current: z.boolean().meta({ description: 'Whether this is the session of the request.' }),
  })
  .meta({ id: 'DashboardSession' });
export type SessionWire = z.output<typeof sessionWireSchema>;

export const membershipSchema = z
  .object({
    accountId: z.string(),
    accountName: z.string(),
    role: z.enum(['owner', 'admin', 'developer', 'viewer']),
    joinedAt: isoTimestamp.nullable().meta({ description: 'Its first sign-in into the account; null for an invitation not taken up yet.' }),
  })
  .meta({ id: 'DashboardMembership' });
export type MembershipWire = z.output<typeof membershipSchema>;

export const sessionStateSchema = z
  .object({
    object: z.literal('dashboard_viewer'),
    session: sessionWireSchema,
    account: z.object({ id: z.string(), name: z.string(), liveEnabled: z.boolean().meta({ description: 'Whether the session may switch to live mode.' }) }),
    role: z.enum(['owner', 'admin', 'developer', 'viewer']).meta({ description: "The wallet's role in the account." }),
    memberships: z.array(membershipSchema).meta({ description: 'Every account the wallet is a member of: switch with POST /v1/auth/session/account.' }),
  })
  .meta({ id: 'DashboardViewer' });
export type SessionStateWire = z.output<typeof sessionStateSchema>;

export const signInViewSchema = sessionStateSchema
  .extend({ newAccount: z.boolean().meta({ description: 'True when this first sign-in of the wallet created its account.' }) })
  .meta({ id: 'SignInResult' });

export const signedOutSchema = z.object({ object: z.literal('sign_out'), signedOut: z.literal(true) }).meta({ id: 'SignOutResult' });

export function sessionWire(s: SessionView, currentId: string | undefined): SessionWire {
  return {
    id: s.id,
    object: 'dashboard_session',
    address: walletInMessage(s.chainType as ChainType, s.address),
    chainType: s.chainType,
    accountId: s.accountId,
    mode: s.mode,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    idleExpiresAt: s.idleExpiresAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    userAgent: s.userAgent,
    ipAddress: s.ipAddress,
    current: s.id === currentId,
  };
}
