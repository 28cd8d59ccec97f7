import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../helpers/server.js';
import { dockerfileInstructions, finalStage, ROOT } from './dockerfile.js';
import { waitFor } from '../helpers/wait.js';

/**
 * The image's runtime stage, assembled and run without a container daemon (`npm test` starts none; the image itself is
 * built and run by scripts/docker-check.sh: docs/deployment.md). The final stage of the Dockerfile is read and done by hand, outside the checkout (so nothing
 * resolves into the project's own node_modules): each COPY, with `--from=deps` as the production dependency tree
 * (`npm ls --omit=dev`; the dev-only packages absent) and `--from=build` as the compiled service (dist/, which the test run builds); the
 * volume as a directory owned by an unprivileged user; then CMD with the stage's ENV alone, as that user.
 * What it catches: a devDependency imported at run time, a file the service reads that the image does not copy,
 * a setting the image does not give, a volume the user cannot write, a health check that does not pass, and a
 * shutdown that is not graceful. What it cannot: the base image itself (Node 24 here is the `node` package's).
 */
/** The image runs as `node` (uid 1000); here the unprivileged user is `nobody`, when the tests run as root. */
const UNPRIVILEGED = 65534;

const finalInstructions = finalStage(dockerfileInstructions());
const instruction = (name: string) => finalInstructions.filter((l) => l.startsWith(`${name} `)).map((l) => l.slice(name.length + 1).trim());
const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

/** Whether the build context leaves `rel` out (.dockerignore: the exact paths and `*.ext` patterns it uses). */
const isIgnored = (rel: string) => ignored.some((p) => (p.startsWith('*.') ? rel.endsWith(p.slice(1)) : rel === p || rel.startsWith(`${p}/`)));

