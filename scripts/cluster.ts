/**
 * `npm run cluster`: several instances of the service (CLUSTER_INSTANCES, default 2) on one Postgres, and Redis when
 * REDIS_URL is set, behind nginx from Debian's package with the repository's proxy configuration (deploy/nginx.conf:
 * WebSocket upgrade, X-Forwarded-*, passive health checks), the instances with TRUST_PROXY=1. The deployment shape of
 * docs/deployment.md on one machine, for a person to open in a browser and for the tests over the proxy
 * (test/cluster/).
 *
 *   npm run cluster                          # http://localhost:8080, Postgres database swapgate_cluster (created)
 *   CLUSTER_INSTANCES=3 CLUSTER_PORT=9090 DATABASE_URL=postgres://… npm run cluster
 *
 * Like `npm run dev`, it starts a local devnet (anvil as Base) with the mock provider quoting on it unless DEVNET=0,
 * and a dev-only admin token for /admin unless ADMIN_TOKEN is set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildService } from './build.mjs';
import { freePorts } from './free-port.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NGINX_CONF = join(ROOT, 'deploy/nginx.conf');
/** Each instance runs `npm start`'s command (package.json), without npm in between, so SIGTERM reaches it. */
const NPM_START = ['--enable-source-maps', '--import', './dist/tracing.js', 'dist/main.js'];

export interface ClusterOptions {
  /** How many instances (default 2). */
  instances?: number;
  /** A Postgres database all instances share (created when it does not exist). */
  databaseUrl: string;
  redisUrl?: string;
  /** The proxy's port on 127.0.0.1 (0: any free one). */
  port?: number;
  /** Settings every instance gets besides those the cluster sets. */
  env?: Record<string, string>;
  /** Where each instance's log goes (default: dropped); nginx's error log as instance -1. */
  onLog?: (instance: number, line: string) => void;
}

export interface Instance {
  index: number;
  url: string;
  process: ChildProcess;
}

export interface Cluster {
  /** The proxy: the cluster's one public address. */
  url: string;
  instances: Instance[];
  /** SIGKILLs an instance (nothing graceful: the crash case). */
  kill(index: number): Promise<void>;
  /**
   * One step of a rolling restart: the proxy drains the instance (nginx reloaded with it `down`), the instance stops
   * gracefully (SIGTERM) and starts again on the same port, and the proxy takes it back once it is ready.
   */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

/** Debian's nginx, or one on PATH; a clear error when there is none (it is not an npm package). */
function nginxBinary(): string {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const onPath = (process.env.PATH ?? '').split(':').find((d) => d && existsSync(join(d, 'nginx')));
  if (onPath) return join(onPath, 'nginx');
  throw new Error('npm run cluster needs nginx: apt-get install nginx (Debian, Ubuntu)');
}

/**
 * deploy/nginx.conf for this machine: the upstream's servers are the instances on loopback (each with the parameters
 * the file gives its first server), and the proxy listens on `port` of 127.0.0.1. Everything else is the file as is.
 */
export function clusterNginxConf(conf: string, ports: number[], port: number, drained: ReadonlySet<number> = new Set()): string {
  const lines = conf.split('\n');
  const server = /^(\s*)server \S+:\d+((?: [^;]*)?);\s*$/;
  const at = lines.findIndex((l) => server.test(l));
  if (at === -1) throw new Error('deploy/nginx.conf has no upstream server line');
  const [, indent, params] = server.exec(lines[at]!)!;
  // `down`: the proxy sends a drained instance nothing new (a rolling restart stops it only then).
  const instances = ports.map((p) => `${indent}server 127.0.0.1:${p}${params}${drained.has(p) ? ' down' : ''};`);
  const out = lines.flatMap((l, i) => (i === at ? instances : server.test(l) ? [] : [l])).join('\n');
  if (!/^\s*listen 80;/m.test(out)) throw new Error('deploy/nginx.conf has no `listen 80;`');
  return out.replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
}

async function ensureDatabase(url: string) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`DATABASE_URL names a database the cluster will not create: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
}

async function waitUntil(what: string, probe: () => Promise<boolean>, proc?: ChildProcess, ms = 120_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (proc && proc.exitCode !== null) throw new Error(`${what}: the process exited with ${proc.exitCode}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`${what}: not ready after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends `signal` and resolves when the process has exited (at once when it already has). */
const signalAndWait = (p: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) return resolve();
    p.once('exit', () => resolve());
    p.kill(signal);
  });

/** The pids of an nginx master's worker processes (Linux: /proc). */
function workerPids(master: number): number[] {
  try {
    return readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const answers = (url: string) => fetch(url, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok);

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const n = o.instances ?? 2;
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error('instances: 1 to 16');
  const nginxPath = nginxBinary();
  // dist/ compiled unless it already holds this source: a fresh one (a test run builds it first) is left untouched.
  await buildService();
  await ensureDatabase(o.databaseUrl);
  const [proxyPort, ...ports] = await freePorts(n + 1);
  const port = o.port || proxyPort!;
  const publicUrl = `http://localhost:${port}`;
  const env = (index: number): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...o.env,
    DATABASE_URL: o.databaseUrl,
    ...(o.redisUrl ? { REDIS_URL: o.redisUrl } : {}),
    HOST: '127.0.0.1',
    PORT: String(ports[index]),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '1',
  });
  const spawnInstance = (index: number): Instance => {
    const child = spawn(process.execPath, NPM_START, {
      cwd: ROOT,
      env: env(index),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Whole lines: a pipe's chunks end anywhere, mid-line and mid-character, most often when the reader lags.
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => line && o.onLog?.(index, line));
    return { index, url: `http://127.0.0.1:${ports[index]}`, process: child };
  };
  const ready = (i: Instance) => waitUntil(`instance ${i.index}`, () => answers(`${i.url}/v1/ready`), i.process);

  const instances: Instance[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'swapgate-cluster-'));
  let nginx: ChildProcess | undefined;
  const drained = new Set<number>();
  const writeConf = () => writeFileSync(join(dir, 'default.conf'), clusterNginxConf(readFileSync(NGINX_CONF, 'utf8'), ports, port, drained));
  /**
   * Applies the configuration as it now is: nginx starts new workers with it and lets the old ones finish what they
   * are answering (a graceful reload). Resolves once the old workers are gone, so nothing is in flight on their
   * routes any more.
   */
  const reload = async () => {
    writeConf();
    const workers = () => workerPids(nginx!.pid!);
    const before = workers();
    nginx!.kill('SIGHUP');
    await waitUntil(
      'nginx reload',
      async () => {
        const now = workers();
        return now.length > 0 && !now.some((p) => before.includes(p));
      },
      nginx,
      30_000,
    );
  };
  const stop = async () => {
    const running = [nginx, ...instances.map((i) => i.process)].filter((p): p is ChildProcess => !!p);
    await Promise.all(running.map((p) => signalAndWait(p, 'SIGTERM')));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The first instance applies the migrations (under their advisory lock); the others find none pending.
    instances.push(spawnInstance(0));
    await ready(instances[0]!);
    for (let i = 1; i < n; i++) instances.push(spawnInstance(i));
    await Promise.all(instances.slice(1).map(ready));

    writeConf();
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir};`).join('\n');
    writeFileSync(
      join(dir, 'nginx.conf'),
      // worker_shutdown_timeout: a reload's old worker waits at most this long for its open WebSockets (a dashboard
      // left open) before closing them, so a drain never waits on a connection that would stay open for hours.
      `pid ${dir}/nginx.pid;\nerror_log stderr warn;\nworker_processes 1;\nworker_shutdown_timeout 5s;\nevents {}\nhttp {\n  access_log off;\n${temp}\n  include ${dir}/default.conf;\n}\n`,
    );
    nginx = spawn(nginxPath, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let nginxErr = '';
    nginx.stderr!.on('data', (d: Buffer) => {
      nginxErr += d;
    });
    createInterface({ input: nginx.stderr!, crlfDelay: Infinity }).on('line', (line) => line && o.onLog?.(-1, line));
    await waitUntil('nginx', () => answers(`http://127.0.0.1:${port}/v1/health`), nginx, 30_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${nginxErr}`);
    });
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    instances,
    async kill(index) {
      await signalAndWait(instances[index]!.process, 'SIGKILL');
    },
    async restart(index) {
      // Drain first: the proxy stops sending it anything new and finishes what it sent; then the instance stops
      // (finishing its own in-flight work), starts again, and the proxy sends it traffic once it is ready.
      drained.add(ports[index]!);
      await reload();
      await signalAndWait(instances[index]!.process, 'SIGTERM');
      instances[index] = spawnInstance(index);
      await ready(instances[index]!);
      drained.delete(ports[index]!);
      await reload();
    },
    stop,
  };
}

