/**
 * Quote fan-out benchmark: the service's added latency and throughput over a bare fan-out.
 *
 *   node_modules/.bin/tsx bench/quote-fanout.ts          # 200 clients × 30 s per target
 *   BENCH_SECONDS=10 BENCH_CLIENTS=100 DATABASE_URL=postgres://… node_modules/.bin/tsx bench/quote-fanout.ts
 *   BENCH_ROUNDS=6 BENCH_TARGETS=rest,graphql …   # GraphQL against REST in 6 rounds; its targets from the medians
 *   NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" BENCH_TARGETS=graphql …   # one CPU profile per process (role)
 *
 * Six fixture providers answer after fixed delays between 50 and 400 ms. The same load is sent to
 * GET /v1/quote, to the GraphQL `quote` field, and to a minimal bare-Node fan-out over the same fixtures
 * (the baseline). Reported: p50/p99 of (response time − slowest provider delay) and requests per second.
 * Targets: added p50 ≤ 3 ms, p99 ≤ 15 ms, throughput ≥ 70% of the baseline.
 *
 * Issue #27's targets, printed with PASS/FAIL after the table: REST − baseline p50 ≤ +1 ms, GraphQL − REST p50 ≤ +1 ms,
 * GraphQL / REST server CPU per request ≤ 1.15, and, with DATABASE_URL set (Postgres), the embedded default within
 * +3 ms of it at p50: the `pglite` target sends the REST and GraphQL loads to a second service process on in-memory
 * PGlite (no DATABASE_URL) and prints PGlite − Postgres for each. Without DATABASE_URL the service is on PGlite and
 * that comparison is not made (the bench says so).
 *
 * The request log (src/request-logs/): the same keyed GET /v1/quote load is sent to a second service process
 * with REQUEST_LOG_ENABLED=false and to the first (logging on), and the difference of their p50 is printed
 * (target ≤ 0.2 ms), with what one `record()` call costs measured in process. BENCH_TARGETS=logs runs only that.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/log.js';
import { systemClock } from '../src/clock.js';
import { RequestLogsService } from '../src/request-logs/service.js';
import { endOnExit, Failures, machineCpuMs, median, percentiles, SMOKE, size } from './bench-util.js';
import { QUOTE_FIXTURE_DELAYS, startQuoteFixtures } from './quote-fixtures.js';

const SECONDS = size(process.env.BENCH_SECONDS, 30, 0.5);
const CLIENTS = size(process.env.BENCH_CLIENTS, 200, 4);
/**
 * BENCH_ROUNDS=n (n > 1): the REST and GraphQL phases n times, in the order REST, GraphQL, GraphQL, REST, … (what
 * drifts during the run falls on both), and the GraphQL − REST targets from the medians of the rounds. One pair of
 * phases decides little on a shared machine: the same code gave CPU ratios from 1.08 to 1.30 in single pairs.
 */
const ROUNDS = size(process.env.BENCH_ROUNDS, 1, 1);
const failures = new Failures();
/** Which targets to load (comma-separated; all by default), e.g. to profile one of them alone. */
const TARGETS = new Set((process.env.BENCH_TARGETS ?? 'baseline,rest,graphql,pglite,logs').split(','));
/** The store the main service process runs on; the `pglite` target compares the embedded default with it. */
const MAIN_STORE = process.env.REDIS_URL ? 'redis' : process.env.DATABASE_URL ? 'postgres' : 'pglite';
const DELAYS = QUOTE_FIXTURE_DELAYS;
const SLOWEST = Math.max(...DELAYS.map(([, d]) => d));
const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const QS = new URLSearchParams({
  srcChain: '8453',
  srcToken: 'USDC',
  amount: '25000000',
  dstChain: '8453',
  dstToken: 'DAI',
  sender: SENDER,
  recipient: SENDER,
}).toString();
const GQL = JSON.stringify({
  query: `{ quote(input: { srcChain: "8453", srcToken: "USDC", amount: "25000000", dstChain: "8453", dstToken: "DAI", sender: "${SENDER}", recipient: "${SENDER}" }) { ... on QuoteResponse { best { quoteId provider dstAmount } errors { provider code } } ... on Error { code } } }`,
});

