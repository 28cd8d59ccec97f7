import { describe, expect, it } from 'vitest';
import { getNamedType, type GraphQLInputObjectType, type GraphQLUnionType } from 'graphql';
import { restRoutes } from '../../src/rest/routes.js';
import { schema } from '../../src/graphql/schema.js';

/**
 * Every POST route and every mutation is decided on: it takes an idempotency key (it creates or moves something),
 * or it is listed here with the reason it does not. A new one fails this test until it is decided (and docs/idempotency.md
 * lists it).
 */
const REST_IDEMPOTENT = [
  'POST /v1/checkout/sessions',
  'POST /v1/checkout/sessions/:id/expire',
  'POST /v1/checkout/sessions/:id/review/accept',
  'POST /v1/checkout/sessions/:id/review/reopen',
  'POST /v1/checkout/sessions/:id/submitted',
  'POST /v1/checkout/sessions/:id/deposit-address',
  'POST /v1/checkout/sessions/:id/deposit-address/simulate',
  'POST /v1/checkout/sessions/:id/submit',
  'POST /v1/checkout/sessions/:id/refunds',
  'POST /v1/checkout/sessions/:id/refunds/:refundId/submitted',
  'POST /v1/checkout/sessions/:id/refunds/:refundId/cancel',
  'POST /v1/webhook-endpoints',
  'POST /v1/webhook-endpoints/:id/rotate-secret',
  'POST /v1/webhook-endpoints/:id/redeliver-failed',
  'POST /v1/webhook-endpoints/trigger',
  'POST /v1/events/:id/redeliver',
  'POST /v1/orders/submit',
  'POST /v1/orders/:quoteId/submitted',
  'POST /v1/invoices',
  'POST /v1/invoices/:id/send',
  'POST /v1/invoices/:id/void',
  'POST /v1/invoices/:id/pay',
  'POST /v1/deposit-addresses',
  'POST /v1/deposit-addresses/:id/disable',
  'POST /v1/deposit-addresses/:id/simulate',
  'POST /v1/invoices/:id/sandbox-pay',
  'POST /v1/subscriptions',
  'POST /v1/subscriptions/:id/cancel',
  'POST /v1/subscriptions/:id/resume',
  'POST /v1/test-clocks',
  'POST /v1/test-clocks/:id/advance',
  'POST /v1/limit-orders',
  'POST /v1/limit-orders/:id/submit',
  'POST /v1/limit-orders/:id/cancel',
  'POST /v1/limit-orders/cancel',
  // The dashboard's mirrors of the routes above (same handlers).
  'POST /v1/dashboard/invoices',
  'POST /v1/dashboard/invoices/:id/send',
  'POST /v1/dashboard/invoices/:id/void',
  'POST /v1/dashboard/webhook-endpoints',
  'POST /v1/dashboard/webhook-endpoints/:id/rotate-secret',
  'POST /v1/dashboard/webhook-endpoints/:id/redeliver-failed',
  'POST /v1/dashboard/webhook-endpoints/trigger',
  'POST /v1/dashboard/events/:id/redeliver',
  // The operator's: creating a partner, moving a key to a partner.
  'POST /v1/admin/partners',
  'POST /v1/admin/partners/:id/keys',
];
const REST_NOT_IDEMPOTENT: Record<string, string> = {
  'POST /v1/orders': 'builds a transaction to sign from a stored quote; changes nothing',
  'POST /v1/checkout/sessions/:id/quote': 'computes payer quotes; changes nothing a retry could duplicate',
  'POST /v1/quote': 'computes quotes (GET /v1/quote as JSON, plus simulated destination calls); changes nothing a retry could duplicate',
  'POST /v1/deposit-addresses/:id/refresh': 'asks for a detection check now; a second check records nothing twice (deposits are recorded once)',
  'POST /v1/auth/sign-out': 'revoking a revoked session changes nothing',
  'POST /v1/auth/session/mode': 'sets the mode to a given value: running it twice leaves the same session',
  'POST /v1/auth/session/account': 'sets the account to a given one: running it twice leaves the same session',
  'POST /v1/dashboard/api-keys':
    'the answer carries the key secret, stored only hashed: a replay would keep it in clear for 24 h; a retry after a lost answer makes a second key, listed and revocable',
  'POST /v1/dashboard/api-keys/:id/roll':
    'the answer carries the new secret (as creating a key); a retry rolls again, and the key rolled first keeps its grace',
  'POST /v1/dashboard/api-keys/:id/revoke': 'revoking a revoked key changes nothing',
  'POST /v1/auth/dev-sign-in': 'development only; each call opens a new session by design (a sign-in never reuses a token)',
  'POST /v1/auth/challenge': 'a fresh nonce and message each time; a retry leaves an unused challenge that expires by itself',
  'POST /v1/auth/sign-in': 'the nonce is single use: a retry is refused (already used) instead of replaying an answer that would hand out the session again',
  'POST /v1/dashboard/members':
    'adding a wallet already in the team is 409 CONFLICT: a retry learns the first one landed (GET /v1/dashboard/members shows it), and nothing is added twice',
  'POST /v1/admin/partners/:id/deactivate': 'sets `active` to false: running it twice leaves the same partner (and records nothing the second time)',
  'POST /v1/admin/accounts/:id/live-mode': 'sets live mode to a given value: running it twice leaves the same account',
  'POST /v1/admin/accounts/:id/rate-limit': 'sets the multiplier to a given value: running it twice leaves the same account',
  'POST /v1/admin/accounts/:id/suspend': 'sets the suspension (the first time stays): running it twice leaves the same account',
  'POST /v1/admin/accounts/:id/unsuspend': 'lifting a lifted suspension changes nothing',
  'POST /v1/admin/ledger/transactions/:id/reverse':
    'a transaction is reversed at most once (a unique index): a retry is 409 CONFLICT naming the reversal that landed, and nothing is reversed twice',
};

