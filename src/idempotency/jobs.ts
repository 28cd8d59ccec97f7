import type { Job } from '../jobs/runner.js';
import type { IdempotencyService } from './service.js';

const IDEMPOTENCY_SWEEP_JOB = 'idempotency-keys-sweep';

/** Deletes keys past their 24 hours every 10 minutes (lookups already ignore them, so this only frees space). */
export function idempotencySweepJob(d: { idempotency: Pick<IdempotencyService, 'deleteExpired'> }): Job {
  return { name: IDEMPOTENCY_SWEEP_JOB, intervalMs: 10 * 60_000, run: async () => void (await d.idempotency.deleteExpired()) };
}
