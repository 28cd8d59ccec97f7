import type { Job } from '../jobs/runner.js';
import { SUBSCRIPTIONS_JOB, type SubscriptionsService } from './service.js';

/**
 * The billing scheduler: issues due period invoices, sends dunning reminders and cancels, for subscriptions
 * on real time (test clocks move only by their `advance`). Any number of instances run it: each claims one
 * subscription at a time with `FOR UPDATE SKIP LOCKED`. Runs again at once after a full batch, else every
 * `intervalMs`.
 */
export function subscriptionsBillingJob(d: { subscriptions: Pick<SubscriptionsService, 'runDue'> }, intervalMs = 15_000, batch = 100): Job {
  return {
    name: SUBSCRIPTIONS_JOB,
    intervalMs,
    run: async (signal) => ((await d.subscriptions.runDue({ limit: batch, signal })) >= batch ? 0 : intervalMs),
  };
}
