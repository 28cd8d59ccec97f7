import { createHash } from 'node:crypto';
import { accountSuspended, type AccountsService, type KeyAuth, type MemberRow } from '../accounts/service.js';
import type { Mode } from '../accounts/service.js';
import { ROLE_SCOPES, type Role } from '../accounts/state.js';
import type { ChainType } from '../accounts/input.js';
import type { CoreConfig } from '../core-config.js';
import { ApiError, notFound } from '../errors.js';
import type { Handles } from '../handles.js';
import { newId, randomBase62 } from '../ids.js';
import type { Prisma as PrismaNs } from '../db/generated/client.js';
import type { AuthConfig } from './config.js';
import { clearedSessionCookie, sessionCookie, sessionCookieName } from './cookie.js';
import { idleEnd, sessionVerdict, shouldTouch } from './state.js';

type Tx = PrismaNs.TransactionClient;

/** A dashboard session as listed to its wallet (never the token, which is only ever in the cookie). */
export interface SessionView {
  id: string;
  address: string;
  chainType: ChainType;
  accountId: string;
  memberId: string;
  mode: Mode;
  createdAt: Date;
  lastSeenAt: Date;
  /** When it ends if unused: the earlier of its absolute end and the idle window from its last request. */
  idleExpiresAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  userAgent: string | null;
  ipAddress: string | null;
}

/** Who is signed in, for which account, and the wallet's accounts (`AuthService.current`). */
export interface CurrentSession {
  session: SessionView;
  role: Role;
  account: { id: string; name: string; liveEnabled: boolean };
  /** Every account the wallet is a member of, most recently joined first. */
  memberships: Array<{ accountId: string; accountName: string; role: Role; joinedAt: Date | null }>;
}

/** Where a session was opened from, kept so the wallet can tell its sessions apart. */
export interface ClientMeta {
  userAgent?: string;
  ip?: string;
}

/**
 * The development-only one-click sign-in: turned on by `npm run dev` (src/dev.ts) for its dev account and the
 * devnet's test wallet, by a method call, never from the environment, so a deployed service cannot have it.
 */
export interface DevSignIn {
  accountId: string;
  address: string;
}

/** 256 random bits; the cookie carries this, the database only its SHA-256. */
const newToken = () => randomBase62(256);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_SHAPE = /^[0-9A-Za-z]{40,64}$/;

/**
 * Dashboard sessions: opaque random tokens in an HttpOnly cookie, stored as hashes, with idle and absolute expiry,
 * listed and revocable by their wallet. A session acts for one account (through the wallet's membership, re-read
 * on every request, so removing a member ends their sessions at once) in the mode the dashboard selected.
 * Sign-in itself (the wallet's signed message) is src/auth/sign-in.ts.
 */
export class AuthService {
  private readonly d: Pick<Handles, 'prisma' | 'clock'> & {
    config: AuthConfig & Pick<CoreConfig, 'BRAND' | 'PUBLIC_URL'>;
    accounts: AccountsService;
  };
  private dev: DevSignIn | undefined;

  constructor(deps: AuthService['d']) {
    this.d = deps;
  }

  get cookieName() {
    return sessionCookieName(this.d.config.BRAND);
  }

  private get secure() {
    return this.d.config.PUBLIC_URL.startsWith('https:');
  }

  private get idleMs() {
    return this.d.config.DASHBOARD_SESSION_IDLE_MINUTES * 60_000;
  }

  /** The Set-Cookie value carrying a new session's token. */
  cookieFor(token: string): string {
    return sessionCookie({ brand: this.d.config.BRAND, token, maxAgeSeconds: this.d.config.DASHBOARD_SESSION_MAX_HOURS * 3600, secure: this.secure });
  }

  /** The Set-Cookie value that clears the cookie. */
  clearedCookie(): string {
    return clearedSessionCookie({ brand: this.d.config.BRAND, secure: this.secure });
  }

