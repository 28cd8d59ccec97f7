/**
 * Realistic values the documented examples share. The contract test (test/openapi/contract.test.ts) sends
 * every request example: it replaces these ids with ones of resources it created first, so an example names
 * a resource by one of these constants, never by an id of its own.
 */
export const EX = {
  sessionId: 'cs_test_E2VhWfsak5hqnmzzu',
  refundId: 're_test_5Rt8Yq1Wm3Lz9Xb2Vc7Nk4',
  paymentId: 'cspay_7Hq2Lw9Zr4Tb1Xc8Vn3Km0',
  /** Invoices: a draft, an open (sent) one and a paid one. */
  invoiceId: 'inv_test_7Kp2Wq9Lm4Zr1Tb8Xc3Vn',
  openInvoiceId: 'inv_test_3Rm8Xq1Vb6Lz0Kt5Wc9Pn',
  paidInvoiceId: 'inv_test_9Tc4Nw2Hq7Zb5Lm1Xr8Vk',
  /** Deposit addresses (test mode): a reusable active one, a one-time one (for 25 USDC) and a disabled one. */
  depositAddressId: 'da_test_4Rv8Kq2Lm7Zp1Tb9Xc5Wn',
  oneTimeDepositAddressId: 'da_test_8Wd3Nz6Qk1Hr4Yb7Vm2Tc',
  disabledDepositAddressId: 'da_test_2Lp9Xc4Vb7Nm1Qz6Kt3Wr',
  /** The order record of a deposit (its `quoteId`). */
  depositQuoteId: 'dep_6Hs1Lq8Vz3Nb5Xk0Wm7Rt2',
  depositAddress: '0x9c1f8e3a5b7d2c4e6f8a0b1c3d5e7f9a2b4c6d8e',
  /** Subscriptions: an active one (monthly, first invoice issued), and a test clock. */
  subscriptionId: 'sub_test_4Fq8Lm2Wz7Rk1Tb9Xc3Vn',
  testClockId: 'clock_8Hv2Qp5Lx9Wd3Rk7Tm1Zb',
  endpointId: 'we_B8dy22oc82lEi6009zwvga',
  /** An integration partner (the operator's routes; the contract test makes a fresh one per example). */
  partnerId: 'northwind-pay',
  /** An account (the operator's routes; the contract test makes a fresh one per example). */
  accountId: 'acct_6Tz3Pn8Wq1Lk5Xr2Vb9Mc4',
  /** An API key of the account (the dashboard's key routes). */
  apiKeyId: 'key_7Hq2Lm9Xw3Rt1Vb8Nc4Zp6',
  eventId: 'evt_4Yq2mT8kLp0ZsVb7NcR1Dw',
  quoteId: 'q_4Yq2mT8kLp0ZsVb7NcR1Dw0aB3dE5fG7hJ9k',
  /** A provider order id (Relay request id) for GET /v1/orders/{provider}/{id}. */
  orderId: '0x3f5c1e8a9b2d4c6e8f0a1b3c5d7e9f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e',
  merchant: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c',
  payer: '0x8ba1f109551bd432803012645ac136ddd64dba72',
  payerTx: '0x866e616d1199e5900743486f0aadde964d630879566bc05be081443fd2bda436',
  refundTx: '0x5d1f0e3b7a9c2e4f6a8b0c1d3e5f7a9b1c3d5e7f9a0b2c4d6e8f0a1b3c5d7e9f',
  baseUsdc: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  arbUsdc: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  /** A limit order (created keyless by the contract test, waiting for its signature). */
  limitOrderId: 'lo_Ew0FgpGES9tnFvACwS3jBU',
  /** Fee ledger transactions (operator routes): a fee transaction of a fill, and one already reversed. */
  ledgerTransactionId: 'ltx_6Hs1Lq8Vz3Nb5Xk0Wm7Rt2',
  reversedLedgerTransactionId: 'ltx_2Tc9Wq4Lm7Zr1Xb8Vn3Kp5',
  /** A request log entry of the key's account (any request it made). */
  requestLogId: 'rl_5Hc8Tq2Zm7Lp1Xb4Vn9Kd3',
  solanaMaker: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
  solanaSignature: '4dR7m2JqX9aKpV3wYc8nT1sB5uE6hG2fZoL7iQ3rN9xWkM4tA8yD1cP6vS2bH5jEaaaaaaaaaaaaaaaaaaaaaa',
  createdAt: '2026-11-22T13:59:11.482Z',
  updatedAt: '2026-11-22T14:03:11.482Z',
  expiresAt: '2026-11-22T14:59:11.482Z',
} as const;
