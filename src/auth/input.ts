import { z } from 'zod';
import { requestBody } from '../validation.js';
import { CHAIN_TYPES } from '../accounts/input.js';

/** POST /v1/auth/session/mode: the mode the dashboard acts in. */
export const setModeSchema = requestBody({ mode: z.enum(['test', 'live']).meta({ description: 'test, or live (needs the account’s live mode).' }) });

/** POST /v1/auth/session/account: another account the wallet is a member of. */
export const switchAccountSchema = requestBody({ accountId: z.string().min(1).max(64).meta({ description: 'An account the wallet belongs to.' }) });

/** POST /v1/auth/sign-out. */
export const signOutSchema = requestBody({
  everywhere: z.boolean().optional().meta({ description: 'Also end every other session of this wallet (all browsers, all accounts). Default false.' }),
});

/** POST /v1/auth/dev-sign-in (development only). */
export const devSignInSchema = requestBody({
  accountId: z.string().min(1).max(64).optional().meta({ description: 'The printed dev account; when given and not it, NOT_FOUND.' }),
});

/** POST /v1/auth/challenge: the wallet that will sign, and for EVM the chain the message names. */
export const challengeSchema = requestBody({
  address: z.string().trim().min(1).max(64).meta({
    description: 'The wallet: a 0x EVM address (any case) or a base58 Solana public key.',
    example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  }),
  chainType: z.enum(CHAIN_TYPES).meta({ description: '`evm` (Sign-In with Ethereum) or `solana` (Sign-In With Solana).' }),
  chainId: z
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .meta({ description: 'EVM only, and required there: the chain the message names, an EVM chain of /v1/chains. Not sent for Solana.', example: 8453 }),
}).superRefine((v, ctx) => {
  if (v.chainType === 'evm' && v.chainId === undefined) ctx.addIssue({ code: 'custom', path: ['chainId'], message: 'is required for an EVM wallet' });
  if (v.chainType === 'solana' && v.chainId !== undefined)
    ctx.addIssue({ code: 'custom', path: ['chainId'], message: 'is for EVM wallets only (a Solana message names its cluster itself)' });
});
export type ChallengeInput = z.output<typeof challengeSchema>;

/** POST /v1/auth/sign-in: the challenge's nonce and the wallet's signature of its message. */
export const signInSchema = requestBody({
  nonce: z
    .string()
    .regex(/^[0-9A-Za-z]{8,64}$/, 'must be the nonce of a challenge (8 to 64 letters and digits)')
    .meta({ description: 'The `nonce` of the challenge that was signed.', example: 'q8ZcV1Lr0mBtY5wXe2Nd7K' }),
  signature: z.string().min(1).max(20_000).meta({
    description:
      "The wallet's signature of the challenge's `message`, exactly as returned. EVM: 0x hex (`personal_sign`; a smart account's EIP-1271 or EIP-6492 signature too). Solana: the 64-byte ed25519 signature in base58, or in base64 with its padding.",
    example: '0x4f1c2b…1b',
  }),
});
export type SignInInput = z.output<typeof signInSchema>;

/** DELETE /v1/auth/sessions/:id. */
export const sessionIdParamSchema = z.object({ id: z.string().meta({ description: 'The session id (`dsess_…`).', example: 'dsess_4f8Kq2Lm9Xw3Rt7Vb1Nc5Z' }) });
