import type { App } from '../app.js';
import type { JobRunner } from '../jobs/runner.js';
import { PartnersService } from '../partners/service.js';
import { QuoteService } from '../quotes/service.js';
import { PgQuoteStore, RedisQuoteStore } from '../quotes/store.js';
import { OrdersService } from './service.js';
import { orderPollerJob } from './poller.js';

export type QuotesAndOrders = ReturnType<typeof createQuotesAndOrders>;

/** Builds the partner registry, quote service (store per REDIS_URL), orders service, and their jobs. */
export function createQuotesAndOrders(app: App, jobs: JobRunner) {
  const partners = new PartnersService(app.db.prisma, app.clock);
  const store = app.config.REDIS_URL ? new RedisQuoteStore(app.config.REDIS_URL, app.clock) : new PgQuoteStore(app.db.sql, app.clock);
  const quotes = new QuoteService({
    config: app.config,
    clock: app.clock,
    log: app.log,
    providers: () => app.services.providers,
    assets: () => app.services.assets,
    partners,
    store,
  });
  const orders = new OrdersService(app, quotes);
  jobs.add(orderPollerJob(app, orders));
  jobs.add({ name: 'quote-store-sweep', intervalMs: 60_000, run: async () => void (await store.sweep()) });
  return { quotes, orders, partners };
}
