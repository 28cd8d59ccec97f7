import { adminHeaders } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLeafType, isUnionType, getNamedType } from 'graphql';
import { restRoutes } from '../../src/rest/routes.js';
import { schema as graphqlSchema } from '../../src/graphql/schema.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { graphqlFields, restFields, summary } from '../helpers/edge-fields.js';
import { startFuzzTarget, type FuzzTarget } from '../fuzz/target.js';
import { closeTransport } from '../fuzz/transport.js';

/**
 * The edge rules end to end, over HTTP, for every amount and date input (REST and GraphQL), on every backend:
 *   - amounts: 2^256 is 400 AMOUNT_TOO_LARGE naming the field; `0001000000` is 400 INVALID_PARAMS "must have no
 *     leading zeros" naming the field; an invoice (or subscription) total above 2^256-1 is AMOUNT_TOO_LARGE naming
 *     `lineItems`; the same request with a valid amount is not refused for that field (the request is right);
 *   - dates: February 30, April 31, February 29 of a non-leap year, hour 24 and minute 60 are 400 INVALID_PARAMS
 *     naming the field, never rolled over; the same request with a real date is not refused for that field.
 * The tables list a valid request per input; each test first checks that the tables cover every amount and date
 * input the walks of test/helpers/edge-fields.ts find, so a new input fails here until it has a row.
 */

const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const SOL_WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const TOO_LARGE = (1n << 256n).toString();
const HALF = (1n << 255n).toString(); // × 2 is 2^256: a total too large from valid unit amounts
const LEADING_ZEROS = '0001000000';
const VALID = '1000000';

const IMPOSSIBLE_TIMES = ['2031-02-30T00:00:00Z', '2031-04-31T00:00:00Z', '2031-02-29T00:00:00Z', '2031-01-01T24:00:00Z', '2031-01-01T12:60:00Z'];
/** Real instants outside what any date input takes (1970-9999 UTC; a zone can carry a 9999 timestamp into 10000). */
const OUT_OF_RANGE_TIMES = ['1969-12-31T23:59:59Z', '9999-12-31T23:30:00-01:00', '+010000-01-01T00:00:00Z'];
const BAD_TIMES = [...IMPOSSIBLE_TIMES, ...OUT_OF_RANGE_TIMES];
const IMPOSSIBLE_DATES = ['2031-02-30', '2031-04-31', '2031-02-29'];
/** The other bound of a range, around REAL_TIME. */
const RANGE_START = '2031-01-01T00:00:00Z';
const RANGE_END = '2032-01-01T00:00:00Z';
const REAL_TIME = '2031-03-02T00:00:00Z';

const sessionBody = { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT };
const lineItem = (unitAmount: string, quantity = 1) => ({ description: 'Plan', quantity, unitAmount });
const invoiceBody = { lineItems: [lineItem('10000000')], settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT, customerEmail: 'ap@customer.example' };
const subscriptionBody = { ...invoiceBody, interval: 'month' };
const quoteParams = { srcChain: 'base', srcToken: 'USDC', dstChain: 'arbitrum', dstToken: 'USDC', sender: RECIPIENT, recipient: RECIPIENT };
const depositBody = { srcChain: 'base', srcToken: 'USDC', dstChain: 'arbitrum', dstToken: 'USDC', recipient: RECIPIENT, refundTo: RECIPIENT };
const limitOrderBody = { inputToken: 'USDC', outputToken: 'SOL', maker: SOL_WALLET, makingAmount: '50000000', takingAmount: '400000000' };
const CALL = { to: RECIPIENT, data: '0x' };
const NATIVE = '0x0000000000000000000000000000000000000000';

interface Ids {
  session: string;
  invoice: string;
  subscription: string;
  depositAddress: string;
  restClock: string;
  graphqlClock: string;
}

/** One REST input: how to send a value in it (`op` and `field` as the walk names them; `path` as errors name it). */
interface RestRow {
  input: string;
  path: string;
  /** A valid amount for this input when `VALID` is not one (a deposit must be worth at least 1 USD). */
  valid?: string;
  send: (v: string, ids: Ids) => { method: string; url: string; body?: unknown };
}
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

