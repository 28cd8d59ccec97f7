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

type Stoppable = Pick<App, 'close' | 'infra'>;

/**
 * SIGTERM and SIGINT from the first moment of the process. In a container the service is PID 1, and the kernel drops
 * a signal sent to PID 1 that nothing handles: a stop during start-up (migrations, the first database connection)
 * would be ignored until the orchestrator's SIGKILL. A signal during start-up is kept, and the service stops
 * gracefully as soon as it has started (`attach`), so no start-up step is cut halfway; a second one exits at once.
 */
export function shutdownOnSignal() {
  let target: { app: Stoppable; running: RunningServer; extra: () => Promise<void> } | undefined;
  let pending: string | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (!target) {
      if (pending) process.exit(1);
      pending = signal;
      return;
    }
    if (stopping) return;
    stopping = true;
    const { app, running, extra } = target;
    const log = app.infra.log;
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
  return {
    /** The started service: stopped at the next signal, or now when one came during start-up. */
    attach(app: Stoppable, running: RunningServer, extra: () => Promise<void> = async () => {}) {
      target = { app, running, extra };
      if (pending) void stop(pending);
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const shutdown = shutdownOnSignal();
  start()
    .then(({ app, running }) => shutdown.attach(app, running))
    .catch((err) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    });
}
