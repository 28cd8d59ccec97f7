import type { CheckoutConfig } from './config.js';
import type { Job } from '../jobs/runner.js';
import type { CheckoutService } from './service.js';
import { EXPIRE_JOB, VERIFY_JOB } from './shared.js';
import type { CheckoutVerifier } from './verifier.js';

const QUOTE_LINKS_SWEEP_JOB = 'checkout-quote-links-sweep';

/**
 * Verification polls quickly while payments or refunds are being verified, and idles at 10x the interval
 * otherwise; a report wakes it at once (CheckoutService.wakeVerifier, wired in src/services.ts).
 */
export function checkoutVerifyJob(d: {
  config: Pick<CheckoutConfig, 'CHECKOUT_VERIFY_INTERVAL_MS'>;
  checkout: Pick<CheckoutService, 'refunds'>;
  verifier: Pick<CheckoutVerifier, 'runOnce' | 'evmTx' | 'solanaTx'>;
}): Job {
  const every = d.config.CHECKOUT_VERIFY_INTERVAL_MS;
  return {
    name: VERIFY_JOB,
    intervalMs: every,
    run: async (signal) => {
      // A payment reported during this run kicks the job mid-run: the runner remembers it and runs again at once.
      const left = (await d.verifier.runOnce(signal)) + (await d.checkout.refunds.verifySubmitted(d.verifier));
      return left > 0 ? every : every * 10;
    },
  };
}

/** Expires open sessions past `expiresAt`. */
export function checkoutExpireJob(d: { config: Pick<CheckoutConfig, 'CHECKOUT_EXPIRE_INTERVAL_MS'>; checkout: Pick<CheckoutService, 'expireDue'> }): Job {
  return {
    name: EXPIRE_JOB,
    intervalMs: d.config.CHECKOUT_EXPIRE_INTERVAL_MS,
    run: async () => void (await d.checkout.expireDue()),
  };
}

/** Drops quote-to-session links whose quotes the quote store no longer keeps. */
export function quoteLinksSweepJob(d: { checkout: Pick<CheckoutService, 'quoteLinks'> }): Job {
  return { name: QUOTE_LINKS_SWEEP_JOB, intervalMs: 10 * 60_000, run: async () => void (await d.checkout.quoteLinks.sweep()) };
}
