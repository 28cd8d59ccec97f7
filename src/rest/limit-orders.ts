import { reply, type Route } from './router.js';
import { parseInput, queryObject } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { pageSchema } from '../openapi/common.js';
import { EX } from '../openapi/examples.js';
import {
  cancelLimitOrdersSchema,
  createLimitOrderSchema,
  limitOrderIdParamSchema,
  listLimitOrdersSchema,
  submitLimitOrderSchema,
} from '../limit-orders/input.js';
import { createdLimitOrderSchema, limitOrderCancellationSchema, limitOrderViewSchema, type LimitOrderView } from '../limit-orders/views.js';

const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL_MINT = 'So11111111111111111111111111111111111111112';
const TX_B64 = 'AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgAEAAw==';

const OPEN: LimitOrderView = {
  id: EX.limitOrderId,
  object: 'limit_order',
  livemode: false,
  status: 'partially_filled',
  provider: 'jupiter',
  chainId: 7565164,
  maker: EX.solanaMaker,
  inputMint: USDC_MINT,
  outputMint: SOL_MINT,
  makingAmount: '50000000',
  takingAmount: '400000000',
  filledMakingAmount: '20000000',
  filledTakingAmount: '160000000',
  remainingMakingAmount: '30000000',
  price: { outputPerInput: '0.008', inputPerOutput: '125' },
  fees: { ourFeeBps: 20, integratorFeeBps: null, integrator: null },
  providerOrderId: '9QbL2mWxV1JcYp3nTzR8kE5uH4sD6fG7aB2cN1oP3qRs',
  openTxHash: EX.solanaSignature,
  closeTxHash: null,
  expiresAt: EX.expiresAt,
  createdAt: EX.createdAt,
  updatedAt: EX.updatedAt,
};
const idPath = { id: EX.limitOrderId };

