import { z } from 'zod';
import { reply, type Route } from './router.js';
import { parseInput } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { pageSchema } from '../openapi/common.js';
import {
  advanceTestClockSchema,
  cancelSubscriptionSchema,
  createSubscriptionSchema,
  createTestClockSchema,
  listSubscriptionsSchema,
  listTestClocksSchema,
  subscriptionIdParamSchema,
  testClockIdParamSchema,
  updateSubscriptionSchema,
} from '../billing/input.js';
import { subscriptionDetailSchema, subscriptionViewSchema, testClockViewSchema, type SubscriptionView, type TestClockView } from '../billing/views.js';

const LINE_ITEMS = [{ description: 'Pro plan', quantity: 1, unitAmount: '49000000' }];
const CREATE_BODY = {
  customerEmail: 'ap@customer.example',
  customerName: 'Customer GmbH',
  merchantName: 'Acme Tools',
  lineItems: LINE_ITEMS,
  settleChain: 'base',
  settleToken: 'USDC',
  recipient: EX.merchant,
  interval: 'month',
  metadata: { plan: 'pro' },
};
const SUB: SubscriptionView = {
  id: EX.subscriptionId,
  object: 'subscription',
  livemode: false,
  status: 'active',
  cancelAtPeriodEnd: false,
  customerEmail: 'ap@customer.example',
  customerName: 'Customer GmbH',
  merchantName: 'Acme Tools',
  replyTo: null,
  settlement: { chainId: 8453, token: EX.baseUsdc, symbol: 'USDC', decimals: 6 },
  recipient: EX.merchant,
  lineItems: LINE_ITEMS,
  amount: '49000000',
  interval: 'month',
  intervalCount: 1,
  daysUntilDue: 7,
  metadata: { plan: 'pro' },
  testClockId: null,
  startAt: EX.createdAt,
  trialEndAt: null,
  billingCycleAnchor: EX.createdAt,
  currentPeriodIndex: 0,
  currentPeriodStart: EX.createdAt,
  currentPeriodEnd: '2026-12-22T13:59:11.482Z',
  nextInvoiceAt: '2026-12-22T13:59:11.482Z',
  latestInvoiceId: EX.openInvoiceId,
  canceledAt: null,
  cancellationReason: null,
  createdAt: EX.createdAt,
  updatedAt: EX.createdAt,
};
const CLOCK: TestClockView = {
  id: EX.testClockId,
  object: 'test_clock',
  livemode: false,
  name: 'Annual plan rehearsal',
  frozenTime: '2026-11-22T00:00:00.000Z',
  status: 'ready',
  createdAt: EX.createdAt,
  updatedAt: EX.createdAt,
};
const subPath = { id: EX.subscriptionId };
const clockPath = { id: EX.testClockId };

const deletedClockSchema = z.object({ id: z.string(), object: z.literal('test_clock'), deleted: z.literal(true) });

/**
 * Subscriptions and test clocks, Stripe-like:
 *   POST   /v1/subscriptions                  key  create → 201 (the first invoice goes out when billing starts now)
 *   GET    /v1/subscriptions                  key  list (?status, ?limit, ?cursor), newest first
 *   GET    /v1/subscriptions/:id              key  with its periods and invoices
 *   PATCH  /v1/subscriptions/:id              key  line items, metadata (from the next period)
 *   POST   /v1/subscriptions/:id/cancel       key  { atPeriodEnd }
 *   POST   /v1/subscriptions/:id/resume       key  undo a cancel at period end
 *   POST   /v1/test-clocks                    key  (test mode) create → 201
 *   GET    /v1/test-clocks[/:id]              key  list, read
 *   DELETE /v1/test-clocks/:id                key  delete with its subscriptions
 *   POST   /v1/test-clocks/:id/advance        key  move time forward, running every due step
 */
