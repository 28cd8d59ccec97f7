import { z } from 'zod';
import type { Prisma } from '../db/client.js';
import type { Clock } from '../clock.js';
import { ApiError, notFound } from '../errors.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { parseInput } from '../validation.js';
import type { PartnerFeeProfile } from '../quotes/fees.js';
import { INTEGRATOR_PATTERN } from '../quotes/params.js';

/**
 * Partner registry: partners (label-only or fee-taking, fee and max fee in bps, payout addresses) and the
 * API keys linked to them. Quotes read it on every request, so lookups are cached briefly in memory;
 * writes through this service clear the cache of this instance (others see changes within CACHE_MS).
 */
const CACHE_MS = 30_000;

export interface PartnerView extends PartnerFeeProfile {
  label: string;
  feeRecipientEvm: string | null;
  feeRecipientSvm: string | null;
  apiKeyIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address').transform((s) => s.toLowerCase());
const svmAddress = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address');

export const partnerInputSchema = z
  .object({
    id: z.string().regex(INTEGRATOR_PATTERN, 'must match ^[a-z0-9-]{1,32}$'),
    label: z.string().min(1).max(100),
    kind: z.enum(['label', 'fee']),
    feeBps: z.number().int().min(0).max(10_000).default(0),
    maxFeeBps: z.number().int().min(0).max(10_000).default(0),
    feeRecipientEvm: evmAddress.nullable().optional(),
    feeRecipientSvm: svmAddress.nullable().optional(),
    active: z.boolean().default(true),
  })
  .superRefine((p, ctx) => {
    if (p.feeBps > p.maxFeeBps) ctx.addIssue({ code: 'custom', path: ['feeBps'], message: 'must not exceed maxFeeBps' });
    if (p.kind === 'label' && (p.feeBps > 0 || p.maxFeeBps > 0)) ctx.addIssue({ code: 'custom', path: ['feeBps'], message: 'label-only partners take no fee' });
  });
export type PartnerInput = z.input<typeof partnerInputSchema>;

type Row = Awaited<ReturnType<Prisma['partner']['findFirst']>> & { keys?: { apiKeyId: string }[] };

const view = (r: NonNullable<Row>): PartnerView => ({
  id: r.id,
  label: r.label,
  kind: r.kind as 'label' | 'fee',
  feeBps: r.feeBps,
  maxFeeBps: r.maxFeeBps,
  active: r.active,
  feeRecipientEvm: r.feeRecipientEvm,
  feeRecipientSvm: r.feeRecipientSvm,
  apiKeyIds: r.keys?.map((k) => k.apiKeyId) ?? [],
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export class PartnersService {
  private byId = new Map<string, { at: number; p: PartnerView | null }>();
  private byKey = new Map<string, { at: number; p: PartnerView | null }>();

  constructor(private prisma: Prisma, private clock: Clock) {}

  async upsert(input: PartnerInput): Promise<PartnerView> {
    const p = parseInput(partnerInputSchema, input);
    const data = { label: p.label, kind: p.kind, feeBps: p.feeBps, maxFeeBps: p.maxFeeBps, feeRecipientEvm: p.feeRecipientEvm ?? null, feeRecipientSvm: p.feeRecipientSvm ?? null, active: p.active };
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
    const key = await this.prisma.apiKey.findUnique({ where: { id: apiKeyId } });
    if (!key) throw notFound('API key');
    const existing = await this.prisma.partnerKey.findUnique({ where: { apiKeyId } });
    if (existing && existing.partnerId !== partnerId) throw new ApiError('CONFLICT', `API key ${apiKeyId} already belongs to partner ${existing.partnerId}`);
    if (!existing) {
      // Two links of one key at once: the unique key index lets one win; report the other as a conflict.
      await this.prisma.partnerKey.create({ data: { apiKeyId, partnerId } }).catch(async (err: unknown) => {
        if (!isUniqueViolation(err)) throw err;
        const winner = await this.prisma.partnerKey.findUnique({ where: { apiKeyId } });
        if (winner?.partnerId !== partnerId) throw new ApiError('CONFLICT', `API key ${apiKeyId} already belongs to partner ${winner?.partnerId ?? 'another partner'}`);
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