/** Solana limit orders (beta): create → sign → submit; fills become order records; cancel → sign → submit. */
export const limitOrderRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/limit-orders',
    access: 'optionalKey',
    scope: { resource: 'limit_orders', level: 'write' },
    idempotent: true,
    rateLimit: { bucket: 'strict' },
    handler: async ({ services, body, auth }) => reply(201, await services.limitOrders.create(parseInput(createLimitOrderSchema, body), { auth })),
    doc: {
      operationId: 'createLimitOrder',
      tag: 'Limit orders',
      summary: 'Create a Solana limit order',
      description:
        'Sell `makingAmount` of `inputToken` for at least `takingAmount` of `outputToken` (or `limitPrice` output per input), until filled, cancelled or `expiresAt`. Answers the order (`pending_signature`) and `tx`, the transaction the maker signs and sends to POST /v1/limit-orders/{id}/submit. Too small an order → `AMOUNT_TOO_SMALL` with the minimum; Token-2022 mints with a transfer fee → `UNSUPPORTED_TOKEN`.',
      body: { schema: createLimitOrderSchema },
      responses: {
        201: json('The order and the transaction to sign.', createdLimitOrderSchema, {
          created: {
            ...OPEN,
            status: 'pending_signature',
            filledMakingAmount: '0',
            filledTakingAmount: '0',
            remainingMakingAmount: '50000000',
            openTxHash: null,
            tx: { vm: 'svm', serializedTx: TX_B64, submitViaApi: true },
          },
        }),
      },
      errors: ['UNSUPPORTED_TOKEN', 'AMOUNT_TOO_SMALL', 'AMOUNT_TOO_LARGE', 'NO_ROUTE', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT', 'RATE_LIMITED'],
      examples: {
        byPrice: {
          summary: 'Sell 50 USDC for SOL at 0.008 SOL per USDC',
          body: { inputToken: 'USDC', outputToken: 'SOL', maker: EX.solanaMaker, makingAmount: '50000000', limitPrice: '0.008' },
        },
        tooSmall: {
          summary: 'An order worth under the minimum',
          body: { inputToken: 'USDC', outputToken: 'SOL', maker: EX.solanaMaker, makingAmount: '1000000', takingAmount: '8000000' },
          status: 400,
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/limit-orders',
    access: 'optionalKey',
    scope: { resource: 'limit_orders', level: 'read' },
    handler: ({ services, auth, query }) => services.limitOrders.list(parseInput(listLimitOrdersSchema, queryObject(query)), { auth }),
    doc: {
      operationId: 'listLimitOrders',
      tag: 'Limit orders',
      summary: 'List limit orders',
      description: "Newest first. With an API key: the key's account and mode (optionally one `maker`); without: the keyless orders of `maker` (required).",
      query: listLimitOrdersSchema,
      responses: {
        200: json('A page of limit orders.', pageSchema(limitOrderViewSchema), { page: { object: 'list', data: [OPEN], hasMore: false, nextCursor: null } }),
      },
      examples: {
        byMaker: { summary: "A maker's orders", query: { maker: EX.solanaMaker } },
        badStatus: { summary: 'An unknown status is refused', query: { maker: EX.solanaMaker, status: 'pending' }, status: 400 },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/limit-orders/:id',
    access: 'optionalKey',
    scope: { resource: 'limit_orders', level: 'read' },
    handler: ({ services, auth, params }) => services.limitOrders.get(params.id, { auth }),
    doc: {
      operationId: 'getLimitOrder',
      tag: 'Limit orders',
      summary: 'Read a limit order',
      description: 'Keyed orders only with a key of their account and mode; keyless orders to anyone with the id.',
      params: limitOrderIdParamSchema,
      responses: { 200: json('The order.', limitOrderViewSchema, { partiallyFilled: OPEN }) },
      errors: ['NOT_FOUND'],
      examples: { byId: { summary: 'An order by id', params: idPath } },
    },
  },
  {
    method: 'POST',
    path: '/v1/limit-orders/:id/submit',
    access: 'optionalKey',
    scope: { resource: 'limit_orders', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.limitOrders.submit(params.id, parseInput(submitLimitOrderSchema, body), { auth }),
    doc: {
      operationId: 'submitLimitOrder',
      tag: 'Limit orders',
      summary: 'Submit a signed transaction of the order',
      description:
        'The maker-signed create or cancel transaction this order handed out: the service forwards the bytes unchanged to the provider, which lands them. Or `signature`: the transaction was sent through your own RPC, and the poller confirms it. A transaction the order did not hand out → `INVALID_PARAMS`; nothing waiting for a signature → `CONFLICT`; the provider refusing → `PROVIDER_ERROR`.',
      params: limitOrderIdParamSchema,
      body: { schema: submitLimitOrderSchema },
      responses: {
        200: json('The order after the submission.', limitOrderViewSchema, {
          opened: { ...OPEN, status: 'open', filledMakingAmount: '0', filledTakingAmount: '0', remainingMakingAmount: '50000000' },
        }),
      },
      errors: ['NOT_FOUND', 'CONFLICT', 'NO_ROUTE', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT', 'RATE_LIMITED'],
      examples: {
        ownRpc: { summary: 'Report the signature of a create transaction sent through your own RPC', params: idPath, body: { signature: EX.solanaSignature } },
        notOurs: { summary: 'A transaction the order did not hand out', params: idPath, body: { signedTransaction: TX_B64 }, status: 400 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/limit-orders/:id/cancel',
    access: 'optionalKey',
    scope: { resource: 'limit_orders', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params }) => services.limitOrders.cancel(parseInput(cancelLimitOrdersSchema, { ids: [params.id] }), { auth }),
    doc: {
      operationId: 'cancelLimitOrder',
      tag: 'Limit orders',
      summary: 'Cancel a limit order',
      description:
        'The cancel transaction for the maker to sign and send to POST /v1/limit-orders/{id}/submit; the order is `cancelled` once it lands. Only `open` and `partially_filled` orders (else `CONFLICT`).',
      params: limitOrderIdParamSchema,
      responses: {
        200: json('The transaction to sign.', limitOrderCancellationSchema, {
          one: { ids: [EX.limitOrderId], txs: [{ vm: 'svm', serializedTx: TX_B64, submitViaApi: true }] },
        }),
      },
      errors: ['NOT_FOUND', 'CONFLICT', 'NO_ROUTE', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT', 'RATE_LIMITED'],
      examples: { notOpen: { summary: 'An order still waiting for its signature cannot be cancelled', params: idPath, status: 409 } },
    },
  },
  {
    method: 'POST',
    path: '/v1/limit-orders/cancel',
    access: 'optionalKey',
    scope: { resource: 'limit_orders', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, body }) => services.limitOrders.cancel(parseInput(cancelLimitOrdersSchema, body), { auth }),
    doc: {
      operationId: 'cancelLimitOrders',
      tag: 'Limit orders',
      summary: 'Cancel several limit orders of one maker',
      description: 'The transactions (a few orders each) for the maker to sign; send each to POST /v1/limit-orders/{id}/submit with any of the ids.',
      body: { schema: cancelLimitOrdersSchema },
      responses: { 200: json('The transactions to sign.', limitOrderCancellationSchema) },
      errors: ['NOT_FOUND', 'CONFLICT', 'NO_ROUTE', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT', 'RATE_LIMITED'],
      examples: { notOpen: { summary: 'Orders must be open', body: { ids: [EX.limitOrderId] }, status: 409 } },
    },
  },
];
