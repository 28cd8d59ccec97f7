/**
 * Streamed quotes benchmark: how soon the first message of a streamed quote arrives after the fastest provider has
 * answered, and the last one after the slowest, with many streams at once.
 *
 *   node_modules/.bin/tsx bench/quote-stream.ts                  # 50 concurrent streams × 20 s per target
 *   BENCH_SECONDS=10 BENCH_STREAMS=100 DATABASE_URL=postgres://… node_modules/.bin/tsx bench/quote-stream.ts
 *
 * Six fixture providers answer after fixed delays between 50 and 400 ms (each in its own process: fixtures, the
 * service, a baseline, and this load generator). Each stream is opened, read to its last message and opened again.
 * Targets, per transport: first message − fastest provider ≤ 5 ms at p50 (the issue's target), and the last message −
 * slowest provider printed beside the one-shot quote's added latency. The baseline is a bare Node server that writes
 * one server-sent event per provider answer over the same fixtures: the least a streaming fan-out can cost.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createClient } from 'graphql-ws';
import { Agent, request } from 'undici';
import WebSocket from 'ws';
import { createLogger } from '../src/log.js';
import { benchConfig, Failures, percentiles, SMOKE, size, startChild } from './bench-util.js';
import { QUOTE_FIXTURE_DELAYS, startQuoteFixtures } from './quote-fixtures.js';

const SECONDS = size(process.env.BENCH_SECONDS, 20, 0.5);
const STREAMS = size(process.env.BENCH_STREAMS, 50, 4);
const failures = new Failures();
const DELAYS = QUOTE_FIXTURE_DELAYS;
const FASTEST = Math.min(...DELAYS.map(([, d]) => d));
const SLOWEST = Math.max(...DELAYS.map(([, d]) => d));
const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PARAMS = { srcChain: '8453', srcToken: 'USDC', amount: '25000000', dstChain: '8453', dstToken: 'DAI', sender: SENDER, recipient: SENDER };
const QS = new URLSearchParams(PARAMS).toString();
const SUBSCRIPTION = `subscription { quoteStream(input: { srcChain: "8453", srcToken: "USDC", amount: "25000000", dstChain: "8453", dstToken: "DAI", sender: "${SENDER}", recipient: "${SENDER}" }) { best { quoteId provider } pending complete } }`;

/** One stream as the client saw it: ms from the request to its first and last message, and how many it had. */
interface Timing {
  first: number;
  last: number;
  messages: number;
}

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 512 });