/** The packages `npm ci --omit=dev` installs: every top-level package of the production tree, linked, not copied. */
function productionTree(into: string) {
  let out: string;
  try {
    out = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (err) {
    // npm ls exits 1 on extraneous packages (the `node` package's own installer leaves two); its list is still whole.
    out = (err as { stdout?: string }).stdout ?? '';
  }
  const top = join(ROOT, 'node_modules');
  const pkgs = out
    .split('\n')
    .filter((p) => p.startsWith(`${top}/`))
    .map((p) => p.slice(top.length + 1))
    .filter((p) => !p.includes('/node_modules/'));
  expect(pkgs.length).toBeGreaterThan(50);
  mkdirSync(into, { recursive: true });
  try {
    // One process, hard links (GNU cp: --parents keeps each package's path under node_modules).
    execFileSync('cp', ['-al', '--parents', ...pkgs, into], { cwd: top });
  } catch {
    for (const p of pkgs) cpSync(join(top, p), join(into, p), { recursive: true, verbatimSymlinks: true, force: true });
  }
  return pkgs;
}

describe('the image runtime stage, assembled and run without Docker', () => {
  const stage = mkdtempSync(join(tmpdir(), 'image-runtime-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(stage, { recursive: true, force: true });
  });

  it('serves, passes its health check and shuts down gracefully as an unprivileged user on production dependencies only', { timeout: 300_000 }, async () => {
    chmodSync(stage, 0o755);
    const workdir = join(stage, instruction('WORKDIR').at(-1)!);
    mkdirSync(workdir, { recursive: true });
    let prodPackages: string[] = [];
    for (const line of instruction('COPY')) {
      const parts = line.split(/\s+/);
      const from = parts[0]!.startsWith('--from=') ? parts.shift()!.slice('--from='.length) : undefined;
      const dst = parts.pop()!;
      const target = resolve(workdir, dst);
      for (const src of parts) {
        if (from === 'deps' && src === '/app/node_modules') prodPackages = productionTree(target);
        else if (from === 'build' && src.startsWith('/app/')) cpSync(join(ROOT, src.slice('/app/'.length)), target, { recursive: true });
        else if (from) throw new Error(`COPY --from=${from} ${src}: this test does not know what that stage holds; teach it`);
        else if (statSync(join(ROOT, src)).isDirectory()) cpSync(join(ROOT, src), target, { recursive: true, filter: (f) => !isIgnored(f.slice(ROOT.length)) });
        else cpSync(join(ROOT, src), dst.endsWith('/') ? join(target, basename(src)) : target);
      }
    }
    // The dev-only packages are absent, and nothing above the stage resolves (it is outside the checkout).
    for (const dev of ['vitest', '@biomejs/biome', 'playwright-core']) expect(prodPackages).not.toContain(dev);
    expect(existsSync(join(workdir, 'node_modules', 'vitest'))).toBe(false);
    expect(stage.startsWith(ROOT)).toBe(false);

    // The stage's one RUN makes the volume's directory and gives it to the service's user: done here by hand. The
    // embedded database in it starts from the run's migrated seed, as other tests' processes do (a fresh volume
    // migrates first, 8 s more CPU here; test/db/migrate.test.ts runs the migrations from empty).
    expect(instruction('RUN')).toEqual(['mkdir -p /data && chown node:node /data']);
    const volume = (JSON.parse(instruction('VOLUME')[0]!) as string[])[0]!;
    const data = join(stage, volume);
    const home = join(stage, 'home');
    const tmp = join(stage, 'tmp');
    mkdirSync(join(data, 'pglite'), { recursive: true });
    mkdirSync(home);
    mkdirSync(tmp);
    execFileSync('tar', ['-xf', inject('pgliteSeed'), '-C', join(data, 'pglite')], { stdio: 'ignore' });
    const asRoot = process.getuid?.() === 0;
    if (asRoot) execFileSync('chown', ['-R', `${UNPRIVILEGED}:${UNPRIVILEGED}`, data, home, tmp]);

    const env: Record<string, string> = {};
    for (const line of instruction('ENV')) for (const m of line.matchAll(/(\w+)=(\S+)/g)) env[m[1]!] = m[2]!;
    expect(env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: volume });
    const port = await freePort();
    Object.assign(env, {
      // Node is the one running this test (24, as the image's base); the image's 0.0.0.0 is loopback here.
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: home,
      // Whatever the service writes to the temporary directory stays inside the stage, removed with it.
      TMPDIR: tmp,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: data,
      // What the Dockerfile's `docker run` example passes, and nothing else.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    expect(process.versions.node.split('.')[0]).toBe('24');
    const argv = (cmd: string) => {
      const a = JSON.parse(cmd) as string[];
      expect(a[0]).toBe('node');
      return [process.execPath, ...a.slice(1)] as const;
    };
    const [node, ...args] = argv(instruction('CMD')[0]!);
    const logs: string[] = [];
    const started = spawn(node, args, { cwd: workdir, env, stdio: ['ignore', 'pipe', 'pipe'], ...(asRoot ? { uid: UNPRIVILEGED, gid: UNPRIVILEGED } : {}) });
    child = started;
    const exited = new Promise<number | null>((r) => started.once('close', (code) => r(code)));
    // Whole lines (a pipe's chunks end mid-line).
    for (const s of [started.stdout, started.stderr]) createInterface({ input: s, crlfDelay: Infinity }).on('line', (l) => l && logs.push(l));

    const base = `http://127.0.0.1:${port}`;
    await Promise.race([
      waitFor(async () => (await fetch(`${base}/v1/health`).catch(() => undefined))?.ok === true, { what: 'the service to answer /v1/health' }),
      exited.then((code) => {
        throw new Error(`the service exited (${code}) before it answered:\n${logs.slice(-20).join('\n')}`);
      }),
    ]);

    // The image's HEALTHCHECK command, run as the image would.
    const health = instruction('HEALTHCHECK')[0]!;
    const [hNode, ...hArgs] = argv(health.slice(health.indexOf('CMD ') + 4));
    const checked = spawn(hNode, hArgs, { env, stdio: 'ignore', ...(asRoot ? { uid: UNPRIVILEGED, gid: UNPRIVILEGED } : {}) });
    expect(await new Promise((r) => checked.once('exit', r))).toBe(0);

    expect((await fetch(`${base}/status`)).status).toBe(200);
    expect((await fetch(`${base}/dashboard`)).status).toBe(200);
    const chains = await fetch(`${base}/v1/chains`);
    expect(chains.status).toBe(200);
    expect(((await chains.json()) as { chains: unknown[] }).chains.length).toBeGreaterThan(5);
    const gql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ chains(first: 2) { nodes { id } } }' }),
    });
    expect(((await gql.json()) as { data?: { chains: { nodes: unknown[] } } }).data?.chains.nodes).toHaveLength(2);
    // The embedded database lives in the volume, written by the unprivileged user.
    expect(existsSync(join(data, 'pglite'))).toBe(true);
    if (asRoot) expect(statSync(join(data, 'pglite')).uid).toBe(UNPRIVILEGED);

    started.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
    // Nothing logged as an error: unreachable providers (no internet here) are warnings.
    const errors = logs.filter((l) => {
      try {
        return (JSON.parse(l) as { level?: number }).level! >= 50;
      } catch {
        return true; // anything not a log line (a stack trace on stderr) counts
      }
    });
    expect(errors).toEqual([]);
  });
});
