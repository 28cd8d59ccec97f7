import type { Route } from './router.js';
import { parseInput, queryObject } from '../validation.js';
import { json } from '../openapi/route-doc.js';
import { pageSchema } from '../openapi/common.js';
import { EX } from '../openapi/examples.js';
import { buildSchema, listOrdersSchema, quoteIdParamSchema, reportBodySchema, statusSchema, submitSchema } from '../orders/input.js';
import { buildOrderResponseSchema, orderStatusViewSchema, orderViewSchema, submitOrderResponseSchema } from '../orders/views.js';

const RELAY_DEPOSITORY = '0x4cd00e387622c35bddb9b4c962c136462338bc31';

/** Orders: build, submit, provider status, and reporting a sent transaction. */
export const orderRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/orders',
    access: 'key',
    scope: { resource: 'orders', level: 'read' },
    handler: ({ services, auth, query }) => services.orders.list(auth!, parseInput(listOrdersSchema, queryObject(query))),
    doc: {
      operationId: 'listOrders',
      tag: 'Orders',
      summary: 'List orders',
      description:
        "The order records of the key's account and mode, newest first: swaps quoted with the key and deposit-address deposits (`quoteId` `dep_…`); `checkoutSessionId` lists the orders paying one of the key's sessions. Filter by `status`, `depositAddressId` or `checkoutSessionId` to find orders without webhooks.",
      query: listOrdersSchema,
      responses: {
        200: json('A page of orders.', pageSchema(orderViewSchema), {
          page: {
            object: 'list',
            data: [
              {
                quoteId: EX.depositQuoteId,
                status: 'filled',
                provider: 'sandbox',
                srcChainId: 8453,
                dstChainId: 42161,
                amount: '25000000',
                dstAmount: '24950000',
                srcTxHash: EX.payerTx,
                dstTxHash: EX.refundTx,
                depositAddressId: EX.depositAddressId,
                limitOrderId: null,
                checkoutSessionId: null,
                ourFeeBps: 20,
                fillFeeAmount: null,
                fillFeeMint: null,
                partnerFeeBps: 0,
                integrator: null,
                providerState: 'filled',
                submittedAt: EX.createdAt,
                updatedAt: EX.updatedAt,
              },
            ],
            hasMore: false,
            nextCursor: null,
          },
        }),
      },
      examples: {
        deposits: { summary: 'The deposits of one deposit address', query: { depositAddressId: EX.depositAddressId } },
        filled: { summary: 'Filled orders, 10 per page', query: { status: 'filled', limit: '10' } },
        session: { summary: 'The orders paying a checkout session', query: { checkoutSessionId: EX.sessionId } },
        badStatus: { summary: 'An unknown status is refused', query: { status: 'done' }, status: 400 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/orders',
    access: 'optionalKey',
    scope: { resource: 'orders', level: 'write' },
    handler: ({ services, body }) => services.orders.build(parseInput(buildSchema, body).quoteId),
    doc: {
      operationId: 'buildOrder',
      tag: 'Orders',
      summary: 'The transaction to sign for a quote',
      description: 'An EVM `tx` carries `approval` when the on-chain allowance is short (and `approvalReset` for tokens like Ethereum USDT): mine those first.',
      body: { schema: buildSchema },
      responses: {
        200: json('The transaction to sign.', buildOrderResponseSchema, {
          evm: {
            quoteId: EX.quoteId,
            provider: 'relay',
            tx: {
              vm: 'evm',
              chainId: 8453,
              to: RELAY_DEPOSITORY,
              data: '0x58109c6a000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda02913',
              value: '0',
              approval: { token: EX.baseUsdc, spender: RELAY_DEPOSITORY, amount: '25000000' },
            },
          },
        }),
      },
      errors: ['QUOTE_NOT_FOUND', 'QUOTE_EXPIRED', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT', 'RATE_LIMITED'],
      examples: { build: { summary: 'Build the best quote', body: { quoteId: EX.quoteId } } },
    },
  },
  {
    method: 'POST',
    path: '/v1/orders/submit',
    access: 'optionalKey',
    scope: { resource: 'orders', level: 'write' },
    idempotent: true,
    handler: ({ services, body }) => services.orders.submit(parseInput(submitSchema, body)),
    doc: {
      operationId: 'submitOrder',
      tag: 'Orders',
      summary: 'Submit a signed transaction through the provider',
      description:
        'Only for quotes whose built `tx` has `submitViaApi: true` (Jupiter Ultra); other providers → 400 `INVALID_PARAMS` (broadcast the transaction yourself).',
      body: { schema: submitSchema },
      responses: {
        200: json('Submitted.', submitOrderResponseSchema, {
          jupiter: { provider: 'jupiter', txHash: '5UfgJ5vVZxUxefDGqzqkVLHzHxVTyYH9StYyHKgvHYmXJgqJKxEqy9k4Rz9LpXrJF9sTzp4ngkXvpGLWJuVAMbAu' },
        }),
      },
      errors: ['QUOTE_NOT_FOUND', 'QUOTE_EXPIRED', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT', 'RATE_LIMITED'],
      examples: {
        notJupiter: {
          summary: 'A quote of a provider without submitViaApi is refused',
          body: { quoteId: EX.quoteId, signedTransaction: 'AQIDBA==' },
          status: 400,
        },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/orders/:quoteId/submitted',
    access: 'optionalKey',
    scope: { resource: 'orders', level: 'write' },
    idempotent: true,
    handler: ({ services, body, params }) => services.orders.reportSubmitted(params.quoteId, parseInput(reportBodySchema, body).txHash),
    doc: {
      operationId: 'reportOrderSubmitted',
      tag: 'Orders',
      summary: 'Report the sent source transaction',
      description:
        'Records the order as `submitted` and starts tracking it. The same hash again returns the same order; another hash, or a hash already used for another quote → 409 `CONFLICT`.',
      params: quoteIdParamSchema,
      body: { schema: reportBodySchema },
      responses: {
        200: json('The order record.', orderViewSchema, {
          submitted: {
            quoteId: EX.quoteId,
            status: 'submitted',
            provider: 'relay',
            srcChainId: 8453,
            dstChainId: 42161,
            amount: '25000000',
            dstAmount: '24962500',
            srcTxHash: EX.payerTx,
            dstTxHash: null,
            depositAddressId: null,
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
          },
        }),
      },
      errors: ['QUOTE_NOT_FOUND', 'CONFLICT'],
      examples: { report: { summary: 'Report the hash the wallet returned', params: { quoteId: EX.quoteId }, body: { txHash: EX.payerTx } } },
    },
  },
  {
    method: 'GET',
    path: '/v1/orders/:provider/:id',
    access: 'optionalKey',
    scope: { resource: 'orders', level: 'read' },
    handler: ({ services, params }) => {
      const p = parseInput(statusSchema, params);
      return services.orders.status(p.provider, p.id);
    },
    doc: {
      operationId: 'getOrderStatus',
      tag: 'Orders',
      summary: "The provider's state of an order",
      params: statusSchema,
      responses: {
        200: json("The provider's state.", orderStatusViewSchema, {
          filled: { provider: 'relay', id: EX.orderId, state: 'filled', srcTxHash: EX.payerTx, dstTxHash: EX.refundTx },
        }),
      },
      errors: ['ORDER_NOT_FOUND', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT', 'RATE_LIMITED'],
      examples: { relay: { summary: 'A Relay order by request id', params: { provider: 'relay', id: EX.orderId } } },
    },
  },
];
