import { z } from 'zod';
import { requestBody } from '../validation.js';

/**
 * Requests of wallet sign-in and dashboard sessions. REST bodies and GraphQL inputs parse with these same schemas.
 */

const chainType = z.enum(['evm', 'solana']).meta({ description: '`evm` for Ethereum-style wallets (SIWE), `solana` for Solana wallets (SIWS).' });

export const challengeSchema = requestBody({
  address: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: 'The wallet: a 0x EVM address (any case) or a base58 Solana public key.', example: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }),
  chainType,
  chainId: z
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1)
    .optional()
    .meta({ description: 'EVM only, required there: the chain the message names (one of /v1/chains with `vm: evm`). Not sent for Solana.', example: 8453 }),
})
  .superRefine((v, ctx) => {
    if (v.chainType === 'evm' && v.chainId === undefined) ctx.addIssue({ code: 'custom', path: ['chainId'], message: 'is required for an EVM wallet' });
    if (v.chainType === 'solana' && v.chainId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['chainId'], message: 'is for EVM wallets only (a Solana message names its cluster itself)' });
  })
  .meta({ id: 'SignInChallengeRequest' });
export type ChallengeInput = z.output<typeof challengeSchema>;

export const signInSchema = requestBody({
  nonce: z
    .string()
    .regex(/^[0-9A-Za-z]{8,64}$/, 'must be the nonce of a challenge (8-64 letters and digits)')
    .meta({ description: 'The `nonce` of the challenge that was signed.', example: 'q8ZcV1Lr0mBtY5wXe2Nd7K' }),
  signature: z
    .string()
    .min(1)
    .max(20_000)
    .meta({
      description:
        'The wallet\'s signature of the challenge\'s `message`, exactly as returned. EVM: 0x hex (`personal_sign`; EIP-1271 and EIP-6492 signatures of smart accounts too). Solana: the 64-byte ed25519 signature in base58, or in base64 with its padding.',
      example: '0x6f1c…1b',
    }),
}).meta({ id: 'SignInRequest' });
export type SignInInput = z.output<typeof signInSchema>;

export const sessionModeSchema = requestBody({
  mode: z.enum(['test', 'live']).meta({ description: 'The mode the dashboard acts in from now on; `live` needs the account\'s live mode.' }),
}).meta({ id: 'DashboardSessionModeRequest' });

export const sessionAccountSchema = requestBody({
  accountId: z.string().min(1).max(64).meta({ description: 'One of the accounts the wallet is a member of (see `memberships`).', example: 'acct_9Xk2Lm4Qp7Rt1Vb8Nc3Zw5' }),
}).meta({ id: 'DashboardSessionAccountRequest' });

export const sessionIdParamSchema = z.object({
  id: z.string().meta({ description: 'The session id (`dsess_…`).', example: 'dsess_4hT2pW9xQe1LmZ8cVb' }),
});
