import bs58 from 'bs58';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import { isoDateTime, requestBody, safeText } from '../validation.js';
import { ROLES, scopesInputSchema } from './state.js';

export const CHAIN_TYPES = ['evm', 'solana'] as const;
export type ChainType = (typeof CHAIN_TYPES)[number];

/**
 * A wallet address as stored (members, sessions, challenges): EVM lower-case (one row per wallet whatever the
 * checksum casing sent), Solana the base58 of a 32-byte public key. Anything else is INVALID_PARAMS on `field`.
 */
export function normalizeWallet(chainType: ChainType, address: string, field = 'address'): string {
  if (chainType === 'evm') {
    if (!isAddress(address, { strict: false })) throw new ApiError('INVALID_PARAMS', `${field}: not an EVM address (0x and 40 hex digits)`, { field });
    return address.toLowerCase();
  }
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(address);
  } catch {
    throw new ApiError('INVALID_PARAMS', `${field}: not a Solana address (base58)`, { field });
  }
  if (bytes.length !== 32) throw new ApiError('INVALID_PARAMS', `${field}: not a Solana address (32-byte public key)`, { field });
  return bs58.encode(bytes);
}

/** How an address is shown: EVM checksummed (EIP-55), Solana as stored. */
export const displayWallet = (chainType: ChainType, address: string) => (chainType === 'evm' ? getAddress(address) : address);

/** POST /v1/dashboard/api-keys and `createApiKey`: a named key, optionally restricted and expiring. */
export const createKeySchema = requestBody({
  name: z.string().trim().min(1).max(100).optional().meta({ description: 'A label to tell keys apart (1 to 100 characters).' }),
  scopes: scopesInputSchema.nullable().optional().meta({
    description:
      'A restricted key: resource → `none`, `read` or `write` (write includes read); resources not named are `none`. Omitted or null: an unrestricted key (write on every resource a key may reach).',
  }),
  expiresAt: isoDateTime.optional().meta({ description: 'When the key stops working (in the future); omitted: never.' }),
});

/** The longest grace a rolled key keeps working: 7 days. */
const MAX_ROLL_GRACE_SECONDS = 7 * 24 * 3600;

/** POST /v1/dashboard/api-keys/:id/roll and `rollApiKey`. */
export const rollKeySchema = requestBody({
  graceSeconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_ROLL_GRACE_SECONDS)
    .default(0)
    .meta({ description: 'How long the old key keeps working, 0 to 604800 seconds (7 days); 0 revokes it at once (the default).' }),
});

/** An API key id in a path (`key_…`). */
export const apiKeyIdParamSchema = z.object({ id: z.string().meta({ example: 'key_7Hq2Lm9Xw3Rt1Vb8Nc4Zp6' }) });
/** The chain type an address is spelt for: `0x…` is EVM, anything else is read as a Solana key. */
export const chainTypeOf = (address: string): ChainType => (/^0x/i.test(address) ? 'evm' : 'solana');

// --- the team (src/accounts/team.ts) ------------------------------------------------------------------------------

const role = z.enum(ROLES).meta({ description: 'owner, admin, developer or viewer (what each may do: docs/accounts.md, "Team and roles").' });

/** POST /v1/dashboard/members: a wallet to add to the team, with its role. */
export const inviteMemberSchema = requestBody({
  address: z.string().trim().min(1).max(64).meta({
    description: 'The wallet to add: a 0x EVM address (any case) or a base58 Solana public key.',
    example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  }),
  role,
});
export type InviteMemberInput = z.output<typeof inviteMemberSchema>;

/** PATCH /v1/dashboard/members/:id. */
export const updateMemberSchema = requestBody({ role });
export type UpdateMemberInput = z.output<typeof updateMemberSchema>;

/** /v1/dashboard/members/:id. */
export const memberIdParamSchema = z.object({ id: z.string().meta({ description: 'The member id (`mem_…`).', example: 'mem_2Wq8Rt4Lm6Xk1Vb9Nc3Zp7' }) });

// --- the operator's (src/accounts/operator.ts, /v1/admin/accounts, GraphQL adminAccount…) -------------------------

/** GET /v1/admin/accounts and `adminAccounts`: newest first, optionally matching a search. */
export const adminAccountsQuerySchema = z.object({
  q: safeText(200).optional().meta({
    description:
      'Accounts whose id is this, whose name contains it (any case), with a member wallet containing it (any case for EVM), or with an API key whose prefix starts with it.',
    example: 'Acme',
  }),
  limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: 'Accounts per page, 1 to 100 (default 25).' }),
  cursor: safeText(200).optional().meta({ description: "The previous page's `nextCursor`." }),
});
export type AdminAccountsQuery = z.output<typeof adminAccountsQuerySchema>;

/** /v1/admin/accounts/:id. */
export const accountIdParamSchema = z.object({ id: z.string().meta({ description: 'The account id (`acct_…`).', example: 'acct_9Xk2Lm4Qp7Rt1Vb8Nc3Zw5' }) });

/** POST /v1/admin/accounts/:id/live-mode. */
export const setLiveModeSchema = requestBody({
  enabled: z.boolean().meta({
    description:
      'true: its live keys work and the dashboard may switch to live. false: live keys are FORBIDDEN and dashboard sessions in live fall back to test.',
  }),
});

/** The bounds of an account's rate-limit multiplier. */
const RATE_LIMIT_MULTIPLIER = { min: 0.1, max: 100 } as const;

/** POST /v1/admin/accounts/:id/rate-limit (and `accounts:rate-limit`). */
export const setRateLimitSchema = requestBody({
  multiplier: z.number().min(RATE_LIMIT_MULTIPLIER.min).max(RATE_LIMIT_MULTIPLIER.max).nullable().meta({
    description: "Multiplies every rate-limit bucket of the account's keys and sessions, 0.1 to 100 (10: ten times the default); null: back to the defaults.",
    example: 10,
  }),
});

/** POST /v1/admin/accounts/:id/suspend. */
export const suspendAccountSchema = requestBody({
  reason: safeText(500).meta({
    description: "Why, 1 to 500 characters: kept for the operator (the audit log and the account's detail), never shown to the merchant.",
    example: 'Chargeback investigation #4411',
  }),
});
