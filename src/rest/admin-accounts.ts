import type { Route } from './router.js';
import { parseInput, queryObject } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { pageSchema } from '../openapi/common.js';
import { EX } from '../openapi/examples.js';
import { accountIdParamSchema, adminAccountsQuerySchema, setLiveModeSchema, setRateLimitSchema, suspendAccountSchema } from '../accounts/input.js';
import { adminAccountDetailSchema, adminAccountSchema, type AdminAccountDetailView, type AdminAccountView } from '../accounts/views.js';

const ACCOUNT: AdminAccountView = {
  object: 'admin_account',
  id: EX.accountId,
  name: 'Acme Store',
  liveEnabled: true,
  rateLimitMultiplier: null,
  suspension: null,
  createdAt: EX.createdAt,
};
const DETAIL: AdminAccountDetailView = {
  ...ACCOUNT,
  object: 'admin_account_detail',
  partnerId: EX.partnerId,
  members: [
    {
      id: 'mem_7Qw2Er5Ty8Ui1OpAs3Df',
      address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      chainType: 'evm',
      role: 'owner',
      createdAt: EX.createdAt,
      joinedAt: EX.createdAt,
    },
  ],
  apiKeys: [
    {
      id: EX.apiKeyId,
      mode: 'live',
      prefix: 'swapgate_live_Q7rT',
      name: 'backend',
      scopes: null,
      createdAt: EX.createdAt,
      lastUsedAt: EX.updatedAt,
      revokedAt: null,
      expiresAt: null,
    },
  ],
};
const accountPath = { id: EX.accountId };
const AUDIT_NOTE =
  'Recorded in the audit log, with the account before and after, in the same transaction as the change; a request that changes nothing records nothing. Not replayed by an idempotency key: it sets a state, so sending it twice leaves the same account.';

/**
 * The operator's view of accounts (src/accounts/, the same service methods as `npm run cli -- accounts:…`): search,
 * one account in full (keys without secrets), live mode, rate limits and suspension, each write audited.
 *   GET /v1/admin/accounts   GET /v1/admin/accounts/:id
 *   POST /v1/admin/accounts/:id/live-mode | rate-limit | suspend | unsuspend
 */
