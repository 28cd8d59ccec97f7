import { RECIPIENT, type Tenant } from './fixtures.js';

/** One GraphQL operation: its document and variables. */
export interface Op {
  query: string;
  variables?: Record<string, unknown>;
}

/**
 * How each GraphQL root field (`Query.x`, `Mutation.y`, `Subscription.z`) is checked for tenant isolation. The
 * suite fails when a root field has no row (or a row names no field), and when a field that needs a key has no
 * `op` to try a revoked key on.
 *
 * - `lookup`: answers one resource by id; for another tenant, null (CONVENTIONS.md: lookups answer null), exactly
 *   as for a nonexistent id.
 * - `mutation`: acts on a resource named in the input; another tenant gets the `NotFoundError` member, exactly as
 *   for a nonexistent id.
 * - `list`: another tenant's list never holds the target's item.
 * - `own`: acts only inside the caller's tenant and names no resource (`op` for the revoked-key check).
 * - `public`: no key needed; why, and what it must not reveal (checked in the suite where marked).
 * - `stream`: a subscription of the caller's own tenant, checked in the suite.
 */
export type GqlRow =
  | { kind: 'lookup'; op: (target: Tenant, caller: Tenant) => Op; idsOf: (t: Tenant) => string[] }
  | { kind: 'mutation'; op: (target: Tenant, caller: Tenant) => Op; idsOf: (t: Tenant) => string[] }
  | { kind: 'list'; op: (caller: Tenant) => Op; contains: (data: any, target: Tenant) => boolean }
  | { kind: 'own'; why: string; op: (caller: Tenant) => Op }
  | { kind: 'public'; why: string; mustNotReveal?: string }
  | { kind: 'stream'; why: string; op: (caller: Tenant) => Op };

const RESULT = '__typename ... on Error { code message }';
const ids = (nodes: Array<{ id: string }> | undefined) => (nodes ?? []).map((n) => n.id);

