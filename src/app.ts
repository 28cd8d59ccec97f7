import type { Config } from './config.js';
import { createDb, type Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import { PgPubSub } from './db/pubsub.js';
import { createLogger, type Logger } from './log.js';
import { systemClock, type Clock } from './clock.js';
import type { Infra } from './infra.js';
import { createServices, type Services } from './services.js';
import { RequestObservers } from './http/observe.js';
import { Metrics, poolMetrics } from './telemetry/metrics.js';
import { startMetricsServer, type MetricsServer } from './telemetry/metrics-server.js';

/**
 * The running process as its entry points hold it (main, dev, tests, benches): the infrastructure, the
 * services built on it, and how to stop both. Nothing inside the service receives this; each piece gets
 * only what it uses (src/services.ts, src/http/server.ts).
 */
export interface App {
  infra: Infra;
  services: Services;
  /** The database itself: its kind for the start-up log, raw SQL for tests and tools. */
  db: Pick<Db, 'kind' | 'sql'>;
  /** `/metrics` on its own port (METRICS_PORT set). */
  metricsServer?: MetricsServer;
  /** Stops jobs, pubsub and the database (the HTTP server is closed by its owner first). */
  close(): Promise<void>;
}

export interface AppOptions {
  clock?: Clock;
  log?: Logger;
}

export async function createApp(config: Config, opts: AppOptions = {}): Promise<App> {
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  const db = await createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    statementCache: config.DATABASE_STATEMENT_CACHE,
  });
  try {
    const applied = await migrate(db);
    if (applied.length) log.info({ applied }, 'database migrations applied');
  } catch (err) {
    await db.close();
    throw err;
  }
  const pubsub = new PgPubSub(db, log);
  await pubsub.start();
  const requests = new RequestObservers((err) => log.warn({ err }, 'request observer failed'));
  // Metrics exist only where they can be scraped: /metrics with ADMIN_TOKEN, or METRICS_PORT. Otherwise nothing counts.
  const metrics = config.ADMIN_TOKEN || config.METRICS_PORT !== undefined ? new Metrics(log) : undefined;
  if (metrics) {
    requests.add((r) => metrics.observeRequest(r));
    if (db.pool) poolMetrics(metrics, db.pool);
  }
  const infra: Infra = { config, log, clock: opts.clock ?? systemClock, prisma: db.prisma, pubsub, requests, metrics };
  const services = createServices(infra, db.sql, { pgPool: db.pool });
  let metricsServer: MetricsServer | undefined;
  if (metrics && config.METRICS_PORT !== undefined) {
    metricsServer = await startMetricsServer(metrics, { port: config.METRICS_PORT, host: config.METRICS_HOST, log });
    log.info({ url: metricsServer.url }, 'metrics listening');
  }
  if (config.JOBS_ENABLED) services.startJobs();
  return {
    infra,
    services,
    db,
    metricsServer,
    async close() {
      await metricsServer?.close();
      await services.stop();
      await pubsub.close();
      await db.close();
    },
  };
}