async function main() {
  const env = process.env;
  const instances = Number(env.CLUSTER_INSTANCES ?? 2);
  const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/swapgate_cluster';
  const extra: Record<string, string> = { NODE_ENV: env.NODE_ENV ?? 'development' };
  // As `npm run dev` does: a devnet with the mock provider, so quotes work with no network (DEVNET=0: none).
  let devnet: { rpcUrl: string; stop(): Promise<void> } | undefined;
  if (env.DEVNET !== '0') {
    const { startDevnet } = await import('../src/devnet/index.js');
    devnet = await startDevnet({ port: 0 }).catch((err: unknown) => {
      console.warn(`The local devnet did not start (${err instanceof Error ? err.message : String(err)}); running without it.`);
      return undefined;
    });
    if (devnet) Object.assign(extra, { RPC_URL_8453: devnet.rpcUrl, MOCK_PROVIDER: '1', PROVIDERS: env.PROVIDERS ?? 'mock', CHECKOUT_CONFIRMATIONS: '8453:1' });
  }
  const adminSecret = env.ADMIN_TOKEN ? undefined : randomBytes(32).toString('base64url');
  if (adminSecret) extra.ADMIN_TOKEN = `dev:${adminSecret}`;
  const cluster = await startCluster({
    instances,
    databaseUrl,
    redisUrl: env.REDIS_URL,
    port: Number(env.CLUSTER_PORT ?? 8080),
    env: extra,
    onLog: (i, line) => console.log(`[${i < 0 ? 'nginx' : i}] ${line}`),
  });
  const base = cluster.url.replace('127.0.0.1', 'localhost');
  console.log(`\nswapgate cluster: ${instances} instances behind nginx on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}${env.REDIS_URL ? ' and Redis' : ''}`);
  for (const i of cluster.instances) console.log(`  instance ${i.index}  ${i.url}`);
  console.log(
    `  Proxy      ${base}\n  Status     ${base}/status\n  Dashboard  ${base}/dashboard\n  Admin      ${base}/admin${adminSecret ? `  (dev token: ${adminSecret})` : ''}`,
  );
  console.log(`  Try        curl -s ${base}/v1/ready`);
  const shutdown = async () => {
    await cluster.stop();
    await devnet?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
