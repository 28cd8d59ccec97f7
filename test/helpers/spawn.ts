import { fileURLToPath } from 'node:url';

/**
 * How tests start the service or the CLI as a real process: one Node process with tsx as a loader,
 * exactly as the npm scripts do. (The `tsx` CLI wrapper relays signals to a child process and
 * SIGKILLs it when the child does not acknowledge within 30 ms, which breaks graceful shutdown under load.)
 */
export const nodeWithTsx = (script: string, args: string[] = []): [string, string[]] => [process.execPath, ['--import', 'tsx', script, ...args]];

/**
 * `nodeWithTsx` for a process whose in-memory PGlite databases should start from the run's migrated dump
 * (test/helpers/pglite-seed-preload.ts; pass `TEST_PGLITE_SEED: inject('pgliteSeed')` in its environment).
 */
export const nodeWithTsxSeeded = (script: string, args: string[] = []): [string, string[]] => [
  process.execPath,
  ['--import', 'tsx', '--import', fileURLToPath(new URL('./pglite-seed-preload.ts', import.meta.url)), script, ...args],
];
