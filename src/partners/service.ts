import { accountExists, apiKeyAccountId } from '../accounts/service.js';
import type { Prisma } from '../db/client.js';
import type { Clock } from '../clock.js';
import type { Handles } from '../handles.js';
import { ApiError, invalidParams, notFound } from '../errors.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { parseInput } from '../validation.js';
import type { Prisma as PrismaNs } from '../db/generated/client.js';
import { withLockedRow } from '../db/locked-row.js';
import { recordAudit, type AdminWrite } from '../admin/outbox.js';
import { INTEGRATOR_PATTERN } from '../quotes/input.js';
import {
  createPartnerSchema,
  partnerInputSchema,
  updatePartnerSchema,
  type CreatePartner,
  type PartnerEarningsQuery,
  type UpdatePartner,
  type UpdatePartnerProfile,
} from './input.js';
import { earningsRange } from './earnings.js';
import { partnerSettings, partnerView as view, toAdminPartner, type EarningsLine, type PartnerProfile, type PartnerView } from './views.js';

export type { CreatePartner, PartnerView, UpdatePartner };

type Tx = PrismaNs.TransactionClient;

/**
 * Where a partner's earnings come from: the filled orders attributed to it in one mode over a range, per source
 * chain and token (the orders domain owns them; wired in src/services.ts).
 */
export type EarningsSource = (partnerId: string, mode: 'test' | 'live', range: { from: Date; to: Date }) => Promise<EarningsLine[]>;

/** The answer when an account has no partner: only the operator makes one. */
const NO_PARTNER =
  'This account is not an integration partner: the operator enables partner fees (npm run cli -- partners:set --id <id> --label <label> --kind fee --max-fee-bps <n> --account <accountId>)';

/**
 * Partner registry: partners (label-only or fee-taking, fee and max fee in bps, payout addresses) and the
 * API keys linked to them. Quotes read it on every request, so lookups are cached briefly in memory;
 * writes through this service clear the cache of this instance (others see changes within CACHE_MS).
 */
const CACHE_MS = 30_000;

/** Operator writes wait for the partner's row lock behind a concurrent one. */
const ADMIN_TX = { maxWait: 10_000, timeout: 20_000 } as const;

/** An API key id's shape (`key_…`); anything else names no key. */
const KEY_ID = /^[A-Za-z0-9_]{1,64}$/;

const exists = (id: string) => new ApiError('CONFLICT', `Partner ${id} already exists: change it with PATCH /v1/admin/partners/${id}`);
const keyTaken = (apiKeyId: string, partnerId: string) => new ApiError('CONFLICT', `API key ${apiKeyId} already belongs to partner ${partnerId}`);

/** A partner's fields as the input schema reads them (an update is merged onto these and checked again). */
const inputOf = (p: PartnerView) => ({ ...partnerSettings(p), accountId: p.accountId });

/**
 * An account may own a partner when it exists, owns no other partner (the unique index settles a race), and every
 * key already linked to the partner is its own.
 */
async function checkOwner(tx: Tx, partnerId: string, accountId: string) {
  if (!(await accountExists(tx, accountId))) throw notFound('Account');
  const other = await tx.partner.findUnique({ where: { accountId }, select: { id: true } });
  if (other && other.id !== partnerId) throw new ApiError('CONFLICT', `Account ${accountId} already has partner ${other.id}: an account has at most one`);
  const keys = await tx.partnerKey.findMany({ where: { partnerId }, select: { apiKeyId: true } });
  for (const k of keys) {
    if ((await apiKeyAccountId(tx, k.apiKeyId)) !== accountId)
      throw new ApiError('CONFLICT', `API key ${k.apiKeyId} linked to partner ${partnerId} belongs to another account: unlink it first`);
  }
}

export class PartnersService {
  private byId = new Map<string, { at: number; p: PartnerView | null }>();
  private byKey = new Map<string, { at: number; p: PartnerView | null }>();

  private readonly prisma: Prisma;
  private readonly clock: Clock;
  private earningsOf: EarningsSource = async () => [];

  constructor(deps: Pick<Handles, 'prisma' | 'clock'>) {
    this.prisma = deps.prisma;
    this.clock = deps.clock;
  }

  // --- the operator's writes (docs/admin.md): each in one transaction with its audit entry ----------------------

