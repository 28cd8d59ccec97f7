import { z } from 'zod';
import type { Prisma } from '../db/client.js';
import { baseUnitsOut, isoTimestamp } from '../openapi/common.js';
import { sameShape } from '../openapi/same-shape.js';

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
  /** The account the partner belongs to; null until the operator names one or links its first key. */
  accountId: string | null;
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
  accountId: r.accountId,
  apiKeyIds: r.keys?.map((k) => k.apiKeyId).sort() ?? [],
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** One source chain and token of a partner's earnings, with what the service knows of the token. */
export interface EarningsLine {
  chainId: number;
  /** The chain's slug, or its id as a string when the service no longer lists the chain. */
  chain: string;
  /** The source token (address or mint); null for orders recorded before the token was kept. */
  token: string | null;
  symbol: string | null;
  decimals: number | null;
  orders: number;
  volume: string;
  fees: string;
}

/** The partner of an account with its earnings over a range, in one mode (`PartnersService.profile`). */
export interface PartnerProfile {
  partner: PartnerView;
  mode: 'test' | 'live';
  earnings: { from: Date; to: Date; lines: EarningsLine[] };
}

const earningsLineSchema = z
  .object({
    chainId: z.number().int().meta({ description: 'The source chain id.', example: 8453 }),
    chain: z.string().meta({ description: "The source chain's slug (its id when the service no longer lists it).", example: 'base' }),
    token: z.string().nullable().meta({
      description: 'The source token (address or mint); null for orders recorded before it was kept.',
      example: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    }),
    symbol: z.string().nullable().meta({ description: 'The token symbol; null when the token is unknown to the service.', example: 'USDC' }),
    decimals: z.number().int().nullable().meta({ description: '`volume` and `fees` are in base units of this many decimals; null when unknown.', example: 6 }),
    orders: z.number().int().meta({ description: 'Filled orders counted.', example: 3 }),
    volume: baseUnitsOut.meta({ description: 'Sum of the source amounts, base units (exact).', example: '2500000000' }),
    fees: baseUnitsOut.meta({
      description: "Sum over the orders of floor(amount × partnerFeeBps / 10000) at each order's recorded rate, base units (exact).",
      example: '7500000',
    }),
  })
  .meta({ id: 'PartnerEarningsLine' });

/**
 * A partner's id and settings: the fields every view of a partner shows (the partner's own profile, the operator's
 * record, the audit log's before and after), declared once with their descriptions and picked once.
 */
const partnerSettingsShape = {
  id: z.string().meta({ description: 'The partner id: the `integrator` value quotes name.', example: 'acme-wallet' }),
  label: z.string().meta({ example: 'Acme Wallet' }),
  kind: z.enum(['label', 'fee']).meta({ description: '`fee`: takes a fee; `label`: attribution only (fee 0).' }),
  feeBps: z.number().int().meta({ description: 'The fee on every quote attributed to the partner, basis points.', example: 25 }),
  maxFeeBps: z.number().int().meta({
    description: "The operator's bound: `feeBps` (which the partner's own account may change) and a partner key's `integratorFeeBps` go up to it.",
    example: 60,
  }),
  feeRecipientEvm: z.string().nullable().meta({ description: 'Where fees on EVM chains are paid.' }),
  feeRecipientSvm: z.string().nullable().meta({ description: 'Where fees on Solana are paid.' }),
  active: z.boolean().meta({ description: 'While false, quotes ignore the partner (set by the operator).' }),
};

export const partnerSettings = (p: PartnerView) => ({
  id: p.id,
  label: p.label,
  kind: p.kind,
  feeBps: p.feeBps,
  maxFeeBps: p.maxFeeBps,
  feeRecipientEvm: p.feeRecipientEvm,
  feeRecipientSvm: p.feeRecipientSvm,
  active: p.active,
});

/** The partner profile as REST answers it. */
export const partnerProfileWireSchema = z
  .object({
    object: z.literal('partner_profile'),
    ...partnerSettingsShape,
    apiKeyIds: z.array(z.string()).meta({ description: "The account's API keys linked to the partner (any mode): quotes made with them follow its fee." }),
    mode: z.enum(['test', 'live']).meta({ description: 'The mode the earnings are counted in (the dashboard’s selected mode).' }),
    earnings: z
      .object({
        startAt: isoTimestamp.meta({ description: 'Start of the range (included).' }),
        endAt: isoTimestamp.meta({ description: 'End of the range (excluded).' }),
        data: z.array(earningsLineSchema).meta({ description: 'Filled orders attributed to the partner, per source chain and token.' }),
      })
      .meta({ description: 'Volume and fees earned over the range, in the mode.' }),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: 'PartnerProfile' });
export type PartnerProfileWire = z.output<typeof partnerProfileWireSchema>;
sameShape<z.output<typeof earningsLineSchema>, EarningsLine>(true);

export const toPartnerProfileWire = ({ partner: p, mode, earnings }: PartnerProfile): PartnerProfileWire => ({
  object: 'partner_profile',
  ...partnerSettings(p),
  apiKeyIds: p.apiKeyIds,
  mode,
  earnings: { startAt: earnings.from.toISOString(), endAt: earnings.to.toISOString(), data: earnings.lines },
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/** A partner as the operator reads and writes it (/v1/admin/partners), and as the audit log records it. */
export const adminPartnerSchema = z
  .object({
    object: z.literal('partner'),
    ...partnerSettingsShape,
    accountId: z.string().nullable().meta({ description: 'The account the partner belongs to; null until one is named or its first key is linked.' }),
    apiKeyIds: z.array(z.string()).meta({ description: 'The API keys linked to it: quotes made with them are attributed to it.' }),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: 'AdminPartner' });
export type AdminPartnerWire = z.output<typeof adminPartnerSchema>;

export const toAdminPartner = (p: PartnerView): AdminPartnerWire => ({
  object: 'partner',
  ...partnerSettings(p),
  accountId: p.accountId,
  apiKeyIds: p.apiKeyIds,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