interface Result {
  name: string;
  /** CPU milliseconds per answered request: the process under load, the fixtures, the load generator, everything else on the machine (e.g. the Postgres server). */
  cpu?: { target: number; fixtures: number; client: number; other: number; busyPct: number; stallPct: number };
  /** The target process's event-loop delay and GC pauses during the phase. */
  pauses?: string;
  n: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

/** One HTTP exchange as the load generator and the baseline make it: undici's `request`, the client the service uses. */
interface Answer {
  status: number;
  body: string;
}
const agent = new Agent({ keepAliveTimeout: 10_000 });
async function call(url: string, init: { method?: 'GET' | 'POST'; body?: string; key?: string } = {}): Promise<Answer> {
  const res = await request(url, {
    dispatcher: agent,
    method: init.method ?? 'GET',
    body: init.body,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.key ? { 'x-api-key': init.key, 'user-agent': 'quote-bench/1.0' } : {}) },
  });
  return { status: res.statusCode, body: await res.body.text() };
}

async function load(name: string, send: () => Promise<Answer>): Promise<Result> {
  const added: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      // Independent users do not fire in lockstep: starts are spread over one slowest-provider cycle.
      // Started together, all 200 would arrive as one wave every ~400 ms, and the last of each wave
      // would wait for the 199 before it on any single-threaded server, the baseline included.
      await new Promise((r) => setTimeout(r, (i * SLOWEST) / CLIENTS));
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const { status, body } = await send();
          if (status !== 200 || body.includes('"errors":[{')) {
            errors++;
            failures.record(`${name}: HTTP ${status}${status === 200 ? ' with errors' : ''}`, body);
          } else added.push(performance.now() - t - SLOWEST);
        } catch (err) {
          errors++;
          failures.record(`${name}: ${(err as Error).message}`);
        }
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  const pct = percentiles(added);
  return { name, n: added.length, errors, rps: added.length / secs, p50: pct(50), p99: pct(99) };
}

