import type { Config } from './config.js';
import { createDb, type Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import { PgPubSub } from './db/pubsub.js';
import { createLogger, type Logger } from './log.js';
import { AccountsService } from './accounts/service.js';
import { systemClock, type Clock } from './clock.js';
import { createServices, type Services } from './services.js';

/** Everything a request handler, resolver or job needs; built once per process. */
export interface App {
  config: Config;
  log: Logger;
  clock: Clock;
  db: Db;
  pubsub: PgPubSub;
  accounts: AccountsService;
  services: Services;
  health(): { ok: boolean; providers: string[] };
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
  const app = {
    config,
    log,
    clock: opts.clock ?? systemClock,
    db,
    pubsub,
    accounts: new AccountsService(db.prisma, config.BRAND),
  } as App;
  app.services = await createServices(app);
  app.health = () => ({ ok: true, providers: app.services.providers.ids() });
  app.close = async () => {
    await app.services.stop();
    await pubsub.close();
    await db.close();
  };
  if (config.JOBS_ENABLED) app.services.startJobs();
  return app;
}
