/**
 * Quote fan-out benchmark (issue 4, point 12).
 *
 *   node_modules/.bin/tsx bench/quote-fanout.ts          # 200 clients × 30 s per target
 *   BENCH_SECONDS=10 BENCH_CLIENTS=100 DATABASE_URL=postgres://… node_modules/.bin/tsx bench/quote-fanout.ts
 *   NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" …                # one CPU profile per process (role)
 *
 * Six fixture providers answer after fixed delays between 50 and 400 ms. The same load is sent to
 * GET /v1/quote, to the GraphQL `quote` field, and to a minimal bare-Node fan-out over the same fixtures
 * (the baseline). Reported: p50/p99 of (response time − slowest provider delay) and requests per second.
 * Targets: added p50 ≤ 3 ms, p99 ≤ 15 ms, throughput ≥ 70% of the baseline.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config.js';
import { createApp } from '../src/app.js';
import { createHttpServer } from '../src/http/server.js';
import { createLogger } from '../src/log.js';
import type { ProviderId } from '../src/providers/types.js';
import { FixtureProvider, startFixtureProviderServer } from '../test/fixtures/fixture-provider.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const DELAYS: [ProviderId, number][] = [
  ['debridge', 50],
  ['lifi', 120],
  ['0x', 190],
  ['kyberswap', 260],
  ['jupiter', 330],
  ['across', 400],
];
const SLOWEST = Math.max(...DELAYS.map(([, d]) => d));
const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const QS = new URLSearchParams({ srcChain: '8453', srcToken: 'USDC', amount: '25000000', dstChain: '8453', dstToken: 'DAI', sender: SENDER, recipient: SENDER }).toString();
const GQL = JSON.stringify({
  query: `{ quote(srcChain: "8453", srcToken: "USDC", amount: "25000000", dstChain: "8453", dstToken: "DAI", sender: "${SENDER}", recipient: "${SENDER}") { best { quoteId provider dstAmount } errors { provider code } } }`,
});

interface Result {
  name: string;
  n: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

async function load(name: string, send: () => Promise<Response>): Promise<Result> {
  const added: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const res = await send();
          const body = await res.text();
          if (res.status !== 200 || body.includes('"errors":[{')) errors++;
          else added.push(performance.now() - t - SLOWEST);
        } catch {
          errors++;
        }
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  added.sort((a, b) => a - b);
  const pct = (p: number) => added[Math.min(added.length - 1, Math.floor((p / 100) * added.length))] ?? NaN;
  return { name, n: added.length, errors, rps: added.length / secs, p50: pct(50), p99: pct(99) };
}

/** The baseline: the least a fan-out server can do — six parallel fetches, JSON back. */
async function startBaseline(fixtureUrl: string) {
  const server = createServer(async (_req, res) => {
    const answers = await Promise.allSettled(
      DELAYS.map(([id]) =>
        fetch(`${fixtureUrl}/p/${id}/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: '25000000', tradeType: 'EXACT_INPUT', srcDecimals: 6, dstDecimals: 18 }) }).then((r) => r.json()),
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
function child(role: string, env: Record<string, string> = {}): Promise<{ url: string; stop(): void }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], { env: { ...process.env, ...env, BENCH_ROLE: role }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c) => {
      out += c;
      const m = /READY (\S+)/.exec(out);
      if (m) resolve({ url: m[1], stop: () => proc.kill('SIGTERM') });
    });
    proc.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

async function roleFixtures() {
  const fx = await startFixtureProviderServer();
  for (const [id, delayMs] of DELAYS) fx.configure(id, { delayMs, behaviour: 'ok', rateBps: 9_900 + delayMs / 10 });
  console.log(`READY ${fx.url}`);
}

async function roleService(fixtureUrl: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PROVIDERS: 'none',
    JOBS_ENABLED: '0',
    DATA_DIR: 'memory://',
    DATABASE_POOL_SIZE: '40',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const app = await createApp(config, { log: createLogger('silent') });
  for (const [id] of DELAYS) app.services.providers.register(new FixtureProvider(id, fixtureUrl));
  const server = await createHttpServer(app).listen(0, '127.0.0.1');
  console.log(`READY ${server.url} ${config.REDIS_URL ? 'redis' : app.db.kind}`);
}

async function main() {
  const role = process.env.BENCH_ROLE;
  // Children exit normally on SIGTERM, so `--cpu-prof` in NODE_OPTIONS writes a profile per role.
  if (role) process.on('SIGTERM', () => process.exit(0));
  if (role === 'fixtures') return roleFixtures();
  if (role === 'service') return roleService(process.env.BENCH_FIXTURES!);
  if (role === 'baseline') {
    const b = await startBaseline(process.env.BENCH_FIXTURES!);
    return console.log(`READY ${b.url}`);
  }
  const fx = await child('fixtures');
  const service = await child('service', { BENCH_FIXTURES: fx.url });
  const baseline = await child('baseline', { BENCH_FIXTURES: fx.url });
  try {
    // Warm up (JIT, connection pools, caches) before measuring.
    for (let i = 0; i < 50; i++) await (await fetch(`${service.url}/v1/quote?${QS}`)).text();
    for (let i = 0; i < 50; i++) await (await fetch(`${baseline.url}/quote`)).text();
    console.log(`quote fan-out: ${CLIENTS} clients × ${SECONDS} s per target; providers ${DELAYS.map(([id, d]) => `${id}=${d}ms`).join(' ')}; quote store ${process.env.REDIS_URL ? 'redis' : process.env.DATABASE_URL ? 'postgres' : 'pglite'}`);
    const results: Result[] = [];
    results.push(await load('baseline (bare Node fan-out)', () => fetch(`${baseline.url}/quote`)));
    results.push(await load('GET /v1/quote', () => fetch(`${service.url}/v1/quote?${QS}`)));
    results.push(await load('GraphQL quote', () => fetch(`${service.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: GQL })));
    const base = results[0];
    console.log('\ntarget                          requests  errors   req/s   added p50   added p99   vs baseline');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(30)} ${String(r.n).padStart(9)} ${String(r.errors).padStart(7)} ${r.rps.toFixed(1).padStart(7)} ${r.p50.toFixed(2).padStart(9)} ms ${r.p99.toFixed(2).padStart(9)} ms ${((r.rps / base.rps) * 100).toFixed(0).padStart(10)}%`,
      );
    }
    console.log('\ntargets: added p50 ≤ 3 ms, p99 ≤ 15 ms, throughput ≥ 70% of the baseline');
  } finally {
    for (const c of [service, baseline, fx]) c.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
