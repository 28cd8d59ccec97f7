import { reply, type Route } from './router.js';
import { json } from '../openapi/route-doc.js';
import { listSchema } from '../openapi/common.js';
import { EX } from '../openapi/examples.js';
import { parseInput } from '../validation.js';
import { apiKeyIdParamSchema, createKeySchema, rollKeySchema } from '../accounts/input.js';
import { apiKeyWireSchema, createdApiKeySchema, toApiKeyWire, type ApiKeyWire } from '../accounts/views.js';
import { keyScopes } from '../accounts/state.js';

const RESTRICTED: ApiKeyWire = {
  id: EX.apiKeyId,
  object: 'api_key',
  mode: 'test',
  prefix: 'sg_test_Qm4X',
  name: 'Invoicing backend',
  scopes: keyScopes({ invoices: 'write', checkout_sessions: 'read' }),
  createdAt: EX.createdAt,
  lastUsedAt: EX.updatedAt,
  expiresAt: null,
  revokedAt: null,
  rolledFromId: null,
};
const UNRESTRICTED: ApiKeyWire = { ...RESTRICTED, id: 'key_2Lm8Xq4Vb7Nc1Zp9Rt3Wk6', name: 'npm run dev', scopes: null };
const ROLLED: ApiKeyWire = { ...RESTRICTED, id: 'key_9Rt3Wk6Lm8Xq4Vb7Nc1Zp2', prefix: 'sg_test_Z8pL', lastUsedAt: null, rolledFromId: EX.apiKeyId };
const SECRET = 'sg_test_Z8pLq3Vn7Rk2Xw5Tb9Mc4Hd1Jf6Gs0Ya';
const keyPath = { id: EX.apiKeyId };

/**
 * The dashboard's API keys (session routes, in the session's mode): list, create (optionally restricted and
 * expiring), roll with a grace period, revoke. The secret is in the create and roll answers only. Creating needs
 * `api_keys: write` and a key no wider than the member's role allows.
 */
export const dashboardKeyRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/dashboard/api-keys',
    access: 'session',
    scope: { resource: 'api_keys', level: 'read' },
    handler: async ({ services, auth }) => ({ object: 'list', data: (await services.accounts.listKeys(auth!.accountId, auth!.mode)).map(toApiKeyWire) }),
    doc: {
      operationId: 'dashboardListApiKeys',
      tag: 'Dashboard',
      summary: 'List the API keys of the mode',
      description: "The account's keys in the session's mode, revoked and expired ones included, newest first. Never a secret.",
      responses: { 200: json('The keys.', listSchema(apiKeyWireSchema), { keys: { object: 'list', data: [RESTRICTED, UNRESTRICTED] } }) },
      examples: { all: { summary: 'Every key of the mode' } },
    },
  },
  {
    method: 'POST',
    path: '/v1/dashboard/api-keys',
    access: 'session',
    scope: { resource: 'api_keys', level: 'write' },
    handler: async ({ services, auth, body }) => {
      const { key, apiKey } = await services.accounts.createKey(auth!.accountId, auth!.mode, parseInput(createKeySchema, body ?? {}), auth!);
      return reply(201, { apiKey: toApiKeyWire(apiKey), secret: key });
    },
    doc: {
      operationId: 'dashboardCreateApiKey',
      tag: 'Dashboard',
      summary: 'Create an API key',
      description:
        "A key of the session's mode, unrestricted or restricted to `scopes` (resource → `none`, `read`, `write`; unnamed resources are `none`), optionally expiring. The secret is in this answer only. A key wider than the member's role → 403 `FORBIDDEN` (a developer cannot mint a key that refunds).",
      body: { schema: createKeySchema, required: false },
      responses: { 201: json('The key and its secret (shown once).', createdApiKeySchema, { restricted: { apiKey: RESTRICTED, secret: SECRET } }) },
      errors: ['FORBIDDEN'],
      examples: {
        restricted: {
          summary: 'A key that manages invoices and reads checkout sessions',
          body: { name: 'Invoicing backend', scopes: { invoices: 'write', checkout_sessions: 'read' } },
          status: 201,
        },
        expiring: { summary: 'An unrestricted key for a month', body: { name: 'Migration', expiresAt: '2099-01-31T00:00:00Z' }, status: 201 },
        team: { summary: 'The team is dashboard-only: no key may have it', body: { scopes: { team: 'read' } }, status: 400 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/dashboard/api-keys/:id/roll',
    access: 'session',
    scope: { resource: 'api_keys', level: 'write' },
    handler: async ({ services, auth, params, body }) => {
      const { key, apiKey } = await services.accounts.rollKey(auth!, params.id, parseInput(rollKeySchema, body ?? {}));
      return { apiKey: toApiKeyWire(apiKey), secret: key };
    },
    doc: {
      operationId: 'dashboardRollApiKey',
      tag: 'Dashboard',
      summary: 'Roll an API key',
      description:
        'A new key with the same name, scopes, mode and expiry (`rolledFromId` names the old one; a partner link moves with it); the old key keeps working for `graceSeconds` (0 to 7 days; 0 revokes it at once), so the new secret can be deployed first. The new secret is in this answer only. A revoked or expired key → 409 `CONFLICT`.',
      params: apiKeyIdParamSchema,
      body: { schema: rollKeySchema, required: false },
      responses: { 200: json('The new key and its secret (shown once).', createdApiKeySchema, { rolled: { apiKey: ROLLED, secret: SECRET } }) },
      errors: ['NOT_FOUND', 'CONFLICT', 'FORBIDDEN'],
      examples: {
        grace: { summary: 'Roll, keeping the old key for a day', params: keyPath, body: { graceSeconds: 86_400 } },
        now: { summary: 'Roll and revoke the old key at once', params: keyPath, body: {} },
        tooLong: { summary: 'More than 7 days of grace is refused', params: keyPath, body: { graceSeconds: 700_000 }, status: 400 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/dashboard/api-keys/:id/revoke',
    access: 'session',
    scope: { resource: 'api_keys', level: 'write' },
    handler: async ({ services, auth, params }) => toApiKeyWire(await services.accounts.revokeKey(auth!.accountId, params.id, auth!.mode)),
    doc: {
      operationId: 'dashboardRevokeApiKey',
      tag: 'Dashboard',
      summary: 'Revoke an API key',
      description: 'Every request with it is 401 `UNAUTHORIZED` from now on; revoking a revoked key changes nothing.',
      params: apiKeyIdParamSchema,
      responses: { 200: json('The key, revoked.', apiKeyWireSchema, { revoked: { ...UNRESTRICTED, revokedAt: EX.updatedAt } }) },
      errors: ['NOT_FOUND'],
      examples: { revoke: { summary: 'Revoke a key', params: keyPath } },
    },
  },
];
