/**
 * Thousands of live subscribers across instances: two instances of the service (scripts/cluster.ts, each its own
 * process) on one fresh Postgres database, BENCH_SUBSCRIPTIONS (default 5,000) graphql-ws subscriptions split evenly
 * between them, half `checkoutSession(id)` and half `order(quoteId)`, BENCH_RESOURCES (default 500) resources with
 * the same number of subscribers each (so every subscription gets exactly one change). Then every resource changes
 * once, at BENCH_RATE changes per second (default 100): by default each change is committed in the database by the
 * bench as the owning service would write it (one transaction: the row updated and its id-only NOTIFY in the
 * service's wire format, src/db/pubsub.ts), and its latency counts from the moment COMMIT is sent (an upper bound of
 * commit → message). BENCH_CHANGES=api expires the sessions through instance 0's API instead
 * (POST /v1/checkout/sessions/:id/expire: the service's own transaction, event and NOTIFY), counted from the moment the
 * request is sent. Printed: latency p50/p99 over every subscriber's message (target p99 ≤ 250 ms), messages lost
 * (expected minus received; target 0), memory per idle subscription (RSS and V8 heap of each instance after a full GC,
 * through an inspector on a loopback port, once the subscriptions are open and idle, minus before), the Postgres
 * connections of each instance (pg_stat_activity rows matched to the instance's sockets; target: one LISTEN
 * connection per instance, whatever the number of subscriptions), and the machine's load.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/subscribers.ts
 * (a fresh database is created beside the one named and dropped at the end; TEST_POSTGRES_URL is used when
 * BENCH_DATABASE_URL is unset, and without either the bench says so and stops). Optional: BENCH_SUBSCRIPTIONS,
 * BENCH_RESOURCES, BENCH_RATE, BENCH_CHANGES, BENCH_SUBS_PER_SOCKET (default 1: each subscriber its own WebSocket, as
 * pay pages and dashboards are). Needs nginx (scripts/cluster.ts starts it; the bench talks to the instances directly).
 */
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import WebSocket from 'ws';
import { startCluster } from '../scripts/cluster.js';
import { checkoutSessionTopic } from '../src/checkout/topics.js';
import { encodeNotification, PUBSUB_CHANNEL } from '../src/db/pubsub.js';
import { orderTopic } from '../src/orders/topics.js';
import { Failures, percentiles, SMOKE, size } from './bench-util.js';

const SUBS = size(process.env.BENCH_SUBSCRIPTIONS, 5000, 100);
const RESOURCES = size(process.env.BENCH_RESOURCES, 500, 10);
const RATE = size(process.env.BENCH_RATE, 100, 50);
const PER_SOCKET = size(process.env.BENCH_SUBS_PER_SOCKET, 1, 1);
/** `db` (default): every change committed by the bench; `api`: sessions expired through instance 0's API instead. */
const CHANGES = process.env.BENCH_CHANGES === 'api' ? 'api' : 'db';
const P99_TARGET_MS = 250;
const failures = new Failures();

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_POSTGRES_URL;
if (!baseUrl) {
  console.log('subscribers: needs Postgres (BENCH_DATABASE_URL or TEST_POSTGRES_URL); not run');
  process.exit(0);
}
if (RESOURCES % 2 || SUBS % RESOURCES || (SUBS / RESOURCES) % 2) throw new Error('BENCH_RESOURCES even, and BENCH_SUBSCRIPTIONS an even multiple of it');

// A fresh database beside the one named, dropped at the end.
const dbName = `bench_subscribers_${process.pid}_${Date.now()}`;
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const adminUrl = new URL(baseUrl);
adminUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);

const inspectors = new Map<number, string>();
const started = performance.now();
const cluster = await startCluster({
  instances: 2,
  databaseUrl: dbUrl.toString(),
  env: {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PROVIDERS: 'none',
    JOBS_ENABLED: '0',
    RATE_LIMIT_ENABLED: 'false',
    // The bench is one client address opening thousands of sockets: the per-address and per-key caps are off.
    WS_MAX_CONNECTIONS_PER_IP: '0',
    WS_MAX_CONNECTIONS_PER_KEY: '0',
    WS_MAX_MESSAGES_PER_SECOND: '0',
    WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: '0',
    // An inspector on a free loopback port of each instance: the bench collects garbage there before reading memory.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim(),
  },
  onLog: (i, line) => {
    const inspector = /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
    if (inspector) inspectors.set(i, inspector);
    if (/"level":(50|60)|error/i.test(line)) console.error(`[instance ${i}] ${line.slice(0, 500)}`);
  },
});
const db = new pg.Client({ connectionString: dbUrl.toString() });
const sockets: WebSocket[] = [];
let closing = false;

