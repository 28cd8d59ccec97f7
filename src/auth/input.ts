import { z } from 'zod';
import { requestBody } from '../validation.js';

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
