import { SETUP_WRITE } from '../helpers/admin.js';
import { randomBytes, randomUUID } from 'node:crypto';
import type { KeyAuth } from '../../src/accounts/service.js';
import { newId } from '../../src/ids.js';
import { parseInput } from '../../src/validation.js';
import { createSchema } from '../../src/webhooks/input.js';
import { listEventsSchema } from '../../src/events/input.js';
import type { TestServer } from '../helpers/server.js';
import { createSessionSchema } from '../../src/checkout/input.js';
import { createInvoiceSchema } from '../../src/invoices/input.js';
import { createSubscriptionSchema } from '../../src/billing/input.js';
import { listRequestLogsSchema } from '../../src/request-logs/input.js';

export const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PAYER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const SESSION_INPUT = {
  amount: '25000000',
  settleChain: 'base',
  settleToken: 'USDC',
  recipient: RECIPIENT,
  reference: 'secret-ref-A',
  metadata: { secret: 'A' },
};

/** One tenant (an account in one mode) and the resources it owns. */
export interface Tenant {
  name: string;
  key: string;
  auth: KeyAuth;
  /** An open session (reference and metadata set, so a leak of the private view shows). */
  sessionId: string;
  /** A paid session with one pending refund. */
  paidSessionId: string;
  refundId: string;
  /** The payment that paid `paidSessionId`. */
  paymentId: string;
  /** An event of this tenant (the expiry of a session), with one delivery to `endpointId`. */
  eventId: string;
  endpointId: string;
  endpointSecret: string;
  /** A second endpoint (the dashboard's delete is checked on it; the key route deletes `endpointId`). */
  spareEndpointId: string;
  apiKeyId: string;
  /** A second key of the tenant's account and mode (rolled and revoked from the dashboard). */
  spareKeyId: string;
  /** A draft invoice (customer email and memo set, so a leak of the owner's view shows). */
  invoiceId: string;
  /** An active deposit address (label and metadata set) with one deposit order (`depositQuoteId`). */
  depositAddressId: string;
  depositQuoteId: string;
  /** A subscription starting tomorrow (customer email and metadata set); and a test clock (test tenants; a live key gets an id naming nothing). */
  subscriptionId: string;
  testClockId: string;
  /** An entry of this tenant's request log. */
  requestLogId: string;
  /** A dashboard session of an owner of the tenant's account, in the tenant's mode: `<cookie name>=<token>`. */
  sessionCookie: string;
}

const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;

/**
 * Creates, through the services (the same code the routes call), everything one tenant can own: sessions,
 * a refund, an event with a delivery, a webhook endpoint. The paid state is written directly (a payment row
 * and the session's paid fields), as the verifier would after an on-chain check; the refund is then created
 * through RefundsService like a merchant would.
 */
