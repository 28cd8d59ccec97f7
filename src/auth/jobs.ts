import type { Job } from '../jobs/runner.js';
import type { AuthService } from './service.js';

const AUTH_SWEEP_JOB = 'auth-sweep';

/**
 * Every 10 minutes: deletes sign-in challenges a day past their expiry and sessions 30 days past their end
 * (revoked or expired). Lookups already refuse them; this only frees space and bounds what a leaked table holds.
 */
export function authSweepJob(d: { auth: Pick<AuthService, 'deleteExpired'> }): Job {
  return { name: AUTH_SWEEP_JOB, intervalMs: 10 * 60_000, run: async () => void (await d.auth.deleteExpired()) };
}
