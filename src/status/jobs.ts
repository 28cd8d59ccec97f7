import type { Job } from '../jobs/runner.js';
import type { StatusConfig } from './config.js';
import type { StatusService } from './service.js';

export const STATUS_PROBE_JOB = 'status.probe';
export const STATUS_ROLLUP_JOB = 'status.rollup';

/**
 * The probe job keeps signals fresh when traffic is low (every STATUS_PROBE_INTERVAL_MS: RPC checks, the webhook
 * queue's lag, a probe quote to each provider with no call in the window; each target by one instance per
 * interval). The roll-up job turns minutes into hours and sweeps old rows (every STATUS_ROLLUP_INTERVAL_MS, by one
 * instance). Either is left out at 0.
 */
export function statusJobs(d: { status: Pick<StatusService, 'probe' | 'rollUpIfDue'>; config: StatusConfig }): Job[] {
  const jobs: Job[] = [];
  if (d.config.STATUS_PROBE_INTERVAL_MS > 0)
    jobs.push({ name: STATUS_PROBE_JOB, intervalMs: d.config.STATUS_PROBE_INTERVAL_MS, run: async (signal) => void (await d.status.probe(signal)) });
  if (d.config.STATUS_ROLLUP_INTERVAL_MS > 0)
    jobs.push({ name: STATUS_ROLLUP_JOB, intervalMs: d.config.STATUS_ROLLUP_INTERVAL_MS, run: () => d.status.rollUpIfDue() });
  return jobs;
}