export const adminAccountRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/admin/accounts',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, query }) => services.accounts.adminList(parseInput(adminAccountsQuerySchema, queryObject(query))),
    doc: {
      operationId: 'adminListAccounts',
      tag: 'Admin',
      summary: 'Search accounts',
      description:
        'Accounts, newest first, cursor paging. `q` finds an account by its id, a part of its name (any case), a part of a member wallet (EVM in any case) or the start of an API key prefix (`swapgate_live_Q7rT`): never by a secret.',
      query: adminAccountsQuerySchema,
      responses: {
        200: json('A page of accounts.', pageSchema(adminAccountSchema), { search: { object: 'list', data: [ACCOUNT], hasMore: false, nextCursor: null } }),
      },
      examples: {
        newest: { summary: 'The newest accounts', query: {} },
        search: { summary: 'By name', query: { q: 'Acme' } },
        wallet: { summary: 'By a member wallet', query: { q: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/admin/accounts/:id',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, params }) => services.accounts.adminGet(params.id),
    doc: {
      operationId: 'adminGetAccount',
      tag: 'Admin',
      summary: 'Get an account',
      description:
        'One account: live mode, rate-limit multiplier, suspension, the partner it owns, its members, and its API keys of both modes (id, prefix, name, scopes, dates; never a secret or a hash).',
      params: accountIdParamSchema,
      errors: ['NOT_FOUND'],
      responses: { 200: json('The account.', adminAccountDetailSchema, { one: DETAIL }) },
      examples: {
        one: { summary: 'One account', params: accountPath },
        unknown: { summary: 'An unknown id', params: { id: 'acct_0000000000000000000000' }, status: 404 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/admin/accounts/:id/live-mode',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, params, body, requireAdmin }) =>
      services.accounts.setLiveEnabled(params.id, parseInput(setLiveModeSchema, body).enabled, requireAdmin()),
    doc: {
      operationId: 'adminSetAccountLiveMode',
      tag: 'Admin',
      summary: 'Turn live mode on or off',
      description: `On: the account's live keys work and its dashboard may switch to live. Off: live keys are 403 \`FORBIDDEN\` from their next request and dashboard sessions in live mode fall back to test. ${AUDIT_NOTE}`,
      params: accountIdParamSchema,
      body: { schema: setLiveModeSchema },
      errors: ['NOT_FOUND'],
      responses: { 200: json('The account.', adminAccountSchema, { on: ACCOUNT }) },
      examples: { on: { summary: 'Enable live mode', params: accountPath, body: { enabled: true } } },
    },
  },
  {
    method: 'POST',
    path: '/v1/admin/accounts/:id/rate-limit',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, params, body, requireAdmin }) =>
      services.accounts.setRateLimitMultiplier(params.id, parseInput(setRateLimitSchema, body).multiplier, requireAdmin()),
    doc: {
      operationId: 'adminSetAccountRateLimit',
      tag: 'Admin',
      summary: "Scale the account's rate limits",
      description: `Multiplies every rate-limit bucket of the account's keys and sessions (0.1 to 100; null goes back to the defaults), from its next request on every instance. ${AUDIT_NOTE}`,
      params: accountIdParamSchema,
      body: { schema: setRateLimitSchema },
      errors: ['NOT_FOUND'],
      responses: { 200: json('The account.', adminAccountSchema, { tenfold: { ...ACCOUNT, rateLimitMultiplier: 10 } }) },
      examples: {
        tenfold: { summary: 'Ten times the default limits', params: accountPath, body: { multiplier: 10 } },
        clear: { summary: 'Back to the defaults', params: accountPath, body: { multiplier: null } },
        tooMuch: { summary: 'Above the bound', params: accountPath, body: { multiplier: 1000 }, status: 400 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/admin/accounts/:id/suspend',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, params, body, requireAdmin }) => services.accounts.suspend(params.id, parseInput(suspendAccountSchema, body).reason, requireAdmin()),
    doc: {
      operationId: 'adminSuspendAccount',
      tag: 'Admin',
      summary: 'Suspend an account',
      description: `From their next request, every API key and dashboard session of the account is 403 \`FORBIDDEN\` (REST, GraphQL, WebSocket), saying the account is suspended; nothing is revoked, so unsuspending restores them. Payers get no new quotes, builds, deposit addresses or invoice payments for its sessions (403); reads of its sessions and the verification of payments already sent go on. Suspending again keeps the first time and records the new reason. ${AUDIT_NOTE}`,
      params: accountIdParamSchema,
      body: { schema: suspendAccountSchema },
      errors: ['NOT_FOUND'],
      responses: {
        200: json('The account, suspended.', adminAccountSchema, {
          suspend: { ...ACCOUNT, suspension: { suspendedAt: EX.updatedAt, reason: 'Chargeback investigation #4411' } },
        }),
      },
      examples: { suspend: { summary: 'Suspend an account', params: accountPath, body: { reason: 'Chargeback investigation #4411' } } },
    },
  },
  {
    method: 'POST',
    path: '/v1/admin/accounts/:id/unsuspend',
    access: 'admin',
    scope: 'admin',
    handler: ({ services, params, requireAdmin }) => services.accounts.unsuspend(params.id, requireAdmin()),
    doc: {
      operationId: 'adminUnsuspendAccount',
      tag: 'Admin',
      summary: 'Lift a suspension',
      description: `The account's keys and dashboard sessions work again from their next request, and payers may pay its sessions. ${AUDIT_NOTE}`,
      params: accountIdParamSchema,
      errors: ['NOT_FOUND'],
      responses: { 200: json('The account.', adminAccountSchema, { lift: ACCOUNT }) },
      examples: { lift: { summary: 'Lift the suspension', params: accountPath } },
    },
  },
];