  /** A new partner; an existing id is CONFLICT. `partner.create` in the audit log. */
  async create(input: CreatePartner, who: AdminWrite): Promise<PartnerView> {
    const p = parseInput(createPartnerSchema, input);
    try {
      return await this.prisma.$transaction(async (tx) => {
        if (await tx.partner.findUnique({ where: { id: p.id }, select: { id: true } })) throw exists(p.id);
        if (p.accountId) await checkOwner(tx, p.id, p.accountId);
        const row = await tx.partner.create({
          data: {
            id: p.id,
            label: p.label,
            kind: p.kind,
            feeBps: p.feeBps,
            maxFeeBps: p.maxFeeBps,
            feeRecipientEvm: p.feeRecipientEvm ?? null,
            feeRecipientSvm: p.feeRecipientSvm ?? null,
            active: p.active,
            accountId: p.accountId ?? null,
            createdAt: this.now(),
            updatedAt: this.now(),
          },
          include: { keys: true },
        });
        const after = view(row);
        await recordAudit(tx, who, { action: 'partner.create', targetType: 'partner', targetId: p.id, before: null, after: toAdminPartner(after) }, this.now());
        return after;
      });
    } catch (err) {
      // A create of the same id, or of a partner for the same account, committed meanwhile: the unique index decides.
      if (!isUniqueViolation(err)) throw err;
      if (await this.prisma.partner.findUnique({ where: { id: p.id }, select: { id: true } })) throw exists(p.id);
      throw p.accountId ? await this.accountTaken(p.accountId) : err;
    } finally {
      this.clearCache();
    }
  }

  /**
   * Changes the fields given (null clears a recipient or the account); the partner they leave keeps the fee cap
   * rules (`partnerInputSchema`). Runs under the partner's row lock, so the dashboard's own fee change (a
   * conditional update bounded by `maxFeeBps`) sees the bound as it is after this. Nothing to change: nothing
   * written, nothing recorded. `partner.update` (or `partner.deactivate`) in the audit log.
   */
  async update(id: string, changes: UpdatePartner, who: AdminWrite, action = 'partner.update'): Promise<PartnerView> {
    const c = parseInput(updatePartnerSchema, changes);
    try {
      return await this.withPartner(id, async (tx, before) => {
        const merged = parseInput(partnerInputSchema, { ...inputOf(before), ...c, id });
        const data = {
          label: merged.label,
          kind: merged.kind,
          feeBps: merged.feeBps,
          maxFeeBps: merged.maxFeeBps,
          feeRecipientEvm: merged.feeRecipientEvm ?? null,
          feeRecipientSvm: merged.feeRecipientSvm ?? null,
          active: merged.active,
          accountId: merged.accountId ?? null,
        };
        if ((Object.keys(data) as Array<keyof typeof data>).every((k) => data[k] === before[k])) return before;
        if (data.accountId && data.accountId !== before.accountId) await checkOwner(tx, id, data.accountId);
        const after = view(await tx.partner.update({ where: { id }, data: { ...data, updatedAt: this.now() }, include: { keys: true } }));
        await recordAudit(tx, who, { action, targetType: 'partner', targetId: id, before: toAdminPartner(before), after: toAdminPartner(after) }, this.now());
        return after;
      });
    } catch (err) {
      if (!isUniqueViolation(err) || !c.accountId) throw err;
      throw await this.accountTaken(c.accountId);
    }
  }

  /** Quotes ignore the partner from now on (this instance at once, others within 30 s); PATCH `active: true` undoes it. */
  deactivate(id: string, who: AdminWrite): Promise<PartnerView> {
    return this.update(id, { active: false }, who, 'partner.deactivate');
  }

