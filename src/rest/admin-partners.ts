import { reply, type Route } from './router.js';
import { parseInput } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { listSchema } from '../openapi/common.js';
import { EX } from '../openapi/examples.js';
import { createPartnerSchema, linkPartnerKeySchema, partnerIdParamSchema, partnerKeyParamsSchema, updatePartnerSchema } from '../partners/input.js';
import { adminPartnerSchema, toAdminPartner, type AdminPartnerWire } from '../partners/views.js';

const PARTNER: AdminPartnerWire = {
  object: 'partner',
  id: EX.partnerId,
  label: 'Northwind Pay',
  kind: 'fee',
  feeBps: 25,
  maxFeeBps: 60,
  feeRecipientEvm: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  feeRecipientSvm: null,
  active: true,
  accountId: EX.accountId,
  apiKeyIds: [EX.apiKeyId],
  createdAt: EX.createdAt,
  updatedAt: EX.updatedAt,
};
const partnerPath = { id: EX.partnerId };
const CACHE_NOTE = 'Quotes on this instance see the change at once, on other instances within 30 s (partner lookups are cached).';
const AUDIT_NOTE =
  'Recorded in the audit log, with the partner before and after, in the same transaction as the change; a request that changes nothing records nothing.';

/**
 * The operator's partner registry (src/partners/, the same service methods as `npm run cli -- partners:…`): every
 * write audited in its own transaction (docs/admin.md).
 *   GET/POST /v1/admin/partners   GET/PATCH /v1/admin/partners/:id   POST /v1/admin/partners/:id/deactivate
 *   POST /v1/admin/partners/:id/keys   DELETE /v1/admin/partners/:id/keys/:apiKeyId
 */
