import { ApiError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Prisma } from '../db/client.js';
import type { Prisma as PrismaNs } from '../db/generated/client.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import type { Handles } from '../handles.js';
import { allows, mayManageRole, type Role } from './state.js';
import { lockAccountForKeyChanges, type KeyAuth, type MemberRow } from './service.js';
import { chainTypeOf, displayWallet, normalizeWallet, type ChainType, type InviteMemberInput, type UpdateMemberInput } from './input.js';
import type { MemberView } from './views.js';

type Tx = PrismaNs.TransactionClient;

/** The acting member of a request that manages the team: a signed-in session with the team scope it needs. */
function actor(auth: KeyAuth, level: 'read' | 'write') {
  if (auth.via !== 'session' || !auth.member) throw new ApiError('FORBIDDEN', 'The team is managed from the dashboard: sign in with a member wallet');
  if (!allows(auth.scopes, { resource: 'team', level }))
    throw new ApiError('FORBIDDEN', `The role ${auth.member.role} cannot ${level === 'read' ? 'see' : 'change'} the team`);
  return auth.member;
}

/** The name of an account a wallet's first sign-in creates: its address, shortened. */
const accountNameFor = (chainType: ChainType, address: string) => {
  const shown = displayWallet(chainType, address);
  return `Wallet ${shown.slice(0, 6)}…${shown.slice(-4)}`;
};

/**
 * An account's team: wallets with roles (src/accounts/scopes.ts). Owners manage everyone; admins manage everyone
 * but owners; an account always keeps at least one owner (the check and the change run under the account's row
 * lock, so two owners demoting each other at once cannot leave none). Removing a member ends their sessions in
 * the account (`onRemoved`, wired by the composition root to the auth domain).
 */
export class TeamService {
  constructor(
    private readonly d: Pick<Handles, 'prisma' | 'clock'> & {
      /** Ends a removed member's dashboard sessions (the auth domain owns sessions). */
      onRemoved: (memberId: string) => Promise<unknown>;
    },
  ) {}

  private get prisma(): Prisma {
    return this.d.prisma;
  }