/** Reads an SSE answer; `isLast` says which event ends the stream for the caller. */
async function sse(url: string, isLast: (event: string, data: string) => boolean): Promise<Timing> {
  const t = performance.now();
  const res = await request(url, { dispatcher: agent, headers: { accept: 'text/event-stream' } });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${(await res.body.text()).slice(0, 300)}`);
  let buf = '';
  let first = Number.NaN;
  let messages = 0;
  for await (const chunk of res.body) {
    buf += chunk;
    for (let cut = buf.indexOf('\n\n'); cut >= 0; cut = buf.indexOf('\n\n')) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      if (event === 'error') throw new Error(`error event: ${data.slice(0, 300)}`);
      messages++;
      if (messages === 1) first = performance.now() - t;
      if (isLast(event, data)) {
        const last = performance.now() - t;
        res.body.destroy();
        return { first, last, messages };
      }
    }
  }
  throw new Error(`stream ended after ${messages} message(s) without its last one`);
}

/** One graphql-ws subscription to its completion. */
function subscription(client: ReturnType<typeof createClient>): Promise<Timing> {
  const t = performance.now();
  let first = Number.NaN;
  let messages = 0;
  return new Promise((resolve, reject) =>
    client.subscribe(
      { query: SUBSCRIPTION },
      {
        next: (v) => {
          if (v.errors) return reject(new Error(JSON.stringify(v.errors).slice(0, 300)));
          messages++;
          if (messages === 1) first = performance.now() - t;
        },
        error: (e) => reject(e instanceof Error ? e : new Error(JSON.stringify(e))),
        complete: () => resolve({ first, last: performance.now() - t, messages }),
      },
    ),
  );
}

interface Result {
  name: string;
  n: number;
  firstP50: number;
  firstP99: number;
  lastP50: number;
  lastP99: number;
}

/** STREAMS clients, each opening a stream, reading it to its end and opening the next, for SECONDS. */
async function load(name: string, open: (client: number) => Promise<Timing>): Promise<Result> {
  const first: number[] = [];
  const last: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: STREAMS }, async (_, i) => {
      // Spread over one slowest-provider cycle, as independent users are (see bench/quote-fanout.ts).
      await new Promise((r) => setTimeout(r, (i * SLOWEST) / STREAMS));
      while (performance.now() < end) {
        try {
          const t = await open(i);
          if (t.messages !== DELAYS.length) failures.record(`${name}: ${t.messages} messages, expected ${DELAYS.length}`);
          first.push(t.first - FASTEST);
          last.push(t.last - SLOWEST);
        } catch (err) {
          failures.record(`${name}: ${(err as Error).message}`);
        }
      }
    }),
  );
  const [f, l] = [percentiles(first), percentiles(last)];
  return { name, n: first.length, firstP50: f(50), firstP99: f(99), lastP50: l(50), lastP99: l(99) };
}

/** The baseline: six calls with the same HTTP client, one server-sent event per answer as it comes. */
async function roleBaseline(fixtureUrl: string) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(': open\n\n');
    let left = DELAYS.length;
    const answers: unknown[] = [];
    for (const [id] of DELAYS) {
      request(`${fixtureUrl}/p/${id}/quote`, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '25000000', tradeType: 'EXACT_INPUT', srcDecimals: 6, dstDecimals: 18 }),
      })
        .then((r) => r.body.json())
        .then(
          (q) => answers.push(q),
          () => {},
        )
        .finally(() => {
          left--;
          res.write(`event: quotes\ndata: ${JSON.stringify({ quotes: answers, complete: left === 0 })}\n\n`);
          if (!left) res.end();
        });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  console.log(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

async function roleService(fixtureUrl: string) {
  const config = benchConfig({
    NODE_ENV: 'production',
    REQUEST_LOG_ENABLED: 'true',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  // Loaded here, not at the top: the fixtures, the baseline and the load generator run this file too, and do not
  // need the service's module graph (about 1.5 s of CPU to load).
  const [{ createApp }, { createHttpServer }, { FixtureProvider }] = await Promise.all([
    import('../src/app.js'),
    import('../src/http/server.js'),
    import('../test/fixtures/fixture-provider.js'),
  ]);
  const app = await createApp(config, { log: createLogger('silent') });
  for (const [id] of DELAYS) app.services.providers.register(new FixtureProvider(id, fixtureUrl));
  const server = await createHttpServer({ ...app.infra, services: app.services }).listen(0, '127.0.0.1');
  console.log(`READY ${server.url}`);
}

async function roleFixtures() {
  console.log(`READY ${(await startQuoteFixtures()).url}`);
}

/** A role of this bench in a process of its own. */
const child = (role: string, env: Record<string, string> = {}) => startChild(fileURLToPath(import.meta.url), { ...env, BENCH_ROLE: role }, role);

async function main() {
  const role = process.env.BENCH_ROLE;
  if (role) process.on('SIGTERM', () => process.exit(0));
  if (role === 'fixtures') return roleFixtures();
  if (role === 'service') return roleService(process.env.BENCH_FIXTURES!);
  if (role === 'baseline') return roleBaseline(process.env.BENCH_FIXTURES!);

  const fx = await child('fixtures');
  const [service, baseline] = await Promise.all([child('service', { BENCH_FIXTURES: fx.url }), child('baseline', { BENCH_FIXTURES: fx.url })]);
  const ws = Array.from({ length: STREAMS }, () =>
    createClient({ url: `${service.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0 }),
  );
  const complete = (_e: string, data: string) => data.includes('"complete":true');
  const rest = () => sse(`${service.url}/v1/quote?${QS}`, complete);
  const bare = () => sse(`${baseline.url}/quote`, complete);
  try {
    // Warm up: JIT, pools, the quote store.
    for (let round = 0; round < (SMOKE ? 1 : 3); round++) {
      await Promise.all(Array.from({ length: Math.min(STREAMS, 20) }, (_, i) => Promise.all([rest(), bare(), subscription(ws[i])]))).catch((err: Error) =>
        failures.record(`warm-up: ${err.message}`),
      );
    }
    console.log(
      `streamed quotes: ${STREAMS} concurrent streams × ${SECONDS} s per target; providers ${DELAYS.map(([id, d]) => `${id}=${d}ms`).join(' ')}; quote store ${process.env.REDIS_URL ? 'redis' : process.env.DATABASE_URL ? 'postgres' : 'pglite'}`,
    );
    const results = [
      await load('baseline (bare Node SSE fan-out)', bare),
      await load('GET /v1/quote (SSE)', rest),
      await load('GraphQL quoteStream (graphql-ws)', (i) => subscription(ws[i])),
    ];
    const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
    console.log(`\n${'target'.padEnd(36)} ${'streams'.padStart(8)}   first−fastest p50 / p99   last−slowest p50 / p99`);
    for (const r of results)
      console.log(`${r.name.padEnd(36)} ${String(r.n).padStart(8)}   ${ms(r.firstP50)} / ${ms(r.firstP99)}     ${ms(r.lastP50)} / ${ms(r.lastP99)}`);
    const base = results[0];
    console.log('');
    for (const r of results.slice(1)) {
      const ok = r.firstP50 <= 5;
      console.log(
        `${r.name}: first message ${r.firstP50.toFixed(1)} ms over the fastest provider at p50 (target ≤ 5 ms: ${ok ? 'PASS' : 'FAIL'}; baseline ${base.firstP50.toFixed(1)} ms, +${(r.firstP50 - base.firstP50).toFixed(1)} ms); last message ${r.lastP50.toFixed(1)} ms over the slowest (baseline ${base.lastP50.toFixed(1)} ms, +${(r.lastP50 - base.lastP50).toFixed(1)} ms)`,
      );
    }
  } finally {
    await Promise.all(ws.map((c) => c.dispose()));
    await Promise.all([service.stop(), baseline.stop(), fx.stop()]);
  }
  failures.finish();
}

await main();
