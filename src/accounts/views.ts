import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';
import { keyScopes, RESOURCES, type Resource } from './state.js';
import type { ApiKeyView } from './service.js';
import { sameShape } from '../openapi/same-shape.js';
import type { AdminAccountDetailView, AdminAccountView, AdminApiKeyView, AdminMemberView } from './operator.js';

export type { AdminAccountDetailView, AdminAccountView, AdminApiKeyView, AdminMemberView };

/** GET /v1/account: the account and mode of the key (like Stripe's), handy to check a key works. */
export const accountViewSchema = z
  .object({
    id: z.string().meta({ example: 'acct_9Xk2Lm4Qp7Rt1Vb8Nc3Zw5' }),
    object: z.literal('account'),
    name: z.string(),
    mode: z.enum(['test', 'live']).meta({ description: 'The mode of the key used.' }),
    liveEnabled: z.boolean().meta({ description: 'Whether live keys of this account may be used.' }),
    createdAt: isoTimestamp,
  })
  .meta({ id: 'Account' });

export type AccountView = z.output<typeof accountViewSchema>;

const levelSchema = z.enum(['none', 'read', 'write']);

/** An API key as the dashboard lists it: never the secret (only the create and roll answers carry it, once). */
export const apiKeyWireSchema = z
  .object({
    id: z.string().meta({ example: 'key_7Hq2Lm9Xw3Rt1Vb8Nc4Zp6' }),
    object: z.literal('api_key'),
    mode: z.enum(['test', 'live']),
    prefix: z.string().meta({ description: 'The first characters of the secret, to tell keys apart.' }),
    name: z.string().nullable(),
    scopes: z
      .object(Object.fromEntries(RESOURCES.map((r) => [r, levelSchema])) as Record<Resource, typeof levelSchema>)
      .nullable()
      .meta({ description: 'A restricted key: every resource with its level (`none`, `read`, `write`). Null: unrestricted.' }),
    createdAt: isoTimestamp,
    lastUsedAt: isoTimestamp.nullable().meta({ description: 'When a request last authenticated with it (at most once a minute).' }),
    expiresAt: isoTimestamp.nullable().meta({ description: 'When it stops working (its own expiry, or the end of the grace after a roll).' }),
    revokedAt: isoTimestamp.nullable(),
    rolledFromId: z.string().nullable().meta({ description: 'The key this one replaced, when it was made by rolling.' }),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyWire = z.output<typeof apiKeyWireSchema>;

/** The answer of creating or rolling a key: the key and its secret, shown this once. */
export const createdApiKeySchema = z
  .object({
    apiKey: apiKeyWireSchema,
    secret: z.string().meta({ description: 'The full key, for the `x-api-key` header. Shown only here: store it now.' }),
  })
  .meta({ id: 'CreatedApiKey' });

/** A stored key → its wire shape (scopes as the full map, or null for an unrestricted key). */
export const toApiKeyWire = (k: ApiKeyView): ApiKeyWire => ({
  id: k.id,
  object: 'api_key',
  mode: k.mode,
  prefix: k.prefix,
  name: k.name,
  scopes: k.scopes == null ? null : keyScopes(k.scopes),
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  expiresAt: k.expiresAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
  rolledFromId: k.rolledFromId,
});
/** A member of the account's team: a wallet and its role. */
export const memberViewSchema = z
  .object({
    id: z.string().meta({ example: 'mem_7Qw2Er5Ty8Ui1OpAs3Df' }),
    object: z.literal('member'),
    address: z.string().meta({ description: 'The wallet: EVM checksummed (EIP-55), Solana base58.', example: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }),
    chainType: z.enum(['evm', 'solana']),
    role: z.enum(['owner', 'admin', 'developer', 'viewer']),
    invitedBy: z.string().nullable().meta({ description: 'The wallet that added this member; null for the wallet that created the account.' }),
    createdAt: isoTimestamp,
    joinedAt: isoTimestamp.nullable().meta({ description: 'Its first sign-in into this account; null while the invitation is not taken up.' }),
    you: z.boolean().meta({ description: 'Whether this is the signed-in wallet.' }),
  })
  .meta({ id: 'Member' });

export type MemberView = z.output<typeof memberViewSchema>;

// --- the operator's view (src/accounts/operator.ts, /v1/admin/accounts, GraphQL adminAccount…) -------------------

/** Why and since when an account is suspended; null while it is not. */
const suspensionSchema = z
  .object({
    suspendedAt: isoTimestamp.meta({ description: 'When the operator suspended it.' }),
    reason: z.string().meta({ description: "The operator's reason (never shown to the merchant or to payers).", example: 'Chargeback investigation #4411' }),
  })
  .nullable()
  .meta({ description: 'Set while the account is suspended: its keys and dashboard sessions are refused (403) and payers get no new quotes.' });

/** An account as the operator lists it and as the audit log records it before and after a write. */
export const adminAccountSchema = z
  .object({
    object: z.literal('admin_account'),
    id: z.string().meta({ example: 'acct_9Xk2Lm4Qp7Rt1Vb8Nc3Zw5' }),
    name: z.string().meta({ example: 'Acme Store' }),
    liveEnabled: z.boolean().meta({ description: 'Whether its live keys (and the dashboard in live mode) may be used.' }),
    rateLimitMultiplier: z
      .number()
      .nullable()
      .meta({ description: "Multiplies every rate-limit bucket of the account's keys and sessions; null: 1 (the defaults).", example: 10 }),
    suspension: suspensionSchema,
    createdAt: isoTimestamp,
  })
  .meta({ id: 'AdminAccount' });
sameShape<z.output<typeof adminAccountSchema>, AdminAccountView>(true);

/** An API key as the operator sees it: never the secret or its hash. */
const adminApiKeySchema = z
  .object({
    id: z.string().meta({ example: 'key_7Hq2Lm9Xw3Rt1Vb8Nc4Zp6' }),
    mode: z.enum(['test', 'live']),
    prefix: z.string().meta({ description: 'The first characters of the key (`<brand>_<mode>_` and four more).', example: 'swapgate_test_AbC1' }),
    name: z.string().nullable(),
    scopes: z.record(z.string(), levelSchema).nullable().meta({ description: 'A restricted key: resource → level for every resource. Null: unrestricted.' }),
    createdAt: isoTimestamp,
    lastUsedAt: isoTimestamp.nullable(),
    revokedAt: isoTimestamp.nullable(),
    expiresAt: isoTimestamp.nullable(),
  })
  .meta({ id: 'AdminApiKey' });
sameShape<z.output<typeof adminApiKeySchema>, AdminApiKeyView>(true);

/** A member wallet as the operator sees it. */
const adminMemberSchema = z
  .object({
    id: z.string().meta({ example: 'mem_7Qw2Er5Ty8Ui1OpAs3Df' }),
    address: z.string().meta({ description: 'EVM checksummed (EIP-55), Solana base58.', example: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }),
    chainType: z.enum(['evm', 'solana']),
    role: z.enum(['owner', 'admin', 'developer', 'viewer']),
    createdAt: isoTimestamp,
    joinedAt: isoTimestamp.nullable().meta({ description: 'Its first sign-in into the account; null while the invitation is not taken up.' }),
  })
  .meta({ id: 'AdminMember' });
sameShape<z.output<typeof adminMemberSchema>, AdminMemberView>(true);

/** One account in full: the summary, its partner, members and keys. */
export const adminAccountDetailSchema = adminAccountSchema
  .extend({
    object: z.literal('admin_account_detail'),
    partnerId: z.string().nullable().meta({ description: 'The integration partner the account owns; null when none.', example: 'acme-wallet' }),
    members: z.array(adminMemberSchema).meta({ description: 'Its team, in the order they were added.' }),
    apiKeys: z.array(adminApiKeySchema).meta({ description: 'Every key of both modes, revoked ones included, newest first. Never a secret or a hash.' }),
  })
  .meta({ id: 'AdminAccountDetail' });
sameShape<z.output<typeof adminAccountDetailSchema>, AdminAccountDetailView>(true);
