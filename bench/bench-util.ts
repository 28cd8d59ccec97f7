import { readFileSync } from 'node:fs';
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { RunningServer } from '../src/http/server.js';

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

/**
 * Percentiles of a sample by nearest rank: `percentiles(xs)(99)` is the smallest value with at least 99 % of the
 * sample at or below it, `(0)` the minimum, `(100)` the maximum; NaN for an empty sample. Sorts a copy once, so
 * one call serves every percentile a bench prints. The one definition every bench uses.
 */
export function percentiles(xs: readonly number[]): (p: number) => number {
  const sorted = Float64Array.from(xs).sort();
  return (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : Number.NaN);
}

/** The median: the mean of the middle two for an even count (NaN for none). */
export function median(xs: readonly number[]): number {
  const s = Float64Array.from(xs).sort();
  const m = s.length >> 1;
  return !s.length ? Number.NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Smoke mode (BENCH_SMOKE=1, `npm run bench:smoke`, part of `npm test`): every bench runs for a few seconds
 * with small numbers, so a bench that no longer runs fails the suite instead of rotting. `size(full, smoke)`
 * picks the number; an explicit environment variable still wins.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';
export const size = (env: string | undefined, full: number, smoke: number) => Number(env ?? (SMOKE ? smoke : full));

/**
 * Failed requests of a run: each kind printed the first few times it happens, all counted. `finish()` prints the
 * tally and exits non-zero when anything failed: a bench's numbers mean nothing over failed requests.
 */
export class Failures {
  private byKind = new Map<string, number>();
  count = 0;
  record(kind: string, detail = '') {
    const seen = this.byKind.get(kind) ?? 0;
    this.byKind.set(kind, seen + 1);
    this.count++;
    if (seen < 3) console.error(`request failed: ${kind}${detail ? ` — ${detail.slice(0, 1000)}` : ''}`);
  }
  /**
   * Reports the failures and ends the process (1 with any, else 0): the report is printed, and whatever a bench
   * leaves running (a hung RPC read retrying until its timeout, an idle keep-alive socket) would only hold it open.
   */
  finish(): never {
    if (this.count) {
      console.error(`\n${this.count} failed request(s):`);
      for (const [kind, n] of this.byKind) console.error(`  ${String(n).padStart(7)} × ${kind}`);
    }
    process.exit(this.count ? 1 : 0);
  }
}

/**
 * The service configuration of a bench: in-memory PGlite, no jobs, and no rate limits or per-address socket cap,
 * since a bench is the load it generates and the limiter would answer it 429 (both have their own tests).
 */
export const benchConfig = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    PROVIDERS: 'none',
    JOBS_ENABLED: '0',
    RATE_LIMIT_ENABLED: 'false',
    // One load generator is one address: the per-address socket cap would refuse its connections past 256.
    HTTP_MAX_CONNECTIONS_PER_IP: '0',
    ...env,
  });

/** A real service (see `benchConfig`) on an ephemeral port. */
export async function startBenchServer(env: Record<string, string>): Promise<{ app: App; server: RunningServer }> {
  const config = benchConfig(env);
  // Loaded when a service starts: a bench whose service runs in another process (startServiceProcess) does not load
  // the service's module graph (about 1.5 s of CPU) only for this module's helpers.
  const [{ createApp }, { createHttpServer }] = await Promise.all([import('../src/app.js'), import('../src/http/server.js')]);
  const app = await createApp(config);
  const server = await createHttpServer({ ...app.infra, services: app.services }).listen(0, '127.0.0.1');
  return { app, server };
}

/**
 * Children a bench started are ended when it exits, however it exits: a bench that fails (a child that did not
 * start, a thrown error) calls process.exit, and its other children, left running, would keep its output pipe open,
 * so whoever waits for that output (the smoke test) would wait for them forever.
 */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
});
export function endOnExit(proc: ChildProcess): ChildProcess {
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  return proc;
}

/**
 * A process of a bench (one of its roles, or a helper script such as bench/service-process.ts), run as this process
 * is (its loader and preloads: tsx, and in smoke runs the seeded database) with `env` added. Resolves with the URL it
 * prints as `READY <url>`; rejects if it exits first. `stop()` ends it with SIGTERM and waits for its exit.
 */
export function startChild(script: string, env: Record<string, string>, what = script): Promise<{ url: string; stop(): Promise<void> }> {
  const proc = endOnExit(spawn(process.execPath, [...process.execArgv, script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] }));
  return new Promise((resolve, reject) => {
    let out = '';
    const onExit = (code: number | null) => reject(new Error(`${what} exited with ${code}`));
    proc.once('exit', onExit);
    proc.stdout!.on('data', (c) => {
      out += c;
      const ready = /READY (\S+)\n/.exec(out);
      if (!ready) return;
      proc.stdout!.removeAllListeners('data');
      proc.stdout!.resume();
      proc.off('exit', onExit);
      resolve({
        url: ready[1]!,
        stop: () =>
          new Promise<void>((r) => {
            if (proc.exitCode !== null || proc.signalCode !== null) return r();
            proc.once('exit', () => r());
            proc.kill('SIGTERM');
          }),
      });
    });
  });
}

/**
 * `startBenchServer` in a child process (bench/service-process.ts): the service then has a core's worth of its own,
 * and the bench's fixtures and client do not share its event loop, so what is measured is the service, not the
 * fixtures' work queued in front of it.
 */
export const startServiceProcess = (env: Record<string, string>) =>
  startChild(fileURLToPath(new URL('./service-process.ts', import.meta.url)), { BENCH_SERVICE_ENV: JSON.stringify(env) }, 'the service process');

/**
 * A figure against its target, printed on one line with its ratio to the run's own baseline where it has one, and
 * PASS or FAIL. A miss is reported, not an error: the exit code says whether requests failed (`Failures`), and a
 * smoke run's figures mean nothing. `summary()` prints how many targets were met.
 */
export class Targets {
  private results: Array<{ label: string; pass: boolean }> = [];

  /**
   * `value` against `target` (`max`: at most, `min`: at least); `baseline` from the same run, printed as a ratio.
   * Returns whether the target was met.
   */
  check(label: string, value: number, unit: string, target: { max: number } | { min: number }, baseline?: { value: number; what: string }): boolean {
    const pass = 'max' in target ? value <= target.max : value >= target.min;
    const fmt = (n: number) => `${n.toLocaleString('en', { maximumFractionDigits: n < 10 ? 2 : n < 100 ? 1 : 0 })} ${unit}`;
    const goal = 'max' in target ? `≤ ${fmt(target.max)}` : `≥ ${fmt(target.min)}`;
    const ratio = baseline && baseline.value > 0 ? `   ${(value / baseline.value).toFixed(2)}× ${baseline.what} (${fmt(baseline.value)})` : '';
    console.log(`  ${label.padEnd(44)} ${fmt(value).padStart(12)}   target ${goal}${ratio}   ${pass ? 'PASS' : 'FAIL'}`);
    this.results.push({ label, pass });
    return pass;
  }

  summary(): void {
    const met = this.results.filter((r) => r.pass).length;
    console.log(`\ntargets met: ${met} of ${this.results.length}${SMOKE ? ' (smoke run: small numbers, figures not meaningful)' : ''}`);
  }
}

/** Machine-wide busy and total CPU ms across all cores, from /proc/stat (Linux); NaN elsewhere. */
export function machineCpuMs(): { busy: number; total: number } {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = f.reduce((a, b) => a + b, 0) * 10;
    return { busy: total - (f[3]! + f[4]!) * 10, total };
  } catch {
    return { busy: NaN, total: NaN };
  }
}
