import { reply, type Route } from './router.js';
import { json } from '../openapi/route-doc.js';
import { pageSchema } from '../openapi/common.js';
import { parseInput } from '../validation.js';
import { inviteMemberSchema, memberIdParamSchema, updateMemberSchema } from '../accounts/input.js';
import { memberViewSchema, type MemberView } from '../accounts/views.js';

const MEMBER: MemberView = {
  id: 'mem_2Wq8Rt4Lm6Xk1Vb9Nc3Zp7',
  object: 'member',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainType: 'evm',
  role: 'developer',
  invitedBy: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  createdAt: '2026-11-27T09:20:00.000Z',
  joinedAt: null,
  you: false,
};
const OWNER: MemberView = {
  ...MEMBER,
  id: 'mem_9Kq2Lm4Xw7Rt1Vb8Nc3Zp5',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  role: 'owner',
  invitedBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  joinedAt: '2026-11-20T10:00:00.000Z',
  you: true,
};
const unknown = { id: 'mem_0000000000000000000000' };

/** The account's team (dashboard only): members by wallet, with roles. Rules: docs/accounts.md, "Team and roles". */
export const memberRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/dashboard/members',
    access: 'session',
    scope: { resource: 'team', level: 'read' },
    handler: async ({ services, auth }) => ({ object: 'list' as const, data: await services.team.list(auth!), hasMore: false, nextCursor: null }),
    doc: {
      operationId: 'listMembers',
      tag: 'Dashboard',
      summary: 'The team',
      description: 'Every member of the account, owners first; `you` marks the signed-in wallet. Any role may read it.',
      responses: {
        200: json('The members (one page).', pageSchema(memberViewSchema), {
          team: { object: 'list', data: [OWNER, MEMBER], hasMore: false, nextCursor: null },
        }),
      },
      examples: { team: { summary: 'List the team' } },
    },
  },
  {
    method: 'POST',
    path: '/v1/dashboard/members',
    access: 'session',
    scope: { resource: 'team', level: 'write' },
    handler: async ({ services, auth, body }) => reply(201, await services.team.invite(auth!, parseInput(inviteMemberSchema, body ?? {}))),
    doc: {
      operationId: 'inviteMember',
      tag: 'Dashboard',
      summary: 'Add a wallet to the team',
      description:
        'The wallet joins when it next signs in. Owners add any role; admins any but owner; developers and viewers → 403 `FORBIDDEN`. A wallet already in the team → 409 `CONFLICT`.',
      body: { schema: inviteMemberSchema },
      errors: ['CONFLICT'],
      responses: { 201: json('The member, not joined yet.', memberViewSchema, { invited: MEMBER }) },
      examples: { developer: { summary: 'Add a developer', body: { address: MEMBER.address, role: 'developer' } } },
    },
  },
  {
    method: 'PATCH',
    path: '/v1/dashboard/members/:id',
    access: 'session',
    scope: { resource: 'team', level: 'write' },
    handler: ({ services, auth, params, body }) => services.team.update(auth!, params.id, parseInput(updateMemberSchema, body ?? {})),
    doc: {
      operationId: 'updateMember',
      tag: 'Dashboard',
      summary: 'Change a member’s role',
      description:
        'Owners change anyone; admins anyone but owners, and never into an owner (403 `FORBIDDEN`). Demoting the last owner → 409 `CONFLICT`. Applies from the member’s next request.',
      params: memberIdParamSchema,
      body: { schema: updateMemberSchema },
      errors: ['NOT_FOUND', 'CONFLICT'],
      responses: { 200: json('The member.', memberViewSchema, { viewer: { ...MEMBER, role: 'viewer' } }) },
      examples: { unknown: { summary: 'A member of no team of yours', params: unknown, body: { role: 'viewer' }, status: 404 } },
    },
  },
  {
    method: 'DELETE',
    path: '/v1/dashboard/members/:id',
    access: 'session',
    // Read: every member may leave (remove itself); removing anyone else needs team write (checked by the service).
    scope: { resource: 'team', level: 'read' },
    handler: ({ services, auth, params }) => services.team.remove(auth!, params.id),
    doc: {
      operationId: 'removeMember',
      tag: 'Dashboard',
      summary: 'Remove a member',
      description:
        'Their sessions in this account end at once. A member may remove itself; removing the last owner → 409 `CONFLICT`; admins cannot remove owners (403 `FORBIDDEN`).',
      params: memberIdParamSchema,
      errors: ['NOT_FOUND', 'CONFLICT'],
      responses: { 200: json('The member as it was.', memberViewSchema, { removed: MEMBER }) },
      examples: { unknown: { summary: 'A member of no team of yours', params: unknown, status: 404 } },
    },
  },
];
