import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants as fsConstants } from 'node:fs';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import path from 'node:path';
import { createPublicClient, http } from 'viem';
import { BASE_CHAIN_ID, DEVNET_ACCOUNTS, DEVNET_MNEMONIC } from './constants.js';

/**
 * Starts and stops a local anvil. Anvil is a separate native process, so the hard part is never leaking it:
 * on POSIX it runs under a tiny `sh` watchdog that kills it as soon as our end of its stdin pipe closes —
 * which the kernel does when this process exits for ANY reason, SIGKILL included. `stop()` uses the same
 * path, and an `exit` hook SIGKILLs it directly as a second line of defence.
 */

export interface StartAnvilOptions {
  /** Default 8453 (Base), so chain-id checks in production code pass unchanged. */
  chainId?: number;
  /** TCP port; 0 (default) lets anvil bind a free port atomically, so parallel test files never collide. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seconds between blocks (interval mining); default: automine, one block per transaction. */
  blockTime?: number;
  /** Path to an anvil binary; default `$ANVIL_BIN`, else the one shipped by the @foundry-rs/anvil-<platform> package. */
  binary?: string;
  /** Extra CLI flags, e.g. `['--hardfork', 'cancun']`. */
  extraArgs?: string[];
  /** How long to wait for JSON-RPC to answer; default 20 s. */
  startupTimeoutMs?: number;
  /** Receives each line anvil prints (it logs every RPC call and transaction); default: kept only for errors. */
  onLog?: (line: string) => void;
}

export interface AnvilInstance {
  rpcUrl: string;
  chainId: number;
  port: number;
  /** PID of the anvil process itself (not the watchdog shell). */
  pid: number;
  /** Stops anvil and resolves once it has exited. Safe to call more than once. */
  stop(): Promise<void>;
}

const LOG_TAIL_LINES = 40;
const STOP_GRACE_MS = 3_000;
const PID_MARKER = '__devnet_anvil_pid__';

/*
 * The watchdog. fd 0 is a pipe whose write end only the parent holds. A background reader blocks on it and
 * kills anvil once it reads EOF (parent gone or `stop()` closed it). `wait` makes the shell exit with anvil,
 * so a crashing anvil is noticed too. fd 3 keeps the pipe reachable because background jobs of a
 * non-interactive shell get /dev/null as stdin. Anvil itself gets neither (`3<&-`, /dev/null).
 */
const WATCHDOG_SCRIPT = `
exec 3<&0
"$@" 3<&- </dev/null &
anvil_pid=$!
echo "${PID_MARKER} $anvil_pid"
(read -r _ <&3; kill -TERM "$anvil_pid" 2>/dev/null) &
reader_pid=$!
exec 3<&-
wait "$anvil_pid"
status=$?
kill "$reader_pid" 2>/dev/null
exit "$status"
`;

/** Anvil PIDs still running; one shared `exit` hook kills them all (avoids a listener per instance). */
const live = new Set<number>();
let exitHookInstalled = false;
function trackForExit(pid: number): void {
  live.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const p of live) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
}

