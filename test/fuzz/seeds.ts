/**
 * Valid inputs the generators start from and mutate, so that generated requests get past the first check of
 * each route (a mutation of a valid body reaches the code behind its validation). Keyed by operation
 * (`METHOD /openapi/path`); used whether or not the OpenAPI document has schemas.
 */
export const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
export const SOL_WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
export const TX_HASH = `0x${'ab'.repeat(32)}`;

export const sessionBody = {
  amount: '25000000',
  settleChain: 'base',
  settleToken: 'USDC',
  recipient: RECIPIENT,
  description: 'Order #1',
  metadata: { cart: 'c1' },
};
export const invoiceBody = {
  lineItems: [{ description: 'Consulting', quantity: 2, unitAmount: '10000000' }],
  settleChain: 'base',
  settleToken: 'USDC',
  recipient: RECIPIENT,
  customerEmail: 'ap@customer.example',
  customerName: 'Customer GmbH',
  memo: 'Thanks',
  dueAt: '2026-12-31',
};
export const endpointBody = { url: 'https://hooks.example.com/swapgate', enabledEvents: ['checkout.session.*'], description: 'fuzz' };

export const QUERY_SEEDS: Record<string, Array<Record<string, string>>> = {
  'GET /v1/tokens': [{ chain: 'base' }, { chain: '8453', q: 'usd', limit: '5' }, { chain: 'solana', cursor: 'abc' }],
  'GET /v1/tokens/lookup': [
    { chain: 'base', address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' },
    { chain: 'solana', address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
  ],
  'GET /v1/prices': [{ ids: '8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913,solana:So11111111111111111111111111111111111111112' }],
  'GET /v1/balances': [{ address: RECIPIENT, chains: 'base' }, { address: SOL_WALLET }],
  'GET /v1/quote': [
    { srcChain: 'base', srcToken: 'USDC', dstChain: 'arbitrum', dstToken: 'USDC', amount: '1000000', sender: RECIPIENT, recipient: RECIPIENT },
    {
      srcChain: '8453',
      srcToken: 'USDC',
      dstChain: 'solana',
      dstToken: 'USDC',
      dstAmount: '1000000',
      tradeType: 'EXACT_OUTPUT',
      sender: RECIPIENT,
      recipient: SOL_WALLET,
      slippageBps: '50',
      gasOnArrival: 'true',
      gasOnArrivalUsd: '1',
    },
  ],
  'GET /v1/checkout/sessions': [{ status: 'open', limit: '5' }, { cursor: 'x' }],
  'GET /v1/invoices': [{ status: 'open', limit: '5' }, { cursor: 'x' }],
  'GET /v1/deposit-addresses': [{ status: 'active', limit: '5' }, { label: 'user-1' }, { cursor: 'x' }],
  'GET /v1/orders': [{ status: 'filled', limit: '5' }, { depositAddressId: 'da_test_x' }, { cursor: 'x' }],
  'GET /v1/events': [{ type: 'checkout.session.*', limit: '10' }],
  'GET /v1/events/{id}/attempts': [{ limit: '10' }],
  'GET /v1/webhook-endpoints/{id}/attempts': [{ limit: '10' }],
};

export const BODY_SEEDS: Record<string, Array<Record<string, unknown>>> = {
  'POST /v1/deposit-addresses': [
    {
      srcChain: 'base',
      srcToken: 'USDC',
      dstChain: 'arbitrum',
      dstToken: 'USDC',
      recipient: RECIPIENT,
      refundTo: RECIPIENT,
      label: 'user-1',
      metadata: { u: '1' },
    },
    {
      srcChain: 'base',
      srcToken: 'USDC',
      dstChain: 'solana',
      dstToken: 'USDC',
      recipient: SOL_WALLET,
      refundTo: RECIPIENT,
      reusable: false,
      amount: '25000000',
    },
  ],
  'POST /v1/deposit-addresses/{id}/simulate': [{ amount: '25000000' }, { amount: '25004001' }],
  'POST /v1/checkout/sessions': [
    sessionBody,
    { ...sessionBody, settleChain: 56, settleToken: 'usdt' },
    { ...sessionBody, settleChain: 'solana', recipient: SOL_WALLET },
  ],
  'POST /v1/checkout/sessions/{id}/review/accept': [
    { note: 'Customer paid the rest by bank transfer' },
    { note: 'accept', payment: 'cspay_7Hq2Lw9Zr4Tb1Xc8Vn3Km0' },
  ],
  'POST /v1/checkout/sessions/{id}/review/reopen': [{ note: 'Pay again please' }, { note: 'a day', expiresInMinutes: 1440 }],
  'POST /v1/checkout/sessions/{id}/quote': [{ srcChain: 'base', srcToken: 'USDC', sender: RECIPIENT }],
  'POST /v1/checkout/sessions/{id}/submitted': [{ txHash: TX_HASH, payer: RECIPIENT }],
  'POST /v1/checkout/sessions/{id}/deposit-address': [
    { srcChain: 'arbitrum', srcToken: 'USDC', refundTo: RECIPIENT },
    { srcChain: 'solana', srcToken: 'USDC', refundTo: SOL_WALLET },
  ],
  'POST /v1/checkout/sessions/{id}/deposit-address/simulate': [{ depositAddressId: 'da_test_4Rv8Kq2Lm7Zp1Tb9Xc5Wn' }],
  'POST /v1/checkout/sessions/{id}/submit': [{ signedTransaction: 'AQID', payer: SOL_WALLET }],
  'POST /v1/checkout/sessions/{id}/refunds': [{ amount: '1000', reason: 'fuzz', to: RECIPIENT }],
  'POST /v1/checkout/sessions/{id}/refunds/{rid}/submitted': [{ txHash: TX_HASH }],
  'POST /v1/invoices': [invoiceBody, { ...invoiceBody, send: true }],
  'PATCH /v1/invoices/{id}': [
    { memo: null, dueAt: '2027-01-15T12:00:00Z' },
    { lineItems: [{ description: 'Hosting', quantity: 1, unitAmount: '9000000' }], settleChain: 56, settleToken: 'USDT' },
  ],
  'POST /v1/orders': [{ quoteId: `q_${'A'.repeat(34)}` }],
  'POST /v1/orders/submit': [{ quoteId: `q_${'A'.repeat(34)}`, signedTransaction: 'AQID' }],
  'POST /v1/orders/{quoteId}/submitted': [{ txHash: TX_HASH }],
  'POST /v1/webhook-endpoints': [endpointBody, { url: 'http://127.0.0.1:9/x' }],
  'PATCH /v1/webhook-endpoints/{id}': [
    { description: null, disabled: true },
    { enabledEvents: ['*'], url: 'https://hooks.example.com/other' },
  ],
  'POST /v1/webhook-endpoints/trigger': [{ type: 'checkout.session.completed' }, { type: 'order.filled' }],
  'POST /v1/events/{id}/redeliver': [{}, { endpointId: 'we_x' }],
};
