import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/sequencer.js';

export default defineConfig({
  resolve: {
    // graphql ships CJS (main) and ESM (module) builds; Node and Pothos load the CJS one, so source
    // files must too, or the schema's types come from "another realm".
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Backstops for a hang, not deadlines: every wait in a test polls its condition (test/helpers/wait.ts), so a
    // loaded machine makes a test slower, never red.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Servers, databases and anvil are real processes, and much of a test's time is spent waiting on them (block
    // times, poll intervals, a browser). On 2026-11-27's slower machine (cores saturated) two workers left the cores
    // idle a quarter of the run, a third filled that (clean-clone vitest 587 s → 457 s) and a fourth made it slower
    // (497 s). On 2026-11-28's faster morning machine a fourth took the clean-clone run from 7 min 51 s to 7 min 21 s
    // (vitest 416 s → 396 s); on that afternoon's slower one it took it from 7 min 59 s to 9 min 55 s (vitest 434 s →
    // 530 s), with 2.8 CPU-minutes more for the same tests (fifteen against twelve and a half): on a machine whose cores
    // are already full, a fourth worker only adds contention. Three is the better bet on both. Waits poll their
    // condition (test/helpers/wait.ts), so a busier machine is slower, never red.
    maxWorkers: 3,
    // A worker runs its files one after another in one module graph: the service's modules (Prisma, the
    // GraphQL schema, viem) are loaded once per worker instead of once per file (measured: a third of the
    // CPU of test/graphql). No test mocks modules or changes globals; the one that fakes timers restores them.
    isolate: false,
    reporters: ['default'],
    // The longest files first, so none runs alone at the end of a run (test/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    // The service and CLI processes tests start (tsx, the whole module graph each time) keep V8's compiled code on
    // disk: after the first, each loads in about three quarters of the CPU (measured: 2.0 s → 1.5 s).
    env: { NODE_COMPILE_CACHE: fileURLToPath(new URL('./node_modules/.cache/node-compile-cache', import.meta.url)) },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-db.ts'],
  },
});
