import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';
import { displayWallet } from '../accounts/input.js';
import { ROLES } from '../accounts/state.js';
import type { SessionView } from './service.js';

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

/** The current session with who is signed in and for which account: what the dashboard reads first. */
export const currentSessionSchema = z
  .object({
    object: z.literal('dashboard_login'),
    session: sessionViewSchema,
    role: z.enum(ROLES).meta({ description: "The member's role in the account (what they may do: docs/accounts.md)." }),
    account: z.object({ id: z.string(), name: z.string(), liveEnabled: z.boolean() }),
  })
  .meta({ id: 'DashboardLogin' });
export type CurrentSessionWire = z.output<typeof currentSessionSchema>;