export const subscriptionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/subscriptions',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'write' },
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: async ({ services, auth, body }) => reply(201, await services.subscriptions.create(auth!, parseInput(createSubscriptionSchema, body))),
    doc: {
      operationId: 'createSubscription',
      tag: 'Subscriptions',
      summary: 'Create a subscription',
      description:
        'Bills `lineItems` every `intervalCount` × `interval` (`day`, `week`, `month`, `year`) from `startAt` (default now) or the end of a `trialDays` trial. Each period an invoice is issued, numbered and emailed to `customerEmail`, due `daysUntilDue` days (default 7) after the period starts. `testClockId` (test mode) attaches a test clock.',
      body: { schema: createSubscriptionSchema },
      responses: { 201: json('The subscription.', subscriptionViewSchema, { created: SUB }) },
      errors: ['UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'AMOUNT_TOO_LARGE', 'CONFLICT'],
      examples: {
        monthly: { summary: 'Monthly, 49 USDC on Base, starting now', body: CREATE_BODY },
        trial: { summary: 'Yearly after a 14-day trial', body: { ...CREATE_BODY, interval: 'year', trialDays: 14 } },
        onClock: { summary: 'On a test clock', body: { ...CREATE_BODY, testClockId: EX.testClockId } },
        badInterval: { summary: 'An unknown interval is refused', body: { ...CREATE_BODY, interval: 'fortnight' }, status: 400 },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'read' },
    handler: ({ services, auth, query }) => services.subscriptions.list(auth!, parseInput(listSubscriptionsSchema, Object.fromEntries(query.entries()))),
    doc: {
      operationId: 'listSubscriptions',
      tag: 'Subscriptions',
      summary: 'List subscriptions',
      description: "Newest first; subscriptions of the key's account and mode.",
      query: listSubscriptionsSchema,
      responses: {
        200: json('A page of subscriptions.', pageSchema(subscriptionViewSchema), { page: { object: 'list', data: [SUB], hasMore: false, nextCursor: null } }),
      },
      examples: {
        pastDue: { summary: 'Past-due subscriptions', query: { status: 'past_due', limit: '10' } },
        badStatus: { summary: 'An unknown status is refused', query: { status: 'unpaid' }, status: 400 },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'read' },
    handler: ({ services, auth, params }) => services.subscriptions.get(auth!, params.id),
    doc: {
      operationId: 'getSubscription',
      tag: 'Subscriptions',
      summary: 'Read a subscription',
      description: 'With its billed periods (dunning progress of each) and their invoices, newest first (at most 100).',
      params: subscriptionIdParamSchema,
      responses: { 200: json('The subscription with its invoices.', subscriptionDetailSchema) },
      errors: ['NOT_FOUND'],
      examples: { byId: { summary: 'A subscription by id', params: subPath } },
    },
  },
  {
    method: 'PATCH',
    path: '/v1/subscriptions/:id',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'write' },
    handler: ({ services, auth, params, body }) => services.subscriptions.update(auth!, params.id, parseInput(updateSubscriptionSchema, body)),
    doc: {
      operationId: 'updateSubscription',
      tag: 'Subscriptions',
      summary: 'Change what a subscription bills',
      description:
        'Line items and metadata; the invoice already issued for the current period stays as it is, the next period bills the new items. Canceled → 409 `CONFLICT`.',
      params: subscriptionIdParamSchema,
      body: { schema: updateSubscriptionSchema, required: false },
      responses: {
        200: json('The subscription.', subscriptionViewSchema, {
          updated: { ...SUB, lineItems: [{ description: 'Team plan', quantity: 3, unitAmount: '29000000' }], amount: '87000000' },
        }),
      },
      errors: ['NOT_FOUND', 'CONFLICT', 'AMOUNT_TOO_LARGE'],
      examples: {
        items: {
          summary: 'Three seats of the team plan from the next period',
          params: subPath,
          body: { lineItems: [{ description: 'Team plan', quantity: 3, unitAmount: '29000000' }] },
        },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id/cancel',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.subscriptions.cancel(auth!, params.id, parseInput(cancelSubscriptionSchema, body ?? {})),
    doc: {
      operationId: 'cancelSubscription',
      tag: 'Subscriptions',
      summary: 'Cancel a subscription',
      description:
        'Now (`canceled`; invoices already issued stay as they are), or with `atPeriodEnd: true` at the end of the current period (`cancelAtPeriodEnd`; no further invoice; undo with resume). Already canceled → 409 `CONFLICT`.',
      params: subscriptionIdParamSchema,
      body: { schema: cancelSubscriptionSchema, required: false },
      responses: { 200: json('The subscription.', subscriptionViewSchema, { atPeriodEnd: { ...SUB, cancelAtPeriodEnd: true, nextInvoiceAt: null } }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        atPeriodEnd: { summary: 'At the end of the current period', params: subPath, body: { atPeriodEnd: true } },
        now: { summary: 'Right away', params: subPath, body: { atPeriodEnd: false } },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id/resume',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params }) => services.subscriptions.resume(auth!, params.id),
    doc: {
      operationId: 'resumeSubscription',
      tag: 'Subscriptions',
      summary: 'Resume a subscription set to cancel at its period end',
      description: 'Clears `cancelAtPeriodEnd` before the period ends; billing goes on. Anything else → 409 `CONFLICT`.',
      params: subscriptionIdParamSchema,
      responses: { 200: json('The subscription.', subscriptionViewSchema, { resumed: SUB }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: { resume: { summary: 'Resume', params: subPath } },
    },
  },
  {
    method: 'POST',
    path: '/v1/test-clocks',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'write' },
    idempotent: true,
    handler: async ({ services, auth, body }) => reply(201, await services.subscriptions.createTestClock(auth!, parseInput(createTestClockSchema, body ?? {}))),
    doc: {
      operationId: 'createTestClock',
      tag: 'Subscriptions',
      summary: 'Create a test clock',
      description:
        'Test mode only (a live key → 403 `FORBIDDEN`). A clock starts at `frozenTime` (default now) and stays there until advanced; subscriptions attached to it at creation live in its time.',
      body: { schema: createTestClockSchema, required: false },
      responses: { 201: json('The clock.', testClockViewSchema, { created: CLOCK }) },
      errors: ['FORBIDDEN'],
      examples: { create: { summary: 'A clock at a fixed time', body: { name: 'Annual plan rehearsal', frozenTime: '2026-11-22T00:00:00Z' } } },
    },
  },
  {
    method: 'GET',
    path: '/v1/test-clocks',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'read' },
    handler: ({ services, auth, query }) => services.subscriptions.listTestClocks(auth!, parseInput(listTestClocksSchema, Object.fromEntries(query.entries()))),
    doc: {
      operationId: 'listTestClocks',
      tag: 'Subscriptions',
      summary: 'List test clocks',
      description: 'Newest first (always empty for a live key).',
      query: listTestClocksSchema,
      responses: {
        200: json('A page of clocks.', pageSchema(testClockViewSchema), { page: { object: 'list', data: [CLOCK], hasMore: false, nextCursor: null } }),
      },
      examples: { all: { summary: 'All clocks', query: {} } },
    },
  },
  {
    method: 'GET',
    path: '/v1/test-clocks/:id',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'read' },
    handler: ({ services, auth, params }) => services.subscriptions.getTestClock(auth!, params.id),
    doc: {
      operationId: 'getTestClock',
      tag: 'Subscriptions',
      summary: 'Read a test clock',
      params: testClockIdParamSchema,
      responses: { 200: json('The clock.', testClockViewSchema, { ready: CLOCK }) },
      errors: ['NOT_FOUND'],
      examples: { byId: { summary: 'A clock by id', params: clockPath } },
    },
  },
  {
    method: 'DELETE',
    path: '/v1/test-clocks/:id',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'write' },
    handler: ({ services, auth, params }) => services.subscriptions.deleteTestClock(auth!, params.id),
    doc: {
      operationId: 'deleteTestClock',
      tag: 'Subscriptions',
      summary: 'Delete a test clock',
      description: 'The subscriptions attached to it are deleted with it; their invoices stay. While it advances → 409 `CONFLICT`.',
      params: testClockIdParamSchema,
      responses: { 200: json('Deleted.', deletedClockSchema, { deleted: { id: EX.testClockId, object: 'test_clock', deleted: true } }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: { remove: { summary: 'Delete a clock', params: clockPath } },
    },
  },
  {
    method: 'POST',
    path: '/v1/test-clocks/:id/advance',
    access: 'key',
    scope: { resource: 'subscriptions', level: 'write' },
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.subscriptions.advanceTestClock(auth!, params.id, parseInput(advanceTestClockSchema, body)),
    doc: {
      operationId: 'advanceTestClock',
      tag: 'Subscriptions',
      summary: 'Advance a test clock',
      description:
        'Moves the clock to `frozenTime` (later than now, at most 1100 days ahead) and, before answering, runs every step due in between for its subscriptions, in time order: period invoices, past due, reminder emails, cancellations. Another advance of the same clock in flight → 409 `CONFLICT`.',
      params: testClockIdParamSchema,
      body: { schema: advanceTestClockSchema },
      responses: { 200: json('The clock at its new time.', testClockViewSchema, { advanced: { ...CLOCK, frozenTime: '2026-12-22T00:00:00.000Z' } }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        month: { summary: 'One month ahead', params: clockPath, body: { frozenTime: '2026-12-22T00:00:00Z' } },
        back: { summary: 'Time never goes back', params: clockPath, body: { frozenTime: '2026-01-01T00:00:00Z' }, status: 400 },
      },
    },
  },
];
