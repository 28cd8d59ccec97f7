import { ApiError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { plausibleId } from '../events/input.js';
import type { Prisma } from '../db/client.js';
import type { Prisma as PrismaNs } from '../db/generated/client.js';
import type { Clock } from '../clock.js';
import type { CoreConfig } from '../core-config.js';
import type { Handles } from '../handles.js';
import { generateApiKey, hashApiKey, parseApiKey, type Mode } from './keys.js';

export type { Mode } from './keys.js';
import { keyScopes, ROLE_SCOPES, type Role, type Scopes } from './state.js';
import type { ChainType } from './input.js';

/** The member acting through a dashboard session. */
interface ActingMember {
  id: string;
  address: string;
  chainType: ChainType;
  role: Role;
}

/**
 * Who a request acts for: an account in one mode, through an API key or a dashboard session (the cookie), with
 * what the credential may do. Every REST route and GraphQL field checks `scopes` against what it needs.
 */
export interface KeyAuth {
  accountId: string;
  mode: Mode;
  /** The credential's id: the API key's (`key_…`), or the dashboard session's (`dsess_…`). */
  keyId: string;
  /** `key`: an API key; `session`: a signed-in dashboard member; `internal`: the service acting for itself. */
  via: 'key' | 'session' | 'internal';
  scopes: Scopes;
  /** Set for `session`: the member, their wallet and role. */
  member?: ActingMember;
  /** The account's rate-limit multiplier (src/ratelimit/), when an operator set one. */
  rateLimitMultiplier?: number;
}

/** The service acting for an account by itself (jobs, hooks, tools): every scope, no credential of a client. */
export const internalAuth = (accountId: string, mode: Mode, keyId: string): KeyAuth => ({ accountId, mode, keyId, via: 'internal', scopes: ROLE_SCOPES.owner });

export interface MemberRow {
  id: string;
  accountId: string;
  address: string;
  chainType: string;
  role: string;
  invitedBy: string | null;
  createdAt: Date;
  joinedAt: Date | null;
}

export interface ApiKeyView {
  id: string;
  accountId: string;
  mode: Mode;
  prefix: string;
  name: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date | null;
  /** Restricted keys: resource → level as stored; null: unrestricted. */
  scopes: unknown;
  rolledFromId: string | null;
}

type Tx = PrismaNs.TransactionClient;

/**
 * Locks the account row inside the caller's transaction until it ends. NO KEY UPDATE: it serialises one kind
 * of per-account change (webhook endpoint creates, counted against a limit) without blocking the foreign-key
 * (KEY SHARE) locks that the account's other writes (events, sessions) take on the same row.
 */
export async function lockAccountForKeyChanges(tx: Tx, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR NO KEY UPDATE`;
}

/** Whether an API key with this id exists (revoked or not): partners link keys by id. */
export async function apiKeyExists(db: Prisma | Tx, id: string): Promise<boolean> {
  return !!(await db.apiKey.findUnique({ where: { id }, select: { id: true } }));
}

/** `last_used_at` is written at most this often per key, so hot keys do not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export class AccountsService {
  private readonly prisma: Prisma;
  private readonly brand: string;
  private readonly clock: Clock;

  constructor(deps: Pick<Handles, 'prisma' | 'clock'> & { config: Pick<CoreConfig, 'BRAND'> }) {
    this.prisma = deps.prisma;
    this.brand = deps.config.BRAND;
    this.clock = deps.clock;
  }

  createAccount(name: string, opts: { liveEnabled?: boolean } = {}) {
    if (!name.trim()) throw new ApiError('INVALID_PARAMS', 'name: must not be empty', { field: 'name' });
    return this.prisma.account.create({ data: { id: newId('acct', 96), name: name.trim(), liveEnabled: !!opts.liveEnabled } });
  }

  getAccount(id: string) {
    return this.prisma.account.findUnique({ where: { id } });
  }

  setLiveEnabled(id: string, liveEnabled: boolean) {
    return this.prisma.account.update({ where: { id }, data: { liveEnabled } });
  }

  /**
   * Multiplies every rate-limit bucket's points for the account's keys (null: back to 1). Read when a key
   * authenticates, so it applies from the account's next request on every instance.
   */
  async setRateLimitMultiplier(id: string, multiplier: number | null) {
    if (multiplier !== null && !(Number.isFinite(multiplier) && multiplier > 0 && multiplier <= 1000)) {
      throw new ApiError('INVALID_PARAMS', 'multiplier: must be a number above 0 and at most 1000', { field: 'multiplier' });
    }
    if (!(await this.getAccount(id))) throw notFound('Account');
    return this.prisma.account.update({ where: { id }, data: { rateLimitMultiplier: multiplier } });
  }

  /** Creates a key; the full secret is returned this once and never stored. */
  async createKey(accountId: string, mode: Mode, name?: string): Promise<{ key: string; apiKey: ApiKeyView }> {
    const account = await this.getAccount(accountId);
    if (!account) throw notFound('Account');
    const { key, prefix, hash } = generateApiKey(this.brand, mode);
    const apiKey = await this.prisma.apiKey.create({
      data: { id: newId('key', 96), accountId, mode, prefix, hash, name: name ?? null },
    });
    return { key, apiKey: apiKey as ApiKeyView };
  }

  /** The account's keys; with `mode`, only that mode's (a test key must not see or touch live keys). */
  async listKeys(accountId: string, mode?: Mode): Promise<ApiKeyView[]> {
    return (await this.prisma.apiKey.findMany({ where: { accountId, ...(mode ? { mode } : {}) }, orderBy: { createdAt: 'desc' } })) as ApiKeyView[];
  }

  async revokeKey(accountId: string, keyId: string, mode?: Mode): Promise<ApiKeyView> {
    // Not one of our ids (NUL bytes, megabytes of text): no key has it, and Postgres would refuse a NUL (500).
    if (!plausibleId(keyId)) throw notFound('API key');
    const key = await this.prisma.apiKey.findFirst({ where: { id: keyId, accountId, ...(mode ? { mode } : {}) } });
    if (!key) throw notFound('API key');
    if (key.revokedAt) return key as ApiKeyView;
    return (await this.prisma.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date(this.clock.now()) } })) as ApiKeyView;
  }

  /**
   * Resolves an `x-api-key` value. Unknown, malformed or revoked → UNAUTHORIZED (401);
   * a live key of an account without live mode → FORBIDDEN (403).
   */
  async authenticate(key: string | undefined): Promise<KeyAuth> {
    if (!key) throw new ApiError('UNAUTHORIZED', 'An API key is required: send it in the x-api-key header');
    if (!parseApiKey(this.brand, key)) throw new ApiError('UNAUTHORIZED', 'The API key is not valid');
    const row = await this.prisma.apiKey.findUnique({ where: { hash: hashApiKey(key) }, include: { account: true } });
    if (!row || row.revokedAt) throw new ApiError('UNAUTHORIZED', 'The API key is not valid or has been revoked');
    if (row.expiresAt && row.expiresAt.getTime() <= this.clock.now()) throw new ApiError('UNAUTHORIZED', 'The API key has expired');
    if (row.mode === 'live' && !row.account.liveEnabled) {
      throw new ApiError('FORBIDDEN', 'Live mode is not enabled for this account; use a test key or ask for live access');
    }
    const now = this.clock.now();
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      // At most once a minute per key; a failed timestamp write must not fail the request.
      await this.prisma.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } }).catch(() => {});
    }
    const multiplier = row.account.rateLimitMultiplier;
    return {
      accountId: row.accountId,
      mode: row.mode as Mode,
      keyId: row.id,
      via: 'key',
      scopes: keyScopes(row.scopes),
      ...(multiplier != null ? { rateLimitMultiplier: multiplier } : {}),
    };
  }

  // --- Team members (wallets), read by dashboard sessions on every request -------------------------------------

  getMember(id: string): Promise<MemberRow | null> {
    return this.prisma.member.findUnique({ where: { id } });
  }

  /** The accounts a wallet belongs to, most recently joined first. */
  membershipsOf(chainType: ChainType, address: string): Promise<MemberRow[]> {
    return this.prisma.member.findMany({ where: { chainType, address }, orderBy: [{ joinedAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }] });
  }

  /**
   * Makes `address` a member of `accountId` with `role` when it is not one yet (an existing member keeps its
   * role); marks it joined. Used by sign-in (a first wallet owns its new account) and the development sign-in.
   */
  async ensureMember(accountId: string, chainType: ChainType, address: string, role: Role): Promise<MemberRow> {
    const now = new Date(this.clock.now());
    return this.prisma.member.upsert({
      where: { accountId_chainType_address: { accountId, chainType, address } },
      create: { id: newId('mem', 96), accountId, chainType, address, role, joinedAt: now },
      update: {},
    });
  }

  /** Marks a member joined at its first sign-in into the account (an invitation accepted). */
  async markJoined(memberId: string): Promise<void> {
    await this.prisma.member.updateMany({ where: { id: memberId, joinedAt: null }, data: { joinedAt: new Date(this.clock.now()) } });
  }
}
