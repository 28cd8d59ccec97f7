import type { App } from './app.js';
import { ProviderRegistry } from './providers/registry.js';
import { providerFactories } from './providers/factories.js';
import { JobRunner } from './jobs/runner.js';
import { RpcClients } from './assets/rpc.js';

/**
 * Domain services, built once per process and shared by GraphQL resolvers, REST routes and jobs.
 * Each domain adds its service here (one field + one line in createServices); no business rule lives
 * in a resolver or a route.
 */
export interface Services {
  providers: ProviderRegistry;
  rpc: RpcClients;
  jobs: JobRunner;
  startJobs(): void;
  stop(): Promise<void>;
}

export async function createServices(app: App): Promise<Services> {
  const providers = new ProviderRegistry(app.config, app.log, providerFactories);
  const rpc = new RpcClients(app.config);
  const jobs = new JobRunner(app.log);
  const services: Services = {
    providers,
    rpc,
    jobs,
    startJobs: () => jobs.start(),
    stop: async () => {
      await jobs.stop();
    },
  };
  // Domains register their pollers and schedulers on `jobs` below.
  return services;
}
