import { z } from 'zod';
import { INTEGRATOR_PATTERN } from '../quotes/input.js';

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
  })
  .superRefine((p, ctx) => {
    if (p.feeBps > p.maxFeeBps) ctx.addIssue({ code: 'custom', path: ['feeBps'], message: 'must not exceed maxFeeBps' });
    if (p.kind === 'label' && (p.feeBps > 0 || p.maxFeeBps > 0)) ctx.addIssue({ code: 'custom', path: ['feeBps'], message: 'label-only partners take no fee' });
  });
export type PartnerInput = z.input<typeof partnerInputSchema>;
