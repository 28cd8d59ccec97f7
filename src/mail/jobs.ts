import type { MailConfig } from './config.js';
import type { Job } from '../jobs/runner.js';
import type { MailService } from './service.js';

export const MAIL_JOB = 'mail-deliver';

/**
 * Sends the email outbox. Runs at once when a transaction committed a message (src/services.ts wires the
 * wake-up), again right away while full batches keep coming, and every `MAIL_POLL_MS` otherwise (retries).
 */
export function mailDeliverJob(d: { config: Pick<MailConfig, 'MAIL_POLL_MS'>; mail: Pick<MailService, 'deliverDue'> }, batch = 20): Job {
  return {
    name: MAIL_JOB,
    intervalMs: d.config.MAIL_POLL_MS,
    run: async (signal) => {
      // A message committed during this run kicks the job mid-run: the runner remembers it and runs again at once.
      const claimed = await d.mail.deliverDue(batch, signal);
      return claimed >= batch ? 0 : d.config.MAIL_POLL_MS;
    },
  };
}