const REST_AMOUNTS: RestRow[] = [
  { input: 'GET /v1/quote query.amount', path: 'amount', send: (v) => ({ method: 'GET', url: `/v1/quote?${q({ ...quoteParams, amount: v })}` }) },
  { input: 'GET /v1/quote query.dstAmount', path: 'dstAmount', send: (v) => ({ method: 'GET', url: `/v1/quote?${q({ ...quoteParams, dstAmount: v })}` }) },
  { input: 'POST /v1/quote body.amount', path: 'amount', send: (v) => ({ method: 'POST', url: '/v1/quote', body: { ...quoteParams, amount: v } }) },
  { input: 'POST /v1/quote body.dstAmount', path: 'dstAmount', send: (v) => ({ method: 'POST', url: '/v1/quote', body: { ...quoteParams, dstAmount: v } }) },
  {
    input: 'POST /v1/quote body.calls[].value',
    path: 'calls.0.value',
    send: (v) => ({ method: 'POST', url: '/v1/quote', body: { ...quoteParams, dstAmount: VALID, calls: [{ ...CALL, value: v }] } }),
  },
  // A call's value is for a native output: the native coin (the zero address) is the destination token.
  {
    input: 'POST /v1/quote body.action.value',
    path: 'action.value',
    send: (v) => ({
      method: 'POST',
      url: '/v1/quote',
      body: { ...quoteParams, dstToken: NATIVE, dstAmount: VALID, action: { type: 'contractCall', ...CALL, value: v } },
    }),
  },
  {
    input: 'POST /v1/checkout/sessions body.amount',
    path: 'amount',
    send: (v) => ({ method: 'POST', url: '/v1/checkout/sessions', body: { ...sessionBody, amount: v } }),
  },
  {
    input: 'POST /v1/checkout/sessions/:id/refunds body.amount',
    path: 'amount',
    send: (v, ids) => ({ method: 'POST', url: `/v1/checkout/sessions/${ids.session}/refunds`, body: { amount: v } }),
  },
  {
    input: 'POST /v1/invoices body.lineItems[].unitAmount',
    path: 'lineItems.0.unitAmount',
    send: (v) => ({ method: 'POST', url: '/v1/invoices', body: { ...invoiceBody, lineItems: [lineItem(v)] } }),
  },
  {
    input: 'PATCH /v1/invoices/:id body.lineItems[].unitAmount',
    path: 'lineItems.0.unitAmount',
    send: (v, ids) => ({ method: 'PATCH', url: `/v1/invoices/${ids.invoice}`, body: { lineItems: [lineItem(v)] } }),
  },
  {
    input: 'POST /v1/subscriptions body.lineItems[].unitAmount',
    path: 'lineItems.0.unitAmount',
    send: (v) => ({ method: 'POST', url: '/v1/subscriptions', body: { ...subscriptionBody, lineItems: [lineItem(v)] } }),
  },
  {
    input: 'PATCH /v1/subscriptions/:id body.lineItems[].unitAmount',
    path: 'lineItems.0.unitAmount',
    send: (v, ids) => ({ method: 'PATCH', url: `/v1/subscriptions/${ids.subscription}`, body: { lineItems: [lineItem(v)] } }),
  },
  {
    input: 'POST /v1/deposit-addresses body.amount',
    path: 'amount',
    valid: '25000000',
    send: (v) => ({ method: 'POST', url: '/v1/deposit-addresses', body: { ...depositBody, reusable: false, amount: v } }),
  },
  {
    input: 'POST /v1/deposit-addresses/:id/simulate body.amount',
    path: 'amount',
    send: (v, ids) => ({ method: 'POST', url: `/v1/deposit-addresses/${ids.depositAddress}/simulate`, body: { amount: v } }),
  },
  {
    input: 'POST /v1/limit-orders body.makingAmount',
    path: 'makingAmount',
    send: (v) => ({ method: 'POST', url: '/v1/limit-orders', body: { ...limitOrderBody, makingAmount: v } }),
  },
  {
    input: 'POST /v1/limit-orders body.takingAmount',
    path: 'takingAmount',
    send: (v) => ({ method: 'POST', url: '/v1/limit-orders', body: { ...limitOrderBody, takingAmount: v } }),
  },
];

/** Totals: valid unit amounts whose Σ quantity × unitAmount is 2^256. */
const REST_TOTALS: RestRow[] = [
  {
    input: 'POST /v1/invoices',
    path: 'lineItems',
    send: (v) => ({ method: 'POST', url: '/v1/invoices', body: { ...invoiceBody, lineItems: [lineItem(v, 2)] } }),
  },
  {
    input: 'PATCH /v1/invoices/:id',
    path: 'lineItems',
    send: (v, ids) => ({ method: 'PATCH', url: `/v1/invoices/${ids.invoice}`, body: { lineItems: [lineItem(v), lineItem(v)] } }),
  },
  {
    input: 'POST /v1/subscriptions',
    path: 'lineItems',
    send: (v) => ({ method: 'POST', url: '/v1/subscriptions', body: { ...subscriptionBody, lineItems: [lineItem(v, 2)] } }),
  },
  {
    input: 'PATCH /v1/subscriptions/:id',
    path: 'lineItems',
    send: (v, ids) => ({ method: 'PATCH', url: `/v1/subscriptions/${ids.subscription}`, body: { lineItems: [lineItem(v), lineItem(v)] } }),
  },
];

