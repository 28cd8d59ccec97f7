/**
 * The event types an endpoint can subscribe to, in the order of the catalog (src/events/catalog.ts, which also
 * holds node-only sample builders, so the browser keeps this list; test/e2e/dashboard-webhooks.test.ts fails when
 * the two differ).
 */
export const EVENT_TYPES: readonly string[] = [
  'order.submitted',
  'order.filled',
  'order.refunded',
  'order.failed',
  'checkout.session.processing',
  'checkout.session.completed',
  'checkout.session.payment_failed',
  'checkout.session.needs_review',
  'checkout.session.reopened',
  'checkout.session.expired',
  'invoice.sent',
  'invoice.paid',
  'subscription.created',
  'subscription.updated',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.reminder_sent',
  'subscription.canceled',
  'limit_order.filled',
  'limit_order.cancelled',
  'limit_order.expired',
  'webhook_endpoint.disabled',
];
