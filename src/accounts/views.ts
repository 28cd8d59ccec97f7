import { z } from 'zod';
import { isoTimestamp } from '../openapi/common.js';

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
