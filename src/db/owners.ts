/**
 * Which domain owns each table, by Prisma model. Only the owner's code (the folder `src/<owner>/`) reads or
 * writes the table, by Prisma or by raw SQL; another domain asks the owner's service, passing its transaction
 * client where the work must commit together. test/repo/table-ownership.test.ts enforces this with no
 * exceptions, and fails when a model has no owner here.
 */
export const TABLE_OWNERS = {
  Account: 'accounts',
  ApiKey: 'accounts',
  Member: 'accounts',
  SignInChallenge: 'auth',
  DashboardSession: 'auth',
  Partner: 'partners',
  PartnerKey: 'partners',
  QuoteSetRecord: 'quotes',
  QuoteRecord: 'quotes',
  Order: 'orders',
  LimitOrder: 'limit-orders',
  DepositAddress: 'deposits',
  Deposit: 'deposits',
  CheckoutSession: 'checkout',
  CheckoutPayment: 'checkout',
  CheckoutRefund: 'checkout',
  CheckoutQuoteLink: 'checkout',
  CheckoutQuoteBuild: 'checkout',
  CheckoutQuoteBuildUse: 'checkout',
  CheckoutReview: 'checkout',
  Invoice: 'invoices',
  InvoiceCounter: 'invoices',
  Subscription: 'billing',
  SubscriptionPeriod: 'billing',
  TestClock: 'billing',
  Event: 'events',
  EventSequence: 'events',
  WebhookEndpoint: 'webhooks',
  WebhookDelivery: 'webhooks',
  WebhookAttempt: 'webhooks',
  EmailMessage: 'mail',
  IdempotencyKey: 'idempotency',
  RequestLog: 'request-logs',
  UsageDaily: 'request-logs',
  AdminAuditEntry: 'admin',
  PubsubMessage: 'db',
} as const;
