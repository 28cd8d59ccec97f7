import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { nodeWithTsxSeeded } from '../helpers/spawn.js';
import { freePort } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** Where nothing answers: the price, token-list and provider APIs of a machine offline. */
const OFFLINE = 'http://127.0.0.1:9';

export interface DevServer {
  /** Everything it printed on stdout so far. */
  out(): string;
  stop(): Promise<void>;
}

/** `npm run dev` as the npm script runs it (src/dev.ts under tsx), on a free port, offline; resolves once it has printed its hints. */
export async function startDevServer(env: Record<string, string>): Promise<DevServer> {
  const port = await freePort();
  // An in-memory database starts from the run's migrated dump (test/helpers/pglite-seed-preload.ts; the migrations
  // still run and find nothing pending): what is tested is the dev server and its hints, not migrating from empty.
  const [cmd, args] = nodeWithTsxSeeded('src/dev.ts');
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEFILLAMA_API_URL: OFFLINE,
    LIFI_API_URL: OFFLINE,
    JUPITER_API_URL: OFFLINE,
    SOLANA_RPC_URL: OFFLINE,
    TOKEN_LIST_TIMEOUT_MS: '1000',
    TEST_PGLITE_SEED: inject('pgliteSeed'),
    PRICE_TIMEOUT_MS: '1000',
    ...env,
  };
  delete childEnv.NODE_ENV; // vitest sets test; npm run dev runs with none
  if (!('DATABASE_URL' in env)) delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(cmd, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}: ${err.slice(-2000)}`);
        return out.includes('Stop with Ctrl-C.');
      },
      { timeoutMs: 180_000, intervalMs: 100, what: 'npm run dev to print its hints' },
    );
  } catch (e) {
    await stop();
    throw new Error(`${e instanceof Error ? e.message : e}\nstdout: ${out.slice(-3000)}\nstderr: ${err.slice(-3000)}`);
  }
  return { out: () => out, stop };
}

/** The blocks of commands in the printed text: runs of lines indented by four spaces (continuations included). */
export function commandBlocks(printed: string): string[] {
  const blocks: string[] = [];
  let cur: string[] = [];
  for (const line of printed.split('\n')) {
    if (line.startsWith('    ')) cur.push(line.slice(4));
    else if (cur.length) {
      blocks.push(cur.join('\n'));
      cur = [];
    }
  }
  if (cur.length) blocks.push(cur.join('\n'));
  return blocks;
}

export interface BlockRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The HTTP status of every curl the block made, in order. */
  statuses: number[];
}

/**
 * Runs one printed block with `sh -ec`, exactly as printed, from the repository root (where a developer runs
 * npm run dev). curl is wrapped only to report each answer's status on stderr, so a 4xx printed as a body fails the test.
 */
export function blockRunner() {
  const dir = mkdtempSync(join(tmpdir(), 'dev-hints-'));
  const realCurl = execFileSync('sh', ['-c', 'command -v curl'], { encoding: 'utf8' }).trim();
  writeFileSync(join(dir, 'curl'), `#!/bin/sh\nexec ${realCurl} --write-out '%{stderr}HTTP_STATUS %{http_code}\\n' "$@"\n`);
  chmodSync(join(dir, 'curl'), 0o755);
  const run = (block: string, timeoutMs = 240_000) =>
    new Promise<BlockRun>((done) => {
      const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${dir}:${process.env.PATH}` };
      delete env.NODE_ENV;
      const child = spawn('sh', ['-ec', block], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        const statuses = [...stderr.matchAll(/^HTTP_STATUS (\d+)$/gm)].map((m) => Number(m[1]));
        done({ code, stdout, stderr, statuses });
      });
    });
  return { run, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
