import { ApiError, invalidParams, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { plausibleId } from '../events/input.js';
import type { Prisma } from '../db/client.js';
import type { Prisma as PrismaNs } from '../db/generated/client.js';
import type { Clock } from '../clock.js';
import type { CoreConfig } from '../core-config.js';
import type { Handles } from '../handles.js';
import { generateApiKey, hashApiKey, parseApiKey, type Mode } from './keys.js';

export type { Mode } from './keys.js';
import {
  allows,
  keyScopes,
  refusalMessage,
  resourceLabel,
  ROLE_SCOPES,
  UNRESTRICTED_KEY,
  widerThan,
  type Level,
  type Need,
  type Resource,
  type Role,
  type Scopes,
} from './state.js';
import { parseInput } from '../validation.js';
import { withLockedRow } from '../db/locked-row.js';
import { after, decodeCursor, encodeCursor, NEWEST_FIRST, pageOf, type Page } from '../db/keyset.js';
import { recordAudit, type AdminWrite, type AuditRecord } from '../admin/outbox.js';
import { setRateLimitSchema, type AdminAccountsQuery, type ChainType } from './input.js';
import {
  ADMIN_KEY_SELECT,
  accountSearch,
  adminAccountView,
  adminApiKeyView,
  adminMemberView,
  suspendChange,
  type AdminAccountDetailView,
  type AdminAccountView,
} from './operator.js';

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
  /** `key`: when the key stops working (its own expiry, or a roll's grace end); a key makes no key outliving it. */
  expiresAt?: Date;
}

