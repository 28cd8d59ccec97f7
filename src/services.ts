import type { App } from './app.js';
import { ProviderRegistry } from './providers/registry.js';
import { providerFactories } from './providers/factories.js';
import { JobRunner } from './jobs/runner.js';

/**
 * Domain services, built once per process and shared by GraphQL resolvers, REST routes and jobs.
 * Each domain adds its service here; no business rule lives in a resolver or a route.
 */
export interface Services {
  providers: ProviderRegistry;
  jobs: JobRunner;
  startJobs(): void;
  stop(): Promise<void>;
}

export async function createServices(app: App): Promise<Services> {
  const providers = new ProviderRegistry(app.config, app.log, providerFactories);
  const jobs = new JobRunner(app.log);
  // Domains register their pollers and schedulers on `jobs` here.
  return {
    providers,
    jobs,
    startJobs: () => jobs.start(),
    stop: async () => {
      await jobs.stop();
    },
  };
}
