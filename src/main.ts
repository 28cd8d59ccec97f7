import { ConfigError, loadConfig } from './config.js';
import { createApp, type App } from './app.js';
import { createHttpServer, type RunningServer } from './http/server.js';
import { flushTraces } from './trace.js';

/** Starts the service: config → database (migrated) → jobs → HTTP; SIGTERM/SIGINT shut it down gracefully. */
export async function start(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const app = await createApp(config);
  const running = await createHttpServer({ ...app.infra, services: app.services }).listen(config.PORT, config.HOST);
  app.infra.log.info({ url: running.url, publicUrl: config.PUBLIC_URL, db: app.db.kind }, 'listening');
  return { app, running };
}

export function installShutdown(app: Pick<App, 'close' | 'infra'>, running: RunningServer, extra: () => Promise<void> = async () => {}) {
  const log = app.infra.log;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    try {
      await running.close();
      await app.close();
      await extra();
      await flushTraces();
    } catch (err) {
      log.error({ err }, 'error during shutdown');
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  start()
    .then(({ app, running }) => installShutdown(app, running))
    .catch((err) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    });
}