const REST_DATES: RestRow[] = [
  { input: 'GET /v1/orders query.startTime', path: 'startTime', send: (v) => ({ method: 'GET', url: `/v1/orders?startTime=${encodeURIComponent(v)}` }) },
  { input: 'GET /v1/orders query.endTime', path: 'endTime', send: (v) => ({ method: 'GET', url: `/v1/orders?endTime=${encodeURIComponent(v)}` }) },
  {
    input: 'POST /v1/dashboard/api-keys body.expiresAt',
    path: 'expiresAt',
    send: (v) => ({ method: 'POST', url: '/v1/dashboard/api-keys', body: { expiresAt: v } }),
  },
  { input: 'POST /v1/invoices body.dueAt', path: 'dueAt', send: (v) => ({ method: 'POST', url: '/v1/invoices', body: { ...invoiceBody, dueAt: v } }) },
  {
    input: 'PATCH /v1/invoices/:id body.dueAt',
    path: 'dueAt',
    send: (v, ids) => ({ method: 'PATCH', url: `/v1/invoices/${ids.invoice}`, body: { dueAt: v } }),
  },
  {
    input: 'POST /v1/subscriptions body.startAt',
    path: 'startAt',
    send: (v) => ({ method: 'POST', url: '/v1/subscriptions', body: { ...subscriptionBody, startAt: v } }),
  },
  { input: 'POST /v1/test-clocks body.frozenTime', path: 'frozenTime', send: (v) => ({ method: 'POST', url: '/v1/test-clocks', body: { frozenTime: v } }) },
  {
    input: 'POST /v1/test-clocks/:id/advance body.frozenTime',
    path: 'frozenTime',
    send: (v, ids) => ({ method: 'POST', url: `/v1/test-clocks/${ids.restClock}/advance`, body: { frozenTime: v } }),
  },
  {
    input: 'POST /v1/limit-orders body.expiresAt',
    path: 'expiresAt',
    send: (v) => ({ method: 'POST', url: '/v1/limit-orders', body: { ...limitOrderBody, expiresAt: v } }),
  },
  // Ranges: the bound under test, the other one around REAL_TIME (so a real date makes a valid range).
  ...['orders', 'checkout_sessions', 'invoices', 'deposits'].flatMap((kind): RestRow[] => [
    {
      input: `GET /v1/dashboard/exports/${kind}.csv query.from`,
      path: 'from',
      send: (v) => ({ method: 'GET', url: `/v1/dashboard/exports/${kind}.csv?${q({ from: v, to: RANGE_END })}` }),
    },
    {
      input: `GET /v1/dashboard/exports/${kind}.csv query.to`,
      path: 'to',
      send: (v) => ({ method: 'GET', url: `/v1/dashboard/exports/${kind}.csv?${q({ from: RANGE_START, to: v })}` }),
    },
  ]),
  {
    input: 'GET /v1/dashboard/partner query.startAt',
    path: 'startAt',
    send: (v) => ({ method: 'GET', url: `/v1/dashboard/partner?${q({ startAt: v, endAt: RANGE_END })}` }),
  },
  {
    input: 'GET /v1/dashboard/partner query.endAt',
    path: 'endAt',
    send: (v) => ({ method: 'GET', url: `/v1/dashboard/partner?${q({ startAt: RANGE_START, endAt: v })}` }),
  },
  {
    input: 'GET /v1/dashboard/request-logs query.from',
    path: 'from',
    send: (v) => ({ method: 'GET', url: `/v1/dashboard/request-logs?${q({ from: v, to: RANGE_END })}` }),
  },
  {
    input: 'GET /v1/dashboard/request-logs query.to',
    path: 'to',
    send: (v) => ({ method: 'GET', url: `/v1/dashboard/request-logs?${q({ from: RANGE_START, to: v })}` }),
  },
  { input: 'GET /v1/admin/audit-log query.from', path: 'from', send: (v) => ({ method: 'GET', url: `/v1/admin/audit-log?${q({ from: v, to: RANGE_END })}` }) },
  { input: 'GET /v1/admin/audit-log query.to', path: 'to', send: (v) => ({ method: 'GET', url: `/v1/admin/audit-log?${q({ from: RANGE_START, to: v })}` }) },
  ...['entries', 'totals', 'export.csv'].flatMap((route): RestRow[] => [
    {
      input: `GET /v1/admin/ledger/${route} query.from`,
      path: 'from',
      send: (v) => ({ method: 'GET', url: `/v1/admin/ledger/${route}?${q({ from: v, to: RANGE_END })}` }),
    },
    {
      input: `GET /v1/admin/ledger/${route} query.to`,
      path: 'to',
      send: (v) => ({ method: 'GET', url: `/v1/admin/ledger/${route}?${q({ from: RANGE_START, to: v })}` }),
    },
  ]),
];

/** One GraphQL input: the root field, its arguments with the value in place, and the error path that names it. */
interface GqlRow {
  input: string;
  path: string;
  valid?: string;
  root: 'query' | 'mutation';
  field: string;
  args: (v: string, ids: Ids) => Record<string, unknown>;
}
const gqlQuote = { srcChain: 'base', srcToken: 'USDC', dstChain: 'arbitrum', dstToken: 'USDC', sender: RECIPIENT, recipient: RECIPIENT };
const gqlInvoice = { lineItems: [lineItem('10000000')], settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT };
const gqlSubscription = { ...gqlInvoice, customerEmail: 'ap@customer.example', interval: 'month' };

