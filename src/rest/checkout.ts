import { reply, type Route } from './router.js';
import { parseInput } from '../validation.js';
import { QUOTE_WEIGHT } from '../ratelimit/weights.js';
import { json } from '../openapi/route-doc.js';
import { EX } from '../openapi/examples.js';
import { pageSchema, listSchema } from '../openapi/common.js';
import {
  acceptReviewSchema,
  createRefundSchema,
  createSessionSchema,
  listSessionsSchema,
  payerQuoteSchema,
  refundIdParamSchema,
  reopenReviewSchema,
  reportDirectSchema,
  reportRefundSchema,
  sessionIdParamSchema,
  simulateTransferSchema,
  submitSignedSchema,
  transferAddressSchema,
} from '../checkout/input.js';
import {
  createRefundResponseSchema,
  payerQuoteResponseSchema,
  refundViewSchema,
  sessionViewSchema,
  type RefundView,
  type SessionView,
} from '../checkout/views.js';
import { transferViewSchema } from '../checkout/transfer.js';

const SETTLEMENT = { chainId: 8453, token: EX.baseUsdc, symbol: 'USDC', decimals: 6 };
const SESSION: SessionView = {
  id: EX.sessionId,
  object: 'checkout.session',
  livemode: false,
  status: 'open',
  amount: '25000000',
  settlement: SETTLEMENT,
  recipient: EX.merchant,
  description: 'Order #1042',
  merchantName: 'Acme Tools',
  reference: 'ord_1042',
  metadata: { cartId: 'c_77' },
  successUrl: 'https://shop.example.com/thanks',
  cancelUrl: 'https://shop.example.com/cart',
  expiresAt: EX.expiresAt,
  createdAt: EX.createdAt,
  url: `https://pay.example.com/pay/${EX.sessionId}`,
  invoiceId: null,
  payment: null,
  review: null,
  amountReceived: null,
  amountRefunded: '0',
  payments: [],
};
const { reference: _r, metadata: _m, review: _v, amountReceived: _a, amountRefunded: _f, payments: _p, ...PUBLIC_SESSION } = SESSION;
const PROCESSING: SessionView = {
  ...PUBLIC_SESSION,
  status: 'processing',
  payment: { payer: EX.payer, srcChainId: 8453, srcToken: EX.baseUsdc, srcAmount: '25000000', srcTxHash: EX.payerTx, dstTxHash: null, paidAt: null },
};
const REFUND: RefundView = {
  id: EX.refundId,
  object: 'checkout.refund',
  sessionId: EX.sessionId,
  payment: EX.paymentId,
  status: 'pending',
  amount: '5000000',
  reason: 'Returned item',
  chainId: 8453,
  token: EX.baseUsdc,
  to: EX.payer,
  txHash: null,
  failure: null,
  createdAt: EX.updatedAt,
  succeededAt: null,
};
// A session paid 24 of 25 USDC (rejected as `underpaid`), then resolved by the merchant.
const UNDERPAID_PAYMENT = {
  id: EX.paymentId,
  kind: 'direct' as const,
  status: 'rejected' as const,
  payer: EX.payer,
  srcChainId: 8453,
  srcToken: EX.baseUsdc,
  srcAmount: '25000000',
  srcTxHash: EX.payerTx,
  quoteId: null,
  provider: null,
  dstTxHash: EX.payerTx,
  amountReceived: '24000000',
  amountRefunded: '0',
  reason: 'underpaid',
  reasonMessage: 'The transfers of the settlement token to the recipient total less than the amount due.',
  createdAt: EX.createdAt,
  seenAt: EX.createdAt,
  settledAt: EX.updatedAt,
};
const REVIEW_BASE = {
  object: 'checkout.review' as const,
  payment: EX.paymentId,
  reviewReason: 'underpaid',
  paymentReason: 'underpaid',
  apiKeyId: 'key_4Vn8Qz2Lk7Tb1Xc9Wm3Rp',
  fromStatus: 'needs_review' as const,
  createdAt: EX.updatedAt,
};
const ACCEPTED: SessionView = {
  ...SESSION,
  status: 'paid',
  payment: {
    payer: EX.payer,
    srcChainId: 8453,
    srcToken: EX.baseUsdc,
    srcAmount: '25000000',
    srcTxHash: EX.payerTx,
    dstTxHash: EX.payerTx,
    paidAt: EX.updatedAt,
  },
  amountReceived: '24000000',
  payments: [{ ...UNDERPAID_PAYMENT, status: 'succeeded', reason: null, reasonMessage: null }],
  reviews: [
    { ...REVIEW_BASE, id: 'csrev_test_3Kq8Lm1Wz5Rt7Xb2Vc9Nk4', action: 'accept', note: 'Customer paid the missing 1 USDC by bank transfer', toStatus: 'paid' },
  ],
};
const REOPENED: SessionView = {
  ...SESSION,
  payment: { payer: EX.payer, srcChainId: 8453, srcToken: EX.baseUsdc, srcAmount: '25000000', srcTxHash: EX.payerTx, dstTxHash: EX.payerTx, paidAt: null },
  payments: [UNDERPAID_PAYMENT],
  reviews: [
    {
      ...REVIEW_BASE,
      id: 'csrev_test_8Wd3Nz6Qk1Hr4Yb7Vm2Tc',
      action: 'reopen',
      note: 'Asked the customer to pay the full amount; the 24 USDC will be refunded',
      toStatus: 'open',
    },
  ],
};
const sessionPath = { id: EX.sessionId };
const refundPath = { id: EX.sessionId, refundId: EX.refundId };

