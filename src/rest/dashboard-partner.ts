import type { Route } from './router.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { parseInput, queryObject } from '../validation.js';
import { partnerEarningsQuerySchema, updatePartnerProfileSchema } from '../partners/input.js';
import { partnerProfileWireSchema, toPartnerProfileWire, type PartnerProfileWire } from '../partners/views.js';

const PROFILE: PartnerProfileWire = {
  object: 'partner_profile',
  id: 'acme-wallet',
  label: 'Acme Wallet',
  kind: 'fee',
  feeBps: 25,
  maxFeeBps: 60,
  feeRecipientEvm: EX.merchant,
  feeRecipientSvm: null,
  active: true,
  apiKeyIds: [EX.apiKeyId],
  mode: 'test',
  earnings: {
    startAt: '2026-10-23T14:03:11.482Z',
    endAt: '2026-11-22T14:03:11.482Z',
    data: [{ chainId: 8453, chain: 'base', token: EX.baseUsdc, symbol: 'USDC', decimals: 6, orders: 3, volume: '2500000000', fees: '6250000' }],
  },
  createdAt: EX.createdAt,
  updatedAt: EX.updatedAt,
};

/**
 * The dashboard's partner profile (session routes): the account's partner (made by the operator with the CLI,
 * which also sets its bounds), its linked keys and what it earned in the session's mode; and the fee settings the
 * account may change within those bounds (`partner: write`: owners and admins).
 */
export const dashboardPartnerRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/dashboard/partner',
    access: 'session',
    scope: { resource: 'partner', level: 'read' },
    handler: async ({ services, auth, query }) =>
      toPartnerProfileWire(await services.partners.profile(auth!, parseInput(partnerEarningsQuerySchema, queryObject(query)))),
    doc: {
      operationId: 'getPartnerProfile',
      tag: 'Dashboard',
      summary: 'The partner profile',
      description:
        "The account's integration partner: its fee settings and the operator's bound (`maxFeeBps`), the API keys linked to it, and the volume and fees of the filled orders attributed to it in the session's mode over [`startAt`, `endAt`) (default the last 30 days, at most 400), per source chain and token, as exact base-unit strings. An account without a partner → 404 `NOT_FOUND` (only the operator makes one).",
      query: partnerEarningsQuerySchema,
      errors: ['NOT_FOUND'],
      responses: { 200: json('The profile.', partnerProfileWireSchema, { recent: PROFILE }) },
      examples: {
        recent: { summary: 'The last 30 days', query: {} },
        november: { summary: 'One month', query: { startAt: '2026-11-01T00:00:00Z', endAt: '2026-12-01T00:00:00Z' } },
        reversed: { summary: 'An empty range is refused', query: { startAt: '2026-12-01T00:00:00Z', endAt: '2026-11-01T00:00:00Z' }, status: 400 },
      },
    },
  },
  {
    method: 'PATCH',
    path: '/v1/dashboard/partner',
    access: 'session',
    scope: { resource: 'partner', level: 'write' },
    handler: async ({ services, auth, body }) =>
      toPartnerProfileWire(await services.partners.updateProfile(auth!, parseInput(updatePartnerProfileSchema, body ?? {}))),
    doc: {
      operationId: 'updatePartnerProfile',
      tag: 'Dashboard',
      summary: 'Change the partner fee settings',
      description:
        "Changes only the fields given: `feeBps` (at most the operator's `maxFeeBps`, else 400 `INVALID_PARAMS` naming `feeBps`; a label-only partner takes none) and the fee recipients (validated per chain type; null clears one). The bounds, kind and status are the operator's. Quotes see the change within 30 s (partner lookups are cached). Not replayed by an idempotency key: it sets values, so sending it twice leaves the same profile.",
      body: { schema: updatePartnerProfileSchema },
      errors: ['NOT_FOUND', 'CONFLICT'],
      responses: { 200: json('The profile, changed.', partnerProfileWireSchema, { fee: { ...PROFILE, feeBps: 30 } }) },
      examples: {
        fee: { summary: 'Raise the fee to 0.30%', body: { feeBps: 30 } },
        recipient: { summary: 'Pay Solana fees to a new address', body: { feeRecipientSvm: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' } },
        overBound: { summary: "Above the operator's bound", body: { feeBps: 500 }, status: 400 },
        badAddress: { summary: 'An EVM recipient that is not an address', body: { feeRecipientEvm: '0x1234' }, status: 400 },
      },
    },
  },
];
