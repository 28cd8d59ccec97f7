import { z } from 'zod';
import { INTEGRATOR_PATTERN } from '../quotes/input.js';
import { isoDateTime, requestBody } from '../validation.js';

/** A partner as created or updated (CLI `partners:set`). */
const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
  .transform((s) => s.toLowerCase());
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
    /** The account the partner belongs to (its dashboard shows the profile); null: none yet. */
    accountId: z.string().min(1).max(64).nullable().optional(),
  })
  .superRefine((p, ctx) => {
    if (p.feeBps > p.maxFeeBps) ctx.addIssue({ code: 'custom', path: ['feeBps'], message: 'must not exceed maxFeeBps' });
    if (p.kind === 'label' && (p.feeBps > 0 || p.maxFeeBps > 0)) ctx.addIssue({ code: 'custom', path: ['feeBps'], message: 'label-only partners take no fee' });
  });
export type PartnerInput = z.input<typeof partnerInputSchema>;

/**
 * PATCH /v1/dashboard/partner, `updatePartnerProfile`: what the partner's own account may change. Only the fields
 * given change; a recipient set to null is cleared. The bounds (`maxFeeBps`, the kind, active) are the operator's.
 */
export const updatePartnerProfileSchema = requestBody({
  feeBps: z.number().int('must be a whole number of basis points').min(0).max(10_000).optional().meta({
    description: "The fee taken on every quote attributed to the partner, in basis points (100 = 1%): at most the operator's `maxFeeBps`.",
    example: 30,
  }),
  feeRecipientEvm: evmAddress.nullable().optional().meta({
    description: 'Where fees on EVM chains are paid: a 0x-prefixed 20-byte address (stored lower-case); null clears it.',
    example: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  }),
  feeRecipientSvm: svmAddress
    .nullable()
    .optional()
    .meta({ description: 'Where fees on Solana are paid: a base58 address; null clears it.', example: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }),
});
export type UpdatePartnerProfile = z.output<typeof updatePartnerProfileSchema>;

/** GET /v1/dashboard/partner: the range the earnings cover (default: the 30 days before now). */
export const partnerEarningsQuerySchema = z.object({
  startAt: isoDateTime.optional().meta({ description: 'Start of the range (included); default 30 days before `endAt`.', example: '2026-11-01T00:00:00Z' }),
  endAt: isoDateTime.optional().meta({ description: 'End of the range (excluded); default now.', example: '2026-12-01T00:00:00Z' }),
});
export type PartnerEarningsQuery = z.output<typeof partnerEarningsQuerySchema>;