/**
 * Checkout sessions, Stripe-like:
 *   POST /v1/checkout/sessions                      key     create → 201
 *   GET  /v1/checkout/sessions                      key     list (?status, ?limit 1-100, ?cursor), newest first
 *   GET  /v1/checkout/sessions/:id                  public  public view; full view with the owner's key
 *   POST /v1/checkout/sessions/:id/expire           key     open → expired
 *   POST /v1/checkout/sessions/:id/review/accept    key     needs_review → paid { note, payment? }
 *   POST /v1/checkout/sessions/:id/review/reopen    key     needs_review → open { note, expiresInMinutes? }
 *   POST /v1/checkout/sessions/:id/quote            public  payer quote { srcChain, srcToken, sender }
 *   POST /v1/checkout/sessions/:id/deposit-address  public  pay by transfer: one-time deposit address { srcChain, srcToken, refundTo }
 *   POST /v1/checkout/sessions/:id/deposit-address/simulate  public  test mode: simulate the transfer { depositAddressId }
 *   POST /v1/checkout/sessions/:id/submitted        public  direct transfer reported { txHash, payer }
 *   POST /v1/checkout/sessions/:id/submit           public  Solana: signed direct transfer { signedTransaction, payer }, broadcast by the service
 *   POST /v1/checkout/sessions/:id/refunds          key     { amount?, reason?, to?, payment? } → 201 refund + tx to sign
 *   GET  /v1/checkout/sessions/:id/refunds          key     list
 *   POST /v1/checkout/sessions/:id/refunds/:rid/submitted  key  { txHash }
 *   POST /v1/checkout/sessions/:id/refunds/:rid/cancel     key  pending refunds only
 */
