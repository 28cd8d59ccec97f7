import type { Job } from '../jobs/runner.js';
import type { WebhooksService } from './service.js';

export { WEBHOOKS_DELIVER_JOB } from './worker.js';

/**
 * Delivers the webhook queue: one pass per run, kicked when a transaction queued deliveries (the composition
 * root subscribes the wake topic) and when a delivery finishes; its in-flight deliveries are drained at stop.
 */
export function webhooksDeliverJob(d: { webhooks: Pick<WebhooksService, 'worker'> }): Job {
  return d.webhooks.worker.job();
}
