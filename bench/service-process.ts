/**
 * The service of a bench in a process of its own (`startServiceProcess` in bench-util.ts): its configuration comes
 * as JSON in BENCH_SERVICE_ENV; it prints `READY <url>` once listening and stops on SIGTERM. Not a bench itself.
 */
import { startBenchServer } from './bench-util.js';

const { app, server } = await startBenchServer(JSON.parse(process.env.BENCH_SERVICE_ENV ?? '{}') as Record<string, string>);
process.once('SIGTERM', () => {
  void server
    .close()
    .then(() => app.close())
    .finally(() => process.exit(0));
});
console.log(`READY ${server.url}`);
