import type { Job } from '../jobs/runner.js';
import { CHAINS_REFRESH_MS } from './chains.js';
import type { AssetsService } from './service.js';

/** Checks often; the lists' own TTL (1 hour, or 1 minute after a failed source) decides when to download. */
const TOKEN_LIST_CHECK_MS = 60 * 1000;
const CHAINS_RETRY_MS = 5 * 60 * 1000;

/** Chain lists every 6 hours from boot; token lists, once first used, every hour. */
export function assetsJobs(assets: Pick<AssetsService, 'chains' | 'lists'>): Job[] {
  return [
    {
      name: 'assets.chains',
      intervalMs: CHAINS_REFRESH_MS,
      // A provider that did not answer is asked again in 5 minutes (its static list stands in meanwhile).
      run: async (signal) => ((await assets.chains.refresh(signal)) < assets.chains.askable() ? CHAINS_RETRY_MS : undefined),
    },
    { name: 'assets.token-lists', intervalMs: TOKEN_LIST_CHECK_MS, run: (signal) => assets.lists.refreshIfStale(signal) },
  ];
}
