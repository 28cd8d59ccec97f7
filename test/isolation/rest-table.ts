import type { Tenant } from './fixtures.js';

export interface Req {
  method: string;
  path: string;
  body?: unknown;
  /** Dashboard (`session`) routes: the caller's session cookie (`dashboard(caller)`), sent beside its key. */
  headers?: Record<string, string>;
}

/** The headers of a dashboard request of `t`: its session cookie, in its mode (the Origin a browser sends). */
const dashboard = (t: Tenant) => ({ cookie: t.sessionCookie, origin: 'http://localhost:8787' });

/**
 * How each /v1 route is checked for tenant isolation. Keys are `METHOD path` exactly as in restRoutes; the suite
 * fails when a route has no row (or a row names no route).
 *
 * - `owned`: acts on one resource named in the request. `req(target, caller)` builds the request(s) for the
 *   `target` tenant's resource (or its nonexistent lookalike) as sent by `caller` (whose own ids it may mix in,
 *   e.g. the caller's own session with the other tenant's refund). Another tenant must get exactly the answer a
 *   nonexistent id gets: NOT_FOUND, same body apart from requestId and the ids themselves.
 * - `list`: lists the caller's resources; another tenant's list must not hold the target's item.
 * - `own`: creates or acts only inside the caller's own tenant and names no resource; why it is safe is stated.
 * - `public`: no key needed; why, and what it must not reveal (checked in the suite where marked).
 */
export type RestRow =
  | {
      kind: 'owned';
      req: (target: Tenant, caller: Tenant) => Req | Req[];
      idsOf: (t: Tenant) => string[];
      /** What the owner's own request gets when it is not a success (e.g. a receipt of an unpaid invoice), and why. */
      ownerGets?: { status: number; code: string; why: string };
    }
  | { kind: 'list'; req: (caller: Tenant) => Req; contains: (body: any, target: Tenant) => boolean }
  | { kind: 'own'; why: string }
  | { kind: 'public'; why: string; mustNotReveal?: string };

const sess = (t: Tenant) => `/v1/checkout/sessions/${t.sessionId}`;
const paid = (t: Tenant) => `/v1/checkout/sessions/${t.paidSessionId}`;
const hasId = (list: Array<{ id: string }> | undefined, id: string) => (list ?? []).some((x) => x.id === id);

const inv = (t: Tenant) => `/v1/invoices/${t.invoiceId}`;
const sub = (t: Tenant) => `/v1/subscriptions/${t.subscriptionId}`;
const clk = (t: Tenant) => `/v1/test-clocks/${t.testClockId}`;

const da = (t: Tenant) => `/v1/deposit-addresses/${t.depositAddressId}`;