const GQL_AMOUNTS: GqlRow[] = [
  {
    input: 'CreateCheckoutSessionInput.amount',
    path: 'amount',
    root: 'mutation',
    field: 'createCheckoutSession',
    args: (v) => ({ input: { ...sessionBody, amount: v } }),
  },
  {
    input: 'CreateCheckoutRefundInput.amount',
    path: 'amount',
    root: 'mutation',
    field: 'createCheckoutRefund',
    args: (v, ids) => ({ input: { sessionId: ids.session, amount: v } }),
  },
  {
    input: 'InvoiceLineItemInput.unitAmount',
    path: 'lineItems.0.unitAmount',
    root: 'mutation',
    field: 'createInvoice',
    args: (v) => ({ input: { ...gqlInvoice, lineItems: [lineItem(v)] } }),
  },
  {
    input: 'InvoiceLineItemInput.unitAmount',
    path: 'lineItems.0.unitAmount',
    root: 'mutation',
    field: 'updateInvoice',
    args: (v, ids) => ({ input: { id: ids.invoice, lineItems: [lineItem(v)] } }),
  },
  {
    input: 'BillingSubscriptionLineItemInput.unitAmount',
    path: 'lineItems.0.unitAmount',
    root: 'mutation',
    field: 'createBillingSubscription',
    args: (v) => ({ input: { ...gqlSubscription, lineItems: [lineItem(v)] } }),
  },
  {
    input: 'BillingSubscriptionLineItemInput.unitAmount',
    path: 'lineItems.0.unitAmount',
    root: 'mutation',
    field: 'updateBillingSubscription',
    args: (v, ids) => ({ input: { id: ids.subscription, lineItems: [lineItem(v)] } }),
  },
  { input: 'QuoteInput.amount', path: 'amount', root: 'query', field: 'quote', args: (v) => ({ input: { ...gqlQuote, amount: v } }) },
  { input: 'QuoteInput.dstAmount', path: 'dstAmount', root: 'query', field: 'quote', args: (v) => ({ input: { ...gqlQuote, dstAmount: v } }) },
  {
    input: 'DestinationCallInput.value',
    path: 'calls.0.value',
    root: 'query',
    field: 'quoteWithCalls',
    args: (v) => ({ input: { quote: { ...gqlQuote, dstAmount: VALID }, calls: [{ ...CALL, value: v }] } }),
  },
  {
    input: 'CallsActionInput.value',
    path: 'action.value',
    root: 'query',
    field: 'quoteWithCalls',
    args: (v) => ({ input: { quote: { ...gqlQuote, dstToken: NATIVE, dstAmount: VALID }, action: { type: 'contractCall', ...CALL, value: v } } }),
  },
  {
    input: 'CreateDepositAddressInput.amount',
    path: 'amount',
    valid: '25000000',
    root: 'mutation',
    field: 'createDepositAddress',
    args: (v) => ({ input: { ...depositBody, reusable: false, amount: v } }),
  },
  {
    input: 'SimulateDepositInput.amount',
    path: 'amount',
    root: 'mutation',
    field: 'simulateDeposit',
    args: (v, ids) => ({ input: { id: ids.depositAddress, amount: v } }),
  },
  {
    input: 'CreateLimitOrderInput.makingAmount',
    path: 'makingAmount',
    root: 'mutation',
    field: 'createLimitOrder',
    args: (v) => ({ input: { ...limitOrderBody, makingAmount: v } }),
  },
  {
    input: 'CreateLimitOrderInput.takingAmount',
    path: 'takingAmount',
    root: 'mutation',
    field: 'createLimitOrder',
    args: (v) => ({ input: { ...limitOrderBody, takingAmount: v } }),
  },
];

const GQL_TOTALS: GqlRow[] = [
  {
    input: 'createInvoice',
    path: 'lineItems',
    root: 'mutation',
    field: 'createInvoice',
    args: (v) => ({ input: { ...gqlInvoice, lineItems: [lineItem(v, 2)] } }),
  },
  {
    input: 'updateInvoice',
    path: 'lineItems',
    root: 'mutation',
    field: 'updateInvoice',
    args: (v, ids) => ({ input: { id: ids.invoice, lineItems: [lineItem(v), lineItem(v)] } }),
  },
  {
    input: 'createBillingSubscription',
    path: 'lineItems',
    root: 'mutation',
    field: 'createBillingSubscription',
    args: (v) => ({ input: { ...gqlSubscription, lineItems: [lineItem(v, 2)] } }),
  },
];

