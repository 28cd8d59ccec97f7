import type { Job } from '../jobs/runner.js';
import type { QuoteStore } from './store.js';

/** Drops quote records past retention (the Postgres store; Redis expires its keys itself). */
export function quoteStoreSweepJob(store: Pick<QuoteStore, 'sweep'>): Job {
  return { name: 'quote-store-sweep', intervalMs: 60_000, run: async () => void (await store.sweep()) };
}
