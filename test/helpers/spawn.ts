import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * How tests start the service or the CLI as a real process: Node on the entry point compiled into dist/ (the test run
 * builds it first: test/global-setup.ts, scripts/build.mjs), as `npm start` and `npm run cli` do. `script` is the
 * source's path (`src/main.ts`); its module in dist/ is run. No source maps here: they cost a third of a second of CPU
 * per process at start, and the suite starts dozens.
 */
export const nodeOnDist = (script: string, args: string[] = []): [string, string[]] => [process.execPath, [distPath(script), ...args]];

/** The compiled module of a source under src/: `src/db/client.ts` → `<root>/dist/db/client.js`. */
export function distPath(script: string): string {
  const m = /^src\/(.+)\.ts$/.exec(script);
  if (!m) throw new Error(`not a source under src/: ${script}`);
  return `${ROOT}dist/${m[1]}.js`;
}

/**
 * For the scripts that run from source (the dev server, the benches): one Node process with tsx as a loader, as
 * their npm scripts do, whose in-memory PGlite databases start from the run's migrated dump
 * (test/helpers/pglite-seed-preload.ts; pass `TEST_PGLITE_SEED: inject('pgliteSeed')` in its environment). (The `tsx`
 * CLI wrapper relays signals to a child process and SIGKILLs it when the child does not acknowledge within 30 ms,
 * which breaks graceful shutdown under load.)
 */
export const nodeWithTsxSeeded = (script: string, args: string[] = []): [string, string[]] => [
  process.execPath,
  ['--import', 'tsx', '--import', fileURLToPath(new URL('./pglite-seed-preload.ts', import.meta.url)), script, ...args],
];