try {
  await db.connect();
  console.log(`cluster of ${cluster.instances.length} instances ready in ${Math.round(performance.now() - started)} ms`);
  const { key, accountId } = await createKey(dbUrl.toString());

  // ---- resources: half checkout sessions (through the API), half orders (rows, as a report would write them) ----
  const sessions: string[] = [];
  const api = cluster.instances[0]!.url;
  const h = { 'content-type': 'application/json', 'x-api-key': key };
  await inBatches(RESOURCES / 2, 20, async (i) => {
    const r = await fetch(`${api}/v1/checkout/sessions`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify({
        amount: String(1_000_000 + i),
        settleChain: 'base',
        settleToken: 'USDC',
        recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      }),
    });
    if (r.status !== 201 && r.status !== 200) return failures.record(`POST /v1/checkout/sessions: HTTP ${r.status}`, await r.text());
    sessions.push(((await r.json()) as { id: string }).id);
  });
  const orders = Array.from({ length: RESOURCES / 2 }, (_, i) => `q_bench_subscribers_${i}`);
  await db.query(
    `INSERT INTO orders (quote_id, provider, status, account_id, livemode, src_chain_id, dst_chain_id, amount, dst_amount, src_tx_hash,
       tracking_id, provider_state, our_fee_bps, partner_fee_bps)
     SELECT q, 'bench', 'submitted', $2, false, 8453, 8453, '1000000', '999000', '0x' || md5(q) || md5(q), q, 'pending', 0, 0
     FROM unnest($1::text[]) AS q`,
    [orders, accountId],
  );
  const resources = [...sessions.map((id) => ({ kind: 'session' as const, id })), ...orders.map((id) => ({ kind: 'order' as const, id }))];

  // ---- subscriptions: each resource's subscribers split between the instances ----
  const before = await Promise.all(cluster.instances.map((i) => memoryOf(i)));
  const perResource = SUBS / RESOURCES;
  interface Sub {
    resource: number;
    instance: number;
    messages: number;
  }
  const subs: Sub[] = [];
  for (let r = 0; r < resources.length; r++) for (let k = 0; k < perResource; k++) subs.push({ resource: r, instance: k % 2, messages: 0 });
  const changedAt = new Map<number, number>();
  const latencies: number[] = [];
  const expireMs: number[] = [];
  const byKind = { session: [] as number[], order: [] as number[] };
  let initial = 0;
  const openStart = performance.now();
  const groups = cluster.instances.map((_, i) => subs.filter((s) => s.instance === i));
  const socketsOf = groups.flatMap((g, i) => chunk(g, PER_SOCKET).map((list) => ({ instance: i, list })));
  await inBatches(socketsOf.length, 100, async (n) => {
    const { instance, list } = socketsOf[n]!;
    const ws = new WebSocket(`${cluster.instances[instance]!.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    sockets.push(ws);
    ws.on('error', (err) => failures.record('WebSocket error', String(err)));
    ws.on('close', (code, reason) => {
      if (!closing) failures.record(`WebSocket closed ${code}`, String(reason));
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => {
        ws.send(JSON.stringify({ type: 'connection_init' }));
      });
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as { type: string; id?: string; payload?: { errors?: unknown } };
        if (m.type === 'connection_ack') {
          list.forEach((s, j) => {
            const res = resources[s.resource]!;
            const query =
              res.kind === 'session'
                ? { query: 'subscription($id: ID!) { checkoutSession(id: $id) { id status } }', variables: { id: res.id } }
                : { query: 'subscription($q: ID!) { order(quoteId: $q) { quoteId status providerState } }', variables: { q: res.id } };
            ws.send(JSON.stringify({ id: String(j), type: 'subscribe', payload: query }));
          });
          return resolve();
        }
        if (m.type === 'next') {
          if (m.payload?.errors) return failures.record('subscription error', JSON.stringify(m.payload.errors));
          const s = list[Number(m.id)]!;
          s.messages++;
          if (s.messages === 1) initial++;
          else if (s.messages === 2) {
            const t0 = changedAt.get(s.resource);
            if (t0 === undefined) failures.record('a change arrived before it was made', resources[s.resource]!.id);
            else {
              latencies.push(performance.now() - t0);
              byKind[resources[s.resource]!.kind].push(performance.now() - t0);
            }
          } else failures.record('more than one change message', resources[s.resource]!.id);
        } else if (m.type === 'error') failures.record('subscription refused', JSON.stringify(m.payload));
      });
      ws.once('close', () => reject(new Error('closed before connection_ack')));
    });
  });
  await waitUntil(
    () => initial === SUBS,
    60_000,
    () => `${initial} of ${SUBS} subscriptions in place`,
  );
  console.log(`${SUBS} subscriptions on ${sockets.length} WebSockets open in ${Math.round(performance.now() - openStart)} ms`);
  await sleep(2000); // idle
  const after = await Promise.all(cluster.instances.map((i) => memoryOf(i)));

  // ---- changes ----
  const notifyText = async (topic: string, payload: unknown) => (await encodeNotification(topic, payload, () => Promise.reject(new Error('small')))).text;
  const writers = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  const change = async (r: number) => {
    const res = resources[r]!;
    if (res.kind === 'session' && CHANGES === 'api') {
      const t0 = performance.now();
      changedAt.set(r, t0);
      const x = await fetch(`${api}/v1/checkout/sessions/${res.id}/expire`, { method: 'POST', headers: h });
      expireMs.push(performance.now() - t0);
      if (x.status !== 200) failures.record(`POST …/expire: HTTP ${x.status}`, await x.text());
      return;
    }
    // One transaction as the owning service writes it: the row changed and its id-only NOTIFY (src/db/pubsub.ts format).
    const [sql, topic, payload] =
      res.kind === 'session'
        ? [
            `UPDATE checkout_sessions SET status = 'expired', expired_at = now(), updated_at = now() WHERE id = $1`,
            checkoutSessionTopic(res.id),
            { id: res.id },
          ]
        : [`UPDATE orders SET provider_state = 'bridging', updated_at = now() WHERE quote_id = $1`, orderTopic(res.id), { quoteId: res.id }];
    const c = await writers.connect();
    try {
      await c.query('BEGIN');
      await c.query(sql, [res.id]);
      await c.query('SELECT pg_notify($1, $2)', [PUBSUB_CHANNEL, await notifyText(topic, payload)]);
      changedAt.set(r, performance.now());
      await c.query('COMMIT');
    } finally {
      c.release();
    }
  };
  // Sessions and orders interleaved, paced at RATE per second; each change starts on its slot, whatever the others do.
  const order = resources.map((_, r) => r).sort((a, b) => (a % (RESOURCES / 2)) - (b % (RESOURCES / 2)) || a - b);
  const profiling = process.env.BENCH_PROFILE ? await Promise.all(cluster.instances.map((i) => inspect(i.index))) : [];
  for (const p of profiling) await p.call('Profiler.enable').then(() => p.call('Profiler.start'));
  const changeStart = performance.now();
  let connections: Awaited<ReturnType<typeof connectionsByInstance>> | undefined;
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < order.length; n++) {
    const due = changeStart + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(change(order[n]!).catch((err: unknown) => failures.record('change failed', String(err))));
    if (n === Math.floor(order.length / 2)) connections = await connectionsByInstance(db, dbName, cluster.instances);
  }
  await Promise.all(inFlight);
  for (const [k, p] of profiling.entries()) {
    const { profile } = await p.call('Profiler.stop');
    writeFileSync(`${process.env.BENCH_PROFILE}-instance${k}.cpuprofile`, JSON.stringify(profile));
    p.close();
  }
  const expected = SUBS;
  const received = () => latencies.length;
  await waitUntil(
    () => received() === expected,
    15_000,
    () => `${received()} of ${expected} change messages`,
  ).catch(() => {});
  await writers.end();

  // ---- report ----
  const pctOf = (xs: number[], p: number) => percentiles(xs)(p * 100);
  const pct = (p: number) => pctOf(latencies, p);
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const lost = expected - received();
  const p99 = pct(0.99);
  console.log(
    `\n${SUBS} subscriptions (${SUBS / 2} checkoutSession, ${SUBS / 2} order) on 2 instances, ${PER_SOCKET} per WebSocket; ${RESOURCES} resources changed at ${RATE}/s`,
  );
  console.log(
    CHANGES === 'api'
      ? '  sessions expired through instance 0’s API (latency from the request sent); orders committed in the database by the bench (from COMMIT sent)'
      : '  every change committed in the database by the bench, the row and its NOTIFY in one transaction (latency from COMMIT sent)',
  );
  console.log(`  commit → message: p50 ${ms(pct(0.5))}  p90 ${ms(pct(0.9))}  p99 ${ms(p99)}  max ${ms(pct(1))}  (${received()} messages)`);
  for (const k of ['session', 'order'] as const) console.log(`    ${k}s: p50 ${ms(pctOf(byKind[k], 0.5))}  p99 ${ms(pctOf(byKind[k], 0.99))}`);
  if (expireMs.length) console.log(`    (the expire requests themselves took p50 ${ms(pctOf(expireMs, 0.5))}, p99 ${ms(pctOf(expireMs, 0.99))} to answer)`);
  console.log(`  messages lost: ${lost} of ${expected}`);
  cluster.instances.forEach((_inst, i) => {
    const n = groups[i]!.length;
    const rss = (after[i]!.rss - before[i]!.rss) / n;
    const heap = (after[i]!.heap - before[i]!.heap) / n;
    const c = connections?.[i];
    console.log(
      `  instance ${i}: ${n} subscriptions; idle memory per subscription ${(rss / 1024).toFixed(1)} KiB RSS, ${(heap / 1024).toFixed(1)} KiB heap (after GC); ` +
        `Postgres connections ${c ? `${c.total} (${c.listen} LISTEN)` : 'not measured'}`,
    );
  });
  const listenOk = !!connections && connections.every((c) => c.listen === 1);
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log(`\n  ${verdict(p99 <= P99_TARGET_MS)}  p99 ≤ ${P99_TARGET_MS} ms (${ms(p99)})`);
  console.log(`  ${verdict(lost === 0)}  messages lost = 0 (${lost})`);
  console.log(`  ${verdict(listenOk)}  one LISTEN connection per instance (${connections?.map((c) => c.listen).join(', ') ?? '?'})`);
  console.log(`  (machine load average over the run's last minute: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
  if (SMOKE) console.log('  (smoke run: small numbers; the targets are for the full run)');
} finally {
  closing = true;
  for (const ws of sockets) ws.terminate();
  await db.end().catch(() => {});
  await cluster.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err: unknown) => console.error(`could not drop ${dbName}: ${err}`));
  await admin.end();
}
failures.finish();

// ---- helpers ----

/** An account and its test key, written to the shared database directly (as `npm run cli` would). */
async function createKey(databaseUrl: string) {
  const { createDb } = await import('../src/db/client.js');
  const { AccountsService } = await import('../src/accounts/service.js');
  const { systemClock } = await import('../src/clock.js');
  const d = await createDb({ databaseUrl, dataDir: 'memory://', poolSize: 1 });
  try {
    const accounts = new AccountsService({ prisma: d.prisma, clock: systemClock, config: { BRAND: 'swapgate' } });
    const account = await accounts.createAccount('Bench subscribers');
    return { accountId: account.id, key: (await accounts.createKey(account.id, 'test')).key };
  } finally {
    await d.close();
  }
}

/** A connection to an instance's inspector (Chrome DevTools protocol). */
async function inspect(index: number) {
  const url = inspectors.get(index);
  if (!url) throw new Error(`instance ${index}: no inspector address in its log`);
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<any>((resolve) => {
      const mine = ++id;
      const onMessage = (d: WebSocket.RawData) => {
        const m = JSON.parse(String(d));
        if (m.id !== mine) return;
        ws.off('message', onMessage);
        resolve(m.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  return { call, close: () => ws.close() };
}

/** RSS and V8 heap used of an instance, read over its inspector after a full garbage collection. */
async function memoryOf(i: { index: number }) {
  const c = await inspect(i.index);
  try {
    await c.call('HeapProfiler.collectGarbage');
    const r = await c.call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    const m = JSON.parse(r.result.value) as { rss: number; heapUsed: number };
    return { rss: m.rss, heap: m.heapUsed };
  } finally {
    c.close();
  }
}

/**
 * Each instance's Postgres connections: the backends of pg_stat_activity whose client port is a socket the instance's
 * process holds (/proc/<pid>/fd → socket inodes → /proc/net/tcp*), and how many of them last ran `LISTEN pubsub`.
 */
async function connectionsByInstance(c: pg.Client, datname: string, instances: Array<{ process: { pid?: number } }>) {
  const rows = (
    await c.query<{ port: number; query: string }>('SELECT client_port AS port, query FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      datname,
    ])
  ).rows;
  const portsByInode = new Map<string, number>();
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(f, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9) portsByInode.set(cols[9]!, Number.parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return instances.map((inst) => {
    const ports = new Set<number>();
    for (const fd of readdirSync(`/proc/${inst.process.pid}/fd`)) {
      const link = (() => {
        try {
          return readlinkSync(`/proc/${inst.process.pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      const port = inode ? portsByInode.get(inode) : undefined;
      if (port !== undefined) ports.add(port);
    }
    const mine = rows.filter((r) => ports.has(r.port));
    return { total: mine.length, listen: mine.filter((r) => r.query === 'LISTEN pubsub').length };
  });
}

async function inBatches(n: number, width: number, fn: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

function chunk<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

async function waitUntil(ok: () => boolean, ms: number, what: () => string) {
  const end = performance.now() + ms;
  while (!ok()) {
    if (performance.now() > end) throw new Error(`not reached in ${ms} ms: ${what()}`);
    await sleep(20);
  }
}