const GRAPHQL_IDEMPOTENT = [
  'createCheckoutSession',
  'expireCheckoutSession',
  'acceptCheckoutSessionReview',
  'reopenCheckoutSession',
  'reportCheckoutPayment',
  'submitCheckoutPayment',
  'createCheckoutTransferAddress',
  'simulateCheckoutTransfer',
  'createCheckoutRefund',
  'reportCheckoutRefund',
  'cancelCheckoutRefund',
  'createWebhookEndpoint',
  'rotateWebhookEndpointSecret',
  'triggerWebhookEvent',
  'redeliverEvent',
  'redeliverFailedEvents',
  'submitOrder',
  'reportOrderSubmitted',
  'createInvoice',
  'sendInvoice',
  'voidInvoice',
  'payInvoice',
  'createDepositAddress',
  'disableDepositAddress',
  'simulateDeposit',
  'payInvoiceInSandbox',
  'createBillingSubscription',
  'cancelBillingSubscription',
  'resumeBillingSubscription',
  'createTestClock',
  'advanceTestClock',
  'createLimitOrder',
  'submitLimitOrder',
  'cancelLimitOrders',
  'adminCreatePartner',
  'adminLinkPartnerKey',
];
const GRAPHQL_NOT_IDEMPOTENT: Record<string, string> = {
  buildOrder: 'as POST /v1/orders: changes nothing',
  updateWebhookEndpoint: 'sets fields to given values: running it twice leaves the same endpoint (PATCH)',
  deleteWebhookEndpoint: 'a second delete finds nothing to delete (DELETE)',
  revokeApiKey: 'revoking a revoked key changes nothing',
  createApiKey: 'as POST /v1/dashboard/api-keys: the answer carries the secret, which is stored only hashed and never replayed',
  rollApiKey: 'as POST /v1/dashboard/api-keys/{id}/roll: the answer carries the new secret',
  updateInvoice: 'sets fields of a draft to given values: running it twice leaves the same draft (PATCH)',
  refreshDepositAddress: 'as POST /v1/deposit-addresses/{id}/refresh: a second check records nothing twice',
  updateBillingSubscription: 'sets line items and metadata to given values: running it twice leaves the same subscription (PATCH)',
  deleteTestClock: 'a second delete finds nothing to delete (DELETE)',
  signOut: 'as POST /v1/auth/sign-out: revoking a revoked session changes nothing',
  setDashboardMode: 'sets the mode to a given value',
  switchDashboardAccount: 'sets the account to a given one',
  signInAsDevAccount: 'development only; each call opens a new session by design',
  createSignInChallenge: 'as POST /v1/auth/challenge: a fresh nonce each time; an unused challenge expires by itself',
  signIn: 'as POST /v1/auth/sign-in: the nonce is single use; a replayed answer would hand out the session again',
  revokeDashboardSession: 'revoking a revoked session changes nothing (as DELETE /v1/auth/sessions/{id})',
  inviteMember: 'as POST /v1/dashboard/members: a wallet already in the team is ConflictError, nothing is added twice',
  updateMember: 'sets the role to a given value: running it twice leaves the same member (PATCH)',
  removeMember: 'a second removal finds nothing to remove (DELETE)',
  updatePartnerProfile: 'as PATCH /v1/dashboard/partner: sets the fee settings to given values, so running it twice leaves the same profile',
  adminUpdatePartner: 'as PATCH /v1/admin/partners/{id}: sets fields to given values',
  adminDeactivatePartner: 'as POST /v1/admin/partners/{id}/deactivate: sets `active` to false',
  adminUnlinkPartnerKey: 'as DELETE /v1/admin/partners/{id}/keys/{apiKeyId}: a second unlink finds nothing to unlink',
  adminSetAccountLiveMode: 'as POST /v1/admin/accounts/{id}/live-mode: sets a value',
  adminSetAccountRateLimit: 'as POST /v1/admin/accounts/{id}/rate-limit: sets a value',
  adminSuspendAccount: 'as POST /v1/admin/accounts/{id}/suspend: sets the suspension',
  adminUnsuspendAccount: 'as POST /v1/admin/accounts/{id}/unsuspend: lifting a lifted suspension changes nothing',
  adminReverseLedgerTransaction: 'as POST /v1/admin/ledger/transactions/{id}/reverse: a second reversal is ConflictError, nothing is reversed twice',
};

