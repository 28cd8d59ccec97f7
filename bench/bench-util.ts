import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createHttpServer, type RunningServer } from '../src/http/server.js';

/** Deterministic PRNG (mulberry32) so every run benchmarks the same data. */
export function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `fn` repeatedly for about `ms` and returns operations per second and the mean latency. */
export async function measure(fn: () => unknown | Promise<unknown>, ms = 1_000): Promise<{ ops: number; qps: number; meanMs: number }> {
  const start = performance.now();
  let ops = 0;
  while (performance.now() - start < ms) {
    await fn();
    ops++;
  }
  const elapsed = performance.now() - start;
  return { ops, qps: Math.round((ops / elapsed) * 1000), meanMs: Math.round((elapsed / ops) * 1000) / 1000 };
}

/** A real service (in-memory PGlite, no jobs) on an ephemeral port. */
export async function startBenchServer(env: Record<string, string>): Promise<{ app: App; server: RunningServer }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    PROVIDERS: 'none',
    JOBS_ENABLED: '0',
    ...env,
  });
  const app = await createApp(config);
  const server = await createHttpServer({ ...app.infra, services: app.services }).listen(0, '127.0.0.1');
  return { app, server };
}
