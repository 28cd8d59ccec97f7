import type { Job } from '../jobs/runner.js';
import type { SignInService } from './sign-in.js';

const SIGN_IN_CHALLENGE_SWEEP_JOB = 'sign-in-challenges-sweep';

/** Deletes sign-in challenges expired over an hour ago, every 10 minutes (sign-in refuses them already; this frees space). */
export function signInChallengeSweepJob(d: { signIn: Pick<SignInService, 'deleteExpired'> }): Job {
  return { name: SIGN_IN_CHALLENGE_SWEEP_JOB, intervalMs: 10 * 60_000, run: async () => void (await d.signIn.deleteExpired()) };
}