  /**
   * Opens a session for a member (sign-in). Always a new token: a sign-in never continues an earlier session.
   * `tx`: the sign-in's transaction, so the challenge is spent and the session made together.
   */
  async createSession(member: MemberRow, meta: ClientMeta, tx?: Tx): Promise<{ token: string; session: SessionView }> {
    const now = this.d.clock.now();
    const token = newToken();
    const row = await (tx ?? this.d.prisma).dashboardSession.create({
      data: {
        id: newId('dsess', 96),
        tokenHash: hashToken(token),
        address: member.address,
        chainType: member.chainType,
        accountId: member.accountId,
        memberId: member.id,
        mode: 'test',
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + this.d.config.DASHBOARD_SESSION_MAX_HOURS * 3_600_000),
        userAgent: meta.userAgent?.slice(0, 256) ?? null,
        ipAddress: meta.ip ?? null,
      },
    });
    return { token, session: this.view(row) };
  }

  /**
   * The request's auth from the cookie's token: null when there is no token; UNAUTHORIZED when it is unknown,
   * revoked, expired, idle too long, or its membership is gone; FORBIDDEN while its account is suspended.
   */
  async authenticateSession(token: string | undefined): Promise<KeyAuth | null> {
    if (token === undefined) return null;
    const unauthorized = (why: string) => new ApiError('UNAUTHORIZED', `The dashboard session ${why}: sign in again`);
    if (!TOKEN_SHAPE.test(token)) throw unauthorized('is not valid');
    // Looked up by the token's hash: the database never holds a usable token, and the lookup leaks no timing of it.
    const row = await this.d.prisma.dashboardSession.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!row) throw unauthorized('is not valid');
    return this.authFor(row);
  }

  private async authFor(row: {
    id: string;
    accountId: string;
    memberId: string;
    mode: string;
    lastSeenAt: Date;
    expiresAt: Date;
    revokedAt: Date | null;
  }): Promise<KeyAuth> {
    const unauthorized = (why: string) => new ApiError('UNAUTHORIZED', `The dashboard session ${why}: sign in again`);
    const now = this.d.clock.now();
    const verdict = sessionVerdict(row, now, this.idleMs);
    if (verdict === 'revoked') throw unauthorized('was signed out');
    if (verdict !== 'active') throw unauthorized('has expired');
    const member = await this.d.accounts.getMember(row.memberId);
    if (!member || member.accountId !== row.accountId) throw unauthorized('no longer has access to this account');
    const account = await this.d.accounts.getAccount(row.accountId);
    if (!account) throw unauthorized('no longer has access to this account');
    // Not revoked: the session works again once the operator lifts the suspension.
    if (account.suspendedAt) throw accountSuspended();
    let mode = row.mode as Mode;
    if (mode === 'live' && !account.liveEnabled) {
      // Live mode was turned off since the dashboard selected it: the session goes back to test mode (it never
      // acts in a mode the account may not use), and the dashboard shows the mode it reads from the session.
      mode = 'test';
      await this.d.prisma.dashboardSession.update({ where: { id: row.id }, data: { mode } });
    }
    if (shouldTouch(row.lastSeenAt, now)) {
      // At most once a minute; a failed timestamp write must not fail the request.
      await this.d.prisma.dashboardSession.update({ where: { id: row.id }, data: { lastSeenAt: new Date(now) } }).catch(() => {});
    }
    const role = member.role as Role;
    return {
      accountId: row.accountId,
      mode,
      keyId: row.id,
      via: 'session',
      scopes: ROLE_SCOPES[role] ?? ROLE_SCOPES.viewer,
      member: { id: member.id, address: member.address, chainType: member.chainType as ChainType, role },
      ...(account.rateLimitMultiplier != null ? { rateLimitMultiplier: account.rateLimitMultiplier } : {}),
    };
  }

  /** A session's auth by its id (after a switch, for the answer); UNAUTHORIZED when it no longer works. */
  async authenticateSessionById(id: string): Promise<KeyAuth> {
    const row = await this.d.prisma.dashboardSession.findUnique({ where: { id } });
    if (!row) throw new ApiError('UNAUTHORIZED', 'The dashboard session is not valid: sign in again');
    return (await this.authFor(row))!;
  }

  /**
   * Rotation at sign-in: the session of the cookie the browser still sent (if any) ends when a new one is opened,
   * so a token planted in or copied from this browser before sign-in never outlives it. Best effort: an unknown
   * token changes nothing.
   */
  async revokeToken(token: string | undefined): Promise<void> {
    if (!token || !TOKEN_SHAPE.test(token)) return;
    await this.d.prisma.dashboardSession.updateMany({
      where: { tokenHash: hashToken(token), revokedAt: null },
      data: { revokedAt: new Date(this.d.clock.now()) },
    });
  }

  /** One session, as its wallet sees it. */
  async getSession(id: string): Promise<SessionView | null> {
    const row = await this.d.prisma.dashboardSession.findUnique({ where: { id } });
    return row ? this.view(row) : null;
  }

  /** The wallet's sessions that still work, newest first (every account it acts for). */
  async listSessions(auth: KeyAuth): Promise<SessionView[]> {
    const member = sessionMember(auth);
    const now = this.d.clock.now();
    const rows = await this.d.prisma.dashboardSession.findMany({
      where: { chainType: member.chainType, address: member.address, revokedAt: null, expiresAt: { gt: new Date(now) } },
      orderBy: { createdAt: 'desc' },
      take: 100,
    });
    return rows.filter((r) => sessionVerdict(r, now, this.idleMs) === 'active').map((r) => this.view(r));
  }

  /** Revokes one of the wallet's own sessions (another wallet's is NOT_FOUND); revoking twice changes nothing. */
  async revokeSession(auth: KeyAuth, id: string): Promise<SessionView> {
    const member = sessionMember(auth);
    // Not one of our ids (NUL bytes, megabytes of text): no session has it, and Postgres would refuse a NUL (500).
    if (!/^dsess_[0-9A-Za-z]{8,40}$/.test(id)) throw notFound('Session');
    const row = await this.d.prisma.dashboardSession.findUnique({ where: { id } });
    if (!row || row.address !== member.address || row.chainType !== member.chainType) throw notFound('Session');
    if (row.revokedAt) return this.view(row);
    return this.view(await this.d.prisma.dashboardSession.update({ where: { id }, data: { revokedAt: new Date(this.d.clock.now()) } }));
  }

  /** Ends every session of a member in its account (the member was removed or their role changed). */
  async revokeMemberSessions(memberId: string): Promise<number> {
    const r = await this.d.prisma.dashboardSession.updateMany({ where: { memberId, revokedAt: null }, data: { revokedAt: new Date(this.d.clock.now()) } });
    return r.count;
  }

  /** Switches the mode the session acts in; live needs the account's live mode (FORBIDDEN otherwise). */
  async setMode(auth: KeyAuth, mode: Mode): Promise<SessionView> {
    sessionMember(auth);
    if (mode === 'live') {
      const account = await this.d.accounts.getAccount(auth.accountId);
      if (!account?.liveEnabled) throw new ApiError('FORBIDDEN', 'Live mode is not enabled for this account');
    }
    return this.view(await this.d.prisma.dashboardSession.update({ where: { id: auth.keyId }, data: { mode } }));
  }

  /** Switches the session to another account the wallet is a member of (NOT_FOUND otherwise); back to test mode. */
  async switchAccount(auth: KeyAuth, accountId: string): Promise<SessionView> {
    const member = sessionMember(auth);
    const target = (await this.d.accounts.membershipsOf(member.chainType, member.address)).find((m) => m.accountId === accountId);
    if (!target) throw notFound('Account');
    await this.d.accounts.markJoined(target.id);
    return this.view(await this.d.prisma.dashboardSession.update({ where: { id: auth.keyId }, data: { accountId, memberId: target.id, mode: 'test' } }));
  }

  /** The current session with the member's role, the account and the wallet's other accounts: what the dashboard reads first. */
  async current(auth: KeyAuth): Promise<CurrentSession> {
    const member = sessionMember(auth);
    const [session, account, memberships] = await Promise.all([
      this.getSession(auth.keyId),
      this.d.accounts.getAccount(auth.accountId),
      this.d.accounts.membershipsOf(member.chainType, member.address),
    ]);
    if (!session || !account) throw new ApiError('UNAUTHORIZED', 'The dashboard session is not valid: sign in again');
    const accounts = await Promise.all(memberships.map((m) => this.d.accounts.getAccount(m.accountId)));
    return {
      session,
      role: member.role,
      account: { id: account.id, name: account.name, liveEnabled: account.liveEnabled },
      memberships: memberships.flatMap((m, i) =>
        accounts[i] ? [{ accountId: m.accountId, accountName: accounts[i].name, role: m.role as Role, joinedAt: m.joinedAt }] : [],
      ),
    };
  }

  /** Signs the current session out (revoked at once, on every instance); `everywhere`: every session of the wallet. */
  async signOut(auth: KeyAuth, opts: { everywhere?: boolean } = {}): Promise<SessionView> {
    const member = sessionMember(auth);
    const now = new Date(this.d.clock.now());
    if (opts.everywhere) {
      await this.d.prisma.dashboardSession.updateMany({
        where: { chainType: member.chainType, address: member.address, revokedAt: null },
        data: { revokedAt: now },
      });
    }
    return this.view(await this.d.prisma.dashboardSession.update({ where: { id: auth.keyId }, data: { revokedAt: now } }));
  }

  /**
   * Deletes challenges a day past their expiry and sessions 30 days past their end or revocation (the wallet's
   * session list shows only working ones, so nothing visible goes). Returns how many rows went.
   */
  async deleteExpired(): Promise<{ challenges: number; sessions: number }> {
    const now = this.d.clock.now();
    const challenges = await this.d.prisma.signInChallenge.deleteMany({ where: { expiresAt: { lt: new Date(now - 86_400_000) } } });
    const cutoff = new Date(now - 30 * 86_400_000);
    const sessions = await this.d.prisma.dashboardSession.deleteMany({ where: { OR: [{ expiresAt: { lt: cutoff } }, { revokedAt: { lt: cutoff } }] } });
    return { challenges: challenges.count, sessions: sessions.count };
  }

  /** Turns the development one-click sign-in on (src/dev.ts only; refused outside NODE_ENV=development). */
  enableDevSignIn(dev: DevSignIn, nodeEnv: string): void {
    if (nodeEnv !== 'development') throw new Error('The one-click sign-in exists only under npm run dev');
    this.dev = dev;
  }

  /** Whether the development one-click sign-in is on. */
  get devSignInEnabled(): boolean {
    return !!this.dev;
  }

  /** The development one-click sign-in: a session for the dev account's test wallet. NOT_FOUND when off. */
  async devSignIn(meta: ClientMeta, accountId?: string): Promise<{ token: string; session: SessionView }> {
    const dev = this.dev;
    if (!dev) throw new ApiError('NOT_FOUND', 'The one-click sign-in exists only under npm run dev');
    if (accountId !== undefined && accountId !== dev.accountId) throw notFound('Account');
    const member = await this.d.accounts.ensureMember(dev.accountId, 'evm', dev.address.toLowerCase(), 'owner');
    return this.createSession(member, meta);
  }

  private view(row: {
    id: string;
    address: string;
    chainType: string;
    accountId: string;
    memberId: string;
    mode: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
    revokedAt: Date | null;
    userAgent: string | null;
    ipAddress: string | null;
  }): SessionView {
    return {
      id: row.id,
      address: row.address,
      chainType: row.chainType as ChainType,
      accountId: row.accountId,
      memberId: row.memberId,
      mode: row.mode as Mode,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      idleExpiresAt: idleEnd(row, this.idleMs),
      expiresAt: row.expiresAt,
      revokedAt: row.revokedAt,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
    };
  }
}

/** The member of a session-authenticated request; FORBIDDEN for an API key (these are the wallet's own things). */
export function sessionMember(auth: KeyAuth) {
  if (auth.via !== 'session' || !auth.member) throw new ApiError('FORBIDDEN', 'Only a signed-in dashboard session can do this, not an API key');
  return auth.member;
}