  /** The account's members, owners first, then by when they were added. */
  async list(auth: KeyAuth): Promise<MemberView[]> {
    actor(auth, 'read');
    const rows = await this.prisma.member.findMany({ where: { accountId: auth.accountId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    const rank: Record<string, number> = { owner: 0, admin: 1, developer: 2, viewer: 3 };
    return rows.sort((a, b) => (rank[a.role] ?? 9) - (rank[b.role] ?? 9)).map((r) => memberView(r, auth));
  }

  /** Adds a wallet to the team; it joins at its next sign-in. A wallet already in the team → CONFLICT. */
  async invite(auth: KeyAuth, input: InviteMemberInput): Promise<MemberView> {
    const me = actor(auth, 'write');
    if (!mayManageRole(me.role, input.role)) throw new ApiError('FORBIDDEN', `An ${me.role} cannot add an ${input.role}: only owners add owners`);
    const chainType = chainTypeOf(input.address);
    const address = normalizeWallet(chainType, input.address);
    try {
      const row = await this.prisma.member.create({
        data: { id: newId('mem', 96), accountId: auth.accountId, chainType, address, role: input.role, invitedBy: displayWallet(me.chainType, me.address) },
      });
      return memberView(row, auth);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError('CONFLICT', 'This wallet is already a member of the account');
      throw err;
    }
  }

  /** Changes a member's role. Owners only for owners (either side); the last owner cannot be demoted (CONFLICT). */
  async update(auth: KeyAuth, id: string, input: UpdateMemberInput): Promise<MemberView> {
    actor(auth, 'write');
    return this.prisma.$transaction(async (tx) => {
      const { me, target } = await this.locked(tx, auth, id);
      if (!mayManageRole(me.role, target.role as Role) || !mayManageRole(me.role, input.role)) {
        throw new ApiError('FORBIDDEN', `An ${me.role} cannot change an ${target.role} into an ${input.role}: only owners manage owners`);
      }
      if (target.role === input.role) return memberView(target, auth);
      if (target.role === 'owner') await this.keepAnOwner(tx, auth.accountId, 'demote');
      return memberView(await tx.member.update({ where: { id }, data: { role: input.role } }), auth);
    });
  }

  /** Removes a member (oneself included) and ends their sessions in the account; the last owner stays (CONFLICT). */
  async remove(auth: KeyAuth, id: string): Promise<MemberView> {
    // Leaving (removing oneself) needs only to be a member; removing another member needs team write.
    actor(auth, auth.member?.id === id ? 'read' : 'write');
    const removed = await this.prisma.$transaction(async (tx) => {
      const { me, target } = await this.locked(tx, auth, id);
      if (target.id !== me.id && !mayManageRole(me.role, target.role as Role)) {
        throw new ApiError('FORBIDDEN', `An ${me.role} cannot remove an ${target.role}: only owners remove owners`);
      }
      if (target.role === 'owner') await this.keepAnOwner(tx, auth.accountId, 'remove');
      await tx.member.delete({ where: { id } });
      return target;
    });
    await this.d.onRemoved(removed.id);
    return memberView(removed, auth);
  }

  // --- for sign-in (src/auth/sign-in.ts, through its SignInMemberships port) ---------------------------------

  /** The wallet's memberships, most recently joined first, each saying whether its account is suspended. */
  async membershipsOf(chainType: ChainType, address: string, tx: Tx): Promise<Array<MemberRow & { accountSuspended: boolean }>> {
    const rows = await tx.member.findMany({
      where: { chainType, address },
      orderBy: [{ joinedAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }],
      include: { account: { select: { suspendedAt: true } } },
    });
    return rows.map(({ account, ...m }) => ({ ...m, accountSuspended: !!account.suspendedAt }));
  }

  async createAccountWithOwner(chainType: ChainType, address: string, tx: Tx): Promise<MemberRow> {
    const now = new Date(this.d.clock.now());
    const account = await tx.account.create({ data: { id: newId('acct', 96), name: accountNameFor(chainType, address), liveEnabled: false, createdAt: now } });
    return tx.member.create({ data: { id: newId('mem', 96), accountId: account.id, chainType, address, role: 'owner', createdAt: now, joinedAt: now } });
  }

  /**
   * The target member and the acting one, read under the account's row lock: owner counts cannot change under the
   * check, and the actor's role is the one it has now (a request authenticated just before its own demotion acts
   * with the new role). Target missing → NOT_FOUND; actor no longer a member → FORBIDDEN.
   */
  private async locked(tx: Tx, auth: KeyAuth, id: string): Promise<{ me: { id: string; role: Role }; target: MemberRow }> {
    if (!/^mem_[0-9A-Za-z]{8,40}$/.test(id)) throw notFound('Member');
    await lockAccountForKeyChanges(tx, auth.accountId);
    const [target, me] = await Promise.all([
      tx.member.findFirst({ where: { id, accountId: auth.accountId } }),
      tx.member.findFirst({ where: { id: auth.member!.id, accountId: auth.accountId } }),
    ]);
    if (!me) throw new ApiError('FORBIDDEN', 'You are no longer a member of this account');
    if (!target) throw notFound('Member');
    return { me: { id: me.id, role: me.role as Role }, target };
  }

  private async keepAnOwner(tx: Tx, accountId: string, what: 'demote' | 'remove') {
    const owners = await tx.member.count({ where: { accountId, role: 'owner' } });
    if (owners <= 1) throw new ApiError('CONFLICT', `An account keeps at least one owner: make another member an owner before you ${what} this one`);
  }
}

function memberView(r: MemberRow, auth: KeyAuth): MemberView {
  const chainType = r.chainType as ChainType;
  return {
    id: r.id,
    object: 'member',
    address: displayWallet(chainType, r.address),
    chainType,
    role: r.role as Role,
    invitedBy: r.invitedBy,
    createdAt: r.createdAt.toISOString(),
    joinedAt: r.joinedAt?.toISOString() ?? null,
    you: auth.member?.id === r.id,
  };
}