const GQL_DATES: GqlRow[] = [
  { input: 'CreateApiKeyInput.expiresAt', path: 'expiresAt', root: 'mutation', field: 'createApiKey', args: (v) => ({ input: { expiresAt: v } }) },
  { input: 'CreateInvoiceInput.dueAt', path: 'dueAt', root: 'mutation', field: 'createInvoice', args: (v) => ({ input: { ...gqlInvoice, dueAt: v } }) },
  { input: 'UpdateInvoiceInput.dueAt', path: 'dueAt', root: 'mutation', field: 'updateInvoice', args: (v, ids) => ({ input: { id: ids.invoice, dueAt: v } }) },
  {
    input: 'CreateBillingSubscriptionInput.startAt',
    path: 'startAt',
    root: 'mutation',
    field: 'createBillingSubscription',
    args: (v) => ({ input: { ...gqlSubscription, startAt: v } }),
  },
  { input: 'CreateTestClockInput.frozenAt', path: 'frozenAt', root: 'mutation', field: 'createTestClock', args: (v) => ({ input: { frozenAt: v } }) },
  {
    input: 'AdvanceTestClockInput.frozenAt',
    path: 'frozenAt',
    root: 'mutation',
    field: 'advanceTestClock',
    args: (v, ids) => ({ input: { id: ids.graphqlClock, frozenAt: v } }),
  },
  {
    input: 'CreateLimitOrderInput.expiresAt',
    path: 'expiresAt',
    root: 'mutation',
    field: 'createLimitOrder',
    args: (v) => ({ input: { ...limitOrderBody, expiresAt: v } }),
  },
  // Fields with more than one argument: the bound under test, and the other one around REAL_TIME.
  {
    input: 'Query.csvExport(startAt)',
    path: 'startAt',
    root: 'query',
    field: 'csvExport',
    args: (v) => ({ kind: 'orders', startAt: v, endAt: RANGE_END }),
  },
  { input: 'Query.csvExport(endAt)', path: 'endAt', root: 'query', field: 'csvExport', args: (v) => ({ kind: 'orders', startAt: RANGE_START, endAt: v }) },
  {
    input: 'Query.dashboardOverview(startAt)',
    path: 'startAt',
    root: 'query',
    field: 'dashboardOverview',
    args: (v) => ({ startAt: v, endAt: RANGE_END }),
  },
  {
    input: 'Query.partnerProfile(startAt)',
    path: 'startAt',
    root: 'query',
    field: 'partnerProfile',
    args: (v) => ({ startAt: v, endAt: RANGE_END }),
  },
  {
    input: 'Query.partnerProfile(endAt)',
    path: 'endAt',
    root: 'query',
    field: 'partnerProfile',
    args: (v) => ({ startAt: RANGE_START, endAt: v }),
  },
  {
    input: 'Query.dashboardOverview(endAt)',
    path: 'endAt',
    root: 'query',
    field: 'dashboardOverview',
    args: (v) => ({ startAt: RANGE_START, endAt: v }),
  },
  {
    input: 'RequestLogFilter.startAt',
    path: 'startAt',
    root: 'query',
    field: 'requestLogs',
    args: (v) => ({ filter: { startAt: v, endAt: RANGE_END } }),
  },
  {
    input: 'RequestLogFilter.endAt',
    path: 'endAt',
    root: 'query',
    field: 'requestLogs',
    args: (v) => ({ filter: { startAt: RANGE_START, endAt: v } }),
  },
  { input: 'AdminAuditLogFilter.startAt', path: 'startAt', root: 'query', field: 'adminAuditLog', args: (v) => ({ filter: { startAt: v, endAt: RANGE_END } }) },
  { input: 'AdminAuditLogFilter.endAt', path: 'endAt', root: 'query', field: 'adminAuditLog', args: (v) => ({ filter: { startAt: RANGE_START, endAt: v } }) },
  {
    input: 'AdminLedgerEntryFilter.startAt',
    path: 'startAt',
    root: 'query',
    field: 'adminLedgerEntries',
    args: (v) => ({ filter: { startAt: v, endAt: RANGE_END } }),
  },
  {
    input: 'AdminLedgerEntryFilter.endAt',
    path: 'endAt',
    root: 'query',
    field: 'adminLedgerEntries',
    args: (v) => ({ filter: { startAt: RANGE_START, endAt: v } }),
  },
  { input: 'Query.adminLedgerBalances(asOfAt)', path: 'asOfAt', root: 'query', field: 'adminLedgerBalances', args: (v) => ({ asOfAt: v }) },
  ...['adminLedgerTotals', 'adminLedgerCsv'].flatMap((field): GqlRow[] => [
    { input: `Query.${field}(startAt)`, path: 'startAt', root: 'query', field, args: (v) => ({ startAt: v, endAt: RANGE_END }) },
    { input: `Query.${field}(endAt)`, path: 'endAt', root: 'query', field, args: (v) => ({ startAt: RANGE_START, endAt: v }) },
  ]),
];
/** Calendar dates (`dueOn`, and REST `dueAt` in its date form): the impossible ones are refused too. */
const GQL_DUE_ON: GqlRow[] = [
  { input: 'CreateInvoiceInput.dueOn', path: 'dueAt', root: 'mutation', field: 'createInvoice', args: (v) => ({ input: { ...gqlInvoice, dueOn: v } }) },
  { input: 'UpdateInvoiceInput.dueOn', path: 'dueAt', root: 'mutation', field: 'updateInvoice', args: (v, ids) => ({ input: { id: ids.invoice, dueOn: v } }) },
];

interface Answer {
  status: number;
  code?: string;
  message?: string;
  /** The field an error names (REST `message` prefix, GraphQL `extensions.field` or the error member's `field`). */
  field?: string;
  text: string;
}