export const restTable: Record<string, RestRow> = {
  'GET /v1/auth/session': { kind: 'own', why: "the session's own login; names no resource" },
  'POST /v1/auth/sign-out': { kind: 'own', why: 'revokes the calling session (and with everywhere, only the same wallet’s)' },
  'POST /v1/auth/session/mode': { kind: 'own', why: "switches the calling session's mode; live only with the account's live mode" },
  'POST /v1/auth/session/account': {
    kind: 'own',
    why: "switches to an account the session's wallet is a member of; any other account is NOT_FOUND (test/auth/session-access.test.ts)",
  },
  'POST /v1/auth/dev-sign-in': { kind: 'public', why: 'development only (npm run dev); 404 anywhere else' },
  'POST /v1/auth/challenge': {
    kind: 'public',
    why: 'anyone may ask for a message to sign for any wallet: it names no account and proves nothing until signed',
    mustNotReveal: 'whether the wallet has an account',
  },
  'POST /v1/auth/sign-in': {
    kind: 'public',
    why: 'proof of the wallet is the signature of a stored, single-use challenge (test/auth/sign-in.test.ts tries every forgery)',
    mustNotReveal: "another wallet's session or accounts",
  },
  'GET /v1/auth/sessions': { kind: 'own', why: "lists only the calling wallet's sessions (another wallet's are never listed: test/auth/sign-in.test.ts)" },
  'DELETE /v1/auth/sessions/:id': {
    kind: 'own',
    why: "revokes one of the calling wallet's sessions; another wallet's session is NOT_FOUND (test/auth/sign-in.test.ts)",
  },
  'GET /v1/dashboard/members': {
    kind: 'own',
    why: "the calling session's account's team; another account's members are never listed (test/auth/team.test.ts)",
  },
  'POST /v1/dashboard/members': { kind: 'own', why: "adds a wallet to the calling session's own account; names no other account" },
  'GET /v1/dashboard/partner': {
    kind: 'own',
    why: "the partner of the calling session's own account (names none), earnings in the session's mode only; another account is 404 NOT_FOUND and the other mode counts nothing (test/partners/dashboard.test.ts)",
  },
  'PATCH /v1/dashboard/partner': {
    kind: 'own',
    why: "changes only the partner of the calling session's own account (names none): another account's session is 404 NOT_FOUND and the partner stays as it was (test/partners/dashboard.test.ts)",
  },
  'PATCH /v1/dashboard/members/:id': {
    kind: 'own',
    why: "changes a member of the session's own account; another account's member is NOT_FOUND (test/auth/team.test.ts)",
  },
  'DELETE /v1/dashboard/members/:id': {
    kind: 'own',
    why: "removes a member of the session's own account; another account's member is NOT_FOUND (test/auth/team.test.ts)",
  },
  'POST /v1/deposit-addresses': { kind: 'own', why: "creates a deposit address in the key's own account and mode; names no resource" },
  'GET /v1/deposit-addresses': {
    kind: 'list',
    req: () => ({ method: 'GET', path: '/v1/deposit-addresses?limit=100' }),
    contains: (b, t) => hasId(b?.data, t.depositAddressId),
  },
  'GET /v1/deposit-addresses/:id': { kind: 'owned', req: (t) => ({ method: 'GET', path: da(t) }), idsOf: (t) => [t.depositAddressId] },
  'POST /v1/deposit-addresses/:id/refresh': { kind: 'owned', req: (t) => ({ method: 'POST', path: `${da(t)}/refresh` }), idsOf: (t) => [t.depositAddressId] },
  'POST /v1/deposit-addresses/:id/disable': { kind: 'owned', req: (t) => ({ method: 'POST', path: `${da(t)}/disable` }), idsOf: (t) => [t.depositAddressId] },
  'POST /v1/deposit-addresses/:id/simulate': {
    kind: 'owned',
    req: (t) => ({ method: 'POST', path: `${da(t)}/simulate`, body: { amount: '25000000' } }),
    idsOf: (t) => [t.depositAddressId],
  },
  'GET /v1/orders': {
    kind: 'list',
    req: () => ({ method: 'GET', path: '/v1/orders?limit=100' }),
    contains: (b, t) =>
      (b?.data ?? []).some((o: { quoteId: string; depositAddressId?: string }) => o.quoteId === t.depositQuoteId || o.depositAddressId === t.depositAddressId),
  },
  'POST /v1/invoices': { kind: 'own', why: "creates an invoice in the key's own account and mode; names no resource" },
  'GET /v1/invoices': { kind: 'list', req: () => ({ method: 'GET', path: '/v1/invoices?limit=100' }), contains: (b, t) => hasId(b?.data, t.invoiceId) },
  'GET /v1/invoices/:id': { kind: 'owned', req: (t) => ({ method: 'GET', path: inv(t) }), idsOf: (t) => [t.invoiceId] },
  'PATCH /v1/invoices/:id': {
    kind: 'owned',
    req: (t) => ({ method: 'PATCH', path: inv(t), body: { memo: 'changed by another tenant' } }),
    idsOf: (t) => [t.invoiceId],
  },
  'POST /v1/invoices/:id/send': { kind: 'owned', req: (t) => ({ method: 'POST', path: `${inv(t)}/send` }), idsOf: (t) => [t.invoiceId] },
  'POST /v1/invoices/:id/void': { kind: 'owned', req: (t) => ({ method: 'POST', path: `${inv(t)}/void` }), idsOf: (t) => [t.invoiceId] },
  'GET /v1/invoices/:id/public': {
    kind: 'public',
    why: 'the customer reads the invoice to pay it; the unguessable id is the access token (drafts answer NOT_FOUND)',
    mustNotReveal: 'customer email, payout address, session id',
  },
  'POST /v1/invoices/:id/pay': {
    kind: 'public',
    why: 'the customer starts paying an open invoice (id = access token); answers only the session id and its pay page',
  },
  'POST /v1/invoices/:id/sandbox-pay': {
    kind: 'public',
    why: "the customer pays a test invoice in the sandbox from its hosted page (id = access token); answers the customer's view; live invoices are FORBIDDEN",
  },
  'POST /v1/subscriptions': {
    kind: 'own',
    why: "creates a subscription in the key's own account and mode; a test clock of another tenant is refused as unknown",
  },
  'GET /v1/subscriptions': {
    kind: 'list',
    req: () => ({ method: 'GET', path: '/v1/subscriptions?limit=100' }),
    contains: (b, t) => hasId(b?.data, t.subscriptionId),
  },
  'GET /v1/subscriptions/:id': { kind: 'owned', req: (t) => ({ method: 'GET', path: sub(t) }), idsOf: (t) => [t.subscriptionId] },
  'PATCH /v1/subscriptions/:id': {
    kind: 'owned',
    req: (t) => ({ method: 'PATCH', path: sub(t), body: { metadata: { changed: 'by another tenant' } } }),
    idsOf: (t) => [t.subscriptionId],
  },
  'POST /v1/subscriptions/:id/cancel': {
    kind: 'owned',
    req: (t) => ({ method: 'POST', path: `${sub(t)}/cancel`, body: { atPeriodEnd: true } }),
    idsOf: (t) => [t.subscriptionId],
  },
  'POST /v1/subscriptions/:id/resume': { kind: 'owned', req: (t) => ({ method: 'POST', path: `${sub(t)}/resume` }), idsOf: (t) => [t.subscriptionId] },
  'POST /v1/test-clocks': { kind: 'own', why: "creates a clock in the key's own account (test mode only)" },
  'GET /v1/test-clocks': { kind: 'list', req: () => ({ method: 'GET', path: '/v1/test-clocks?limit=100' }), contains: (b, t) => hasId(b?.data, t.testClockId) },
  'GET /v1/test-clocks/:id': { kind: 'owned', req: (t) => ({ method: 'GET', path: clk(t) }), idsOf: (t) => [t.testClockId] },
  'POST /v1/test-clocks/:id/advance': {
    kind: 'owned',
    req: (t) => ({ method: 'POST', path: `${clk(t)}/advance`, body: { frozenTime: new Date(Date.now() + 3_600_000).toISOString() } }),
    idsOf: (t) => [t.testClockId],
  },
  'DELETE /v1/test-clocks/:id': { kind: 'owned', req: (t) => ({ method: 'DELETE', path: clk(t) }), idsOf: (t) => [t.testClockId] },
  'GET /v1/invoices/:id/receipt.pdf': {
    kind: 'public',
    why: 'the customer downloads the receipt of a paid invoice (id = access token); NOT_FOUND before paid',
  },
  'GET /v1/health': { kind: 'public', why: 'liveness and the loaded provider ids; no tenant data' },
  'GET /v1/status': { kind: 'public', why: 'the platform status page as JSON: component states, day bars and public incidents; no tenant data' },
  'GET /v1/ready': { kind: 'public', why: 'readiness checks of this instance (database, migrations, pubsub); no tenant data' },
  'GET /v1/openapi.json': { kind: 'public', why: 'the API description, the same for everyone' },
  'GET /v1/account': { kind: 'own', why: "answers the key's own account and mode; takes no id" },
  'GET /v1/chains': { kind: 'public', why: 'chain registry, the same for everyone' },
  'GET /v1/tokens': { kind: 'public', why: 'token lists, the same for everyone' },
  'GET /v1/tokens/lookup': { kind: 'public', why: 'on-chain token facts' },
  'GET /v1/prices': { kind: 'public', why: 'market prices' },
  'GET /v1/balances': { kind: 'public', why: 'public on-chain balances of any address' },
  'GET /v1/quote': {
    kind: 'public',
    why: 'anyone may quote; a key only changes fees. The quote id it returns is a capability (128 + 64 random bits), not a tenant resource',
  },
  'POST /v1/quote': {
    kind: 'public',
    why: 'GET /v1/quote as JSON plus destination calls: anyone may quote; the simulation reads public chain state only; quote ids are capabilities',
  },
  'POST /v1/limit-orders': {
    kind: 'public',
    why: "a key is optional: a keyed order is created in the key's own account and mode, a keyless one in none; names no resource",
  },
  'GET /v1/limit-orders': {
    kind: 'public',
    why: "with a key: only the key's account and mode; without: only keyless orders of the given maker (on-chain facts of a public wallet). test/limit-orders/limit-orders-http.test.ts checks both",
  },
  'GET /v1/limit-orders/:id': {
    kind: 'public',
    why: 'a keyless order is readable by its unguessable id; a keyed one answers NOT_FOUND to any other account, mode or no key (checked in test/limit-orders)',
  },
  'POST /v1/limit-orders/:id/submit': {
    kind: 'public',
    why: 'as GET /v1/limit-orders/:id; forwards only maker-signed transactions the order itself handed out',
  },
  'POST /v1/limit-orders/:id/cancel': { kind: 'public', why: 'as GET /v1/limit-orders/:id; answers an unsigned transaction only the maker can sign' },
  'POST /v1/limit-orders/cancel': { kind: 'public', why: 'as GET /v1/limit-orders/:id for every id; answers unsigned transactions only the maker can sign' },
  'POST /v1/orders': { kind: 'public', why: 'builds the transaction of a quote id, which is itself the capability (unguessable, see Quote store)' },
  'POST /v1/orders/submit': { kind: 'public', why: 'forwards wallet-signed bytes for a quote id (capability); returns only the order of that quote' },
  'POST /v1/orders/:quoteId/submitted': {
    kind: 'public',
    why: 'the payer reports a transaction for a quote id (capability) from any wallet; answers that order only',
  },
  'GET /v1/orders/:provider/:id': { kind: 'public', why: "the provider's own public order state (anyone can ask the provider the same)" },

  'POST /v1/checkout/sessions': { kind: 'own', why: "creates a session in the key's account and mode (list rows check it stays there)" },
  'GET /v1/checkout/sessions': {
    kind: 'list',
    req: () => ({ method: 'GET', path: '/v1/checkout/sessions?limit=100' }),
    contains: (b, t) => hasId(b?.data, t.sessionId),
  },
  'GET /v1/checkout/sessions/:id': {
    kind: 'public',
    why: 'the payer (no key) reads the session to pay it; the id is the unguessable capability handed to the payer',
    mustNotReveal: 'reference, metadata (only the owner key gets the full view; another tenant key gets the public view)',
  },
  'POST /v1/checkout/sessions/:id/expire': { kind: 'owned', req: (t) => ({ method: 'POST', path: `${sess(t)}/expire` }), idsOf: (t) => [t.sessionId] },
  'POST /v1/checkout/sessions/:id/review/accept': {
    kind: 'owned',
    req: (t, caller) => [
      { method: 'POST', path: `${sess(t)}/review/accept`, body: { note: 'accepted by another tenant' } },
      // The caller's own session, accepting the target's payment (the owner's own request reaches its payment: 409, paid).
      { method: 'POST', path: `${paid(caller)}/review/accept`, body: { note: 'accepted by another tenant', payment: t.paymentId } },
    ],
    idsOf: (t) => [t.sessionId, t.paymentId],
  },
  'POST /v1/checkout/sessions/:id/review/reopen': {
    kind: 'owned',
    req: (t) => ({ method: 'POST', path: `${sess(t)}/review/reopen`, body: { note: 'reopened by another tenant' } }),
    idsOf: (t) => [t.sessionId],
  },
  'POST /v1/checkout/sessions/:id/quote': { kind: 'public', why: 'payer-facing: quotes to pay an open session, amounts only (no reference or metadata)' },
  'POST /v1/checkout/sessions/:id/deposit-address': {
    kind: 'public',
    why: 'payer-facing pay by transfer: a one-time address in the session account and mode; answers address, amounts and URI only (no reference or metadata)',
  },
  'POST /v1/checkout/sessions/:id/deposit-address/simulate': {
    kind: 'public',
    why: 'payer-facing, test sessions only (live → FORBIDDEN), an address of that session only; answers the public view',
  },
  'POST /v1/checkout/sessions/:id/submitted': { kind: 'public', why: 'payer-facing: the payer reports a transfer; answers the public view' },
  'POST /v1/checkout/sessions/:id/submit': { kind: 'public', why: 'payer-facing: a signed Solana transfer; answers the public view' },
  'POST /v1/checkout/sessions/:id/refunds': {
    kind: 'owned',
    req: (t, caller) => [
      { method: 'POST', path: `${paid(t)}/refunds`, body: { amount: '1' } },
      // The caller's own paid session, refunding the target's payment.
      { method: 'POST', path: `${paid(caller)}/refunds`, body: { amount: '1', payment: t.paymentId } },
    ],
    idsOf: (t) => [t.paidSessionId, t.paymentId],
  },
  'GET /v1/checkout/sessions/:id/refunds': { kind: 'owned', req: (t) => ({ method: 'GET', path: `${paid(t)}/refunds` }), idsOf: (t) => [t.paidSessionId] },
  'POST /v1/checkout/sessions/:id/refunds/:refundId/submitted': {
    kind: 'owned',
    // The caller's own paid session with the target's refund: the refund must be refused too.
    req: (t, caller) => ({ method: 'POST', path: `${paid(caller)}/refunds/${t.refundId}/submitted`, body: { txHash: `0x${'ab'.repeat(32)}` } }),
    idsOf: (t) => [t.refundId],
  },
  'POST /v1/checkout/sessions/:id/refunds/:refundId/cancel': {
    kind: 'owned',
    req: (t) => ({ method: 'POST', path: `${paid(t)}/refunds/${t.refundId}/cancel` }),
    idsOf: (t) => [t.paidSessionId, t.refundId],
  },

  'GET /v1/dashboard/request-logs': {
    kind: 'list',
    req: (c) => ({ method: 'GET', path: '/v1/dashboard/request-logs?limit=100&route=%2Fv1%2Finvoices%2F%3Aid', headers: dashboard(c) }),
    contains: (b, t) => hasId(b?.data, t.requestLogId),
  },
  'GET /v1/dashboard/request-logs/:id': {
    kind: 'owned',
    req: (t, c) => ({ method: 'GET', path: `/v1/dashboard/request-logs/${t.requestLogId}`, headers: dashboard(c) }),
    idsOf: (t) => [t.requestLogId],
  },
  // CSV answers: `contains` gets the text.
  'GET /v1/dashboard/exports/orders.csv': {
    kind: 'list',
    req: (c) => ({ method: 'GET', path: '/v1/dashboard/exports/orders.csv', headers: dashboard(c) }),
    contains: (b, t) => typeof b === 'string' && b.includes(t.depositQuoteId),
  },
  'GET /v1/dashboard/exports/checkout_sessions.csv': {
    kind: 'list',
    req: (c) => ({ method: 'GET', path: '/v1/dashboard/exports/checkout_sessions.csv', headers: dashboard(c) }),
    contains: (b, t) => typeof b === 'string' && b.includes(t.sessionId),
  },
  'GET /v1/dashboard/exports/invoices.csv': {
    kind: 'list',
    req: (c) => ({ method: 'GET', path: '/v1/dashboard/exports/invoices.csv', headers: dashboard(c) }),
    contains: (b, t) => typeof b === 'string' && b.includes(t.invoiceId),
  },
  'GET /v1/dashboard/exports/deposits.csv': {
    kind: 'list',
    req: (c) => ({ method: 'GET', path: '/v1/dashboard/exports/deposits.csv', headers: dashboard(c) }),
    contains: (b, t) => typeof b === 'string' && b.includes(t.depositQuoteId),
  },
  'GET /v1/dashboard/usage': {
    kind: 'own',
    why: "aggregates the session's own account and mode only (counts, no ids); the usage tests check another account's requests are not counted",
  },
  'GET /v1/events': { kind: 'list', req: () => ({ method: 'GET', path: '/v1/events?limit=100' }), contains: (b, t) => hasId(b?.data, t.eventId) },
  'GET /v1/events/:id': { kind: 'owned', req: (t) => ({ method: 'GET', path: `/v1/events/${t.eventId}` }), idsOf: (t) => [t.eventId] },
  'GET /v1/events/:id/deliveries': { kind: 'owned', req: (t) => ({ method: 'GET', path: `/v1/events/${t.eventId}/deliveries` }), idsOf: (t) => [t.eventId] },
  'GET /v1/events/:id/attempts': { kind: 'owned', req: (t) => ({ method: 'GET', path: `/v1/events/${t.eventId}/attempts` }), idsOf: (t) => [t.eventId] },
  'POST /v1/events/:id/redeliver': {
    kind: 'owned',
    // The caller's own event sent to the target's endpoint: the endpoint must be refused.
    req: (t, caller) => ({ method: 'POST', path: `/v1/events/${caller.eventId}/redeliver`, body: { endpointId: t.endpointId } }),
    idsOf: (t) => [t.endpointId],
  },

  'POST /v1/webhook-endpoints/trigger': { kind: 'own', why: "records a sample event in the key's own account (test mode only)" },
  'POST /v1/webhook-endpoints': { kind: 'own', why: "creates an endpoint in the key's account and mode" },
  'GET /v1/webhook-endpoints': {
    kind: 'list',
    req: () => ({ method: 'GET', path: '/v1/webhook-endpoints' }),
    contains: (b, t) => hasId(b?.data, t.endpointId),
  },
  'GET /v1/webhook-endpoints/:id': {
    kind: 'owned',
    req: (t) => ({ method: 'GET', path: `/v1/webhook-endpoints/${t.endpointId}` }),
    idsOf: (t) => [t.endpointId],
  },
  'PATCH /v1/webhook-endpoints/:id': {
    kind: 'owned',
    req: (t) => ({ method: 'PATCH', path: `/v1/webhook-endpoints/${t.endpointId}`, body: { description: 'taken over' } }),
    idsOf: (t) => [t.endpointId],
  },
  'DELETE /v1/webhook-endpoints/:id': {
    kind: 'owned',
    req: (t) => ({ method: 'DELETE', path: `/v1/webhook-endpoints/${t.endpointId}` }),
    idsOf: (t) => [t.endpointId],
  },
  'POST /v1/webhook-endpoints/:id/rotate-secret': {
    kind: 'owned',
    req: (t) => ({ method: 'POST', path: `/v1/webhook-endpoints/${t.endpointId}/rotate-secret` }),
    idsOf: (t) => [t.endpointId],
  },
  'POST /v1/webhook-endpoints/:id/redeliver-failed': {
    kind: 'owned',
    req: (t) => ({ method: 'POST', path: `/v1/webhook-endpoints/${t.endpointId}/redeliver-failed` }),
    idsOf: (t) => [t.endpointId],
  },
  'GET /v1/webhook-endpoints/:id/attempts': {
    kind: 'owned',
    req: (t) => ({ method: 'GET', path: `/v1/webhook-endpoints/${t.endpointId}/attempts` }),
    idsOf: (t) => [t.endpointId],
  },
};

