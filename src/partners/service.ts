import { apiKeyExists } from '../accounts/service.js';
import type { Prisma } from '../db/client.js';
import type { Clock } from '../clock.js';
import type { Handles } from '../handles.js';
import { ApiError, notFound } from '../errors.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { parseInput } from '../validation.js';
import { partnerInputSchema, type PartnerInput } from './input.js';
import { partnerView as view, type PartnerView } from './views.js';

export type { PartnerInput, PartnerView };

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
    };
    const row = await this.prisma.partner.upsert({
      where: { id: p.id },
      create: { id: p.id, ...data },
      update: { ...data, updatedAt: new Date(this.clock.now()) },
      include: { keys: true },
    });
    this.clearCache();
    return view(row);
  }

  async get(id: string): Promise<PartnerView> {
    const row = await this.prisma.partner.findUnique({ where: { id }, include: { keys: true } });
    if (!row) throw notFound('Partner');
    return view(row);
  }

  async list(): Promise<PartnerView[]> {
    return (await this.prisma.partner.findMany({ include: { keys: true }, orderBy: { id: 'asc' } })).map(view);
  }

  /** Links an API key to a partner (a key belongs to at most one partner). */
  async linkKey(partnerId: string, apiKeyId: string): Promise<PartnerView> {
    await this.get(partnerId);
    if (!(await apiKeyExists(this.prisma, apiKeyId))) throw notFound('API key');
    const existing = await this.prisma.partnerKey.findUnique({ where: { apiKeyId } });
    if (existing && existing.partnerId !== partnerId) throw new ApiError('CONFLICT', `API key ${apiKeyId} already belongs to partner ${existing.partnerId}`);
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
