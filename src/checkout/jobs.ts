import type { App } from '../app.js';
import type { JobRunner } from '../jobs/runner.js';
import { EXPIRE_JOB, VERIFY_JOB, type CheckoutService } from './service.js';
import { CheckoutVerifier } from './verifier.js';
import { routedDeliveryLookup } from './routed.js';
import type { OrdersService } from '../orders/service.js';

/**
 * Two jobs: verification polls quickly while payments are being verified (and idles at 10x the interval
 * otherwise; a report kicks it at once), and expiry sweeps open sessions past `expiresAt`.
 */
export function registerCheckoutJobs(app: App, jobs: JobRunner, checkout: CheckoutService, orders: Pick<OrdersService, 'onReported' | 'onChange' | 'onBeforeSubmit'>): CheckoutVerifier {
  // Routed payments arrive as orders reported for a quote that carries the session id. An order's changes
  // (its report once committed, then filled, refunded, failed) wake the verifier at once.
  orders.onReported((order, quote, tx) => checkout.onRoutedReported(order, quote, tx));
  orders.onBeforeSubmit((quote) => checkout.assertAcceptsPayment(quote));
  orders.onChange(async (order) => {
    if (order.checkoutSessionId) checkout.wakeVerifier();
  });
  const verifier = new CheckoutVerifier(app, checkout, routedDeliveryLookup(app));
  const every = app.config.CHECKOUT_VERIFY_INTERVAL_MS;
  jobs.add({
    name: VERIFY_JOB,
    intervalMs: every,
    run: async (signal) => {
      // A payment reported during this run could not kick the job (it was running): look again soon.
      const reportsBefore = checkout.reports;
      const left = (await verifier.runOnce(signal)) + (await checkout.refunds.verifySubmitted(verifier));
      return left > 0 || checkout.reports !== reportsBefore ? every : every * 10;
    },
  });
  jobs.add({
    name: EXPIRE_JOB,
    intervalMs: app.config.CHECKOUT_EXPIRE_INTERVAL_MS,
    run: async () => {
      await checkout.expireDue();
    },
  });
  return verifier;
}