export const adminPartnerRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/admin/partners',
    access: 'admin',
    scope: 'admin',
    handler: async ({ services }) => ({ object: 'list', data: (await services.partners.list()).map(toAdminPartner) }),
    doc: {
      operationId: 'adminListPartners',
      tag: 'Admin',
      summary: 'List partners',
      description: 'Every integration partner, by id (the registry is small: the whole list, no paging).',
      responses: { 200: json('Every partner.', listSchema(adminPartnerSchema), { all: { object: 'list', data: [PARTNER] } }) },
      examples: { all: { summary: 'Every partner' } },
    },
  },
  {
    method: 'GET',
    path: '/v1/admin/partners/:id',
    access: 'admin',
    scope: 'admin',
    handler: async ({ services, params }) => toAdminPartner(await services.partners.get(params.id)),
    doc: {
      operationId: 'adminGetPartner',
      tag: 'Admin',
      summary: 'Get a partner',
      description: 'One partner with its fee settings, account and linked keys.',
      params: partnerIdParamSchema,
      errors: ['NOT_FOUND'],
      responses: { 200: json('The partner.', adminPartnerSchema, { one: PARTNER }) },
      examples: { one: { summary: 'One partner', params: partnerPath }, unknown: { summary: 'An unknown id', params: { id: 'no-such-partner' }, status: 404 } },
    },
  },
  {
    method: 'POST',
    path: '/v1/admin/partners',
    access: 'admin',
    scope: 'admin',
    idempotent: true,
    handler: async ({ services, body, requireAdmin }) =>
      reply(201, toAdminPartner(await services.partners.create(parseInput(createPartnerSchema, body), requireAdmin()))),
    doc: {
      operationId: 'adminCreatePartner',
      tag: 'Admin',
      summary: 'Create a partner',
      description: `A new partner: \`fee\` partners take \`feeBps\` (at most \`maxFeeBps\`) on every quote attributed to them; \`label\` partners take none. \`accountId\` gives it to an account (its dashboard shows the profile and may change the fee within \`maxFeeBps\`); an account has at most one partner, and an unknown account is 404. An existing id is 409 \`CONFLICT\`. ${AUDIT_NOTE}`,
      body: { schema: createPartnerSchema },
      errors: ['CONFLICT', 'NOT_FOUND'],
      responses: {
        201: json('The partner, created.', adminPartnerSchema, { fee: { ...PARTNER, id: 'globex-pay', label: 'Globex Pay', accountId: null, apiKeyIds: [] } }),
      },
      examples: {
        fee: {
          summary: 'A fee partner: 0.25%, at most 0.60%',
          body: {
            id: 'globex-pay',
            label: 'Globex Pay',
            kind: 'fee',
            feeBps: 25,
            maxFeeBps: 60,
            feeRecipientEvm: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
          },
        },
        label: { summary: 'Attribution only', body: { id: 'initech-app', label: 'Initech App', kind: 'label' } },
        exists: { summary: 'An id that exists already', body: { id: EX.partnerId, label: 'Northwind Pay', kind: 'label' }, status: 409 },
        overCap: { summary: 'A fee above its own bound', body: { id: 'umbrella-pay', label: 'Umbrella', kind: 'fee', feeBps: 80, maxFeeBps: 60 }, status: 400 },
      },
    },
  },
  {
    method: 'PATCH',
    path: '/v1/admin/partners/:id',
    access: 'admin',
    scope: 'admin',
    handler: async ({ services, params, body, requireAdmin }) =>
      toAdminPartner(await services.partners.update(params.id, parseInput(updatePartnerSchema, body ?? {}), requireAdmin())),
    doc: {
      operationId: 'adminUpdatePartner',
      tag: 'Admin',
      summary: 'Change a partner',
      description: `Changes only the fields given (null clears a recipient or the account); the partner they leave must keep the fee rules (\`feeBps\` at most \`maxFeeBps\`; a \`label\` partner takes no fee), else 400 naming \`feeBps\`. \`active: true\` reactivates a deactivated partner. Giving the partner to another account is 409 while keys of another account are linked to it. ${CACHE_NOTE} ${AUDIT_NOTE} Not replayed by an idempotency key: it sets values, so sending it twice leaves the same partner.`,
      params: partnerIdParamSchema,
      body: { schema: updatePartnerSchema },
      errors: ['NOT_FOUND', 'CONFLICT'],
      responses: { 200: json('The partner, changed.', adminPartnerSchema, { bound: { ...PARTNER, maxFeeBps: 80 } }) },
      examples: {
        bound: { summary: 'Raise the bound to 0.80%', params: partnerPath, body: { maxFeeBps: 80 } },
        overCap: { summary: 'A fee above the bound', params: partnerPath, body: { feeBps: 500 }, status: 400 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/admin/partners/:id/deactivate',
    access: 'admin',
    scope: 'admin',
    handler: async ({ services, params, requireAdmin }) => toAdminPartner(await services.partners.deactivate(params.id, requireAdmin())),
    doc: {
      operationId: 'adminDeactivatePartner',
      tag: 'Admin',
      summary: 'Deactivate a partner',
      description: `Quotes ignore the partner from now on (no fee, no attribution); its settings and keys stay. PATCH \`active: true\` reactivates it. ${CACHE_NOTE} ${AUDIT_NOTE}`,
      params: partnerIdParamSchema,
      errors: ['NOT_FOUND'],
      responses: { 200: json('The partner, inactive.', adminPartnerSchema, { off: { ...PARTNER, active: false } }) },
      examples: { off: { summary: 'Deactivate a partner', params: partnerPath } },
    },
  },
  {
    method: 'POST',
    path: '/v1/admin/partners/:id/keys',
    access: 'admin',
    scope: 'admin',
    idempotent: true,
    handler: async ({ services, params, body, requireAdmin }) => {
      const { apiKeyId } = parseInput(linkPartnerKeySchema, body);
      return toAdminPartner(await services.partners.linkKey(params.id, apiKeyId, requireAdmin()));
    },
    doc: {
      operationId: 'adminLinkPartnerKey',
      tag: 'Admin',
      summary: 'Link an API key to a partner',
      description: `Quotes made with the key are attributed to the partner (its fee applies; the key may ask for \`integratorFeeBps\` up to \`maxFeeBps\`). A key belongs to at most one partner, and every key of a partner is its account's: the first key linked gives a partner without an account the key's account; a key of another account, or one linked to another partner, is 409. Linking a key already linked here changes nothing. ${CACHE_NOTE} ${AUDIT_NOTE}`,
      params: partnerIdParamSchema,
      body: { schema: linkPartnerKeySchema },
      errors: ['NOT_FOUND', 'CONFLICT'],
      responses: { 200: json('The partner, with the key.', adminPartnerSchema, { link: PARTNER }) },
      examples: {
        link: { summary: "Link one of the account's keys", params: partnerPath, body: { apiKeyId: EX.apiKeyId } },
        unknownKey: { summary: 'A key that does not exist', params: partnerPath, body: { apiKeyId: 'key_0000000000000000000000' }, status: 404 },
      },
    },
  },
  {
    method: 'DELETE',
    path: '/v1/admin/partners/:id/keys/:apiKeyId',
    access: 'admin',
    scope: 'admin',
    handler: async ({ services, params, requireAdmin }) => toAdminPartner(await services.partners.unlinkKey(params.id, params.apiKeyId, requireAdmin())),
    doc: {
      operationId: 'adminUnlinkPartnerKey',
      tag: 'Admin',
      summary: 'Unlink an API key from a partner',
      description: `Quotes made with the key are no longer attributed to the partner. A key not linked to it changes nothing (the answer is the partner as it is). ${CACHE_NOTE} ${AUDIT_NOTE}`,
      params: partnerKeyParamsSchema,
      errors: ['NOT_FOUND'],
      responses: { 200: json('The partner, without the key.', adminPartnerSchema, { unlink: { ...PARTNER, apiKeyIds: [] } }) },
      examples: { unlink: { summary: 'Unlink a key', params: { id: EX.partnerId, apiKeyId: EX.apiKeyId } } },
    },
  },
];