/** The root field's arguments the row sends (one, or several: `csvExport(kind, startAt, endAt)`), and its result type. */
const fieldOf = (root: 'query' | 'mutation', field: string, sent: readonly string[]) => {
  const f = (root === 'query' ? graphqlSchema.getQueryType() : graphqlSchema.getMutationType())!.getFields()[field];
  const args = sent.map((name) => {
    const arg = f.args.find((a) => a.name === name);
    if (!arg) throw new Error(`${field} has no argument ${name}`);
    return arg;
  });
  return { args, result: getNamedType(f.type) };
};

describe.each(backends)('amounts and dates at the edge, REST and GraphQL (%s)', (backend) => {
  let target: FuzzTarget;
  let database: TestDatabase;
  let ids: Ids;

  /** The owner's dashboard session: dashboard routes take it instead of the key. */
  let dashboard: Record<string, string>;
  const http = async (method: string, url: string, body?: unknown) => {
    // Dashboard routes take the session, operator routes the admin token; GraphQL gets the key and the admin token.
    const credential = url.startsWith('/v1/dashboard/')
      ? dashboard
      : url.startsWith('/v1/admin/')
        ? adminHeaders()
        : { 'x-api-key': target.keys.owner, ...(url === '/graphql' ? adminHeaders() : {}) };
    const res = await fetch(target.url + url, {
      method,
      headers: { ...credential, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  };

  const rest = async (row: RestRow, v: string): Promise<Answer> => {
    const { method, url, body } = row.send(v, ids);
    const r = await http(method, url, body);
    const error = r.status >= 400 ? (JSON.parse(r.text) as { error: { code: string; message: string } }).error : undefined;
    return { status: r.status, code: error?.code, message: error?.message, field: error?.message.split(':')[0], text: r.text.slice(0, 300) };
  };

  const graphql = async (row: GqlRow, v: string): Promise<Answer> => {
    const variables = row.args(v, ids);
    const { args, result } = fieldOf(row.root, row.field, Object.keys(variables));
    const members = isUnionType(result) ? result.getTypes().map((t) => t.name) : [];
    const selection = isLeafType(result)
      ? ''
      : members.length
        ? `{ __typename ... on Error { code message } ${members.includes('AmountTooLargeError') ? '... on AmountTooLargeError { field }' : ''} }`
        : '{ __typename }';
    const declared = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
    const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const query = `${row.root} (${declared}) { ${row.field}(${passed}) ${selection} }`;
    const r = await http('POST', '/graphql', { query, variables });
    const body = JSON.parse(r.text) as {
      data?: Record<string, { __typename: string; code?: string; message?: string; field?: string } | null>;
      errors?: Array<{ message: string; extensions: { code: string; field?: string } }>;
    };
    const e = body.errors?.[0];
    if (e) return { status: r.status, code: e.extensions.code, message: e.message, field: e.extensions.field, text: r.text.slice(0, 300) };
    const member = body.data?.[row.field];
    return { status: r.status, code: member?.code, message: member?.message, field: member?.field, text: r.text.slice(0, 300) };
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    target = await startFuzzTarget({ env: database.env });
    const owner = await target.app.services.accounts.authenticate(target.keys.owner);
    const member = await target.app.services.accounts.ensureMember(owner.accountId, 'evm', '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65', 'owner');
    const { token } = await target.app.services.auth.createSession(member, {});
    dashboard = { cookie: `${target.app.services.auth.cookieName}=${token}`, origin: target.app.infra.config.PUBLIC_URL };
    const made = async (method: string, url: string, body: unknown) => {
      const r = await http(method, url, body);
      if (r.status >= 300) throw new Error(`${url} answered ${r.status}: ${r.text}`);
      return (JSON.parse(r.text) as { id: string }).id;
    };
    ids = {
      session: target.ids.sessions[0],
      invoice: target.ids.invoices[0], // a draft
      subscription: await made('POST', '/v1/subscriptions', subscriptionBody),
      depositAddress: await made('POST', '/v1/deposit-addresses', depositBody),
      restClock: await made('POST', '/v1/test-clocks', { frozenTime: '2030-11-22T00:00:00Z' }),
      graphqlClock: await made('POST', '/v1/test-clocks', { frozenTime: '2030-11-22T00:00:00Z' }),
    };
  });
  afterAll(async () => {
    await target?.close();
    await database?.drop();
    closeTransport();
  });

  it('the tables cover every amount and date input the walks find', () => {
    // The dashboard's mirrors take their original's schemas (test/validation/amount-fields.test.ts): the original's row checks them.
    const own = restRoutes.filter((r) => !(r.access === 'session' && restRoutes.some((o) => o.access !== 'session' && o.handler === r.handler)));
    expect([...new Set(REST_AMOUNTS.map((r) => r.input))].sort()).toEqual(summary(restFields(own), 'amount'));
    expect([...new Set(REST_DATES.map((r) => r.input))].sort()).toEqual(summary(restFields(own), 'date'));
    expect([...new Set(GQL_AMOUNTS.map((r) => r.input))].sort()).toEqual(summary(graphqlFields(graphqlSchema), 'amount'));
    expect([...new Set(GQL_DATES.map((r) => r.input))].sort()).toEqual(summary(graphqlFields(graphqlSchema), 'date'));
  });

  it('REST amounts: 2^256 is AMOUNT_TOO_LARGE and leading zeros INVALID_PARAMS, naming the field; a valid amount passes it', async () => {
    const wrong: unknown[] = [];
    for (const row of REST_AMOUNTS) {
      const big = await rest(row, TOO_LARGE);
      if (big.status !== 400 || big.code !== 'AMOUNT_TOO_LARGE' || big.field !== row.path) wrong.push([row.input, '2^256', big.text]);
      const zeros = await rest(row, LEADING_ZEROS);
      if (zeros.status !== 400 || zeros.code !== 'INVALID_PARAMS' || zeros.message !== `${row.path}: must have no leading zeros (send "${VALID}")`)
        wrong.push([row.input, LEADING_ZEROS, zeros.text]);
      const valid = await rest(row, row.valid ?? VALID);
      if (valid.field === row.path || valid.status >= 500) wrong.push([row.input, VALID, valid.text]);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('REST totals: line items whose Σ quantity × unitAmount is 2^256 are AMOUNT_TOO_LARGE naming lineItems', async () => {
    for (const row of REST_TOTALS)
      expect([row.input, await rest(row, HALF)]).toMatchObject([row.input, { status: 400, code: 'AMOUNT_TOO_LARGE', field: 'lineItems' }]);
  });

  it('GraphQL amounts: 2^256 is AMOUNT_TOO_LARGE and leading zeros INVALID_PARAMS, naming the field; a valid amount passes it', async () => {
    const wrong: unknown[] = [];
    for (const row of GQL_AMOUNTS) {
      const big = await graphql(row, TOO_LARGE);
      if (big.code !== 'AMOUNT_TOO_LARGE' || big.field !== row.path) wrong.push([row.field, row.input, '2^256', big.text]);
      const zeros = await graphql(row, LEADING_ZEROS);
      if (zeros.code !== 'INVALID_PARAMS' || zeros.message !== `${row.path}: must have no leading zeros (send "${VALID}")`)
        wrong.push([row.field, row.input, LEADING_ZEROS, zeros.text]);
      const valid = await graphql(row, row.valid ?? VALID);
      if (valid.field === row.path || valid.code === 'INTERNAL' || valid.message?.startsWith(`${row.path}:`))
        wrong.push([row.field, row.input, VALID, valid.text]);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('GraphQL totals: line items whose Σ quantity × unitAmount is 2^256 are AMOUNT_TOO_LARGE naming lineItems', async () => {
    for (const row of GQL_TOTALS) expect([row.input, await graphql(row, HALF)]).toMatchObject([row.input, { code: 'AMOUNT_TOO_LARGE', field: 'lineItems' }]);
  });

  it('REST dates: Feb 30, Apr 31, Feb 29 of 2031, hour 24, minute 60 and instants outside 1970-9999 are INVALID_PARAMS naming the field; a real date passes it', async () => {
    const wrong: unknown[] = [];
    for (const row of REST_DATES) {
      for (const v of BAD_TIMES) {
        const a = await rest(row, v);
        if (a.status !== 400 || a.code !== 'INVALID_PARAMS' || a.field !== row.path) wrong.push([row.input, v, a.text]);
      }
      const real = await rest(row, REAL_TIME);
      if (real.field === row.path || real.status >= 500) wrong.push([row.input, REAL_TIME, real.text]);
    }
    for (const row of REST_DATES.filter((r) => r.path === 'dueAt')) {
      for (const v of IMPOSSIBLE_DATES) {
        const a = await rest(row, v);
        if (a.status !== 400 || a.code !== 'INVALID_PARAMS' || a.field !== 'dueAt') wrong.push([row.input, v, a.text]);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('the test clock advance of the issue: 2027-02-30 is 400 INVALID_PARAMS, not 200 rolled to 2 March', async () => {
    const clock = await http('POST', '/v1/test-clocks', { frozenTime: '2026-11-22T00:00:00Z' });
    const id = (JSON.parse(clock.text) as { id: string }).id;
    const r = await http('POST', `/v1/test-clocks/${id}/advance`, { frozenTime: '2027-02-30T00:00:00Z' });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text).error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(/^frozenTime: /) });
    const after = JSON.parse((await http('GET', `/v1/test-clocks/${id}`)).text) as { frozenTime: string };
    expect(after.frozenTime).toBe('2026-11-22T00:00:00.000Z');
  });

  it('GraphQL dates: the same impossible and out-of-range dates are INVALID_PARAMS (the DateTime scalar and dueOn); a real date passes', async () => {
    const wrong: unknown[] = [];
    for (const row of GQL_DATES) {
      for (const v of BAD_TIMES) {
        const a = await graphql(row, v);
        if (a.code !== 'INVALID_PARAMS' || !a.message?.includes('DateTime: not a valid ISO 8601 timestamp')) wrong.push([row.field, row.input, v, a.text]);
      }
      const real = await graphql(row, REAL_TIME);
      if (real.code === 'INVALID_PARAMS' && /DateTime|dueAt|startAt|frozen|expiresAt/.test(real.message ?? ''))
        wrong.push([row.field, row.input, REAL_TIME, real.text]);
    }
    for (const row of GQL_DUE_ON) {
      for (const v of IMPOSSIBLE_DATES) {
        const a = await graphql(row, v);
        if (a.code !== 'INVALID_PARAMS' || !a.message?.startsWith('dueAt: ')) wrong.push([row.field, row.input, v, a.text]);
      }
      const real = await graphql(row, '2031-03-02');
      if (real.code !== undefined) wrong.push([row.field, row.input, '2031-03-02', real.text]);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('ranges: a start not before its end, or a range longer than allowed, is INVALID_PARAMS naming the field, never 500', async () => {
    const later = '2031-06-01T00:00:00Z';
    const rest = (url: string, body?: unknown) => http(body === undefined ? 'GET' : 'POST', url, body);
    const cases: Array<[string, Promise<{ status: number; text: string }>, string]> = [
      ...['orders', 'checkout_sessions', 'invoices', 'deposits'].map((kind): [string, Promise<{ status: number; text: string }>, string] => [
        `${kind}.csv from = to`,
        rest(`/v1/dashboard/exports/${kind}.csv?${q({ from: later, to: later })}`),
        'from',
      ]),
      ['request logs from after to', rest(`/v1/dashboard/request-logs?${q({ from: later, to: RANGE_START })}`), 'from'],
      ['orders startTime after endTime', rest(`/v1/orders?${q({ startTime: later, endTime: RANGE_START })}`), 'startTime'],
      ['an API key that expired already', rest('/v1/dashboard/api-keys', { expiresAt: '2020-01-01T00:00:00Z' }), 'expiresAt'],
    ];
    const wrong: unknown[] = [];
    for (const [what, answer, field] of cases) {
      const r = await answer;
      const error = r.status >= 400 ? (JSON.parse(r.text) as { error: { code: string; message: string } }).error : undefined;
      if (r.status !== 400 || error?.code !== 'INVALID_PARAMS' || !error.message.startsWith(`${field}:`)) wrong.push([what, r.status, r.text.slice(0, 300)]);
    }
    const gql = async (what: string, query: string, variables: Record<string, unknown>, field: string) => {
      const r = await http('POST', '/graphql', { query, variables });
      const e = (JSON.parse(r.text) as { errors?: Array<{ message: string; extensions: { code: string; field?: string } }> }).errors?.[0];
      if (e?.extensions.code !== 'INVALID_PARAMS' || !e.message.startsWith(`${field}:`) || (e.extensions.field ?? field) !== field)
        wrong.push([what, r.status, r.text.slice(0, 300)]);
    };
    await gql(
      'csvExport startAt = endAt',
      'query ($s: DateTime, $e: DateTime) { csvExport(kind: orders, startAt: $s, endAt: $e) }',
      { s: later, e: later },
      'startAt',
    );
    await gql(
      'dashboardOverview endAt before startAt',
      'query ($s: DateTime!, $e: DateTime!) { dashboardOverview(startAt: $s, endAt: $e) { startAt } }',
      { s: later, e: RANGE_START },
      'endAt',
    );
    await gql(
      'dashboardOverview over more days than allowed',
      'query ($s: DateTime!, $e: DateTime!) { dashboardOverview(startAt: $s, endAt: $e) { startAt } }',
      { s: '2001-01-01T00:00:00Z', e: RANGE_END },
      'startAt',
    );
    await gql(
      'requestLogs startAt after endAt',
      'query ($f: RequestLogFilter) { requestLogs(filter: $f) { nodes { id } } }',
      { f: { startAt: later, endAt: RANGE_START } },
      'startAt',
    );
    expect(wrong).toEqual([]);
  });

  it('usage days (calendar days, not instants: the exceptions of the walk): impossible days are INVALID_PARAMS naming the field', async () => {
    const wrong: unknown[] = [];
    for (const field of ['from', 'to']) {
      for (const v of IMPOSSIBLE_DATES) {
        const other: Record<string, string> = field === 'from' ? { to: '2031-12-31' } : { from: '2031-01-01' };
        const r = await http('GET', `/v1/dashboard/usage?${q({ ...other, [field]: v })}`);
        if (r.status !== 400 || !(JSON.parse(r.text) as { error: { message: string } }).error.message.startsWith(`${field}:`))
          wrong.push(['REST', field, v, r.text]);
        const g = await http('POST', '/graphql', { query: `query ($v: String) { usage(${field}: $v) { nodes { day } } }`, variables: { v } });
        const e = (JSON.parse(g.text) as { errors?: Array<{ message: string; extensions: { code: string } }> }).errors?.[0];
        if (e?.extensions.code !== 'INVALID_PARAMS' || !e.message.startsWith(`${field}:`)) wrong.push(['GraphQL', field, v, g.text]);
      }
    }
    expect(wrong).toEqual([]);
  });
});
