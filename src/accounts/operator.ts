import type { Prisma as PrismaNs } from '../db/generated/client.js';
import { displayWallet, type ChainType } from './input.js';
import { keyScopes, type Role } from './state.js';

/**
 * The operator's side of accounts, pure: the rows → views of /v1/admin/accounts (keys never carry their secret or
 * hash: `ADMIN_KEY_SELECT` does not read them), the search of the account list, and what a write changes.
 */

/** An account as the operator lists it and as the audit log records it (schema: `adminAccountSchema` in views.ts). */
export interface AdminAccountView {
  object: 'admin_account';
  id: string;
  name: string;
  liveEnabled: boolean;
  rateLimitMultiplier: number | null;
  suspension: { suspendedAt: string; reason: string } | null;
  createdAt: string;
}

/** An API key as the operator sees it: never the secret or its hash. */
export interface AdminApiKeyView {
  id: string;
  mode: 'test' | 'live';
  prefix: string;
  name: string | null;
  scopes: Record<string, 'none' | 'read' | 'write'> | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  expiresAt: string | null;
}

export interface AdminMemberView {
  id: string;
  address: string;
  chainType: ChainType;
  role: Role;
  createdAt: string;
  joinedAt: string | null;
}

/** One account in full: the summary, its partner, members and keys. */
export interface AdminAccountDetailView extends Omit<AdminAccountView, 'object'> {
  object: 'admin_account_detail';
  partnerId: string | null;
  members: AdminMemberView[];
  apiKeys: AdminApiKeyView[];
}

type AccountRow = {
  id: string;
  name: string;
  liveEnabled: boolean;
  rateLimitMultiplier: number | null;
  suspendedAt: Date | null;
  suspendedReason: string | null;
  createdAt: Date;
};

export const adminAccountView = (r: AccountRow): AdminAccountView => ({
  object: 'admin_account',
  id: r.id,
  name: r.name,
  liveEnabled: r.liveEnabled,
  rateLimitMultiplier: r.rateLimitMultiplier,
  suspension: r.suspendedAt ? { suspendedAt: r.suspendedAt.toISOString(), reason: r.suspendedReason ?? '' } : null,
  createdAt: r.createdAt.toISOString(),
});

/** The columns of an API key the operator sees: not `hash` (nor anything derived from the secret but its prefix). */
export const ADMIN_KEY_SELECT = {
  id: true,
  mode: true,
  prefix: true,
  name: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  expiresAt: true,
} as const satisfies PrismaNs.ApiKeySelect;

type KeyRow = PrismaNs.ApiKeyGetPayload<{ select: typeof ADMIN_KEY_SELECT }>;

export const adminApiKeyView = (k: KeyRow): AdminApiKeyView => ({
  id: k.id,
  mode: k.mode as 'test' | 'live',
  prefix: k.prefix,
  name: k.name,
  scopes: k.scopes == null ? null : keyScopes(k.scopes),
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
  expiresAt: k.expiresAt?.toISOString() ?? null,
});

export const adminMemberView = (m: {
  id: string;
  address: string;
  chainType: string;
  role: string;
  createdAt: Date;
  joinedAt: Date | null;
}): AdminMemberView => ({
  id: m.id,
  address: displayWallet(m.chainType as ChainType, m.address),
  chainType: m.chainType as ChainType,
  role: m.role as Role,
  createdAt: m.createdAt.toISOString(),
  joinedAt: m.joinedAt?.toISOString() ?? null,
});

/**
 * The accounts a search names: the id itself, a name containing it (any case), a member wallet containing it (EVM
 * wallets are stored lower-case, so a checksummed address matches too; Solana's base58 is case-sensitive), or a key
 * whose prefix starts with it. Nothing given: every account.
 */
export function accountSearch(q: string | undefined): PrismaNs.AccountWhereInput {
  if (!q) return {};
  const lower = q.toLowerCase();
  return {
    OR: [
      { id: q },
      { name: { contains: q, mode: 'insensitive' } },
      { members: { some: { address: { contains: lower } } } },
      ...(lower !== q ? [{ members: { some: { address: { contains: q } } } }] : []),
      { apiKeys: { some: { prefix: { startsWith: q } } } },
    ],
  };
}

/** What suspending changes: the first suspension's time stays, the reason is the latest; null when nothing changes. */
export function suspendChange(row: AccountRow, reason: string, now: Date): { suspendedAt: Date; suspendedReason: string } | null {
  if (row.suspendedAt && row.suspendedReason === reason) return null;
  return { suspendedAt: row.suspendedAt ?? now, suspendedReason: reason };
}