async function createTenant(s: TestServer, name: string, key: string): Promise<Tenant> {
  const auth = await s.services.accounts.authenticate(key);
  const session = await s.services.checkout.create(
    auth,
    parseInput(createSessionSchema, { ...SESSION_INPUT, reference: `ref-${name}`, metadata: { owner: name } }),
  );
  const paid = await s.services.checkout.create(auth, parseInput(createSessionSchema, SESSION_INPUT));
  const now = new Date();
  const live = auth.mode === 'live';
  const tx = hex(32);
  const paymentId = newId('cspay');
  await s.db.prisma.checkoutPayment.create({
    data: {
      id: paymentId,
      sessionId: paid.id,
      kind: 'direct',
      status: 'succeeded',
      payer: PAYER,
      srcChainId: 8453,
      srcToken: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      srcAmount: SESSION_INPUT.amount,
      srcTxHash: tx,
      settleChainId: 8453,
      deliveryTxHash: tx,
      amountReceived: SESSION_INPUT.amount,
      blockNumber: 1n,
      createdAt: now,
      updatedAt: now,
      settledAt: now,
    },
  });
  await s.db.prisma.checkoutSession.update({ where: { id: paid.id }, data: { status: 'paid', amountReceived: SESSION_INPUT.amount, paidAt: now } });
  const { refund } = await s.services.checkout.refunds.create(auth, paid.id, { amount: '1000' });
  // Live endpoints need https and a public host; nothing is delivered (jobs are off in these tests).
  const url = live ? 'https://1.1.1.1/hook' : 'http://127.0.0.1:9/hook';
  const endpoint = await s.services.webhooks.create(auth, parseInput(createSchema, { url, description: `endpoint of ${name}` }));
  const expiring = await s.services.checkout.create(auth, parseInput(createSessionSchema, SESSION_INPUT));
  await s.services.checkout.expire(auth, expiring.id);
  const events = await s.services.events.list(auth, parseInput(listEventsSchema, { limit: 10 }));
  const event = events.data.find((e: { resourceId: string }) => e.resourceId === expiring.id)!;
  await s.services.events.redeliver(auth, event.id, { endpointId: endpoint.id });
  const invoice = await s.services.invoices.create(
    auth,
    parseInput(createInvoiceSchema, {
      customerEmail: `billing-${name.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`,
      customerName: `Customer of ${name}`,
      lineItems: [{ description: 'Consulting', quantity: 2, unitAmount: '5000000' }],
      settleChain: SESSION_INPUT.settleChain,
      settleToken: SESSION_INPUT.settleToken,
      recipient: RECIPIENT,
      memo: `memo of ${name}`,
    }),
  );
  // A deposit address and one deposit order, written as the service and the detection poller would (a live
  // address would need Relay; a sandbox one is made through the service in test mode).
  const at = new Date();
  const depositAddressId = newId(live ? 'da' : 'da_test');
  await s.db.prisma.depositAddress.create({
    data: {
      id: depositAddressId,
      accountId: auth.accountId,
      livemode: live,
      provider: live ? 'relay' : 'sandbox',
      address: hex(20),
      chainId: 8453,
      token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      tokenSymbol: 'USDC',
      tokenDecimals: 6,
      dstChainId: 42161,
      dstToken: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      dstSymbol: 'USDC',
      dstDecimals: 6,
      recipient: RECIPIENT,
      refundTo: PAYER,
      reusable: true,
      ourFeeBps: 20,
      integratorFeeBps: 0,
      label: `label-${name}`,
      metadata: { owner: name },
      estimate: { amount: '100000000', dstAmount: '99800000', dstAmountMin: '99300000', estimatedSeconds: 30 },
      depositCount: 1,
      lastDepositAt: at,
      nextCheckAt: new Date(at.getTime() + 3_600_000),
      createdAt: at,
      updatedAt: at,
    },
  });
  const depositQuoteId = newId('dep');
  await s.db.prisma.order.create({
    data: {
      quoteId: depositQuoteId,
      provider: live ? 'relay' : 'sandbox',
      status: 'submitted',
      accountId: auth.accountId,
      livemode: live,
      srcChainId: 8453,
      dstChainId: 42161,
      amount: '25000000',
      dstAmount: '24950000',
      srcTxHash: hex(32),
      trackingId: hex(32),
      ourFeeBps: 20,
      partnerFeeBps: 0,
      depositAddressId,
      nextPollAt: new Date(at.getTime() + 3_600_000),
      submittedAt: at,
      updatedAt: at,
    },
  });
  await s.db.prisma.deposit.create({
    data: {
      id: newId('dpt'),
      depositAddressId,
      provider: live ? 'relay' : 'sandbox',
      providerDepositId: hex(16),
      quoteId: depositQuoteId,
      amount: '25000000',
      srcTxHash: hex(32),
      detectedAt: at,
    },
  });
  const subscription = await s.services.subscriptions.create(
    auth,
    parseInput(createSubscriptionSchema, {
      customerEmail: `subs-${name.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`,
      lineItems: [{ description: 'Plan', quantity: 1, unitAmount: '5000000' }],
      settleChain: SESSION_INPUT.settleChain,
      settleToken: SESSION_INPUT.settleToken,
      recipient: RECIPIENT,
      interval: 'month',
      startAt: new Date(Date.now() + 86_400_000).toISOString(),
      metadata: { owner: name },
    }),
  );
  const spareEndpoint = await s.services.webhooks.create(auth, parseInput(createSchema, { url, description: `spare endpoint of ${name}` }));
  const spareKey = await s.services.accounts.createKey(auth.accountId, auth.mode, { name: `spare of ${name}` });
  const testClockId = live ? newId('clock') : (await s.services.subscriptions.createTestClock(auth, { name: `clock of ${name}` })).id;
  // A request of this tenant, as the transports record it.
  const requestId = randomUUID();
  s.services.requestLogs.record({
    accountId: auth.accountId,
    mode: auth.mode,
    credentialId: auth.keyId,
    method: 'GET',
    route: '/v1/invoices/:id',
    status: 200,
    latencyMs: 2,
    requestId,
    clientIp: '127.0.0.1',
    userAgent: `agent of ${name}`,
    errorCode: null,
  });
  await s.services.requestLogs.flush();
  // A dashboard session of an owner, switched to the tenant's mode.
  const member = await s.services.accounts.ensureMember(auth.accountId, 'evm', hex(20), 'owner');
  const { token } = await s.services.auth.createSession(member, {});
  if (live) await s.services.auth.setMode((await s.services.auth.authenticateSession(token))!, 'live');
  const sessionCookie = `${s.services.auth.cookieName}=${token}`;
  const requestLogId = (await s.services.requestLogs.list(auth, parseInput(listRequestLogsSchema, { requestId }))).data[0]!.id;
  return {
    requestLogId,
    sessionCookie,
    name,
    key,
    auth,
    depositAddressId,
    depositQuoteId,
    subscriptionId: subscription.id,
    testClockId,
    sessionId: session.id,
    paidSessionId: paid.id,
    refundId: refund.id,
    paymentId,
    eventId: event.id,
    endpointId: endpoint.id,
    endpointSecret: (endpoint as { secret: string }).secret,
    apiKeyId: auth.keyId,
    spareEndpointId: spareEndpoint.id,
    spareKeyId: spareKey.apiKey.id,
    invoiceId: invoice.id,
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id of the same shape (prefix and length) as `id` that names nothing: the "does not exist" baseline. */
function lookalike(id: string): string {
  const cut = id.lastIndexOf('_') + 1;
  const tail = id.slice(cut);
  const alphabet = /^[0-9a-f]+$/.test(tail) ? '0123456789abcdef' : BASE62;
  let out = '';
  for (const b of randomBytes(tail.length)) out += alphabet[b % alphabet.length];
  return id.slice(0, cut) + out;
}

/** Every id of a tenant replaced by its lookalike, consistently (so refund and session stay paired the same way). */
export function ghostOf(t: Tenant): Tenant {
  return {
    ...t,
    name: `${t.name} (nonexistent ids)`,
    sessionId: lookalike(t.sessionId),
    paidSessionId: lookalike(t.paidSessionId),
    refundId: lookalike(t.refundId),
    paymentId: lookalike(t.paymentId),
    eventId: lookalike(t.eventId),
    invoiceId: lookalike(t.invoiceId),
    endpointId: lookalike(t.endpointId),
    apiKeyId: lookalike(t.apiKeyId),
    spareKeyId: lookalike(t.spareKeyId),
    spareEndpointId: lookalike(t.spareEndpointId),
    depositAddressId: lookalike(t.depositAddressId),
    depositQuoteId: lookalike(t.depositQuoteId),
    requestLogId: lookalike(t.requestLogId),
  };
}

/** The tenants every isolation test compares: account A in test mode (the owner), A in live mode, another account B; and a revoked key of A. */
export async function createTenants(s: TestServer): Promise<{ A: Tenant; ALive: Tenant; B: Tenant; revokedKey: string }> {
  const a = await s.createTestKey();
  await s.services.accounts.setLiveEnabled(a.accountId, true, SETUP_WRITE);
  const live = await s.services.accounts.createKey(a.accountId, 'live');
  const b = await s.createTestKey();
  const A = await createTenant(s, 'A', a.key);
  const ALive = await createTenant(s, 'A-live', live.key);
  const B = await createTenant(s, 'B', b.key);
  const r = await s.services.accounts.createKey(a.accountId, 'test', { name: 'to revoke' });
  await s.services.accounts.revokeKey(a.accountId, r.apiKey.id);
  return { A, ALive, B, revokedKey: r.key };
}