/** Finds the anvil binary: explicit path, then `$ANVIL_BIN`, then the @foundry-rs/anvil-<platform> package. */
export function resolveAnvilBinary(explicit?: string): string {
  const candidate = explicit ?? process.env.ANVIL_BIN;
  if (candidate) {
    assertExecutable(candidate);
    return candidate;
  }
  // Spawn the platform binary directly: the package's `bin.mjs` wrapper is an extra Node process that does
  // not forward SIGKILL, so killing it could orphan anvil.
  const arch = ({ x64: 'amd64', arm64: 'arm64' } as Record<string, string>)[process.arch];
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch ?? process.arch}`;
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  // The platform package is this project's own (optional) dependency, so it sits in node_modules at the top.
  try {
    const bin = path.join(path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), 'bin', exe);
    assertExecutable(bin);
    return bin;
  } catch {
    // Not installed for this platform: say what to do.
  }
  throw new Error(
    `anvil binary not found: install ${pkg} (an optional dependency of this project; the registry here carries only linux-amd64) ` +
      'or set ANVIL_BIN to an anvil executable',
  );
}

function assertExecutable(file: string): void {
  try {
    accessSync(file, fsConstants.X_OK);
  } catch {
    throw new Error(`anvil binary ${file} does not exist or is not executable`);
  }
}

export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const chainId = options.chainId ?? BASE_CHAIN_ID;
  const host = options.host ?? '127.0.0.1';
  const timeoutMs = options.startupTimeoutMs ?? 20_000;
  const binary = resolveAnvilBinary(options.binary);
  const args = [
    '--host',
    host,
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(chainId),
    '--mnemonic',
    DEVNET_MNEMONIC,
    '--accounts',
    String(DEVNET_ACCOUNTS.length),
    '--color',
    'never',
    ...(options.blockTime !== undefined ? ['--block-time', String(options.blockTime)] : []),
    ...(options.extraArgs ?? []),
  ];

  const watchdog = process.platform !== 'win32';
  const child = watchdog
    ? spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT, 'devnet-anvil', binary, ...args], { stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });

  const tail: string[] = [];
  let anvilPid: number | undefined = watchdog ? undefined : child.pid;
  let listening: { host: string; port: number } | undefined;
  const onLine = (line: string) => {
    if (line.startsWith(PID_MARKER)) {
      anvilPid = Number(line.slice(PID_MARKER.length + 1));
      if (anvilPid) trackForExit(anvilPid);
      return;
    }
    // Anvil prints this once its socket is bound; with --port 0 it is the only way to learn the port.
    const m = /^Listening on (\S+):(\d+)\s*$/.exec(line);
    if (m) listening = { host: m[1]!, port: Number(m[2]) };
    tail.push(line);
    if (tail.length > LOG_TAIL_LINES) tail.shift();
    options.onLog?.(line);
  };
  readLines(child, onLine);
  if (!watchdog && anvilPid) trackForExit(anvilPid);

  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    const done = () => {
      exited = true;
      if (anvilPid) live.delete(anvilPid);
      resolve();
    };
    // 'close' (not 'exit'): it waits for stdout/stderr to drain, so error reports include anvil's last words.
    child.once('close', done);
    // Spawn failures (e.g. ENOENT) emit 'error' and possibly no 'exit'.
    child.once('error', (err) => {
      onLine(`spawn error: ${err.message}`);
      done();
    });
  });

  const stop = async (): Promise<void> => {
    if (exited) return;
    if (watchdog) child.stdin?.end();
    else child.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (anvilPid) killQuietly(anvilPid);
      child.kill('SIGKILL');
    }, STOP_GRACE_MS);
    await exitPromise;
    clearTimeout(timer);
  };

  try {
    const port = await waitUntilReady({
      isListening: () => listening,
      hasExited: () => exited,
      timeoutMs,
      expectedChainId: chainId,
    });
    // Do not let the devnet alone keep this process alive; the exit hook / watchdog still clean up.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as Socket | null)?.unref?.();
    return { rpcUrl: `http://${urlHost(host)}:${port}`, chainId, port, pid: anvilPid ?? child.pid!, stop };
  } catch (err) {
    await stop();
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`anvil failed to start: ${reason}\n--- anvil output (last lines) ---\n${tail.join('\n')}`, {
      cause: err,
    });
  }
}

async function waitUntilReady(p: {
  isListening: () => { host: string; port: number } | undefined;
  hasExited: () => boolean;
  timeoutMs: number;
  expectedChainId: number;
}): Promise<number> {
  const deadline = Date.now() + p.timeoutMs;
  while (Date.now() < deadline) {
    if (p.hasExited()) throw new Error('process exited during startup');
    const addr = p.isListening();
    if (addr) {
      // The socket is bound; confirm JSON-RPC really answers, and is the node we configured.
      const url = `http://${urlHost(addr.host)}:${addr.port}`;
      const client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: 2_000 }) });
      const chainId = await client.getChainId().catch(() => undefined);
      if (chainId !== undefined) {
        if (chainId !== p.expectedChainId) {
          throw new Error(`node reports chain id ${chainId}, expected ${p.expectedChainId}`);
        }
        return addr.port;
      }
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no JSON-RPC answer within ${p.timeoutMs} ms`);
}

function readLines(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffered += chunk;
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        onLine(buffered.slice(0, nl).replace(/\r$/, ''));
        buffered = buffered.slice(nl + 1);
      }
    });
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Host part of a URL that reaches `host`: wildcard binds are reached via loopback; IPv6 needs brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
