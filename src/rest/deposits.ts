import { reply, type Route } from './router.js';
import { parseInput } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { pageSchema } from '../openapi/common.js';
import { createDepositAddressSchema, depositAddressIdParamSchema, listDepositAddressesSchema, simulateDepositSchema } from '../deposits/input.js';
import { depositAddressViewSchema, type DepositAddressView } from '../deposits/views.js';
import { orderViewSchema, type OrderView } from '../orders/views.js';

const CREATE_BODY = {
  srcChain: 'base',
  srcToken: 'USDC',
  dstChain: 'arbitrum',
  dstToken: 'USDC',
  recipient: EX.merchant,
  refundTo: EX.payer,
  label: 'user-42',
  metadata: { userId: '42' },
};
const ACTIVE: DepositAddressView = {
  id: EX.depositAddressId,
  object: 'deposit_address',
  livemode: false,
  status: 'active',
  provider: 'sandbox',
  address: EX.depositAddress,
  chainId: 8453,
  token: EX.baseUsdc,
  dstChainId: 42161,
  dstToken: EX.arbUsdc,
  recipient: EX.merchant,
  refundTo: EX.payer,
  reusable: true,
  amount: null,
  fees: { ourFeeBps: 20, integratorFeeBps: 0, integrator: null },
  label: 'user-42',
  metadata: { userId: '42' },
  depositCount: 0,
  lastDepositAt: null,
  estimate: { amount: '100000000', dstAmount: '99800000', dstAmountMin: '99300000', estimatedSeconds: 30 },
  createdAt: EX.createdAt,
  disabledAt: null,
};
const ORDER: OrderView = {
  quoteId: EX.depositQuoteId,
  status: 'submitted',
  provider: 'sandbox',
  srcChainId: 8453,
  dstChainId: 42161,
  amount: '25000000',
  dstAmount: '24950000',
  srcTxHash: EX.payerTx,
  dstTxHash: null,
  depositAddressId: EX.depositAddressId,
  limitOrderId: null,
  checkoutSessionId: null,
  ourFeeBps: 20,
  fillFeeAmount: null,
  fillFeeMint: null,
  partnerFeeBps: 0,
  integrator: null,
  providerState: null,
  submittedAt: EX.updatedAt,
  updatedAt: EX.updatedAt,
};
const WITH_DEPOSITS: DepositAddressView = {
  ...ACTIVE,
  depositCount: 1,
  lastDepositAt: EX.updatedAt,
  deposits: [
    {
      quoteId: EX.depositQuoteId,
      status: 'filled',
      amount: '25000000',
      dstAmount: '24950000',
      srcTxHash: EX.payerTx,
      dstTxHash: EX.refundTx,
      detectedAt: EX.updatedAt,
      updatedAt: EX.updatedAt,
    },
  ],
};
const active = { id: EX.depositAddressId };
const oneTime = { id: EX.oneTimeDepositAddressId };
const disabled = { id: EX.disabledDepositAddressId };

/**
 * Deposit addresses (beta), key only:
 *   POST /v1/deposit-addresses                 create → 201 (strict rate-limit bucket)
 *   GET  /v1/deposit-addresses                 list (?status, ?label, ?limit 1-100, ?cursor), newest first
 *   GET  /v1/deposit-addresses/:id             the address with its 20 most recent deposits
 *   POST /v1/deposit-addresses/:id/refresh     202: checks for deposits now
 *   POST /v1/deposit-addresses/:id/disable     tracking stops
 *   POST /v1/deposit-addresses/:id/simulate    test mode: a simulated deposit → a `submitted` order
 */
