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

/** A second signal within this of the first is the same one delivered twice (npm passes on the terminal's Ctrl-C). */
const SAME_SIGNAL_MS = 500;

/**
 * SIGTERM and SIGINT, handled from the start of the entry point (once its modules are loaded). In a container the
 * service is PID 1, and the kernel drops a signal sent to PID 1 that nothing handles: a stop during start-up
 * (migrations, the first database connection) was ignored until the orchestrator's SIGKILL. A signal during start-up
 * is kept, and the service stops gracefully as soon as it has started (`attach`), so no start-up step is cut halfway.
 * Another signal, during start-up or a graceful stop that takes too long, exits at once (code 1).
 */
export function shutdownOnSignal() {
  let target: { app: Stoppable; running: RunningServer; extra: () => Promise<void> } | undefined;
  let first: { signal: string; at: number } | undefined;
  let stopping = false;
  const stop = async () => {
    if (!target || !first || stopping) return;
    stopping = true;
    const { app, running, extra } = target;
    const log = app.infra.log;
    log.info({ signal: first.signal }, 'shutting down');
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
  const onSignal = (signal: string) => {
    if (!first) {
      first = { signal, at: Date.now() };
      // Before the logger exists: a line of the same shape, so the operator sees the stop was received.
      if (!target)
        process.stdout.write(`${JSON.stringify({ level: 30, time: first.at, signal, msg: 'stop received during start-up; stopping once started' })}\n`);
      void stop();
    } else if (Date.now() - first.at >= SAME_SIGNAL_MS) {
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  return {
    /** The started service: stopped at the next signal, or now when one came during start-up. */
    attach(app: Stoppable, running: RunningServer, extra: () => Promise<void> = async () => {}) {
      target = { app, running, extra };
      void stop();
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
