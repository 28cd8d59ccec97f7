import { accountExists, apiKeyAccountId } from '../accounts/service.js';
import type { Prisma } from '../db/client.js';
import type { Clock } from '../clock.js';
import type { Handles } from '../handles.js';
import { ApiError, invalidParams, notFound } from '../errors.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { parseInput } from '../validation.js';
import { partnerInputSchema, type PartnerEarningsQuery, type PartnerInput, type UpdatePartnerProfile } from './input.js';
import { earningsRange } from './earnings.js';
import { partnerView as view, type EarningsLine, type PartnerProfile, type PartnerView } from './views.js';

export type { PartnerInput, PartnerView };

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

  async upsert(input: PartnerInput): Promise<PartnerView> {
    const p = parseInput(partnerInputSchema, input);
    const data = {
      label: p.label,
      kind: p.kind,
      feeBps: p.feeBps,
      maxFeeBps: p.maxFeeBps,
      feeRecipientEvm: p.feeRecipientEvm ?? null,
      feeRecipientSvm: p.feeRecipientSvm ?? null,
      active: p.active,
      ...(p.accountId !== undefined ? { accountId: p.accountId } : {}),
    };
    if (p.accountId) await this.checkOwner(p.id, p.accountId);
    const row = await this.prisma.partner
      .upsert({
        where: { id: p.id },
        create: { id: p.id, ...data },
        update: { ...data, updatedAt: new Date(this.clock.now()) },
        include: { keys: true },
      })
      .catch(async (err: unknown) => {
        if (!isUniqueViolation(err) || !p.accountId) throw err;
        throw await this.accountTaken(p.accountId);
      });
    this.clearCache();
    return view(row);
  }

  /** An account may own a partner when it exists and every key already linked to the partner is its own. */
  private async checkOwner(partnerId: string, accountId: string) {
    if (!(await accountExists(this.prisma, accountId))) throw notFound('Account');
    const keys = await this.prisma.partnerKey.findMany({ where: { partnerId }, select: { apiKeyId: true } });
    for (const k of keys) {
      if ((await apiKeyAccountId(this.prisma, k.apiKeyId)) !== accountId)
        throw new ApiError('CONFLICT', `API key ${k.apiKeyId} linked to partner ${partnerId} belongs to another account: unlink it first`);
    }
  }

  private async accountTaken(accountId: string): Promise<ApiError> {
    const other = await this.prisma.partner.findUnique({ where: { accountId }, select: { id: true } });
    return new ApiError('CONFLICT', `Account ${accountId} already has partner ${other?.id ?? 'another partner'}: an account has at most one`);
  }

  async get(id: string): Promise<PartnerView> {
    const row = await this.prisma.partner.findUnique({ where: { id }, include: { keys: true } });
    if (!row) throw notFound('Partner');
    return view(row);
  }

  async list(): Promise<PartnerView[]> {
    return (await this.prisma.partner.findMany({ include: { keys: true }, orderBy: { id: 'asc' } })).map(view);
  }

  /**
   * Links an API key to a partner (a key belongs to at most one partner). Every key of a partner is its account's:
   * the first key linked to a partner without an account gives it the key's account; a key of another account is
   * a CONFLICT.
   */
  async linkKey(partnerId: string, apiKeyId: string): Promise<PartnerView> {
    const partner = await this.get(partnerId);
    const keyAccount = await apiKeyAccountId(this.prisma, apiKeyId);
    if (!keyAccount) throw notFound('API key');
    const existing = await this.prisma.partnerKey.findUnique({ where: { apiKeyId } });
    if (existing && existing.partnerId !== partnerId) throw new ApiError('CONFLICT', `API key ${apiKeyId} already belongs to partner ${existing.partnerId}`);
    if (partner.accountId && partner.accountId !== keyAccount)
      throw new ApiError('CONFLICT', `API key ${apiKeyId} belongs to another account than partner ${partnerId} (${partner.accountId})`);
    if (!partner.accountId) {
      const claimed = await this.prisma.partner
        .updateMany({ where: { id: partnerId, accountId: null }, data: { accountId: keyAccount, updatedAt: new Date(this.clock.now()) } })
        .catch(async (err: unknown) => {
          if (!isUniqueViolation(err)) throw err;
          throw await this.accountTaken(keyAccount);
        });
      // Another link claimed it meanwhile: its account must be this key's.
      if (claimed.count === 0 && (await this.get(partnerId)).accountId !== keyAccount)
        throw new ApiError('CONFLICT', `API key ${apiKeyId} belongs to another account than partner ${partnerId}`);
    }
    if (!existing) {
      // Two links of one key at once: the unique key index lets one win; report the other as a conflict.
      await this.prisma.partnerKey.create({ data: { apiKeyId, partnerId } }).catch(async (err: unknown) => {
        if (!isUniqueViolation(err)) throw err;
        const winner = await this.prisma.partnerKey.findUnique({ where: { apiKeyId } });
        if (winner?.partnerId !== partnerId)
          throw new ApiError('CONFLICT', `API key ${apiKeyId} already belongs to partner ${winner?.partnerId ?? 'another partner'}`);
      });
    }
    this.clearCache();
    return this.get(partnerId);
  }

  async unlinkKey(partnerId: string, apiKeyId: string): Promise<PartnerView> {
    await this.prisma.partnerKey.deleteMany({ where: { apiKeyId, partnerId } });
    this.clearCache();
    return this.get(partnerId);
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
