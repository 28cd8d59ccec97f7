import { z } from 'zod';
import { INTEGRATOR_PATTERN } from '../quotes/input.js';
import { isoDateTime, requestBody, safeText } from '../validation.js';

const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
  .transform((s) => s.toLowerCase());
const svmAddress = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address');

/** Our ids (`acct_…`, `key_…`): letters, digits and underscores; anything else names nothing (and NUL would be a 500). */
const rowId = (example: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, 'is not an id of this service')
    .meta({ example });

const bps = z.number().int('must be a whole number of basis points').min(0).max(10_000);

/** A partner's fields besides its id, as the operator sets them. */
const partnerFields = {
  label: safeText(100).meta({ description: 'The name shown for the partner (1 to 100 characters).', example: 'Acme Wallet' }),
  kind: z.enum(['label', 'fee']).meta({ description: '`fee`: takes `feeBps` on every quote attributed to it; `label`: attribution only (fees 0).' }),
  feeBps: bps.meta({ description: 'The fee on every quote attributed to the partner, basis points (100 = 1%): at most `maxFeeBps`.', example: 25 }),
  maxFeeBps: bps.meta({
    description: "The bound: the partner's own account may set `feeBps` up to it, and a partner key's `integratorFeeBps` goes up to it.",
    example: 60,
  }),
  feeRecipientEvm: evmAddress.nullable().meta({
    description: 'Where fees on EVM chains are paid: a 0x-prefixed 20-byte address (stored lower-case); null: none.',
    example: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  }),
  feeRecipientSvm: svmAddress
    .nullable()
    .meta({ description: 'Where fees on Solana are paid: a base58 address; null: none.', example: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }),
  active: z.boolean().meta({ description: 'While false, quotes ignore the partner.' }),
  accountId: rowId('acct_9Xk2Lm4Qp7Rt1Vb8Nc3Zw5')
    .nullable()
    .meta({ description: 'The account the partner belongs to (its dashboard shows the profile and may change the fee within `maxFeeBps`); null: none yet.' }),
};

/** The fee cap rules of a whole partner: the fee within its bound, and none at all for a label-only partner. */
const feeRules = (p: { kind: 'label' | 'fee'; feeBps: number; maxFeeBps: number }, ctx: z.RefinementCtx) => {
  if (p.feeBps > p.maxFeeBps) ctx.addIssue({ code: 'custom', path: ['feeBps'], message: 'must not exceed maxFeeBps' });
  if (p.kind === 'label' && (p.feeBps > 0 || p.maxFeeBps > 0)) ctx.addIssue({ code: 'custom', path: ['feeBps'], message: 'label-only partners take no fee' });
};

const partnerId = z.string().regex(INTEGRATOR_PATTERN, 'must match ^[a-z0-9-]{1,32}$');

/** A whole partner as stored: what a create gives, and what an update leaves (checked again after merging). */
export const partnerInputSchema = z
  .object({
    id: partnerId,
    ...partnerFields,
    feeBps: partnerFields.feeBps.default(0),
    maxFeeBps: partnerFields.maxFeeBps.default(0),
    feeRecipientEvm: partnerFields.feeRecipientEvm.optional(),
    feeRecipientSvm: partnerFields.feeRecipientSvm.optional(),
    active: partnerFields.active.default(true),
    accountId: partnerFields.accountId.optional(),
  })
  .superRefine(feeRules);

/** POST /v1/admin/partners, `adminCreatePartner` and `partners:set` of a new id: a new partner (an existing id is CONFLICT). */
export const createPartnerSchema = requestBody({
  id: partnerId.meta({ description: 'The partner id, `^[a-z0-9-]{1,32}$`: the `integrator` value quotes name. Never changes.', example: 'acme-wallet' }),
  ...partnerFields,
  feeBps: partnerFields.feeBps.default(0),
  maxFeeBps: partnerFields.maxFeeBps.default(0),
  feeRecipientEvm: partnerFields.feeRecipientEvm.optional(),
  feeRecipientSvm: partnerFields.feeRecipientSvm.optional(),
  active: partnerFields.active.default(true),
  accountId: partnerFields.accountId.optional(),
}).superRefine(feeRules);
export type CreatePartner = z.input<typeof createPartnerSchema>;

/**
 * PATCH /v1/admin/partners/:id, `adminUpdatePartner` and `partners:set` of an existing id: only the fields given
 * change (null clears a recipient or the account); the partner they leave must keep the fee cap rules.
 */
export const updatePartnerSchema = requestBody({
  label: partnerFields.label.optional(),
  kind: partnerFields.kind.optional(),
  feeBps: partnerFields.feeBps.optional(),
  maxFeeBps: partnerFields.maxFeeBps.optional(),
  feeRecipientEvm: partnerFields.feeRecipientEvm.optional(),
  feeRecipientSvm: partnerFields.feeRecipientSvm.optional(),
  active: partnerFields.active.optional().meta({ description: 'false deactivates the partner (quotes ignore it); true reactivates it.' }),
  accountId: partnerFields.accountId.optional(),
});
export type UpdatePartner = z.input<typeof updatePartnerSchema>;

/** POST /v1/admin/partners/:id/keys. */
export const linkPartnerKeySchema = requestBody({
  apiKeyId: rowId('key_7Hq2Lm9Xw3Rt1Vb8Nc4Zp6').meta({
    description:
      "The API key to link: quotes made with it are attributed to the partner. It must be the partner's account's (the first key gives a partner without one its account).",
  }),
});

/** /v1/admin/partners/:id. */
export const partnerIdParamSchema = z.object({ id: z.string().meta({ description: 'The partner id.', example: 'acme-wallet' }) });

/** /v1/admin/partners/:id/keys/:apiKeyId. */
export const partnerKeyParamsSchema = partnerIdParamSchema.extend({
  apiKeyId: z.string().meta({ description: 'The linked API key id.', example: 'key_7Hq2Lm9Xw3Rt1Vb8Nc4Zp6' }),
});

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
