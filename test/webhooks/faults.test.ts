import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { waitFor } from '../helpers/wait.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { createDb, type Db } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { systemClock } from '../../src/clock.js';
import { AccountsService } from '../../src/accounts/service.js';
import { freePort } from '../../scripts/free-port.js';
import { until, verifyWith } from './helpers.js';
import { nodeOnDist } from '../helpers/spawn.js';

/**
 * Fault tests with real processes on loopback. Each counts what was sent (events committed) against
 * what arrived (distinct webhook-ids the receiver answered 2xx to). Duplicates are allowed (at-least-once).
 */
const FAST = { WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_POLL_MS: '200', WEBHOOK_TIMEOUT_MS: '3000' };
const report = (name: string, sent: number, rx: WebhookReceiver) =>
  console.log(`[fault:${name}] sent=${sent} arrived=${rx.ids().size} requests=${rx.received.length} duplicates=${rx.received.length - rx.ids().size}`);

describe.each(backends)('receiver down, then back (%s)', (backend) => {
  let s: TestServer;
  let rx: WebhookReceiver;
  beforeAll(async () => {
    s = await startTestServer({ backend, env: FAST });
    rx = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await s?.close();
    await rx?.stop();
  });

  it('every event sent while the receiver was down arrives once it is back; none lost', async () => {
    const { key } = await s.createTestKey();
    const ep = (await s.post('/v1/webhook-endpoints', { url: `${rx.url}/hook` }, { 'x-api-key': key })).body;
    const port = rx.port;
    await rx.stop();
    const sent: string[] = [];
    for (let i = 0; i < 25; i++)
      sent.push((await s.post('/v1/webhook-endpoints/trigger', { type: i % 2 ? 'order.filled' : 'checkout.session.completed' }, { 'x-api-key': key })).body.id);
    // Attempts fail (connection refused) and are rescheduled with backoff.
    await until(async () => (await s.db.prisma.webhookAttempt.count({ where: { endpointId: ep.id, success: false } })) >= 25, 'failed attempts while down');
    await rx.start(port);
    await rx.waitFor((r) => sent.every((id) => r.ids().has(id)), 30_000);
    report(`receiver-down/${backend}`, sent.length, rx);
    expect(sent.filter((id) => !rx.ids().has(id))).toEqual([]);
    for (const r of rx.received) verifyWith(ep.secret, r);
    // The last answers may still be being recorded.
    await until(async () => (await s.db.prisma.webhookDelivery.count({ where: { endpointId: ep.id, status: { not: 'succeeded' } } })) === 0, 'all succeeded');
  });
});

describe.each(backends.filter((b) => b === 'postgres'))('service killed mid-delivery (%s)', (backend) => {
  let tdb: TestDatabase;
  let db: Db;
  let rx: WebhookReceiver;
  let child: ChildProcess | undefined;
  let port: number;
  let dataDir: string;
  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    db = await createDb({ databaseUrl: tdb.url, dataDir: 'memory://', poolSize: 2 });
    await migrate(db);
    rx = await new WebhookReceiver().start();
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'wh-kill-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await rx?.stop();
    await db?.close();
    await tdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const base = () => `http://127.0.0.1:${port}`;
  const startService = async () => {
    const c = spawn(...nodeOnDist('src/main.ts'), {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: tdb.url!,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PROVIDERS: 'none',
        ...FAST,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    c.stderr!.on('data', (d) => (stderr += d));
    await until(async () => {
      if (c.exitCode !== null) throw new Error(`service exited: ${stderr}`);
      return fetch(`${base()}/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
    }, 'service start');
    return c;
  };

  it('SIGKILL with deliveries in flight: after a restart the pending ones resume and all arrive', async () => {
    const accounts = new AccountsService({ prisma: db.prisma, clock: systemClock, config: { BRAND: 'swapgate' } });
    const account = await accounts.createAccount('Kill test');
    const { key } = await accounts.createKey(account.id, 'test');
    child = await startService();
    const post = (path: string, body: unknown) =>
      fetch(base() + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<any>,
      );
    rx.respond = () => ({ delayMs: 700 }); // slow receiver: deliveries are in flight when the kill comes
    const ep = await post('/v1/webhook-endpoints', { url: `${rx.url}/hook` });
    const sent: string[] = [];
    for (let i = 0; i < 40; i++) sent.push((await post('/v1/webhook-endpoints/trigger', { type: 'order.filled' })).id);
    await until(() => rx.seen.size >= 20, 'deliveries under way');
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const before = rx.ids().size;
    const stranded = await db.prisma.webhookDelivery.count({ where: { endpointId: ep.id, status: 'pending' } });
    expect(stranded).toBeGreaterThan(0);
    rx.respond = () => {};
    child = await startService();
    await rx.waitFor((r) => sent.every((id) => r.ids().has(id)), 45_000);
    report('sigkill', sent.length, rx);
    console.log(`[fault:sigkill] arrived before kill=${before}, pending at kill=${stranded}`);
    expect(sent.filter((id) => !rx.ids().has(id))).toEqual([]);
    await until(async () => (await db.prisma.webhookDelivery.count({ where: { endpointId: ep.id, status: { not: 'succeeded' } } })) === 0, 'all succeeded');
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    child = undefined;
  });
});

describe.each(backends.filter((b) => b === 'postgres'))('Postgres connections cut (%s)', (backend) => {
  let tdb: TestDatabase;
  let s: TestServer;
  let rx: WebhookReceiver;
  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    s = await startTestServer({ database: tdb, env: FAST });
    rx = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await s?.close();
    await rx?.stop();
    await tdb?.drop();
  });

  const cutAll = async () => {
    const c = new pg.Client({ connectionString: tdb.url });
    await c.connect();
    try {
      const r = await c.query(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      return r.rows[0].n as number;
    } finally {
      await c.end();
    }
  };

  it('the worker reconnects after its connections are terminated and delivers everything committed before and after', async () => {
    const { key } = await s.createTestKey();
    await s.post('/v1/webhook-endpoints', { url: `${rx.url}/hook` }, { 'x-api-key': key });
    rx.respond = () => ({ delayMs: 200 });
    const sent: string[] = [];
    const trigger = async () => {
      // A request that lands on a just-killed pooled connection may fail; only committed events count as sent.
      const id = await waitFor(
        async () => {
          const r = await s.post('/v1/webhook-endpoints/trigger', { type: 'invoice.paid' }, { 'x-api-key': key });
          return r.status === 200 ? (r.body.id as string) : undefined;
        },
        { intervalMs: 200, what: 'a trigger that commits after the cut' },
      );
      sent.push(id);
    };
    for (let i = 0; i < 20; i++) await trigger();
    await until(() => rx.ids().size >= 3, 'first deliveries');
    const killed = await cutAll();
    expect(killed).toBeGreaterThan(0);
    const before = rx.ids().size;
    for (let i = 0; i < 20; i++) await trigger();
    await until(() => rx.ids().size > before, 'deliveries after the cut');
    await cutAll(); // and once more while the backlog drains
    await rx.waitFor((r) => sent.every((id) => r.ids().has(id)), 45_000);
    report('pg-cut', sent.length, rx);
    expect(sent.filter((id) => !rx.ids().has(id))).toEqual([]);
    // The pubsub listener came back too: a new event is pushed (not only polled) to subscribers again.
    await until(() => s.infra.pubsub.connected, 'pubsub reconnect');
  });
});