export const checkoutRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    access: 'key',
    scope: { resource: 'checkout_sessions', level: 'write' },
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: async ({ services, auth, body }) => reply(201, await services.checkout.create(auth!, parseInput(createSessionSchema, body))),
    doc: {
      operationId: 'createCheckoutSession',
      tag: 'Checkout',
      summary: 'Create a checkout session',
      description:
        'The payer pays any token on any chain; the merchant receives the settlement token. Send the payer to `url`, or build your own page on the public routes.',
      body: { schema: createSessionSchema },
      responses: { 201: json('The session (owner view).', sessionViewSchema, { created: SESSION }) },
      errors: ['UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN'],
      examples: {
        basic: { summary: '25 USDC on Base', body: { amount: '25000000', settleChain: 'base', settleToken: 'USDC', recipient: EX.merchant } },
        full: {
          summary: 'With description, reference, metadata and redirects',
          body: {
            amount: '25000000',
            settleChain: 8453,
            settleToken: EX.baseUsdc,
            recipient: EX.merchant,
            description: 'Order #1042',
            merchantName: 'Acme Tools',
            reference: 'ord_1042',
            metadata: { cartId: 'c_77' },
            successUrl: 'https://shop.example.com/thanks',
            cancelUrl: 'https://shop.example.com/cart',
            expiresInMinutes: 60,
          },
        },
        unsupportedToken: {
          summary: 'A settlement token that is not supported',
          body: { amount: '25000000', settleChain: 'base', settleToken: 'DAI', recipient: EX.merchant },
          status: 400,
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions',
    access: 'key',
    scope: { resource: 'checkout_sessions', level: 'read' },
    handler: ({ services, auth, query }) => services.checkout.list(auth!, parseInput(listSessionsSchema, Object.fromEntries(query.entries()))),
    doc: {
      operationId: 'listCheckoutSessions',
      tag: 'Checkout',
      summary: 'List checkout sessions',
      description: "Newest first; sessions of the key's account and mode.",
      query: listSessionsSchema,
      responses: {
        200: json('A page of sessions.', pageSchema(sessionViewSchema), { page: { object: 'list', data: [SESSION], hasMore: false, nextCursor: null } }),
      },
      examples: { open: { summary: 'Open sessions, 10 per page', query: { status: 'open', limit: '10' } } },
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    access: 'optionalKey',
    scope: { resource: 'checkout_sessions', level: 'read' },
    handler: ({ services, auth, params }) => services.checkout.get(params.id, auth),
    doc: {
      operationId: 'getCheckoutSession',
      tag: 'Checkout',
      summary: 'Read a checkout session',
      description: "Public: without the owner's key the view omits `reference`, `metadata`, `review`, `amountReceived`, `amountRefunded` and `payments`.",
      params: sessionIdParamSchema,
      responses: { 200: json('The session.', sessionViewSchema, { public: PUBLIC_SESSION, owner: SESSION }) },
      errors: ['NOT_FOUND'],
      examples: { byId: { summary: 'A session by id', params: sessionPath } },
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    access: 'key',
    scope: { resource: 'checkout_sessions', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params }) => services.checkout.expire(auth!, params.id),
    doc: {
      operationId: 'expireCheckoutSession',
      tag: 'Checkout',
      summary: 'Expire an open session',
      params: sessionIdParamSchema,
      responses: { 200: json('The expired session.', sessionViewSchema, { expired: { ...SESSION, status: 'expired' } }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: { expire: { summary: 'Expire an open session', params: sessionPath } },
    },
  },
  // One route per action, as `/expire` (and Stripe's `/confirm`, `/capture`, `/cancel`): each has its own body,
  // documentation, errors and idempotency scope, and a client cannot send one action with the other's options.
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/review/accept',
    access: 'key',
    scope: { resource: 'checkout_sessions', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.checkout.reviews.accept(auth!, params.id, parseInput(acceptReviewSchema, body)),
    doc: {
      operationId: 'acceptCheckoutSessionReview',
      tag: 'Checkout',
      summary: 'Accept the payment under review as paid',
      description:
        'For a session in `needs_review` (a payment completed but a verification rule failed; `review.reason` says which). The payment (`payment`, default: the most recent rejected payment that delivered funds) becomes `succeeded` and pays the session: `paidAt`, `amountReceived` (what it delivered, which may be less than `amount`), `checkout.session.completed` with the resolution as `review`, and a linked invoice becomes `paid` (`invoice.paid`). The resolution is kept in `reviews`. Another account or mode → 404; a session not in `needs_review` → 409 `CONFLICT`.',
      params: sessionIdParamSchema,
      body: { schema: acceptReviewSchema },
      responses: { 200: json('The paid session (owner view).', sessionViewSchema, { accepted: ACCEPTED }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        accept: { summary: 'Accept an underpayment', params: sessionPath, body: { note: 'Customer paid the missing 1 USDC by bank transfer' } },
        notUnderReview: { summary: 'A session that is not under review is refused', params: sessionPath, body: { note: 'Looks fine' }, status: 409 },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/review/reopen',
    access: 'key',
    scope: { resource: 'checkout_sessions', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params, body }) => services.checkout.reviews.reopen(auth!, params.id, parseInput(reopenReviewSchema, body)),
    doc: {
      operationId: 'reopenCheckoutSession',
      tag: 'Checkout',
      summary: 'Return a session under review to open',
      description:
        'For a session in `needs_review`: it becomes `open` again (`checkout.session.reopened`, with the resolution as `review`) and the payer can pay again. A session past `expiresAt` gets at least `expiresInMinutes` (default 60) from now. The payments under review stay `rejected`: refund what they delivered with `POST …/refunds` `{payment}`, before or after reopening. Another account or mode → 404; a session not in `needs_review` → 409 `CONFLICT`.',
      params: sessionIdParamSchema,
      body: { schema: reopenReviewSchema },
      responses: { 200: json('The open session (owner view).', sessionViewSchema, { reopened: REOPENED }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: {
        reopen: {
          summary: 'Let the payer pay again, for a day',
          params: sessionPath,
          body: { note: 'Asked the customer to pay the full amount; the 24 USDC will be refunded', expiresInMinutes: 1440 },
        },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/quote',
    access: 'public',
    scope: 'public',
    rateLimit: { weight: QUOTE_WEIGHT },
    handler: ({ services, params, body }) => services.checkout.payerQuote(params.id, parseInput(payerQuoteSchema, body)),
    doc: {
      operationId: 'quoteCheckoutPayment',
      tag: 'Checkout',
      summary: 'What a payer can send to pay a session',
      description:
        'Quotes whose `dstAmountMin` covers the amount due. Paying the settlement token on the settlement chain is a plain transfer carrying the session evidence (`direct: true`; EVM: the session tag appended to the `transfer` calldata; Solana: the session Solana Pay `reference`). Every quote, the direct one included, is built with POST /v1/orders and reported to POST /v1/orders/{quoteId}/submitted; for the direct quote `tx` is also inline and `/submitted` on the session is an alias of the report.',
      params: sessionIdParamSchema,
      body: { schema: payerQuoteSchema },
      responses: {
        200: json('Quotes, best first.', payerQuoteResponseSchema, {
          direct: {
            sessionId: EX.sessionId,
            amountDue: '25000000',
            settlement: SETTLEMENT,
            recipient: EX.merchant,
            direct: true,
            best: {
              method: 'direct_transfer',
              quoteId: 'q_6oN2kQm8LrT4xW1yZc3Vb0A7pEf9Hj5sD8gU2',
              provider: 'direct',
              srcAmount: '25000000',
              dstAmount: '25000000',
              dstAmountMin: '25000000',
              estimatedSeconds: 20,
              fees: { ourFeeBps: 0 },
              overpayBps: 0,
              overpayBasis: 'usd',
              expiresAt: 1795359551,
              tx: {
                vm: 'evm',
                chainId: 8453,
                to: EX.baseUsdc,
                data: '0xa9059cbb0000000000000000000000005a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c00000000000000000000000000000000000000000000000000000000017d7840534743533ecf62e5073d304539c0fae5577b8e840342ee5f4a6e5bad38b0275b',
                value: '0',
              },
            },
            quotes: [],
            errors: [],
          },
        }),
      },
      errors: ['NOT_FOUND', 'CONFLICT', 'UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'NO_ROUTE', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT', 'RATE_LIMITED'],
      examples: {
        direct: { summary: 'Pay with the settlement token itself', params: sessionPath, body: { srcChain: 'base', srcToken: 'USDC', sender: EX.payer } },
        routed: { summary: 'Pay with USDC on Arbitrum', params: sessionPath, body: { srcChain: 'arbitrum', srcToken: 'USDC', sender: EX.payer } },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/deposit-address',
    access: 'public',
    scope: 'public',
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: ({ services, params, body }) => services.transfer.depositAddress(params.id, parseInput(transferAddressSchema, body)),
    doc: {
      operationId: 'createCheckoutDepositAddress',
      tag: 'Checkout',
      summary: 'Pay by transfer: a one-time deposit address for the session',
      description:
        "For a payer who sends a plain transfer instead of connecting a wallet: a one-time deposit address on the payer's chain and token, in the session's account and mode, for exactly `amount` — the session amount plus the route's fees (the provider quotes exact output: the merchant's recipient receives the session amount of the settlement token). One address per source chain and token, at most 3 of them per session: the same chain and token again, while the address is unused, answer the same address whatever `refundTo` comes — the refund address is fixed when the address is made (the provider binds it then), and the answer's `refundTo` says where refunds go; a fourth chain and token → 409 `CONFLICT`. `uri` is an EIP-681 or Solana Pay URI of the transfer. The deposit pays the session as a routed payment, recorded in the same transaction as the deposit and verified on chain; any other amount is refunded to `refundTo`. Every address of the session is disabled when the session is paid, expires or is closed otherwise. Test mode uses the deposits sandbox (simulate the transfer with `/deposit-address/simulate`). A session that is not open (paid, expired, processing) → 409 `CONFLICT`.",
      params: sessionIdParamSchema,
      body: { schema: transferAddressSchema },
      responses: {
        200: json('The address and the exact amount to send.', transferViewSchema, {
          created: {
            sessionId: EX.sessionId,
            depositAddressId: EX.depositAddressId,
            address: EX.payer,
            chainId: 42161,
            token: EX.arbUsdc,
            tokenSymbol: 'USDC',
            tokenDecimals: 6,
            amount: '25050101',
            amountDue: '25000000',
            fees: { ourFeeBps: 20, integratorFeeBps: 0 },
            uri: `ethereum:${EX.arbUsdc}@42161/transfer?address=${EX.payer}&uint256=25050101`,
            refundTo: EX.payer,
            livemode: false,
            status: 'awaiting_deposit',
            expiresAt: EX.expiresAt,
          },
        }),
      },
      errors: ['NOT_FOUND', 'CONFLICT', 'UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'AMOUNT_TOO_SMALL', 'PROVIDER_ERROR', 'PROVIDER_TIMEOUT', 'RATE_LIMITED'],
      examples: {
        arbitrum: {
          summary: 'Pay with USDC on Arbitrum by transfer',
          params: sessionPath,
          body: { srcChain: 'arbitrum', srcToken: 'USDC', refundTo: EX.payer },
        },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/deposit-address/simulate',
    access: 'public',
    scope: 'public',
    idempotent: true,
    handler: ({ services, params, body }) => services.transfer.simulate(params.id, parseInput(simulateTransferSchema, body)),
    doc: {
      operationId: 'simulateCheckoutTransfer',
      tag: 'Checkout',
      summary: 'Test mode: simulate the transfer to the deposit address',
      description:
        'Test-mode sessions only (the pay page\'s "simulate payment" button): a sandbox deposit of exactly the address\'s amount. The session moves to `processing`, then `paid` when the sandbox order fills, with the same events as a real payment. A live session → 403 `FORBIDDEN`; an address of another session → 404.',
      params: sessionIdParamSchema,
      body: { schema: simulateTransferSchema },
      responses: { 200: json('The session (public view).', sessionViewSchema, { processing: PROCESSING }) },
      errors: ['NOT_FOUND', 'CONFLICT', 'FORBIDDEN'],
      examples: {
        simulate: { summary: 'Simulate the payer sending the amount', params: sessionPath, body: { depositAddressId: EX.depositAddressId } },
        otherSession: {
          summary: 'An address made for another session',
          params: sessionPath,
          body: { depositAddressId: 'da_test_NoSuchAddress000000' },
          status: 404,
        },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/submitted',
    access: 'public',
    scope: 'public',
    idempotent: true,
    handler: ({ services, params, body }) => services.checkout.reportDirect(params.id, parseInput(reportDirectSchema, body)),
    doc: {
      operationId: 'reportCheckoutTransfer',
      tag: 'Checkout',
      summary: 'Report a direct transfer',
      description:
        "An alias of `POST /v1/orders/{quoteId}/submitted` for the session quote's direct option. A report is a hint of where to look: the session stays `open` (and payable) until the verifier sees the transaction mined carrying the session's evidence (EVM: the session tag after the `transfer` calldata, as the quote builds it; Solana: the session's Solana Pay reference) with some of the settlement token reaching the recipient; then it moves to `processing` and is verified after the configured confirmations. `payer` is a hint too: the payer recorded is the one the chain shows. The same hash again is idempotent, and the same hash reported for another session is that session's own hint (only the session it was made for can be paid by it). At most 10 reports per session may wait unseen; past that a report is taken only if its transaction is already mined with the evidence (409 `CONFLICT` otherwise).",
      params: sessionIdParamSchema,
      body: { schema: reportDirectSchema },
      responses: { 200: json('The session (public view).', sessionViewSchema, { reported: PUBLIC_SESSION as SessionView }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: { report: { summary: 'Report the transfer the payer sent', params: sessionPath, body: { txHash: EX.payerTx, payer: EX.payer } } },
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/submit',
    access: 'public',
    scope: 'public',
    idempotent: true,
    handler: ({ services, params, body }) => services.checkout.submitSigned(params.id, parseInput(submitSignedSchema, body)),
    doc: {
      operationId: 'submitCheckoutTransfer',
      tag: 'Checkout',
      summary: 'Broadcast a signed Solana transfer',
      description:
        'For Solana wallets that can only sign: the payer must be the fee payer and have signed; the service broadcasts the transaction and records it like `/submitted` (the session moves once the transaction is seen with its reference). Sessions settled on EVM chains → 400 `INVALID_PARAMS`.',
      params: sessionIdParamSchema,
      body: { schema: submitSignedSchema },
      responses: { 200: json('The session (public view).', sessionViewSchema, { sent: PUBLIC_SESSION as SessionView }) },
      errors: ['NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
      examples: {
        evmSession: {
          summary: 'A signed transaction for an EVM-settled session is refused',
          params: sessionPath,
          body: { signedTransaction: 'AQIDBA==', payer: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
          status: 400,
        },
      },
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/refunds',
    access: 'key',
    scope: { resource: 'refunds', level: 'write' },
    rateLimit: { bucket: 'strict' },
    idempotent: true,
    handler: async ({ services, auth, params, body }) =>
      reply(201, await services.checkout.refunds.create(auth!, params.id, parseInput(createRefundSchema, body))),
    doc: {
      operationId: 'createCheckoutRefund',
      tag: 'Checkout',
      summary: 'Refund a payment',
      description:
        "Returns the refund and the transfer the merchant's wallet signs; report its hash to `…/refunds/{refundId}/submitted`. `payment` defaults to the payment that paid the session; each payment is refundable up to what it delivered.",
      params: sessionIdParamSchema,
      body: { schema: createRefundSchema },
      responses: {
        201: json('The refund and the transfer to sign.', createRefundResponseSchema, {
          partial: {
            refund: REFUND,
            tx: {
              vm: 'evm',
              chainId: 8453,
              to: EX.baseUsdc,
              data: '0xa9059cbb0000000000000000000000008ba1f109551bd432803012645ac136ddd64dba7200000000000000000000000000000000000000000000000000000000004c4b40',
              value: '0',
              from: EX.merchant,
            },
          },
        }),
      },
      errors: ['NOT_FOUND', 'CONFLICT', 'AMOUNT_TOO_LARGE'],
      examples: {
        partial: { summary: 'Refund 5 USDC of the paying payment', params: sessionPath, body: { amount: '5000000', reason: 'Returned item' } },
        full: { summary: 'Refund everything refundable', params: sessionPath, body: {} },
      },
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/refunds',
    access: 'key',
    scope: { resource: 'refunds', level: 'read' },
    handler: ({ services, auth, params }) => services.checkout.refunds.list(auth!, params.id),
    doc: {
      operationId: 'listCheckoutRefunds',
      tag: 'Checkout',
      summary: "A session's refunds",
      params: sessionIdParamSchema,
      responses: { 200: json('The refunds, newest first.', listSchema(refundViewSchema), { one: { object: 'list', data: [REFUND] } }) },
      errors: ['NOT_FOUND'],
      examples: { list: { summary: 'Every refund of a session', params: sessionPath } },
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/refunds/:refundId/submitted',
    access: 'key',
    scope: { resource: 'refunds', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params, body }) =>
      services.checkout.refunds.reportSubmitted(auth!, params.id, params.refundId, parseInput(reportRefundSchema, body)),
    doc: {
      operationId: 'reportCheckoutRefundSubmitted',
      tag: 'Checkout',
      summary: "Report a refund's transaction",
      description: 'The refund becomes `submitted` and is verified on chain.',
      params: refundIdParamSchema,
      body: { schema: reportRefundSchema },
      responses: { 200: json('The refund.', refundViewSchema, { submitted: { ...REFUND, status: 'submitted', txHash: EX.refundTx } }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: { report: { summary: "Report the merchant wallet's transaction", params: refundPath, body: { txHash: EX.refundTx } } },
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/refunds/:refundId/cancel',
    access: 'key',
    scope: { resource: 'refunds', level: 'write' },
    idempotent: true,
    handler: ({ services, auth, params }) => services.checkout.refunds.cancel(auth!, params.id, params.refundId),
    doc: {
      operationId: 'cancelCheckoutRefund',
      tag: 'Checkout',
      summary: 'Cancel a pending refund',
      params: refundIdParamSchema,
      responses: { 200: json('The canceled refund.', refundViewSchema, { canceled: { ...REFUND, status: 'canceled' } }) },
      errors: ['NOT_FOUND', 'CONFLICT'],
      examples: { cancel: { summary: 'Cancel a refund not yet sent', params: refundPath } },
    },
  },
];
