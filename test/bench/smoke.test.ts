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

function runBench(file: string): Promise<{ code: number | null; out: string }> {
  const [cmd, args] = nodeWithTsxSeeded(`bench/${file}`);
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, BENCH_SMOKE: '1', TEST_PGLITE_SEED: inject('pgliteSeed') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })));
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
    }, 300_000);
  }
});