/** FORBIDDEN unless the credential's scopes allow `need`; the message names the resource, the level and why. */
export function requireScope(auth: KeyAuth, need: Need): void {
  if (!allows(auth.scopes, need))
    throw new ApiError('FORBIDDEN', refusalMessage({ via: auth.via, role: auth.member?.role }, need), {
      resource: need.resource,
      level: need.level,
    });
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

/** The account of an API key (revoked or not), null when no key has this id: partners link keys by id. */
export async function apiKeyAccountId(db: Prisma | Tx, id: string): Promise<string | null> {
  return (await db.apiKey.findUnique({ where: { id }, select: { accountId: true } }))?.accountId ?? null;
}

/** Whether an account with this id exists: the operator names a partner's account by id. */
export async function accountExists(db: Prisma | Tx, id: string): Promise<boolean> {
  return !!(await db.account.findUnique({ where: { id }, select: { id: true } }));
}

/** The answer to every key and dashboard session of a suspended account (the reason is the operator's, never shown). */
export const accountSuspended = () =>
  new ApiError('FORBIDDEN', 'This account is suspended: its API keys and dashboard sessions are refused. Contact the operator of this service.');

/**
 * FORBIDDEN while the account is suspended: checkout and invoices refuse to start new payments to a suspended
 * merchant (quotes, builds, deposit addresses, broadcasts, invoice payments), so no new money flows to it; reads,
 * and the verification of money already sent, go on (docs/admin.md, "Suspension"). Payers are not told why.
 */
export async function assertTakesPayments(db: Prisma | Tx, accountId: string): Promise<void> {
  const row = await db.account.findUnique({ where: { id: accountId }, select: { suspendedAt: true } });
  if (row?.suspendedAt) throw new ApiError('FORBIDDEN', 'This merchant cannot take payments at the moment: nothing was started or sent');
}

/** Interactive transactions of operator writes wait for the account's row lock behind a busy account's own writes. */
const ADMIN_TX = { maxWait: 10_000, timeout: 20_000 } as const;

/** What a new key is given besides its account and mode. */
export interface KeyOptions {
  name?: string | null;
  /** A restricted key's scopes (resources not named are `none`); absent or null: unrestricted. */
  scopes?: Partial<Record<Resource, Level>> | null;
  expiresAt?: Date | null;
  /** Set by `rollKey`: the key the new one replaces. */
  rolledFromId?: string | null;
  /** An operator's write (the CLI): recorded in the audit log in the key's own transaction. */
  audit?: AdminWrite;
}

/** Scopes as stored: only the resources a key has (`none` is the default of every resource not named). */
const storedScopes = (scopes: Scopes): Record<string, Level> => Object.fromEntries(Object.entries(scopes).filter(([, l]) => l !== 'none'));

/** `last_used_at` is written at most this often per key, so hot keys do not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export class AccountsService {
  private readonly rollListeners: Array<(oldId: string, newId: string) => Promise<void>> = [];
  private readonly prisma: Prisma;
  private readonly brand: string;
  private readonly clock: Clock;
  private partnerOf: (accountId: string) => Promise<string | null> = async () => null;

  constructor(deps: Pick<Handles, 'prisma' | 'clock'> & { config: Pick<CoreConfig, 'BRAND'> }) {
    this.prisma = deps.prisma;
    this.brand = deps.config.BRAND;
    this.clock = deps.clock;
  }

  /** A new account; with `opts.audit` (an operator's write: the CLI) recorded in the audit log in the same transaction. */
  createAccount(name: string, opts: { liveEnabled?: boolean; audit?: AdminWrite } = {}) {
    if (!name.trim()) throw new ApiError('INVALID_PARAMS', 'name: must not be empty', { field: 'name' });
    return this.audited(opts.audit, async (db, audit) => {
      const row = await db.account.create({ data: { id: newId('acct', 96), name: name.trim(), liveEnabled: !!opts.liveEnabled } });
      await audit({ action: 'account.create', targetType: 'account', targetId: row.id, before: null, after: adminAccountView(row) });
      return row;
    });
  }

  /**
   * Runs a write on the service's client, or, for an operator's write, in a transaction whose audit entry `fn` records
   * (through `audit`) with the change: both commit or neither does. Without `who`, `audit` records nothing.
   */
  private audited<T>(
    who: AdminWrite | undefined,
    fn: (db: Prisma | PrismaNs.TransactionClient, audit: (rec: AuditRecord) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    if (!who) return fn(this.prisma, async () => {});
    return this.prisma.$transaction((tx) => fn(tx, (rec) => recordAudit(tx, who, rec, new Date(this.clock.now()))));
  }

  getAccount(id: string) {
    return this.prisma.account.findUnique({ where: { id } });
  }

  // --- the operator's (docs/admin.md): every write audited in its own transaction ---------------------------------

  /** Where an account's partner id is read (the partners domain owns partners; wired in src/services.ts). */
  setPartnerLookup(lookup: (accountId: string) => Promise<string | null>): void {
    this.partnerOf = lookup;
  }

  /** Accounts, newest first, optionally matching `q` (id, name, member wallet, key prefix: `accountSearch`). */
  async adminList(q: AdminAccountsQuery): Promise<Page<AdminAccountView>> {
    const cursor = q.cursor ? decodeCursor(q.cursor, plausibleId) : null;
    const rows = await this.prisma.account.findMany({ where: { AND: [after(cursor), accountSearch(q.q)] }, orderBy: NEWEST_FIRST, take: q.limit + 1 });
    return pageOf(rows, q.limit, adminAccountView, (r) => encodeCursor(r));
  }

  /** An account's cursor (GraphQL edges). */
  adminCursor(v: AdminAccountView): string {
    return encodeCursor({ createdAt: new Date(v.createdAt), id: v.id });
  }

  /** One account with its partner, members and keys (never a key's secret or hash). NOT_FOUND when unknown. */
  async adminGet(id: string): Promise<AdminAccountDetailView> {
    if (!plausibleId(id)) throw notFound('Account');
    const row = await this.prisma.account.findUnique({
      where: { id },
      include: {
        members: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
        apiKeys: { select: ADMIN_KEY_SELECT, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
      },
    });
    if (!row) throw notFound('Account');
    return {
      ...adminAccountView(row),
      object: 'admin_account_detail',
      partnerId: await this.partnerOf(id),
      members: row.members.map(adminMemberView),
      apiKeys: row.apiKeys.map(adminApiKeyView),
    };
  }

  /**
   * Turns live mode on or off. Off: live keys are FORBIDDEN from their next request, and dashboard sessions in live
   * fall back to test at theirs (src/auth/service.ts). Audited as `account.live_mode`.
   */
  setLiveEnabled(id: string, liveEnabled: boolean, who: AdminWrite): Promise<AdminAccountView> {
    return this.adminWrite(id, who, 'account.live_mode', (row) => (row.liveEnabled === liveEnabled ? null : { liveEnabled }));
  }

  /**
   * Multiplies every rate-limit bucket's points for the account's keys and sessions (null: back to 1; 0.1 to 100).
   * Read when a credential authenticates, so it applies from the account's next request on every instance.
   */
  setRateLimitMultiplier(id: string, multiplier: number | null, who: AdminWrite): Promise<AdminAccountView> {
    const m = parseInput(setRateLimitSchema, { multiplier }).multiplier;
    return this.adminWrite(id, who, 'account.rate_limit', (row) => (row.rateLimitMultiplier === m ? null : { rateLimitMultiplier: m }));
  }

  /**
   * Suspends the account: from its next request every key and dashboard session is FORBIDDEN (nothing is revoked,
   * so unsuspending restores them), and payers get no new quotes for its sessions. Suspending again keeps the
   * first time and records the new reason.
   */
  suspend(id: string, reason: string, who: AdminWrite): Promise<AdminAccountView> {
    return this.adminWrite(id, who, 'account.suspend', (row) => suspendChange(row, reason, new Date(this.clock.now())));
  }

  /** Lifts a suspension: the account's keys and sessions work again from their next request. */
  unsuspend(id: string, who: AdminWrite): Promise<AdminAccountView> {
    return this.adminWrite(id, who, 'account.unsuspend', (row) => (row.suspendedAt ? { suspendedAt: null, suspendedReason: null } : null));
  }

  /**
   * One operator write of an account under its row lock, and its audit entry, in one transaction. `change` answers
   * the columns to set, or null when the account already is as asked (nothing written, nothing recorded).
   */
  private async adminWrite(
    id: string,
    who: AdminWrite,
    action: string,
    change: (row: NonNullable<Awaited<ReturnType<AccountsService['getAccount']>>>) => PrismaNs.AccountUpdateInput | null,
  ): Promise<AdminAccountView> {
    if (!plausibleId(id)) throw notFound('Account');
    return withLockedRow(
      this.prisma,
      { table: 'accounts', id, read: (tx) => tx.account.findUnique({ where: { id } }), missing: () => notFound('Account') },
      async (tx, row) => {
        const data = change(row);
        if (!data) return adminAccountView(row);
        const updated = await tx.account.update({ where: { id }, data });
        const out = adminAccountView(updated);
        await recordAudit(tx, who, { action, targetType: 'account', targetId: id, before: adminAccountView(row), after: out }, new Date(this.clock.now()));
        return out;
      },
      { txOptions: ADMIN_TX },
    );
  }

  /**
   * Creates a key; the full secret is returned this once and never stored. `creator` is who asks: absent for the
   * operator (CLI, `npm run dev`); an API key or a dashboard session needs `api_keys: write` and may only make a
   * key no wider than itself (`within`: a restricted key, or a developer, cannot mint an unrestricted key), of its
   * own account and mode.
   */
  async createKey(accountId: string, mode: Mode, opts: KeyOptions = {}, creator?: KeyAuth): Promise<{ key: string; apiKey: ApiKeyView }> {
    const scopes = opts.scopes == null ? null : keyScopes(opts.scopes);
    if (creator) this.checkCreator(creator, accountId, mode, scopes ?? UNRESTRICTED_KEY, opts.expiresAt ?? null);
    if (opts.expiresAt) {
      if (opts.expiresAt.getTime() <= this.clock.now()) throw invalidParams('expiresAt', 'must be in the future');
    }
    const account = await this.getAccount(accountId);
    if (!account) throw notFound('Account');
    const { key, prefix, hash } = generateApiKey(this.brand, mode);
    const apiKey = await this.audited(opts.audit, async (db, audit) => {
      const row = await db.apiKey.create({
        data: {
          id: newId('key', 96),
          accountId,
          mode,
          prefix,
          hash,
          name: opts.name ?? null,
          ...(scopes ? { scopes: storedScopes(scopes) } : {}),
          expiresAt: opts.expiresAt ?? null,
          rolledFromId: opts.rolledFromId ?? null,
        },
      });
      await audit({ action: 'api_key.create', targetType: 'api_key', targetId: row.id, before: null, after: { accountId, ...adminApiKeyView(row) } });
      return row;
    });
    return { key, apiKey: apiKey as ApiKeyView };
  }

  /**
   * Rolls a key: a new key with the same name, scopes, mode and expiry (`rolledFromId` set), answered with its
   * secret this once; the old key keeps working for `graceSeconds` (0: revoked at once), never longer than it
   * would have. A revoked or expired key cannot be rolled (CONFLICT). Another account's or mode's key is
   * NOT_FOUND, as a missing one.
   */
  async rollKey(auth: KeyAuth, keyId: string, { graceSeconds }: { graceSeconds: number }): Promise<{ key: string; apiKey: ApiKeyView; old: ApiKeyView }> {
    const old = await this.ownKey(auth, keyId);
    const now = this.clock.now();
    if (old.revokedAt || (old.expiresAt && old.expiresAt.getTime() <= now))
      throw new ApiError('CONFLICT', 'This API key is revoked or expired: create a new one instead');
    const scopes = old.scopes == null ? null : keyScopes(old.scopes);
    this.checkCreator(auth, old.accountId, old.mode, scopes ?? UNRESTRICTED_KEY, old.expiresAt && old.expiresAt.getTime() > now ? old.expiresAt : null);
    const created = await this.createKey(old.accountId, old.mode, {
      name: old.name,
      scopes,
      ...(old.expiresAt && old.expiresAt.getTime() > now ? { expiresAt: old.expiresAt } : {}),
      rolledFromId: old.id,
    });
    const until = now + graceSeconds * 1000;
    const expiresAt = new Date(old.expiresAt ? Math.min(old.expiresAt.getTime(), until) : until);
    const updated = (await this.prisma.apiKey.update({
      where: { id: old.id },
      data: graceSeconds === 0 ? { revokedAt: new Date(now), expiresAt } : { expiresAt },
    })) as ApiKeyView;
    for (const fn of this.rollListeners) await fn(old.id, created.apiKey.id);
    return { ...created, old: updated };
  }

  /** Called after a key is rolled, with the old and the new key's id (partners carry their key link over). */
  onKeyRolled(fn: (oldId: string, newId: string) => Promise<void>): void {
    this.rollListeners.push(fn);
  }

  /** A key of the credential's own account and mode; any other id → NOT_FOUND. */
  private async ownKey(auth: KeyAuth, keyId: string): Promise<ApiKeyView> {
    if (!plausibleId(keyId)) throw notFound('API key');
    const key = await this.prisma.apiKey.findFirst({ where: { id: keyId, accountId: auth.accountId, mode: auth.mode } });
    if (!key) throw notFound('API key');
    return key as ApiKeyView;
  }

  private checkCreator(creator: KeyAuth, accountId: string, mode: Mode, scopes: Scopes, expiresAt: Date | null): void {
    if (creator.accountId !== accountId || creator.mode !== mode) throw notFound('Account');
    requireScope(creator, { resource: 'api_keys', level: 'write' });
    // An expiring key (or one in its roll's grace period) makes no key that outlives it: a leaked key that is being
    // rolled away cannot mint itself a permanent successor.
    if (creator.via === 'key' && creator.expiresAt && (!expiresAt || expiresAt.getTime() > creator.expiresAt.getTime())) {
      throw invalidParams(
        'expiresAt',
        `must be no later than this API key's own expiry (${creator.expiresAt.toISOString()}): a key makes no key that outlives it`,
      );
    }
    const wider = widerThan(scopes, creator.scopes);
    if (wider.length > 0) {
      throw new ApiError(
        'FORBIDDEN',
        `${creator.via === 'session' ? `Your role (${creator.member?.role ?? 'unknown'})` : 'This API key'} may not make a key wider than itself: ${wider.map((r) => `${resourceLabel(r)} ${scopes[r]}`).join(', ')}`,
        { resources: wider },
      );
    }
  }

  /** The account's keys; with `mode`, only that mode's (a test key must not see or touch live keys). */
  async listKeys(accountId: string, mode?: Mode): Promise<ApiKeyView[]> {
    return (await this.prisma.apiKey.findMany({ where: { accountId, ...(mode ? { mode } : {}) }, orderBy: { createdAt: 'desc' } })) as ApiKeyView[];
  }

  async revokeKey(accountId: string, keyId: string, mode?: Mode, who?: AdminWrite): Promise<ApiKeyView> {
    // Not one of our ids (NUL bytes, megabytes of text): no key has it, and Postgres would refuse a NUL (500).
    if (!plausibleId(keyId)) throw notFound('API key');
    return this.audited(who, async (db, audit) => {
      const key = await db.apiKey.findFirst({ where: { id: keyId, accountId, ...(mode ? { mode } : {}) } });
      if (!key) throw notFound('API key');
      if (key.revokedAt) return key as ApiKeyView;
      const revoked = await db.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date(this.clock.now()) } });
      await audit({
        action: 'api_key.revoke',
        targetType: 'api_key',
        targetId: keyId,
        before: { accountId, ...adminApiKeyView(key) },
        after: { accountId, ...adminApiKeyView(revoked) },
      });
      return revoked as ApiKeyView;
    });
  }

  /**
   * Resolves an `x-api-key` value. Unknown, malformed or revoked → UNAUTHORIZED (401); a key of a suspended account,
   * or a live key of an account without live mode → FORBIDDEN (403).
   */
  async authenticate(key: string | undefined): Promise<KeyAuth> {
    if (!key) throw new ApiError('UNAUTHORIZED', 'An API key is required: send it in the x-api-key header');
    if (!parseApiKey(this.brand, key)) throw new ApiError('UNAUTHORIZED', 'The API key is not valid');
    const row = await this.prisma.apiKey.findUnique({ where: { hash: hashApiKey(key) }, include: { account: true } });
    if (!row || row.revokedAt) throw new ApiError('UNAUTHORIZED', 'The API key is not valid or has been revoked');
    if (row.expiresAt && row.expiresAt.getTime() <= this.clock.now()) throw new ApiError('UNAUTHORIZED', 'The API key has expired');
    if (row.account.suspendedAt) throw accountSuspended();
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
      ...(row.expiresAt ? { expiresAt: row.expiresAt } : {}),
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