/** The dashboard request of a key route's request by `c`: `/v1/x` → `/v1/dashboard/x`, with `c`'s session. */
const dash = (r: Req, c: Tenant): Req => ({ ...r, path: r.path.replace(/^\/v1\//, '/v1/dashboard/'), headers: dashboard(c) });

/** A mirrored key route's row: the same checks, sent to the dashboard path with the caller's session cookie. */
function mirrorRow(row: RestRow): RestRow {
  if (row.kind === 'owned') return { ...row, req: (t, c) => [row.req(t, c)].flat().map((r) => dash(r, c)) };
  if (row.kind === 'list') return { ...row, req: (c: Tenant) => dash(row.req(c), c) };
  return row;
}

const MIRRORED = [
  'POST /v1/invoices',
  'GET /v1/invoices',
  'GET /v1/invoices/:id',
  'PATCH /v1/invoices/:id',
  'POST /v1/invoices/:id/send',
  'POST /v1/invoices/:id/void',
  'GET /v1/orders',
  'POST /v1/webhook-endpoints/trigger',
  'POST /v1/webhook-endpoints',
  'GET /v1/webhook-endpoints',
  'GET /v1/webhook-endpoints/:id',
  'PATCH /v1/webhook-endpoints/:id',
  'POST /v1/webhook-endpoints/:id/rotate-secret',
  'POST /v1/webhook-endpoints/:id/redeliver-failed',
  'GET /v1/webhook-endpoints/:id/attempts',
  'GET /v1/events',
  'GET /v1/events/:id',
  'GET /v1/events/:id/deliveries',
  'GET /v1/events/:id/attempts',
  'POST /v1/events/:id/redeliver',
];
for (const name of MIRRORED) restTable[name.replace(' /v1/', ' /v1/dashboard/')] = mirrorRow(restTable[name]!);

const keyPath = (t: Tenant) => `/v1/dashboard/api-keys/${t.spareKeyId}`;
Object.assign(restTable, {
  'GET /v1/dashboard/invoices/:id/receipt.pdf': {
    kind: 'owned',
    req: (t, c) => ({ method: 'GET', path: `/v1/dashboard/invoices/${t.invoiceId}/receipt.pdf`, headers: dashboard(c) }),
    idsOf: (t) => [t.invoiceId],
    ownerGets: { status: 404, code: 'NOT_FOUND', why: "the owner's invoice is a draft: no receipt before it is paid (a message of its own: checked below)" },
  },
  'DELETE /v1/dashboard/webhook-endpoints/:id': {
    kind: 'owned',
    req: (t, c) => ({ method: 'DELETE', path: `/v1/dashboard/webhook-endpoints/${t.spareEndpointId}`, headers: dashboard(c) }),
    idsOf: (t) => [t.spareEndpointId],
  },
  'GET /v1/dashboard/orders/:quoteId': {
    kind: 'owned',
    req: (t, c) => ({ method: 'GET', path: `/v1/dashboard/orders/${t.depositQuoteId}`, headers: dashboard(c) }),
    idsOf: (t) => [t.depositQuoteId],
  },
  'GET /v1/dashboard/api-keys': {
    kind: 'list',
    req: (c) => ({ method: 'GET', path: '/v1/dashboard/api-keys', headers: dashboard(c) }),
    contains: (b, t) => hasId(b?.data, t.apiKeyId),
  },
  'POST /v1/dashboard/api-keys': { kind: 'own', why: "creates a key in the session's own account and mode" },
  'POST /v1/dashboard/api-keys/:id/roll': {
    kind: 'owned',
    req: (t, c) => ({ method: 'POST', path: `${keyPath(t)}/roll`, body: { graceSeconds: 3600 }, headers: dashboard(c) }),
    idsOf: (t) => [t.spareKeyId],
  },
  'POST /v1/dashboard/api-keys/:id/revoke': {
    kind: 'owned',
    req: (t, c) => ({ method: 'POST', path: `${keyPath(t)}/revoke`, headers: dashboard(c) }),
    idsOf: (t) => [t.spareKeyId],
  },
} satisfies Record<string, RestRow>);