/** CPU time of a process in ms, from /proc (Linux); NaN elsewhere. Ticks are 10 ms (USER_HZ 100). */
function procCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Time (µs) in which at least one runnable task waited for a CPU (Linux pressure stall information); NaN elsewhere. */
function cpuStallUs(): number {
  try {
    return Number(/^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** Runs one load phase and charges the CPU it cost to each party, per answered request. */
async function measured(name: string, target: Child, fixturesPid: number, send: () => Promise<Answer>): Promise<Result> {
  target.resetPauses();
  const before = {
    target: procCpuMs(target.pid),
    fixtures: procCpuMs(fixturesPid),
    client: process.cpuUsage(),
    machine: machineCpuMs(),
    stall: cpuStallUs(),
    at: performance.now(),
  };
  const r = await load(name, send);
  const client = process.cpuUsage(before.client);
  const clientMs = (client.user + client.system) / 1000;
  const targetMs = procCpuMs(target.pid) - before.target;
  const fixtures = procCpuMs(fixturesPid) - before.fixtures;
  const m = machineCpuMs();
  const busy = m.busy - before.machine.busy;
  const per = (v: number) => v / Math.max(1, r.n);
  r.cpu = {
    target: per(targetMs),
    fixtures: per(fixtures),
    client: per(clientMs),
    other: per(busy - targetMs - fixtures - clientMs),
    busyPct: (busy / (m.total - before.machine.total)) * 100,
    stallPct: ((cpuStallUs() - before.stall) / 1000 / (performance.now() - before.at)) * 100,
  };
  r.pauses = await target.pauses();
  return r;
}

/** The baseline: the least a fan-out server can do — six parallel calls with the same HTTP client, JSON back. */
async function startBaseline(fixtureUrl: string) {
  const server = createServer(async (_req, res) => {
    const answers = await Promise.allSettled(
      DELAYS.map(([id]) =>
        call(`${fixtureUrl}/p/${id}/quote`, {
          method: 'POST',
          body: JSON.stringify({ amount: '25000000', tradeType: 'EXACT_INPUT', srcDecimals: 6, dstDecimals: 18 }),
        }).then((r) => JSON.parse(r.body)),
      ),
    );
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ quotes: answers.filter((a) => a.status === 'fulfilled').map((a) => (a as PromiseFulfilledResult<unknown>).value) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Each party runs in its own process (fixtures, service, baseline, load generator), so the load generator
 * and the fixtures do not steal the event loop of the server being measured.
 */
interface Child {
  url: string;
  /** The service's bench key (a test key of its own account), for keyed loads. */
  key?: string;
  pid: number;
  /** Starts a fresh pause record in the child (SIGUSR2). */
  resetPauses(): void;
  /** The child's pause record since the last reset (SIGUSR1, answered on its stdout). */
  pauses(): Promise<string>;
  stop(): Promise<void>;
}
function child(role: string, env: Record<string, string> = {}): Promise<Child> {
  // BENCH_SERVICE_FLAGS: Node/V8 flags for the service process alone (e.g. GC settings to compare).
  const flags = role === 'service' ? (process.env.BENCH_SERVICE_FLAGS ?? '').split(' ').filter(Boolean) : [];
  // Children run as this process does (its loader, tsx, and any preload).
  const proc = endOnExit(
    spawn(process.execPath, [...flags, ...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, ...env, BENCH_ROLE: role },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  let waiting: ((line: string) => void) | undefined;
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c) => {
      out += c;
      const ready = /READY (\S+)(?: \S+)?(?: (\S+))?\n/.exec(out);
      const stats = /PAUSES (.*)\n/.exec(out);
      if (stats) {
        out = out.slice(stats.index + stats[0].length);
        waiting?.(stats[1]);
      }
      if (ready) {
        out = out.slice(ready.index + ready[0].length);
        resolve({
          url: ready[1],
          key: ready[2],
          pid: proc.pid!,
          resetPauses: () => void proc.kill('SIGUSR2'),
          pauses: () =>
            new Promise<string>((r) => {
              waiting = r;
              proc.kill('SIGUSR1');
            }),
          stop: () =>
            new Promise<void>((r) => {
              proc.once('exit', () => r());
              proc.kill('SIGTERM');
            }),
        });
      }
    });
    proc.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

async function roleFixtures() {
  console.log(`READY ${(await startQuoteFixtures()).url}`);
}

/**
 * Where a process's own latency goes: event-loop delay (anything that blocked it: long tasks, GC) and GC
 * pauses by kind. The record covers one measured phase: SIGUSR2 starts it afresh (after warm-up), SIGUSR1
 * asks for it, answered on stdout as one `PAUSES …` line.
 */
function recordPauses() {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  // minor = scavenge (grows with what is alive in the young generation: requests in flight), major =
  // mark-compact (grows with the retained heap), incremental marking steps, weak callbacks.
  const KIND_NAMES: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  let kinds = new Map<number, { n: number; ms: number; max: number }>();
  new PerformanceObserver((list) =>
    list.getEntries().forEach((e) => {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind ?? -1;
      const k = kinds.get(kind) ?? { n: 0, ms: 0, max: 0 };
      k.n++;
      k.ms += e.duration;
      k.max = Math.max(k.max, e.duration);
      kinds.set(kind, k);
    }),
  ).observe({ entryTypes: ['gc'] });
  process.on('SIGUSR2', () => {
    loop.reset();
    kinds = new Map();
  });
  process.on('SIGUSR1', () => {
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    const all = [...kinds.values()];
    const total = all.reduce((a, k) => a + k.ms, 0);
    const byKind = [...kinds].map(([k, v]) => `${KIND_NAMES[k] ?? k} ${v.n} × ${(v.ms / v.n).toFixed(1)} ms`).join(', ') || 'none';
    console.log(
      `PAUSES event loop delay p50 ${ms(loop.percentile(50))} / p99 ${ms(loop.percentile(99))} / max ${ms(loop.max)} ms; ` +
        `GC ${byKind}; total ${total.toFixed(0)} ms, longest ${Math.max(0, ...all.map((k) => k.max)).toFixed(1)} ms; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`,
    );
  });
}

async function roleService(fixtureUrl: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PROVIDERS: 'none',
    JOBS_ENABLED: '0',
    // The bench is the load: the limiter would answer most of it 429 (every request, at 200 clients), and the
    // per-address socket cap (256) would refuse the load generator's keep-alive sockets, which all come from one
    // address. Both are protections with tests of their own; the bench measures the quote path.
    RATE_LIMIT_ENABLED: 'false',
    HTTP_MAX_CONNECTIONS_PER_IP: '0',
    REQUEST_LOG_ENABLED: process.env.BENCH_REQUEST_LOG === 'off' ? 'false' : 'true',
    DATA_DIR: 'memory://',
    DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '10',
    // BENCH_STORE=pglite: the embedded default whatever DATABASE_URL or REDIS_URL say (the `pglite` target).
    ...(process.env.DATABASE_URL && process.env.BENCH_STORE !== 'pglite' ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL && process.env.BENCH_STORE !== 'pglite' ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  // Loaded here, not at the top: the fixtures, the baseline and the load generator run this file too, and the
  // service's module graph is about 1.5 s of CPU to load that they do not need.
  const [{ createApp }, { createHttpServer }, { FixtureProvider }] = await Promise.all([
    import('../src/app.js'),
    import('../src/http/server.js'),
    import('../test/fixtures/fixture-provider.js'),
  ]);
  const app = await createApp(config, { log: createLogger('silent') });
  for (const [id] of DELAYS) app.services.providers.register(new FixtureProvider(id, fixtureUrl));
  const server = await createHttpServer({ ...app.infra, services: app.services }).listen(0, '127.0.0.1');
  // A key of its own account: keyed requests are requests of an account, which the request log records.
  const account = await app.services.accounts.createAccount('quote bench');
  const { key } = await app.services.accounts.createKey(account.id, 'test');
  recordPauses();
  console.log(`READY ${server.url} ${config.REDIS_URL ? 'redis' : app.db.kind} ${key}`);
}

/**
 * What `RequestLogsService.record` costs the request path, in process: the service over a database handle that
 * takes every batch at once (the insert's own cost is off the request path, paid by the flush).
 */
async function recordCostUs(): Promise<number> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
  const svc = new RequestLogsService({
    config,
    log: createLogger('silent'),
    clock: systemClock,
    prisma: undefined as never,
    sql: { query: async () => [], exec: async () => {} },
  });
  const entry = {
    accountId: 'acct_bench',
    mode: 'test' as const,
    credentialId: 'key_bench',
    method: 'GET',
    route: '/v1/quote',
    status: 200,
    latencyMs: 412.3,
    requestId: '6f1c2b9e-3a5d-4e7f-8b1c-2d3e4f5a6b7c',
    clientIp: '127.0.0.1',
    userAgent: 'quote-bench/1.0',
    errorCode: null,
  };
  let spent = 0;
  const rounds = SMOKE ? 20 : 400;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    for (let j = 0; j < 400; j++) svc.record(entry);
    spent += performance.now() - t;
    await svc.flush();
  }
  await svc.close();
  return (spent * 1000) / (rounds * 400);
}

/**
 * Issue #27's targets, each from phases of this run: REST − baseline p50 ≤ +1 ms, GraphQL − REST p50 ≤ +1 ms,
 * GraphQL / REST server CPU per request ≤ 1.15, PGlite − Postgres p50 ≤ +3 ms (REST and GraphQL). A target whose
 * phases did not run is named with why; none of them decides the exit code (a bench asserts no time).
 */
/** GraphQL against REST per round (BENCH_ROUNDS): server CPU per request and added p50. */
interface Round {
  cpuRatio: number;
  p50Diff: number;
  /** Server CPU ms per request of each. */
  restCpu: number;
  gqlCpu: number;
}

function printIssueTargets(results: Result[], rounds: Round[] = []) {
  const get = (name: string) => results.find((r) => r.name === name);
  const base = get('baseline (bare Node fan-out)');
  const rest = get('GET /v1/quote');
  const gql = get('GraphQL quote');
  const restEmbedded = get('GET /v1/quote (PGlite)');
  const gqlEmbedded = get('GraphQL quote (PGlite)');
  const line = (label: string, value: number | undefined, unit: string, limit: number, missing: string) =>
    console.log(
      `${label.padEnd(44)} ${
        value === undefined
          ? `not measured (${missing})`
          : `${`${unit === 'ms' && value >= 0 ? '+' : ''}${value.toFixed(2)}${unit === 'ms' ? ' ms' : '×'}`.padStart(10)}  target ≤ ${unit === 'ms' ? `+${limit} ms` : `${limit}×`}  ${value <= limit ? 'PASS' : 'FAIL'}`
      }`,
    );
  const diff = (a: Result | undefined, b: Result | undefined) => (a && b ? a.p50 - b.p50 : undefined);
  const noPglite = MAIN_STORE === 'pglite' ? 'the main service is on PGlite: set DATABASE_URL to a Postgres database' : 'BENCH_TARGETS without pglite';
  console.log(`\nissue #27 targets (this run; the main service's store: ${MAIN_STORE})`);
  line('REST − baseline, added p50', diff(rest, base), 'ms', 1, 'BENCH_TARGETS without baseline or rest');
  const many = rounds.length > 1 ? ` (median of ${rounds.length} rounds)` : '';
  line(`GraphQL − REST, added p50${many}`, many ? median(rounds.map((r) => r.p50Diff)) : diff(gql, rest), 'ms', 1, 'BENCH_TARGETS without rest or graphql');
  line(
    `GraphQL / REST, server CPU per request${many}`,
    many ? median(rounds.map((r) => r.cpuRatio)) : gql && rest ? gql.cpu!.target / rest.cpu!.target : undefined,
    '×',
    1.15,
    'BENCH_TARGETS without rest or graphql',
  );
  const against = MAIN_STORE === 'pglite' ? 'Postgres' : MAIN_STORE;
  line(`REST, PGlite − ${against}, added p50`, diff(restEmbedded, rest), 'ms', 3, noPglite);
  line(`GraphQL, PGlite − ${against}, added p50`, diff(gqlEmbedded, gql), 'ms', 3, noPglite);
}

async function main() {
  const role = process.env.BENCH_ROLE;
  // Children exit normally on SIGTERM, so `--cpu-prof` in NODE_OPTIONS writes a profile per role.
  if (role) process.on('SIGTERM', () => process.exit(0));
  if (role === 'fixtures') return roleFixtures();
  if (role === 'service') return roleService(process.env.BENCH_FIXTURES!);
  if (role === 'baseline') {
    const b = await startBaseline(process.env.BENCH_FIXTURES!);
    recordPauses();
    return console.log(`READY ${b.url}`);
  }
  const fx = await child('fixtures');
  // Started together (nothing is measured before all are ready): each start is mostly loading and migrating.
  const [service, baseline, unlogged, embedded] = await Promise.all([
    child('service', { BENCH_FIXTURES: fx.url }),
    child('baseline', { BENCH_FIXTURES: fx.url }),
    // The same service with the request log off: the keyed phases compare the two.
    // (Not in a smoke run, which only checks that the keyed phase works: it runs once, on the first service.)
    TARGETS.has('logs') && !SMOKE ? child('service', { BENCH_FIXTURES: fx.url, BENCH_REQUEST_LOG: 'off' }) : undefined,
    // The embedded default beside the Postgres (or Redis) store of the main service.
    TARGETS.has('pglite') && MAIN_STORE !== 'pglite' ? child('service', { BENCH_FIXTURES: fx.url, BENCH_STORE: 'pglite' }) : undefined,
  ]);
  try {
    // Warm up (JIT, connection pools, caches) before measuring: a few rounds of concurrent calls each.
    const warm = async (send: () => Promise<Answer>) => {
      for (let round = 0; round < (SMOKE ? 1 : 5); round++)
        for (const a of await Promise.all(Array.from({ length: SMOKE ? 4 : 40 }, send)))
          if (a.status !== 200) failures.record(`warm-up: HTTP ${a.status}`, a.body);
    };
    await warm(() => call(`${service.url}/v1/quote?${QS}`));
    await warm(() => call(`${service.url}/graphql`, { method: 'POST', body: GQL }));
    await warm(() => call(`${baseline.url}/quote`));
    if (embedded) {
      await warm(() => call(`${embedded.url}/v1/quote?${QS}`));
      await warm(() => call(`${embedded.url}/graphql`, { method: 'POST', body: GQL }));
    }
    if (TARGETS.has('logs')) await warm(() => call(`${service.url}/v1/quote?${QS}`, { key: service.key }));
    if (unlogged) await warm(() => call(`${unlogged.url}/v1/quote?${QS}`, { key: unlogged.key }));
    console.log(
      `quote fan-out: ${CLIENTS} clients × ${SECONDS} s per target; providers ${DELAYS.map(([id, d]) => `${id}=${d}ms`).join(' ')}; quote store ${MAIN_STORE}${embedded ? ' (and pglite for the (PGlite) phases)' : ''}`,
    );
    const results: Result[] = [];
    if (TARGETS.has('baseline')) results.push(await measured('baseline (bare Node fan-out)', baseline, fx.pid, () => call(`${baseline.url}/quote`)));
    const restPhase = () => measured('GET /v1/quote', service, fx.pid, () => call(`${service.url}/v1/quote?${QS}`));
    const gqlPhase = () => measured('GraphQL quote', service, fx.pid, () => call(`${service.url}/graphql`, { method: 'POST', body: GQL }));
    if (TARGETS.has('rest')) results.push(await restPhase());
    if (TARGETS.has('graphql')) results.push(await gqlPhase());
    if (embedded) {
      results.push(await measured('GET /v1/quote (PGlite)', embedded, fx.pid, () => call(`${embedded.url}/v1/quote?${QS}`)));
      results.push(await measured('GraphQL quote (PGlite)', embedded, fx.pid, () => call(`${embedded.url}/graphql`, { method: 'POST', body: GQL })));
    }
    // More rounds of the two GraphQL − REST phases (BENCH_ROUNDS), the first round being the phases above.
    const rounds: Round[] = [];
    const first = { rest: results.find((r) => r.name === 'GET /v1/quote'), gql: results.find((r) => r.name === 'GraphQL quote') };
    if (ROUNDS > 1 && first.rest && first.gql) {
      const round = (rest: Result, gql: Result): Round => ({
        cpuRatio: gql.cpu!.target / rest.cpu!.target,
        p50Diff: gql.p50 - rest.p50,
        restCpu: rest.cpu!.target,
        gqlCpu: gql.cpu!.target,
      });
      rounds.push(round(first.rest, first.gql));
      for (let i = 1; i < ROUNDS; i++) {
        // Odd rounds GraphQL first: REST, GraphQL | GraphQL, REST | REST, GraphQL …
        if (i % 2) {
          const gql = await gqlPhase();
          rounds.push(round(await restPhase(), gql));
        } else {
          const rest = await restPhase();
          rounds.push(round(rest, await gqlPhase()));
        }
      }
    }
    if (TARGETS.has('logs')) {
      const on = () => measured('keyed GET /v1/quote, log on', service, fx.pid, () => call(`${service.url}/v1/quote?${QS}`, { key: service.key }));
      if (unlogged) {
        // Off, on, on, off: whatever drifts during the run (the machine's other load, a heap growing) falls on both.
        const off = () => measured('keyed GET /v1/quote, log off', unlogged, fx.pid, () => call(`${unlogged.url}/v1/quote?${QS}`, { key: unlogged.key }));
        for (const phase of [off, on, on, off]) results.push(await phase());
      } else results.push(await on());
    }
    const base = results.find((r) => r.name.startsWith('baseline'));
    const vs = (v: number, b: number | undefined) => (b === undefined ? '' : `${v - b >= 0 ? '+' : ''}${(v - b).toFixed(2)}`.padStart(9));
    console.log('\ntarget                          requests  errors   req/s   added p50   added p99   vs baseline   p50 over baseline  p99 over baseline');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(30)} ${String(r.n).padStart(9)} ${String(r.errors).padStart(7)} ${r.rps.toFixed(1).padStart(7)} ${r.p50.toFixed(2).padStart(9)} ms ${r.p99.toFixed(2).padStart(9)} ms ${base ? `${((r.rps / base.rps) * 100).toFixed(0)}%`.padStart(13) : ''} ${vs(r.p50, base?.p50).padStart(15)} ms ${vs(r.p99, base?.p99).padStart(15)} ms`,
      );
    }
    // "CPU stall": share of the phase in which some runnable task waited for a core (PSI). On a machine that
    // also runs the fixtures, the load generator and Postgres, this is latency no server code can remove.
    console.log('\nCPU ms per request     server  fixtures  load-gen  other (e.g. Postgres)  machine busy  CPU stall');
    for (const r of results) {
      const c = r.cpu!;
      console.log(
        `${r.name.padEnd(30)} ${c.target.toFixed(2).padStart(6)} ${c.fixtures.toFixed(2).padStart(9)} ${c.client.toFixed(2).padStart(9)} ${c.other.toFixed(2).padStart(9)} ${c.busyPct.toFixed(0).padStart(18)}% ${c.stallPct.toFixed(0).padStart(9)}%`,
      );
    }
    console.log('\nserver pauses during each phase');
    for (const r of results) console.log(`${r.name.padEnd(30)} ${r.pauses}`);
    console.log('\ntargets: added p50 ≤ 3 ms, p99 ≤ 15 ms, throughput ≥ 70% of the baseline');
    if (rounds.length > 1) {
      console.log(`\nGraphQL against REST in ${rounds.length} rounds (REST, GraphQL | GraphQL, REST | …)`);
      console.log(
        `  server CPU ms per request, REST: ${rounds.map((r) => r.restCpu.toFixed(2)).join(' ')}; GraphQL: ${rounds.map((r) => r.gqlCpu.toFixed(2)).join(' ')}`,
      );
      console.log(
        `  server CPU per request, GraphQL / REST: ${rounds.map((r) => r.cpuRatio.toFixed(2)).join(' ')}; median ${median(rounds.map((r) => r.cpuRatio)).toFixed(2)}`,
      );
      console.log(
        `  added p50, GraphQL − REST (ms): ${rounds.map((r) => r.p50Diff.toFixed(2)).join(' ')}; median ${median(rounds.map((r) => r.p50Diff)).toFixed(2)}`,
      );
    }
    printIssueTargets(results, rounds);
    const mean = (suffix: string, f: (r: Result) => number) => {
      const rs = results.filter((r) => r.name.endsWith(suffix));
      return rs.reduce((n, r) => n + f(r), 0) / rs.length;
    };
    if (unlogged) {
      const added = (f: (r: Result) => number) => (mean('log on', f) - mean('log off', f)).toFixed(2);
      console.log(
        `\nrequest log: added p50 ${added((r) => r.p50)} ms, p99 ${added((r) => r.p99)} ms, server CPU ${added((r) => r.cpu!.target)} ms per request (mean of the two log-on phases − mean of the two log-off phases; target p50 ≤ 0.2 ms)`,
      );
    }
    if (TARGETS.has('logs')) {
      console.log(
        `request log: record() costs ${(await recordCostUs()).toFixed(2)} µs per request in process (the whole request-path cost; the write is batched off it)`,
      );
    }
  } finally {
    await Promise.all([service, baseline, fx, ...(unlogged ? [unlogged] : []), ...(embedded ? [embedded] : [])].map((c) => c.stop()));
    await agent.close();
  }
  failures.finish();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