  /**
   * Links an API key to a partner (a key belongs to at most one partner). Every key of a partner is its account's:
   * the first key linked to a partner without an account gives it the key's account; a key of another account is
   * a CONFLICT. Linking a key already linked to this partner changes nothing. `partner.link_key` in the audit log.
   */
  async linkKey(partnerId: string, apiKeyId: string, who: AdminWrite): Promise<PartnerView> {
    try {
      return await this.withPartner(partnerId, async (tx, before) => {
        const keyAccount = KEY_ID.test(apiKeyId) ? await apiKeyAccountId(tx, apiKeyId) : null;
        if (!keyAccount) throw notFound('API key');
        const existing = await tx.partnerKey.findUnique({ where: { apiKeyId } });
        if (existing?.partnerId === partnerId) return before;
        if (existing) throw keyTaken(apiKeyId, existing.partnerId);
        if (before.accountId && before.accountId !== keyAccount)
          throw new ApiError('CONFLICT', `API key ${apiKeyId} belongs to another account than partner ${partnerId} (${before.accountId})`);
        if (!before.accountId) {
          await checkOwner(tx, partnerId, keyAccount);
          await tx.partner.update({ where: { id: partnerId }, data: { accountId: keyAccount, updatedAt: this.now() } });
        }
        await tx.partnerKey.create({ data: { apiKeyId, partnerId, createdAt: this.now() } });
        const after = await this.viewIn(tx, partnerId);
        await recordAudit(
          tx,
          who,
          { action: 'partner.link_key', targetType: 'partner', targetId: partnerId, before: toAdminPartner(before), after: toAdminPartner(after) },
          this.now(),
        );
        return after;
      });
    } catch (err) {
      // Two links at once under different partners' locks: the unique key index (one partner per key) or the unique
      // account index (one partner per account) let one win; the other is told which.
      if (!isUniqueViolation(err)) throw err;
      const winner = await this.prisma.partnerKey.findUnique({ where: { apiKeyId } });
      if (winner && winner.partnerId !== partnerId) throw keyTaken(apiKeyId, winner.partnerId);
      throw await this.accountTaken((await apiKeyAccountId(this.prisma, apiKeyId)) ?? 'of this key');
    }
  }

  /** Unlinks a key from the partner (one not linked to it changes nothing). `partner.unlink_key` in the audit log. */
  async unlinkKey(partnerId: string, apiKeyId: string, who: AdminWrite): Promise<PartnerView> {
    return this.withPartner(partnerId, async (tx, before) => {
      if (!KEY_ID.test(apiKeyId)) return before;
      const { count } = await tx.partnerKey.deleteMany({ where: { apiKeyId, partnerId } });
      if (count === 0) return before;
      const after = await this.viewIn(tx, partnerId);
      await recordAudit(
        tx,
        who,
        { action: 'partner.unlink_key', targetType: 'partner', targetId: partnerId, before: toAdminPartner(before), after: toAdminPartner(after) },
        this.now(),
      );
      return after;
    });
  }

  /** Runs `fn` with the partner's row locked (NOT_FOUND when there is none), then clears this instance's cache. */
  private async withPartner<T>(id: string, fn: (tx: Tx, before: PartnerView) => Promise<T>): Promise<T> {
    if (!INTEGRATOR_PATTERN.test(id)) throw notFound('Partner');
    try {
      return await withLockedRow(
        this.prisma,
        { table: 'partners', id, read: (tx) => tx.partner.findUnique({ where: { id }, include: { keys: true } }), missing: () => notFound('Partner') },
        (tx, row) => fn(tx, view(row)),
        { txOptions: ADMIN_TX },
      );
    } finally {
      this.clearCache();
    }
  }

  private async viewIn(tx: Tx, id: string): Promise<PartnerView> {
    return view((await tx.partner.findUnique({ where: { id }, include: { keys: true } }))!);
  }

  private now() {
    return new Date(this.clock.now());
  }

  private async accountTaken(accountId: string): Promise<ApiError> {
    const other = await this.prisma.partner.findUnique({ where: { accountId }, select: { id: true } });
    return new ApiError('CONFLICT', `Account ${accountId} already has partner ${other?.id ?? 'another partner'}: an account has at most one`);
  }

  async get(id: string): Promise<PartnerView> {
    if (!INTEGRATOR_PATTERN.test(id)) throw notFound('Partner');
    const row = await this.prisma.partner.findUnique({ where: { id }, include: { keys: true } });
    if (!row) throw notFound('Partner');
    return view(row);
  }

  async list(): Promise<PartnerView[]> {
    return (await this.prisma.partner.findMany({ include: { keys: true }, orderBy: { id: 'asc' } })).map(view);
  }

  /** A rolled key keeps its partner: the new key is linked to the old key's partner (nothing when it had none). */
  async keyRolled(oldKeyId: string, newKeyId: string): Promise<void> {
    const link = await this.prisma.partnerKey.findUnique({ where: { apiKeyId: oldKeyId } });
    if (!link) return;
    await this.prisma.partnerKey.upsert({ where: { apiKeyId: newKeyId }, create: { apiKeyId: newKeyId, partnerId: link.partnerId }, update: {} });
    this.clearCache();
  }

