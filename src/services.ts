import type { App } from './app.js';
import type { AccountsService } from './accounts/service.js';
import { eventRetentionJob } from './events/retention.js';
import { ProviderRegistry } from './providers/registry.js';
import { providerFactories } from './providers/factories.js';
import { JobRunner } from './jobs/runner.js';
import { RpcClients } from './assets/rpc.js';
import { WebhooksService } from './webhooks/service.js';
import { EventsService } from './events/service.js';
import { CheckoutService } from './checkout/service.js';
import { registerCheckoutJobs } from './checkout/jobs.js';
import { AssetsService } from './assets/service.js';
import { registerAssetsJobs } from './assets/jobs.js';
import { createQuotesAndOrders, type QuotesAndOrders } from './orders/wiring.js';

/**
 * Domain services, built once per process and shared by GraphQL resolvers, REST routes and jobs.
 * Each domain adds its service here (one field + one line in createServices); no business rule lives
 * in a resolver or a route.
 */
export interface Services {
  accounts: AccountsService;
  /** Liveness and the providers loaded in this instance. */
  health(): { ok: boolean; providers: string[] };
  providers: ProviderRegistry;
  rpc: RpcClients;
  assets: AssetsService;
  checkout: CheckoutService;
  webhooks: WebhooksService;
  events: EventsService;
  quotes: QuotesAndOrders['quotes'];
  orders: QuotesAndOrders['orders'];
  partners: QuotesAndOrders['partners'];
  jobs: JobRunner;
  startJobs(): void;
  stop(): Promise<void>;
}

export async function createServices(app: App): Promise<Services> {
  const providers = new ProviderRegistry(app.config, app.log, providerFactories, { clock: app.clock });
  const rpc = new RpcClients(app.config);
  const jobs = new JobRunner(app.log);
  const webhooks = new WebhooksService(app);
  const events = new EventsService(app, webhooks);
  const checkout = new CheckoutService(app);
  const assets = new AssetsService({ config: app.config, log: app.log, clock: app.clock, rpc, providers });
  const services: Services = {
    accounts: app.accounts,
    health: () => ({ ok: true, providers: providers.ids() }),
    providers,
    rpc,
    assets,
    checkout,
    webhooks,
    events,
    ...createQuotesAndOrders(app, jobs),
    jobs,
    startJobs: () => jobs.start(),
    stop: async () => {
      await jobs.stop();
      await services.quotes.close();
    },
  };
  // Domains register their pollers and schedulers on `jobs` below.
  jobs.add(webhooks.worker.job());
  jobs.add(eventRetentionJob(app.db.sql, app.clock, app.config.EVENT_RETENTION_DAYS));
  registerCheckoutJobs(app, jobs, checkout, services.orders);
  registerAssetsJobs(jobs, assets);
  return services;
}
