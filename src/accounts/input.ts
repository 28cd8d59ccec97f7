import { z } from 'zod';
import { requestBody } from '../validation.js';
import { ROLES } from './scopes.js';

/** Team requests (src/accounts/team.ts). REST bodies and GraphQL inputs parse with these same schemas. */

const role = z.enum(ROLES).meta({ description: 'owner, admin, developer or viewer: what each may do is in docs/accounts.md ("Roles").' });

export const inviteMemberSchema = requestBody({
  address: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .meta({ description: 'The wallet to add: a 0x EVM address (any case) or a base58 Solana public key.', example: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }),
  role,
})
  .transform((v) => ({ ...v, chainType: /^0x/i.test(v.address) ? ('evm' as const) : ('solana' as const) }))
  .meta({ id: 'InviteMemberRequest' });
export type InviteMemberInput = z.output<typeof inviteMemberSchema>;

export const updateMemberSchema = requestBody({ role }).meta({ id: 'UpdateMemberRequest' });
export type UpdateMemberInput = z.output<typeof updateMemberSchema>;

export const memberIdParamSchema = z.object({ id: z.string().meta({ description: 'The member id (`mem_…`).', example: 'mem_7Qw2Er5Ty8Ui1OpAs3Df' }) });
