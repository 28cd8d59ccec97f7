import { z } from 'zod';
import { ApiError } from '../errors.js';
import { findSettlementChain, findSettlementToken, SETTLEMENT_CHAINS, SETTLEMENT_TOKENS, type SettlementToken } from './settlement.js';
import { isAddressFor, isTxHashFor, normalize } from './addresses.js';
import { REOPEN_EXPIRY, SESSION_STATUSES } from './state.js';
import { baseUnitAmount } from '../validation.js';

/**
 * Input rules of the checkout API, shared by REST and GraphQL: the transports parse a request with these schemas
 * once and hand the typed output to the service. Every body schema is strict: an unknown field is INVALID_PARAMS
 * naming it, so a misspelt or unsupported option never goes unnoticed. Limits (documented in docs/checkout.md):
 * description ≤ 1000 characters; merchantName ≤ 100; reference ≤ 200; metadata ≤ 20 keys, keys 1-40
 * characters, values strings ≤ 500 characters; successUrl/cancelUrl http(s) ≤ 2048 characters;
 * expiresInMinutes 5-10080 (default 60); amount and refund amount: the shared amount rule (src/validation.ts,
 * `baseUnitAmount`: canonical integer string of base units, > 0, at most 2^256-1 else AMOUNT_TOO_LARGE).
 */
const LIMITS = {
  description: 1000,
  merchantName: 100,
  reference: 200,
  metadataKeys: 20,
  metadataKey: 40,
  metadataValue: 500,
  url: 2048,
  refundReason: 500,
} as const;

const httpUrl = z
  .string()
  .max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
  .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters')
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

/** Postgres text cannot hold NUL; refusing it here keeps such input a 400 instead of a database error. */
const NO_NUL = [(s: string) => !s.includes('\u0000'), 'must not contain NUL characters'] as const;

const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(...NO_NUL);

/** Metadata is stored as jsonb, which refuses a lone UTF-16 surrogate (`"\\ud800"` in JSON): a 400, not a 500. */
const WELL_FORMED = [(s: string) => !/\p{Cs}/u.test(s), 'must be valid Unicode (no lone surrogate escapes)'] as const;

export const metadata = z
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
  .refine((m) => Object.keys(m).length <= LIMITS.metadataKeys, `must have at most ${LIMITS.metadataKeys} keys`);

const chainRef = z.union([z.string().min(1), z.number().int()]);

/** How long a session stays open when its creator does not say (`expiresInMinutes`). */
export const SESSION_EXPIRY_MINUTES = 60;