  /** Where earnings are read from (the orders domain's filled orders; wired in src/services.ts). */
  setEarningsSource(source: EarningsSource) {
    this.earningsOf = source;
  }

  /** The partner an account owns; null when it has none. */
  async forAccount(accountId: string): Promise<PartnerView | null> {
    const row = await this.prisma.partner.findUnique({ where: { accountId }, include: { keys: true } });
    return row ? view(row) : null;
  }

  /**
   * The dashboard's partner profile: the account's partner and what it earned in the mode over the range (default
   * the last 30 days). An account without a partner is NOT_FOUND with how to become one.
   */
  async profile(auth: { accountId: string; mode: 'test' | 'live' }, q: PartnerEarningsQuery = {}): Promise<PartnerProfile> {
    const range = earningsRange(q, this.clock.now());
    const partner = await this.forAccount(auth.accountId);
    if (!partner) throw new ApiError('NOT_FOUND', NO_PARTNER);
    return { partner, mode: auth.mode, earnings: { ...range, lines: await this.earningsOf(partner.id, auth.mode, range) } };
  }

  /**
   * What the partner's own account may change, within the operator's bounds: its fee (at most `maxFeeBps`; a
   * label-only partner takes none) and its fee recipients. The bound is checked in the same statement that writes,
   * so a bound the operator lowers meanwhile is never overstepped.
   */
  async updateProfile(auth: { accountId: string; mode: 'test' | 'live' }, input: UpdatePartnerProfile): Promise<PartnerProfile> {
    const partner = await this.forAccount(auth.accountId);
    if (!partner) throw new ApiError('NOT_FOUND', NO_PARTNER);
    const { feeBps } = input;
    if (feeBps !== undefined) this.checkFee(partner, feeBps);
    const data = {
      ...(feeBps !== undefined ? { feeBps } : {}),
      ...(input.feeRecipientEvm !== undefined ? { feeRecipientEvm: input.feeRecipientEvm } : {}),
      ...(input.feeRecipientSvm !== undefined ? { feeRecipientSvm: input.feeRecipientSvm } : {}),
    };
    if (Object.keys(data).length) {
      const r = await this.prisma.partner.updateMany({
        where: { id: partner.id, accountId: auth.accountId, ...(feeBps !== undefined ? { maxFeeBps: { gte: feeBps } } : {}) },
        data: { ...data, updatedAt: new Date(this.clock.now()) },
      });
      if (r.count !== 1) {
        // The operator changed the partner meanwhile: report against what it is now.
        const now = await this.forAccount(auth.accountId);
        if (!now) throw new ApiError('NOT_FOUND', NO_PARTNER);
        if (feeBps !== undefined) this.checkFee(now, feeBps);
        throw new ApiError('CONFLICT', 'The partner changed meanwhile: read it again and retry');
      }
      this.clearCache();
    }
    return this.profile(auth);
  }

  private checkFee(p: PartnerView, feeBps: number) {
    if (p.kind === 'label' && feeBps > 0) throw invalidParams('feeBps', 'this partner is attribution only and takes no fee (the operator sets the kind)');
    if (feeBps > p.maxFeeBps) throw invalidParams('feeBps', `must be at most ${p.maxFeeBps}, the bound the operator set (maxFeeBps)`);
  }

  /** The partner named by an `integrator` value; null when unknown. */
  async forIntegrator(id: string): Promise<PartnerView | null> {
    return this.cached(this.byId, id, async () => {
      const row = await this.prisma.partner.findUnique({ where: { id }, include: { keys: true } });
      return row ? view(row) : null;
    });
  }

  /** The partner an API key belongs to; null when none. */
  async forApiKey(apiKeyId: string): Promise<PartnerView | null> {
    return this.cached(this.byKey, apiKeyId, async () => {
      const link = await this.prisma.partnerKey.findUnique({ where: { apiKeyId }, include: { partner: { include: { keys: true } } } });
      return link ? view(link.partner) : null;
    });
  }

  clearCache() {
    this.byId.clear();
    this.byKey.clear();
  }

  private async cached(map: Map<string, { at: number; p: PartnerView | null }>, k: string, load: () => Promise<PartnerView | null>) {
    const hit = map.get(k);
    const now = this.clock.now();
    if (hit && now - hit.at < CACHE_MS) return hit.p;
    const p = await load();
    if (map.size > 10_000) map.clear();
    map.set(k, { at: now, p });
    return p;
  }
}