export const gqlTable: Record<string, GqlRow> = {
  'Query.dashboardLogin': { kind: 'own', why: "the session's own login", op: () => ({ query: '{ dashboardLogin { role } }' }) },
  'Mutation.signOut': { kind: 'own', why: 'revokes the calling session', op: () => ({ query: 'mutation { signOut(input: {}) { __typename } }' }) },
  'Mutation.setDashboardMode': {
    kind: 'own',
    why: "switches the calling session's mode",
    op: () => ({ query: `mutation { setDashboardMode(input: { mode: test }) { ${RESULT} } }` }),
  },
  'Mutation.switchDashboardAccount': {
    kind: 'own',
    why: "switches to an account of the session's own wallet; any other is NotFoundError",
    op: (c) => ({ query: `mutation($id: ID!) { switchDashboardAccount(input: { accountId: $id }) { ${RESULT} } }`, variables: { id: c.auth.accountId } }),
  },
  'Query.dashboardAccounts': {
    kind: 'own',
    why: "the session's own wallet's memberships",
    op: () => ({ query: '{ dashboardAccounts { nodes { accountId } } }' }),
  },
  'Query.dashboardOverview': {
    kind: 'own',
    why: "aggregates of the caller's own account and mode only (test/graphql/dashboard.test.ts: another account and the other mode count nothing)",
    op: () => ({ query: '{ dashboardOverview(startAt: "2026-01-01T00:00:00Z", endAt: "2026-01-31T00:00:00Z") { days { day paidSessions } } }' }),
  },
  'Mutation.signInAsDevAccount': { kind: 'public', why: 'development only (npm run dev); NotFoundError anywhere else' },
  'Mutation.createSignInChallenge': {
    kind: 'public',
    why: 'anyone may ask for a message to sign for any wallet: it names no account and proves nothing until signed',
    mustNotReveal: 'whether the wallet has an account',
  },
  'Mutation.signIn': {
    kind: 'public',
    why: 'proof of the wallet is the signature of a stored, single-use challenge (test/auth/sign-in.test.ts tries every forgery)',
    mustNotReveal: "another wallet's session or accounts",
  },
  'Query.dashboardSessions': {
    kind: 'own',
    why: "lists only the calling wallet's sessions",
    op: () => ({ query: '{ dashboardSessions { nodes { id } } }' }),
  },
  'Mutation.revokeDashboardSession': {
    kind: 'own',
    why: "revokes one of the calling wallet's sessions; another wallet's is NotFoundError (test/auth/graphql.test.ts)",
    op: () => ({ query: `mutation { revokeDashboardSession(input: { id: "dsess_0000000000000000000000" }) { ${RESULT} } }` }),
  },
  'Query.members': {
    kind: 'own',
    why: "the calling session's account's team",
    op: () => ({ query: '{ members { nodes { id } } }' }),
  },
  'Mutation.inviteMember': {
    kind: 'own',
    why: "adds a wallet to the calling session's own account",
    op: () => ({ query: `mutation { inviteMember(input: { address: "${RECIPIENT}", role: viewer }) { ${RESULT} } }` }),
  },
  'Query.partnerProfile': {
    kind: 'own',
    why: "the partner of the caller's own account (names none), earnings in the caller's mode only; another account gets null and the other mode counts nothing (test/partners/dashboard.test.ts)",
    op: () => ({ query: '{ partnerProfile { id earnings { lines { volume } } } }' }),
  },
  'Mutation.updatePartnerProfile': {
    kind: 'own',
    why: "changes only the partner of the caller's own account (names none): another account's session gets NotFoundError and the partner stays as it was (test/partners/dashboard.test.ts)",
    op: () => ({ query: `mutation { updatePartnerProfile(input: { feeBps: 0 }) { ${RESULT} } }` }),
  },
  'Mutation.updateMember': {
    kind: 'own',
    why: "changes a member of the session's own account; another account's member is NotFoundError (test/auth/graphql.test.ts)",
    op: () => ({ query: `mutation { updateMember(input: { id: "mem_0000000000000000000000", role: viewer }) { ${RESULT} } }` }),
  },
  'Mutation.removeMember': {
    kind: 'own',
    why: "removes a member of the session's own account; another account's member is NotFoundError (test/auth/graphql.test.ts)",
    op: () => ({ query: `mutation { removeMember(input: { id: "mem_0000000000000000000000" }) { ${RESULT} } }` }),
  },
  'Query.depositAddress': {
    kind: 'lookup',
    op: (t) => ({
      query: 'query($id: ID!) { depositAddress(id: $id) { id label metadata deposits { nodes { quoteId } } } }',
      variables: { id: t.depositAddressId },
    }),
    idsOf: (t) => [t.depositAddressId],
  },
  'Query.depositAddresses': {
    kind: 'list',
    op: () => ({ query: 'query { depositAddresses(first: 100) { nodes { id } } }' }),
    contains: (d, t) => ids(d?.depositAddresses?.nodes).includes(t.depositAddressId),
  },
  'Query.orders': {
    kind: 'list',
    op: () => ({ query: 'query { orders(first: 100) { nodes { quoteId depositAddressId } } }' }),
    contains: (d, t) =>
      (d?.orders?.nodes ?? []).some(
        (o: { quoteId: string; depositAddressId: string | null }) => o.quoteId === t.depositQuoteId || o.depositAddressId === t.depositAddressId,
      ),
  },
  'Mutation.createDepositAddress': {
    kind: 'own',
    why: "creates a deposit address in the key's own account and mode",
    op: () => ({
      query: `mutation { createDepositAddress(input: { srcChain: "base", srcToken: "USDC", dstChain: "42161", dstToken: "USDC", recipient: "${RECIPIENT}", refundTo: "${RECIPIENT}" }) { ${RESULT} } }`,
    }),
  },
  'Mutation.refreshDepositAddress': {
    kind: 'mutation',
    op: (t) => ({ query: `mutation($id: ID!) { refreshDepositAddress(input: { id: $id }) { ${RESULT} } }`, variables: { id: t.depositAddressId } }),
    idsOf: (t) => [t.depositAddressId],
  },
  'Mutation.simulateDeposit': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($id: ID!) { simulateDeposit(input: { id: $id, amount: "25000000" }) { ${RESULT} } }`,
      variables: { id: t.depositAddressId },
    }),
    idsOf: (t) => [t.depositAddressId],
  },
  'Mutation.disableDepositAddress': {
    kind: 'mutation',
    op: (t) => ({ query: `mutation($id: ID!) { disableDepositAddress(input: { id: $id }) { ${RESULT} } }`, variables: { id: t.depositAddressId } }),
    idsOf: (t) => [t.depositAddressId],
  },
  'Subscription.depositAddress': {
    kind: 'stream',
    why: "follows one of the key's own deposit addresses; another tenant's (or the other mode's) is NOT_FOUND, as a nonexistent one",
    op: (t) => ({ query: 'subscription($id: ID!) { depositAddress(id: $id) { id label } }', variables: { id: t.depositAddressId } }),
  },
  'Query.invoice': {
    kind: 'lookup',
    op: (t) => ({ query: 'query($id: ID!) { invoice(id: $id) { id customerEmail memo } }', variables: { id: t.invoiceId } }),
    idsOf: (t) => [t.invoiceId],
  },
  'Query.requestLogs': {
    kind: 'list',
    op: () => ({ query: 'query { requestLogs(first: 100, filter: { route: "/v1/invoices/:id" }) { nodes { id } } }' }),
    contains: (d, t) => ids(d?.requestLogs?.nodes).includes(t.requestLogId),
  },
  'Query.requestLog': {
    kind: 'lookup',
    op: (t) => ({ query: 'query($id: ID!) { requestLog(id: $id) { id userAgent } }', variables: { id: t.requestLogId } }),
    idsOf: (t) => [t.requestLogId],
  },
  'Query.csvExport': {
    kind: 'list',
    op: () => ({
      query: 'query { o: csvExport(kind: orders) s: csvExport(kind: checkout_sessions) i: csvExport(kind: invoices) d: csvExport(kind: deposits) }',
    }),
    contains: (d, t) =>
      [d?.o?.includes(t.depositQuoteId), d?.s?.includes(t.sessionId), d?.i?.includes(t.invoiceId), d?.d?.includes(t.depositQuoteId)].some(Boolean),
  },
  'Query.usage': {
    kind: 'own',
    why: "aggregates the key's own account and mode only (counts, no ids); the usage tests check another account's requests are not counted",
    op: () => ({ query: 'query { usage { nodes { day route status count } } }' }),
  },
  'Query.invoices': {
    kind: 'list',
    op: () => ({ query: 'query { invoices(first: 100) { nodes { id } } }' }),
    contains: (d, t) => ids(d?.invoices?.nodes).includes(t.invoiceId),
  },
  'Query.publicInvoice': {
    kind: 'public',
    why: "the customer's view (id = access token; null for drafts)",
    mustNotReveal: 'customer email, payout address, session id',
  },
  'Mutation.createInvoice': {
    kind: 'own',
    why: "creates an invoice in the key's own account and mode",
    op: () => ({
      query: `mutation { createInvoice(input: { lineItems: [{ description: "x", quantity: 1, unitAmount: "1000000" }], settleChain: "base", settleToken: "USDC", recipient: "${RECIPIENT}" }) { ${RESULT} } }`,
    }),
  },
  'Mutation.updateInvoice': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($id: ID!) { updateInvoice(input: { id: $id, memo: "changed by another tenant" }) { ${RESULT} } }`,
      variables: { id: t.invoiceId },
    }),
    idsOf: (t) => [t.invoiceId],
  },
  'Mutation.sendInvoice': {
    kind: 'mutation',
    op: (t) => ({ query: `mutation($id: ID!) { sendInvoice(input: { id: $id }) { ${RESULT} } }`, variables: { id: t.invoiceId } }),
    idsOf: (t) => [t.invoiceId],
  },
  'Mutation.voidInvoice': {
    kind: 'mutation',
    op: (t) => ({ query: `mutation($id: ID!) { voidInvoice(input: { id: $id }) { ${RESULT} } }`, variables: { id: t.invoiceId } }),
    idsOf: (t) => [t.invoiceId],
  },
  'Query.limitOrder': {
    kind: 'public',
    why: 'a keyless limit order is readable by its unguessable id; a keyed one is null for any other account, mode or no key (test/limit-orders)',
  },
  'Query.limitOrders': {
    kind: 'public',
    why: "with a key: the key's account and mode only; without: keyless orders of the given maker only (test/limit-orders)",
  },
  'Mutation.createLimitOrder': { kind: 'public', why: "a key is optional: a keyed order is created in the key's own account and mode; names no resource" },
  'Mutation.submitLimitOrder': {
    kind: 'public',
    why: 'as Query.limitOrder (another tenant gets NotFoundError); forwards only maker-signed transactions the order handed out',
  },
  'Mutation.cancelLimitOrders': { kind: 'public', why: 'as Query.limitOrder for every id; answers unsigned transactions only the maker can sign' },
  'Subscription.limitOrder': { kind: 'public', why: 'follows one limit order as Query.limitOrder reads it (a keyed one is NOT_FOUND to others)' },
  'Mutation.payInvoice': { kind: 'public', why: 'the customer starts paying an open invoice (id = access token; drafts are NotFoundError)' },
  'Subscription.invoice': {
    kind: 'public',
    why: "the hosted invoice page follows the invoice it shows (id = access token); pushes the customer's view unless the owner key asks",
    mustNotReveal: 'customer email, payout address, session id',
  },
  'Query.balances': { kind: 'public', why: 'public on-chain balances of any address' },
  'Query.chain': { kind: 'public', why: 'chain registry' },
  'Query.chains': { kind: 'public', why: 'chain registry' },
  'Query.prices': { kind: 'public', why: 'market prices' },
  'Query.quote': { kind: 'public', why: 'anyone may quote; a key only changes fees; quote ids are capabilities, not tenant resources' },
  'Subscription.quoteStream': { kind: 'public', why: 'Query.quote streamed: anyone may quote; a key only changes fees; quote ids are capabilities' },
  'Query.quoteWithCalls': { kind: 'public', why: 'quote with destination calls: as quote, plus a simulation that reads public chain state only' },
  'Query.token': { kind: 'public', why: 'token facts' },
  'Query.tokens': { kind: 'public', why: 'token lists' },
  'Query.health': { kind: 'public', why: 'liveness and loaded provider ids' },
  'Query.platformStatus': { kind: 'public', why: 'the platform status (as GET /v1/status): component states, day bars and public incidents; no tenant data' },
  'Query.order': { kind: 'public', why: 'the order of a quote id, which is the capability (128 + 64 random bits)' },
  'Query.orderStatus': { kind: 'public', why: "the provider's own public order state" },
  'Query.checkoutSession': {
    kind: 'public',
    why: 'the payer reads the session to pay it (the id is the capability given to the payer)',
    mustNotReveal: 'reference, metadata, payments, refunds: null for anyone but the owner key',
  },
  'Query.checkoutSessionQuote': { kind: 'public', why: 'payer-facing: quotes to pay an open session (amounts only)' },
  'Query.checkoutSessions': {
    kind: 'list',
    op: () => ({ query: 'query { checkoutSessions(first: 100) { nodes { id } } }' }),
    contains: (d, t) => ids(d?.checkoutSessions?.nodes).includes(t.sessionId),
  },
  'Query.event': {
    kind: 'lookup',
    op: (t) => ({ query: 'query($id: ID!) { event(id: $id) { id type data } }', variables: { id: t.eventId } }),
    idsOf: (t) => [t.eventId],
  },
  'Query.events': {
    kind: 'list',
    op: () => ({ query: 'query { events(first: 100) { nodes { id } } }' }),
    contains: (d, t) => ids(d?.events?.nodes).includes(t.eventId),
  },
  'Query.viewer': {
    kind: 'list',
    op: () => ({ query: 'query { viewer { accountId apiKeys(first: 100) { nodes { id } } } }' }),
    contains: (d, t) => ids(d?.viewer?.apiKeys?.nodes).includes(t.apiKeyId),
  },
  'Query.webhookEndpoint': {
    kind: 'lookup',
    op: (t) => ({ query: 'query($id: ID!) { webhookEndpoint(id: $id) { id url secret } }', variables: { id: t.endpointId } }),
    idsOf: (t) => [t.endpointId],
  },
  'Query.webhookEndpoints': {
    kind: 'list',
    op: () => ({ query: 'query { webhookEndpoints(first: 100) { nodes { id } } }' }),
    contains: (d, t) => ids(d?.webhookEndpoints?.nodes).includes(t.endpointId),
  },

  'Mutation.buildOrder': { kind: 'public', why: 'builds the transaction of a quote id (capability)' },
  'Mutation.submitOrder': { kind: 'public', why: 'forwards wallet-signed bytes for a quote id (capability)' },
  'Mutation.reportOrderSubmitted': { kind: 'public', why: 'the payer reports a transaction for a quote id (capability)' },
  'Mutation.reportCheckoutPayment': { kind: 'public', why: 'payer-facing: reports a direct transfer; answers the public view' },
  'Mutation.submitCheckoutPayment': { kind: 'public', why: 'payer-facing: a signed Solana transfer; answers the public view' },
  'Mutation.createCheckoutTransferAddress': {
    kind: 'public',
    why: "payer-facing (pay by transfer): a deposit address in the session's own account and mode; answers the address and amounts only",
  },
  'Mutation.simulateCheckoutTransfer': {
    kind: 'public',
    why: "payer-facing, test-mode sessions only: simulates the transfer to the session's own sandbox address; answers the public view",
  },
  'Mutation.createCheckoutSession': {
    kind: 'own',
    why: "creates in the key's account and mode",
    op: () => ({
      query: `mutation($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { __typename } }`,
      variables: { input: { amount: '1000000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT } },
    }),
  },
  'Mutation.createWebhookEndpoint': {
    kind: 'own',
    why: "creates in the key's account and mode",
    op: () => ({ query: `mutation { createWebhookEndpoint(input: { url: "http://127.0.0.1:9/x" }) { __typename } }` }),
  },
  'Mutation.triggerWebhookEvent': {
    kind: 'own',
    why: "records a sample event in the key's own account (test mode only)",
    op: () => ({ query: `mutation { triggerWebhookEvent(input: { type: "checkout.session.completed" }) { __typename } }` }),
  },
  'Mutation.expireCheckoutSession': {
    kind: 'mutation',
    op: (t) => ({ query: `mutation($id: ID!) { expireCheckoutSession(input: { id: $id }) { ${RESULT} } }`, variables: { id: t.sessionId } }),
    idsOf: (t) => [t.sessionId],
  },
  'Mutation.acceptCheckoutSessionReview': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($id: ID!) { acceptCheckoutSessionReview(input: { id: $id, note: "accepted by another tenant" }) { ${RESULT} } }`,
      variables: { id: t.sessionId },
    }),
    idsOf: (t) => [t.sessionId],
  },
  // Not a root field: the same mutation naming the target's payment on the caller's own paid session.
  'Mutation.acceptCheckoutSessionReview(paymentId)': {
    kind: 'mutation',
    op: (t, caller) => ({
      query: `mutation($id: ID!, $p: ID!) { acceptCheckoutSessionReview(input: { id: $id, paymentId: $p, note: "accepted by another tenant" }) { ${RESULT} } }`,
      variables: { id: caller.paidSessionId, p: t.paymentId },
    }),
    idsOf: (t) => [t.paymentId],
  },
  'Mutation.reopenCheckoutSession': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($id: ID!) { reopenCheckoutSession(input: { id: $id, note: "reopened by another tenant" }) { ${RESULT} } }`,
      variables: { id: t.sessionId },
    }),
    idsOf: (t) => [t.sessionId],
  },
  'Mutation.createCheckoutRefund': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($id: ID!) { createCheckoutRefund(input: { sessionId: $id, amount: "1" }) { ${RESULT} } }`,
      variables: { id: t.paidSessionId },
    }),
    idsOf: (t) => [t.paidSessionId],
  },
  // Not a root field: the same mutation naming the target's payment on the caller's own paid session.
  'Mutation.createCheckoutRefund(paymentId)': {
    kind: 'mutation',
    op: (t, caller) => ({
      query: `mutation($id: ID!, $p: ID!) { createCheckoutRefund(input: { sessionId: $id, paymentId: $p, amount: "1" }) { ${RESULT} } }`,
      variables: { id: caller.paidSessionId, p: t.paymentId },
    }),
    idsOf: (t) => [t.paymentId],
  },
  'Mutation.reportCheckoutRefund': {
    kind: 'mutation',
    // The caller's own paid session with the target's refund.
    op: (t, caller) => ({
      query: `mutation($s: ID!, $id: ID!) { reportCheckoutRefund(input: { sessionId: $s, id: $id, txHash: "0x${'cd'.repeat(32)}" }) { ${RESULT} } }`,
      variables: { s: caller.paidSessionId, id: t.refundId },
    }),
    idsOf: (t) => [t.refundId],
  },
  'Mutation.cancelCheckoutRefund': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($s: ID!, $id: ID!) { cancelCheckoutRefund(input: { sessionId: $s, id: $id }) { ${RESULT} } }`,
      variables: { s: t.paidSessionId, id: t.refundId },
    }),
    idsOf: (t) => [t.paidSessionId, t.refundId],
  },
  'Mutation.redeliverEvent': {
    kind: 'mutation',
    // The caller's own event to the target's endpoint.
    op: (t, caller) => ({
      query: `mutation($id: ID!, $e: ID!) { redeliverEvent(input: { id: $id, endpointId: $e }) { ${RESULT} } }`,
      variables: { id: caller.eventId, e: t.endpointId },
    }),
    idsOf: (t) => [t.endpointId],
  },
  'Mutation.redeliverFailedEvents': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($e: ID!) { redeliverFailedEvents(input: { endpointId: $e }) { ${RESULT} } }`,
      variables: { e: t.endpointId },
    }),
    idsOf: (t) => [t.endpointId],
  },
  'Mutation.revokeApiKey': {
    kind: 'mutation',
    op: (t) => ({ query: `mutation($id: ID!) { revokeApiKey(input: { id: $id }) { ${RESULT} } }`, variables: { id: t.apiKeyId } }),
    idsOf: (t) => [t.apiKeyId],
  },
  'Mutation.rollApiKey': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($id: ID!) { rollApiKey(input: { id: $id, graceSeconds: 3600 }) { ${RESULT} } }`,
      variables: { id: t.spareKeyId },
    }),
    idsOf: (t) => [t.spareKeyId],
  },
  'Mutation.createApiKey': {
    kind: 'own',
    why: "creates a key in the credential's own account and mode, never wider than the credential",
    op: () => ({ query: `mutation { createApiKey(input: { name: "iso" }) { ${RESULT} } }` }),
  },
  'Mutation.rotateWebhookEndpointSecret': {
    kind: 'mutation',
    op: (t) => ({ query: `mutation($id: ID!) { rotateWebhookEndpointSecret(input: { id: $id }) { ${RESULT} } }`, variables: { id: t.endpointId } }),
    idsOf: (t) => [t.endpointId],
  },
  'Mutation.updateWebhookEndpoint': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($id: ID!) { updateWebhookEndpoint(input: { id: $id, description: "taken over" }) { ${RESULT} } }`,
      variables: { id: t.endpointId },
    }),
    idsOf: (t) => [t.endpointId],
  },
  'Mutation.deleteWebhookEndpoint': {
    kind: 'mutation',
    op: (t) => ({ query: `mutation($id: ID!) { deleteWebhookEndpoint(input: { id: $id }) { ${RESULT} } }`, variables: { id: t.endpointId } }),
    idsOf: (t) => [t.endpointId],
  },

  'Query.billingSubscription': {
    kind: 'lookup',
    op: (t) => ({ query: 'query($id: ID!) { billingSubscription(id: $id) { id customerEmail metadata } }', variables: { id: t.subscriptionId } }),
    idsOf: (t) => [t.subscriptionId],
  },
  'Query.billingSubscriptions': {
    kind: 'list',
    op: () => ({ query: 'query { billingSubscriptions(first: 100) { nodes { id } } }' }),
    contains: (d, t) => ids(d?.billingSubscriptions?.nodes).includes(t.subscriptionId),
  },
  'Query.testClock': {
    kind: 'lookup',
    op: (t) => ({ query: 'query($id: ID!) { testClock(id: $id) { id name } }', variables: { id: t.testClockId } }),
    idsOf: (t) => [t.testClockId],
  },
  'Query.testClocks': {
    kind: 'list',
    op: () => ({ query: 'query { testClocks(first: 100) { nodes { id } } }' }),
    contains: (d, t) => ids(d?.testClocks?.nodes).includes(t.testClockId),
  },
  'Mutation.createBillingSubscription': {
    kind: 'own',
    why: "creates a subscription in the key's own account and mode; another tenant's test clock is refused as unknown",
    op: () => ({
      query: `mutation { createBillingSubscription(input: { customerEmail: "a@example.com", lineItems: [{ description: "x", quantity: 1, unitAmount: "1000000" }], settleChain: "base", settleToken: "USDC", recipient: "${RECIPIENT}", interval: month, startAt: "2099-01-01T00:00:00.000Z" }) { ${RESULT} } }`,
    }),
  },
  'Mutation.updateBillingSubscription': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($id: ID!) { updateBillingSubscription(input: { id: $id, metadata: { changed: "by another tenant" } }) { ${RESULT} } }`,
      variables: { id: t.subscriptionId },
    }),
    idsOf: (t) => [t.subscriptionId],
  },
  'Mutation.cancelBillingSubscription': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($id: ID!) { cancelBillingSubscription(input: { id: $id, atPeriodEnd: true }) { ${RESULT} } }`,
      variables: { id: t.subscriptionId },
    }),
    idsOf: (t) => [t.subscriptionId],
  },
  'Mutation.resumeBillingSubscription': {
    kind: 'mutation',
    op: (t) => ({ query: `mutation($id: ID!) { resumeBillingSubscription(input: { id: $id }) { ${RESULT} } }`, variables: { id: t.subscriptionId } }),
    idsOf: (t) => [t.subscriptionId],
  },
  'Mutation.createTestClock': {
    kind: 'own',
    why: "creates a clock in the key's own account (test mode only)",
    op: () => ({ query: `mutation { createTestClock(input: { name: "mine" }) { ${RESULT} } }` }),
  },
  'Mutation.advanceTestClock': {
    kind: 'mutation',
    op: (t) => ({
      query: `mutation($id: ID!, $at: DateTime!) { advanceTestClock(input: { id: $id, frozenAt: $at }) { ${RESULT} } }`,
      variables: { id: t.testClockId, at: new Date(Date.now() + 3_600_000).toISOString() },
    }),
    idsOf: (t) => [t.testClockId],
  },
  'Mutation.deleteTestClock': {
    kind: 'mutation',
    op: (t) => ({ query: `mutation($id: ID!) { deleteTestClock(input: { id: $id }) { ${RESULT} } }`, variables: { id: t.testClockId } }),
    idsOf: (t) => [t.testClockId],
  },
  'Mutation.payInvoiceInSandbox': {
    kind: 'public',
    why: "the customer pays a test invoice in the sandbox from its hosted page (id = access token); answers the customer's view; live invoices are FORBIDDEN",
    mustNotReveal: 'customer email, payout address, session id',
  },
  'Subscription.billingSubscription': {
    kind: 'stream',
    why: "follows one subscription of the key's own account and mode, read through the same owner-scoped lookup as Query.billingSubscription (another tenant's id is NOT_FOUND)",
    op: (t) => ({ query: 'subscription($id: ID!) { billingSubscription(id: $id) { id status } }', variables: { id: t.subscriptionId } }),
  },
  'Subscription.checkoutSession': {
    kind: 'public',
    why: 'the hosted pay page follows the session it pays (id = capability)',
    mustNotReveal: 'reference and metadata: null for anyone but the owner key',
  },
  'Subscription.events': {
    kind: 'stream',
    why: "streams the key's own account and mode only",
    op: () => ({ query: 'subscription { events { id resourceId livemode } }' }),
  },
  'Subscription.order': { kind: 'public', why: 'the order of a quote id (capability)' },
  'Subscription.orderStatus': { kind: 'public', why: "the provider's own public order state" },
};
