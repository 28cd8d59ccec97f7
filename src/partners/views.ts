import type { Prisma } from '../db/client.js';

/** What the fee policy (src/quotes/fees.ts) reads of a partner. */
export interface PartnerFeeProfile {
  id: string;
  kind: 'label' | 'fee';
  feeBps: number;
  maxFeeBps: number;
  active: boolean;
  feeRecipientEvm?: string | null;
  feeRecipientSvm?: string | null;
}

export interface PartnerView extends PartnerFeeProfile {
  label: string;
  feeRecipientEvm: string | null;
  feeRecipientSvm: string | null;
  apiKeyIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export type PartnerRow = Awaited<ReturnType<Prisma['partner']['findFirst']>> & { keys?: { apiKeyId: string }[] };

export const partnerView = (r: NonNullable<PartnerRow>): PartnerView => ({
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
