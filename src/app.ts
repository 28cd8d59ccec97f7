import type { Config } from './config.js';
import { createDb, type Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import { PgPubSub } from './db/pubsub.js';
import { createLogger, type Logger } from './log.js';
import { systemClock, type Clock } from './clock.js';
import type { Infra } from './infra.js';
import { createServices, type Services } from './services.js';

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
  /** Stops jobs, pubsub and the database (the HTTP server is closed by its owner first). */
  close(): Promise<void>;
}

export interface AppOptions {
  clock?: Clock;
  log?: Logger;
}

export async function createApp(config: Config, opts: AppOptions = {}): Promise<App> {
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  const db = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  try {
    const applied = await migrate(db);
    if (applied.length) log.info({ applied }, 'database migrations applied');
  } catch (err) {
    await db.close();
    throw err;
  }
  const pubsub = new PgPubSub(db, log);
  await pubsub.start();
  const infra: Infra = { config, log, clock: opts.clock ?? systemClock, prisma: db.prisma, pubsub };
  const services = createServices(infra, db.sql, { pgPool: db.pool });
  if (config.JOBS_ENABLED) services.startJobs();
  return {
    infra,
    services,
    db,
    async close() {
      await services.stop();
      await pubsub.close();
      await db.close();
    },
  };
}