export const depositRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/deposit-addresses',
    access: 'key',
    scope: { resource: 'deposit_addresses', level: 'write' },
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: async ({ services, auth, body }) => reply(201, await services.deposits.create(auth!, parseInput(createDepositAddressSchema, body))),
    doc: {
      operationId: 'createDepositAddress',
      tag: 'Deposit addresses',
      summary: 'Create a deposit address',
      description:
        "An address of the provider (Relay in live mode, the `sandbox` in test mode) on `srcChain`: every deposit of `srcToken` there is swapped or bridged to `dstToken` for `recipient`, and becomes an order (`quoteId` `dep_…`, `order.*` events). Send only `srcToken`, worth at least 1 USD (`AMOUNT_TOO_SMALL` below). `refundTo` is the user's own wallet on the source chain, never an exchange deposit address. `reusable: false` makes a one-time address for exactly `amount` (required then). Fees are fixed now: the API channel fee plus any partner fee. A route the provider cannot serve → `UNSUPPORTED_CHAIN`.",
      body: { schema: createDepositAddressSchema },
      responses: {
        201: json('The deposit address.', depositAddressViewSchema, {
          reusable: ACTIVE,
          oneTime: {
            ...ACTIVE,
            id: EX.oneTimeDepositAddressId,
            reusable: false,
            amount: '25000000',
            estimate: { amount: '25000000', dstAmount: '24950000', dstAmountMin: '24825000', estimatedSeconds: 30 },
          },
        }),
      },
      errors: ['INVALID_PARAMS', 'UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'AMOUNT_TOO_SMALL', 'AMOUNT_TOO_LARGE', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT'],
      examples: {
        reusable: { summary: 'A reusable address: Base USDC → Arbitrum USDC', body: CREATE_BODY },
        oneTime: { summary: 'A one-time address for exactly 25 USDC', body: { ...CREATE_BODY, reusable: false, amount: '25000000' } },
        noAmount: { summary: 'A one-time address needs `amount`', body: { ...CREATE_BODY, reusable: false }, status: 400 },
        tooSmall: { summary: 'Worth less than 1 USD', body: { ...CREATE_BODY, reusable: false, amount: '500000' }, status: 400 },
        badRefund: {
          summary: '`refundTo` must be an address of the source chain',
          body: { ...CREATE_BODY, refundTo: 'GTtzwxqy67xx9DVESJjx28TgXqpc8xTqtiytgNMaQBTE' },
          status: 400,
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/deposit-addresses',
    access: 'key',
    scope: { resource: 'deposit_addresses', level: 'read' },
    handler: ({ services, auth, query }) => services.deposits.list(auth!, parseInput(listDepositAddressesSchema, Object.fromEntries(query.entries()))),
    doc: {
      operationId: 'listDepositAddresses',
      tag: 'Deposit addresses',
      summary: 'List deposit addresses',
      description: "Newest first; the addresses of the key's account and mode.",
      query: listDepositAddressesSchema,
      responses: {
        200: json('A page of deposit addresses.', pageSchema(depositAddressViewSchema), {
          page: { object: 'list', data: [ACTIVE], hasMore: false, nextCursor: null },
        }),
      },
      examples: {
        active: { summary: 'Active addresses, 10 per page', query: { status: 'active', limit: '10' } },
        label: { summary: 'By label', query: { label: 'user-42' } },
        badStatus: { summary: 'An unknown status is refused', query: { status: 'paused' }, status: 400 },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/deposit-addresses/:id',
    access: 'key',
    scope: { resource: 'deposit_addresses', level: 'read' },
    handler: ({ services, auth, params }) => services.deposits.get(auth!, params.id),
    doc: {
      operationId: 'getDepositAddress',
      tag: 'Deposit addresses',
      summary: 'Read a deposit address',
      description: 'With `deposits`: its 20 most recent deposits, newest first, each with its order (`quoteId`) and where it stands.',
      params: depositAddressIdParamSchema,
      responses: { 200: json('The deposit address with its recent deposits.', depositAddressViewSchema, { withDeposits: WITH_DEPOSITS }) },
      errors: ['NOT_FOUND'],
      examples: { byId: { summary: 'An address by id', params: active } },
    },
  },
  {
    method: 'POST',
    path: '/v1/deposit-addresses/:id/refresh',
    access: 'key',
    scope: { resource: 'deposit_addresses', level: 'write' },
    handler: async ({ services, auth, params }) => reply(202, await services.deposits.refresh(auth!, params.id)),
    doc: {
      operationId: 'refreshDepositAddress',
      tag: 'Deposit addresses',
      summary: 'Check for deposits now',
      description:
        'Asks the detection poller to check this address at once (202); new deposits show up in `deposits`, `GET /v1/orders` and `order.*` events. A disabled address → 409 `CONFLICT`.',
      params: depositAddressIdParamSchema,
      responses: { 202: json('Accepted: the address as it is now.', depositAddressViewSchema, { accepted: ACTIVE }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        refresh: { summary: 'Check an active address now', params: active, status: 202 },
        disabled: { summary: 'A disabled address is not tracked', params: disabled, status: 409 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/deposit-addresses/:id/disable',
    access: 'key',
    scope: { resource: 'deposit_addresses', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params }) => services.deposits.disable(auth!, params.id),
    doc: {
      operationId: 'disableDepositAddress',
      tag: 'Deposit addresses',
      summary: 'Disable a deposit address',
      description: 'Tracking stops: later deposits make no orders and no events (send nothing more to it). Disabling a disabled address answers it again.',
      params: depositAddressIdParamSchema,
      responses: { 200: json('The disabled address.', depositAddressViewSchema, { disabled: { ...ACTIVE, status: 'disabled', disabledAt: EX.updatedAt } }) },
      errors: ['NOT_FOUND'],
      examples: { disable: { summary: 'Disable an address', params: active } },
    },
  },
  {
    method: 'POST',
    path: '/v1/deposit-addresses/:id/simulate',
    access: 'key',
    scope: { resource: 'deposit_addresses', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.deposits.simulate(auth!, params.id, parseInput(simulateDepositSchema, body)),
    doc: {
      operationId: 'simulateDeposit',
      tag: 'Deposit addresses',
      summary: 'Simulate a deposit (test mode)',
      description:
        'A deposit of `amount` at a sandbox address: answers the `submitted` order (`quoteId` `dep_…`, `depositAddressId` set, `order.submitted`), which then moves on like a real one: an amount ending in `4001` is refunded (`order.refunded`), `4002` fails (`order.failed`), anything else fills (`order.filled`). A one-time address takes one deposit of exactly its amount (another amount → 400 `INVALID_PARAMS`, a second deposit → 409 `CONFLICT`). A live address → 403 `FORBIDDEN`; a disabled one → 409 `CONFLICT`.',
      params: depositAddressIdParamSchema,
      body: { schema: simulateDepositSchema },
      responses: { 200: json('The submitted order.', orderViewSchema, { submitted: ORDER }) },
      errors: ['NOT_FOUND', 'CONFLICT', 'FORBIDDEN', 'AMOUNT_TOO_LARGE'],
      examples: {
        filled: { summary: 'A deposit of 25 USDC (fills)', params: active, body: { amount: '25000000' } },
        refunded: { summary: 'An amount ending in 4001 is refunded', params: active, body: { amount: '25004001' } },
        oneTime: { summary: 'Exactly the amount of a one-time address', params: oneTime, body: { amount: '25000000' } },
        wrongAmount: { summary: 'Another amount at a one-time address', params: oneTime, body: { amount: '24000000' }, status: 400 },
        disabled: { summary: 'A disabled address', params: disabled, body: { amount: '25000000' }, status: 409 },
      },
    },
  },
];
