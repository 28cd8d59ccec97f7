import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { nodeWithTsxSeeded } from '../helpers/spawn.js';

/**
 * Every bench runs, in smoke mode (BENCH_SMOKE=1: a few seconds, small numbers), and exits 0: a bench whose
 * requests fail (a 429 from a limiter it forgot to turn off, a payment the service now rejects) exits non-zero
 * and fails this test with its output, instead of rotting until someone runs it.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Modules the benches share, not benches. */
const HELPERS = new Set(['bench-util.ts', 'quote-fixtures.ts', 'service-process.ts']);
const benches = readdirSync(`${ROOT}bench`)
  .filter((f) => f.endsWith('.ts') && !HELPERS.has(f))
  .sort();

/** A smoke bench that has not finished by then has hung: it is killed (with every process it started) and fails. */
const BENCH_TIMEOUT_MS = 240_000;

/** Benches still running: their process groups go when this process exits (a stopped run leaves none behind). */
const running = new Set<number>();
const killGroup = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
};
process.once('exit', () => {
  for (const pid of running) killGroup(pid);
});

function runBench(file: string): Promise<{ code: number | null; out: string }> {
  const [cmd, args] = nodeWithTsxSeeded(`bench/${file}`);
  // Its own process group, so a hung bench is stopped with the services and fixtures it started.
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, BENCH_SMOKE: '1', TEST_PGLITE_SEED: inject('pgliteSeed') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (out += d));
  const pid = child.pid!;
  running.add(pid);
  const hung = setTimeout(() => {
    out += `\n(smoke bench still running after ${BENCH_TIMEOUT_MS / 1000} s: killed)\n`;
    killGroup(pid);
  }, BENCH_TIMEOUT_MS);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(hung);
      running.delete(pid);
      resolve({ code, out });
    }),
  );
}

/**
 * Two at a time: a bench is several processes of its own and the suite runs beside it, but most of a smoke run is
 * waiting (provider delays, block times, subscribers connecting), so two overlap well (one at a time took 127 s of a
 * worker; the file was the suite's longest).
 */
const SLOTS = 2;
let free = SLOTS;
const queue: Array<() => void> = [];
async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (free > 0) free--;
  else await new Promise<void>((r) => queue.push(r));
  try {
    return await fn();
  } finally {
    const next = queue.shift();
    if (next) next();
    else free++;
  }
}

describe('benches in smoke mode', () => {
  it('finds the benches', () => {
    expect(benches).toEqual(expect.arrayContaining(['quote-fanout.ts', 'webhooks.ts']));
  });
  for (const file of benches) {
    it.concurrent(`${file} runs and every request succeeds`, async () => {
      const { code, out } = await slot(() => runBench(file));
      expect(code, out).toBe(0);
      expect(out).not.toMatch(/request failed/);
    }, 600_000); // the bench's own limit (BENCH_TIMEOUT_MS) plus its wait for a slot
  }
});