describe('which requests take an idempotency key', () => {
  it('REST: the idempotent routes are exactly the listed POST routes; every other POST route is exempt with a reason', () => {
    const name = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    expect(
      restRoutes
        .filter((r) => r.idempotent)
        .map(name)
        .sort(),
    ).toEqual([...REST_IDEMPOTENT].sort());
    expect(restRoutes.filter((r) => r.idempotent && r.method !== 'POST')).toEqual([]);
    const undecided = restRoutes.filter((r) => r.method === 'POST' && !r.idempotent && !(name(r) in REST_NOT_IDEMPOTENT)).map(name);
    expect(undecided).toEqual([]);
  });

  it('GraphQL: the mutations with `idempotencyKey` are exactly the listed ones, each with ConflictError in its result', () => {
    const fields = Object.values(schema.getMutationType()!.getFields());
    const withKey = fields.filter((f) => {
      const input = f.args.find((a) => a.name === 'input');
      return !!input && 'idempotencyKey' in (getNamedType(input.type) as GraphQLInputObjectType).getFields();
    });
    expect(withKey.map((f) => f.name).sort()).toEqual([...GRAPHQL_IDEMPOTENT].sort());
    for (const f of withKey)
      expect(
        (getNamedType(f.type) as GraphQLUnionType).getTypes().map((t) => t.name),
        f.name,
      ).toContain('ConflictError');
    const undecided = fields.filter((f) => !GRAPHQL_IDEMPOTENT.includes(f.name) && !(f.name in GRAPHQL_NOT_IDEMPOTENT)).map((f) => f.name);
    expect(undecided).toEqual([]);
  });
});
