import { z } from 'zod';
import { DEPOSIT_ADDRESS_STATUSES } from './state.js';
import { baseUnitAmount } from '../validation.js';

/**
 * Input rules of the deposit-address API, shared by REST and GraphQL: the transports parse a request with these
 * schemas once and hand the typed output to the service; an unknown body field is INVALID_PARAMS naming it. `label` ≤ 64 characters; `metadata` ≤ 20
 * string pairs (keys 1-40, values ≤ 500); `amount` (and a simulated deposit's) the shared amount rule
 * (src/validation.ts `baseUnitAmount`: canonical, > 0, at most 2^256-1), required for a one-time address (`reusable: false`); `integratorFeeBps` as for quotes (partner keys only, within `maxFeeBps`).
 */
export const LIMITS = { label: 64, metadataKeys: 20, metadataKey: 40, metadataValue: 500, recentDeposits: 20 } as const;

const NO_NUL = [(s: string) => !s.includes('\u0000'), 'must not contain NUL characters'] as const;
const WELL_FORMED = [(s: string) => !/\p{Cs}/u.test(s), 'must be valid Unicode (no lone surrogate escapes)'] as const;

const label = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(LIMITS.label, `must be at most ${LIMITS.label} characters`)
  .refine(...NO_NUL)
  .refine(...WELL_FORMED);

const metadata = z
  .record(
    z
      .string()
      .min(1, 'keys must not be empty')
      .max(LIMITS.metadataKey, `keys must be at most ${LIMITS.metadataKey} characters`)
      .refine(...NO_NUL)
      .refine(...WELL_FORMED),
    z
      .string({ error: 'values must be strings' })
      .max(LIMITS.metadataValue, `values must be at most ${LIMITS.metadataValue} characters`)
      .refine(...NO_NUL)
      .refine(...WELL_FORMED),
  )
  .refine((m) => Object.keys(m).length <= LIMITS.metadataKeys, `must have at most ${LIMITS.metadataKeys} pairs`);

const chainRef = z.union([z.string().min(1).max(64), z.number().int()], { error: 'must be a chain id or slug' });
const str = (max = 200) =>
  z
    .string({ error: 'must be a string' })
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine(...NO_NUL);
const amount = baseUnitAmount;
const intFrom = (field: z.ZodNumber) => z.preprocess((v) => (typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : v), field);

export const createDepositAddressSchema = z
  .object({
    srcChain: chainRef.meta({ description: 'Chain the deposits are sent on (id or slug).' }),
    srcToken: str().meta({ description: 'The only token to send (address, mint or curated symbol).' }),
    dstChain: chainRef.meta({ description: 'Destination chain (id or slug).' }),
    dstToken: str().meta({ description: 'Token delivered to `recipient`.' }),
    recipient: str().meta({ description: 'Receiver on the destination chain.' }),
    refundTo: str().meta({ description: "Refund address on the source chain; must be the user's own wallet, never an exchange deposit address." }),
    reusable: z.boolean({ error: 'must be a boolean' }).default(true).meta({ description: 'false: a one-time address for exactly `amount`.' }),
    amount: amount
      .optional()
      .meta({ description: 'Required when one-time (the exact amount it takes); for a reusable address it only sizes the estimate (default about 100 USD).' }),
    label: label.optional().meta({ description: 'Up to 64 characters; filterable.' }),
    metadata: metadata.optional().meta({ description: 'Up to 20 string pairs, echoed on the address.' }),
    integrator: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, 'must match ^[a-z0-9-]{1,32}$')
      .optional()
      .meta({ description: 'A registered partner id.' }),
    integratorFeeBps: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(0).max(10_000))
      .optional()
      .meta({ description: "Partner keys only, up to the partner's `maxFeeBps`." }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.reusable === false && v.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required for a one-time address (reusable: false)' });
  });
export type CreateDepositAddress = z.output<typeof createDepositAddressSchema>;

/** Deposit address ids as `newId` makes them; anything else is NOT_FOUND before the database sees it. */
export const DEPOSIT_ADDRESS_ID = /^da_(test_)?[0-9A-Za-z]{1,64}$/;

export const depositAddressIdParamSchema = z.object({
  id: z.string().regex(DEPOSIT_ADDRESS_ID).meta({ description: 'Deposit address id.', example: 'da_test_4Rv8Kq2Lm7Zp1Tb9Xc5Wn' }),
});

export const listDepositAddressesSchema = z.object({
  status: z.enum(DEPOSIT_ADDRESS_STATUSES).optional(),
  label: label.optional(),
  limit: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(1).max(100)).default(20),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListDepositAddresses = z.output<typeof listDepositAddressesSchema>;

export const simulateDepositSchema = z
  .object({ amount: amount.meta({ description: 'Base units of the source token. Ending in 4001: refunded; 4002: failed; else filled.' }) })
  .strict();
export type SimulateDeposit = z.output<typeof simulateDepositSchema>;
