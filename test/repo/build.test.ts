import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildService } from '../../scripts/build.mjs';
import { distPath } from '../helpers/spawn.js';

/**
 * `npm run build` (scripts/build.mjs): src/ compiled to dist/ beside it, which npm start, npm run cli, the cluster, the
 * image and the tests' service processes run. Checked on a project of three files in a temporary directory (this
 * project's dist/ is what other tests' processes are running), and on this project's dist/ as the run built it.
 */
describe('the service build (scripts/build.mjs)', () => {
  const root = mkdtempSync(join(tmpdir(), 'build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const run = (rel: string) => execFileSync(process.execPath, [join(root, rel)], { encoding: 'utf8' }).trim();

  it('compiles each source to a module of the same path under dist/, runnable by Node alone, and stack traces map to src/', async () => {
    write('package.json', '{ "type": "module" }');
    write('src/lib/sum.ts', 'export interface Pair { a: bigint; b: bigint }\nexport const sum = ({ a, b }: Pair): bigint => a + b;\n');
    // A path from import.meta.url is the same from dist/ as from src/: dist/ sits at src/'s depth.
    write(
      'src/main.ts',
      "import { sum } from './lib/sum.js';\nimport { readFileSync } from 'node:fs';\nconst pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { type: string };\nconsole.log(String(sum({ a: 2n, b: 3n })), pkg.type);\n",
    );
    write('src/fail.ts', 'const boom = (): never => {\n  throw new Error("boom");\n};\nboom();\n');
    expect(await buildService(root)).toBe(true);
    expect(run('dist/main.js')).toBe('5 module');
    expect(existsSync(join(root, 'dist/lib/sum.js.map'))).toBe(true);
    let stack = '';
    try {
      execFileSync(process.execPath, ['--enable-source-maps', join(root, 'dist/fail.js')], { encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      stack = String((err as { stderr: string }).stderr);
    }
    expect(stack).toMatch(/src\/fail\.ts:2/);
  });

  it('leaves a dist/ that holds the current source alone, and rebuilds it whole when the source changes', async () => {
    const stamp = readFileSync(join(root, 'dist/.source-hash'), 'utf8');
    expect(await buildService(root)).toBe(false);
    rmSync(join(root, 'src/fail.ts'));
    write('src/lib/sum.ts', 'export const sum = ({ a, b }: { a: bigint; b: bigint }): bigint => a + b + 1n;\n');
    expect(await buildService(root)).toBe(true);
    expect(readFileSync(join(root, 'dist/.source-hash'), 'utf8')).not.toBe(stamp);
    expect(run('dist/main.js')).toBe('6 module');
    // A source removed from src/ does not linger in dist/, and no build directory is left beside it.
    expect(existsSync(join(root, 'dist/fail.js'))).toBe(false);
    expect(readdirSync(root).sort()).toEqual(['dist', 'package.json', 'src']);
  });

  it("this project's dist/ is built from its current source before any test starts, with every entry point", async () => {
    expect(await buildService()).toBe(false);
    for (const entry of ['src/main.ts', 'src/cli.ts', 'src/tracing.ts', 'src/db/generated/client.ts']) expect(existsSync(distPath(entry)), entry).toBe(true);
  });
});