export const createSessionSchema = z.strictObject({
  amount: baseUnitAmount.meta({
    description: 'Amount due in base units of the settlement token (no leading zeros, > 0, at most 2^256-1).',
    example: '25000000',
  }),
  settleChain: chainRef.meta({ description: 'Settlement chain id or slug.', example: 'base' }),
  settleToken: z.string().min(1).meta({ description: 'Settlement token: `USDC` or `USDT` (symbol or address) where supported on the chain.', example: 'USDC' }),
  recipient: z.string().min(1).meta({ description: "The merchant's address on the settlement chain.", example: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c' }),
  description: text(LIMITS.description).optional(),
  merchantName: text(LIMITS.merchantName).optional(),
  reference: text(LIMITS.reference).optional(),
  metadata: metadata.optional(),
  successUrl: httpUrl.optional(),
  cancelUrl: httpUrl.optional(),
  expiresInMinutes: z
    .number({ error: 'must be an integer' })
    .int('must be an integer')
    .min(5)
    .max(10080)
    .default(SESSION_EXPIRY_MINUTES)
    .meta({ description: `Minutes until the session expires (5-10080, default ${SESSION_EXPIRY_MINUTES}).` }),
});
/** A parsed create body: what `CheckoutService.create` takes. */
export type CreateSession = z.output<typeof createSessionSchema>;

export interface ValidCreate extends Omit<CreateSession, 'settleChain' | 'settleToken' | 'recipient'> {
  settlement: SettlementToken;
  recipient: string;
}

const pairsText = () => SETTLEMENT_TOKENS.map((t) => `${t.symbol} on ${SETTLEMENT_CHAINS[t.chainId]!.slug}`).join(', ');

/** Validates a create body: shape first, then the settlement pair, then the recipient's format for that chain. */
export function validateCreate(raw: CreateSession): ValidCreate {
  const { settleChain, settleToken, recipient, ...rest } = raw;
  return { ...rest, ...validateSettlement(settleChain, settleToken, recipient) };
}

/** A supported settlement pair and a recipient in its chain's format (shared with invoices). */
export function validateSettlement(settleChain: string | number, settleToken: string, recipient: string): { settlement: SettlementToken; recipient: string } {
  const chainId = findSettlementChain(settleChain);
  if (chainId === undefined) throw new ApiError('UNSUPPORTED_CHAIN', `settleChain: settlement is supported for ${pairsText()}`, { field: 'settleChain' });
  const settlement = findSettlementToken(chainId, settleToken);
  if (!settlement) throw new ApiError('UNSUPPORTED_TOKEN', `settleToken: settlement is supported for ${pairsText()}`, { field: 'settleToken' });
  const r = recipient.trim();
  if (!isAddressFor(settlement.vm, r)) {
    throw new ApiError(
      'INVALID_PARAMS',
      `recipient: must be ${settlement.vm === 'evm' ? 'a 0x-prefixed 20-byte hex address' : 'a base58 Solana address'} on ${SETTLEMENT_CHAINS[chainId]!.name}`,
      { field: 'recipient' },
    );
  }
  if (settlement.vm === 'evm' && /^0x0{40}$/i.test(r)) throw new ApiError('INVALID_PARAMS', 'recipient: must not be the zero address', { field: 'recipient' });
  return { settlement, recipient: normalize(settlement.vm, r) };
}

const intFrom = (field: z.ZodNumber) => z.preprocess((v) => (typeof v === 'string' && /^-?[0-9]+$/.test(v.trim()) ? Number(v) : v), field);

export const listSessionsSchema = z.object({
  status: z.enum(SESSION_STATUSES).optional(),
  limit: intFrom(z.number({ error: 'must be an integer' }).int('must be an integer').min(1).max(100)).default(20),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListSessions = z.output<typeof listSessionsSchema>;

export const reportDirectSchema = z.strictObject({
  txHash: z.string().min(1).meta({ description: 'Hash (EVM) or signature (Solana) of the transfer.' }),
  payer: z.string().min(1).meta({ description: 'The address that sent it.' }),
});
export type ReportDirect = z.output<typeof reportDirectSchema>;

/** The tx hash and payer of a direct transfer, checked against the settlement chain's formats. */
export function validateDirectReport(vm: 'evm' | 'svm', input: ReportDirect) {
  const txHash = input.txHash.trim();
  const payer = input.payer.trim();
  if (!isTxHashFor(vm, txHash))
    throw new ApiError('INVALID_PARAMS', `txHash: must be ${vm === 'evm' ? 'a 0x-prefixed 32-byte hex hash' : 'a base58 transaction signature'}`, {
      field: 'txHash',
    });
  if (!isAddressFor(vm, payer))
    throw new ApiError('INVALID_PARAMS', `payer: must be ${vm === 'evm' ? 'a 0x-prefixed 20-byte hex address' : 'a base58 Solana address'}`, {
      field: 'payer',
    });
  return { txHash: normalize(vm, txHash), payer: normalize(vm, payer) };
}

export const payerQuoteSchema = z.strictObject({
  srcChain: chainRef.transform(String).meta({ description: "The payer's chain id or slug.", example: 'arbitrum' }),
  srcToken: z.string().min(1).meta({ description: 'The token the payer sends: address or curated symbol.', example: 'USDC' }),
  sender: z.string().min(1).meta({ description: "The payer's address.", example: '0x8ba1f109551bd432803012645ac136ddd64dba72' }),
});
export type PayerQuoteRequest = z.output<typeof payerQuoteSchema>;

export const createRefundSchema = z.strictObject({
  amount: baseUnitAmount
    .optional()
    .meta({ description: 'Settlement base units to refund (no leading zeros, > 0); default: all that can still be refunded of the payment.' }),
  reason: text(LIMITS.refundReason).optional(),
  /** Where the refund goes; defaults to the payer when the payer's address is valid on the settlement chain. */
  to: z.string().min(1).optional(),
  /** The payment to refund (`cspay_…` from the session's `payments`); defaults to the one that paid the session. */
  payment: z
    .string()
    .regex(/^cspay_[0-9A-Za-z]{1,64}$/, 'must be a payment id (cspay_…) of this session')
    .optional(),
});
export type CreateRefund = z.output<typeof createRefundSchema>;

export const reportRefundSchema = z.strictObject({
  txHash: z.string().min(1).meta({ description: "Hash (EVM) or signature (Solana) of the merchant wallet's refund transfer." }),
});
export type ReportRefund = z.output<typeof reportRefundSchema>;

/** Checkout session ids as `newId` makes them; anything else is NOT_FOUND before the database sees it. */
export const CHECKOUT_SESSION_ID = /^cs_(test_)?[0-9A-Za-z]{1,64}$/;

/** Path parameters of the session routes. Ids of another shape are answered NOT_FOUND. */
export const sessionIdParamSchema = z.object({
  id: z.string().regex(CHECKOUT_SESSION_ID).meta({ description: 'Checkout session id.', example: 'cs_test_E2VhWfsak5hqnmzzu' }),
});
export const refundIdParamSchema = sessionIdParamSchema.extend({
  refundId: z
    .string()
    .regex(/^re_(test_)?[0-9A-Za-z]{1,64}$/)
    .meta({ description: 'Refund id.', example: 're_test_5Rt8Yq1Wm3Lz9Xb2Vc7Nk4' }),
});

/**
 * Body of POST /v1/checkout/sessions/{id}/submit: a Solana direct transfer signed by a sign-only wallet.
 * A Solana transaction is at most 1232 bytes: base64 of that is under 1700 characters.
 */
export const submitSignedSchema = z.strictObject({
  signedTransaction: z.string().min(1).max(2000).meta({ description: 'The signed transaction, base64 (a serialized versioned transaction).' }),
  payer: z.string().min(1).max(64).meta({ description: 'The fee payer and signer (base58).' }),
});
export type SubmitSigned = z.output<typeof submitSignedSchema>;

/** The merchant's note on a review resolution: 1-500 characters, no NUL (Postgres text cannot hold it). */
export const REVIEW_NOTE_MAX = 500;
const note = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(REVIEW_NOTE_MAX, `must be at most ${REVIEW_NOTE_MAX} characters`)
  .refine(...NO_NUL)
  .meta({
    description: `Why (1-${REVIEW_NOTE_MAX} characters): kept in the session's \`reviews\` and sent in the event.`,
    example: 'Customer paid the missing 1 USDC by bank transfer',
  });

/** Body of POST …/review/accept. */
export const acceptReviewSchema = z.strictObject({
  note,
  payment: z
    .string()
    .regex(/^cspay_[0-9A-Za-z]{1,64}$/, 'must be a payment id (cspay_…) of this session')
    .optional()
    .meta({
      description: "The payment to accept (one of the session's `payments`, `rejected`); default: the most recent rejected payment that delivered funds.",
    }),
});
export type AcceptReview = z.output<typeof acceptReviewSchema>;

/** Body of POST …/review/reopen. */
export const reopenReviewSchema = z.strictObject({
  note,
  expiresInMinutes: z
    .number({ error: 'must be an integer' })
    .int('must be an integer')
    .min(REOPEN_EXPIRY.minMinutes)
    .max(REOPEN_EXPIRY.maxMinutes)
    .optional()
    .meta({
      description: `The payer gets at least this long from now to pay again (${REOPEN_EXPIRY.minMinutes}-${REOPEN_EXPIRY.maxMinutes}, default ${REOPEN_EXPIRY.defaultMinutes}); a later \`expiresAt\` is kept.`,
    }),
});
export type ReopenReview = z.output<typeof reopenReviewSchema>;

const transferStr = (max = 200) =>
  z
    .string({ error: 'must be a string' })
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine(...NO_NUL);

/** Body of POST …/deposit-address (pay by transfer). */
export const transferAddressSchema = z.strictObject({
  srcChain: z
    .union([z.string().min(1).max(64), z.number().int()], { error: 'must be a chain id or slug' })
    .meta({ description: 'The chain the payer sends on (id or slug).', example: 'arbitrum' }),
  srcToken: transferStr().meta({ description: 'The token the payer sends (address, mint or curated symbol).', example: 'USDC' }),
  refundTo: transferStr().meta({
    description: "The payer's own wallet on `srcChain`, where a failed deposit is refunded (never an exchange deposit address).",
    example: '0x8ba1f109551bd432803012645ac136ddd64dba72',
  }),
});
export type TransferAddressRequest = z.output<typeof transferAddressSchema>;

/** Body of POST …/deposit-address/simulate (test mode). */
export const simulateTransferSchema = z.strictObject({
  depositAddressId: z
    .string()
    .regex(/^da_test_[0-9A-Za-z]{1,64}$/, 'must be a test-mode deposit address id (da_test_…)')
    .meta({ description: 'The address `/deposit-address` answered.' }),
});
export type SimulateTransfer = z.output<typeof simulateTransferSchema>;
