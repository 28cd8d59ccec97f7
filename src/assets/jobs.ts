import type { JobRunner } from '../jobs/runner.js';
import { CHAINS_REFRESH_MS } from './chains.js';
import type { AssetsService } from './service.js';
import { TOKEN_LIST_TTL_MS } from './token-lists.js';

/** Chain lists every 6 hours, token lists every hour (spec 8), starting right after boot. */
export function registerAssetsJobs(jobs: JobRunner, assets: AssetsService) {
  jobs.add({ name: 'assets.chains', intervalMs: CHAINS_REFRESH_MS, run: async (signal) => void (await assets.chains.refresh(signal)) });
  jobs.add({ name: 'assets.token-lists', intervalMs: TOKEN_LIST_TTL_MS, run: (signal) => assets.lists.load(signal) });
}
