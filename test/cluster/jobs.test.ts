import { Keypair, VersionedTransaction } from '@solana/web3.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster.js';
import { ADMIN_ENV, SETUP_WRITE } from '../helpers/admin.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { waitFor } from '../helpers/wait.js';
import { withDevnet } from '../fixtures/devnet.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { SmtpFixture } from '../fixtures/smtp-server.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { startRelayFixture, type RelayFixture } from '../fixtures/relay-server.js';
import { startTriggerFixture, type TriggerFixture } from '../fixtures/jupiter-trigger-server.js';
import { SolanaRpcServer } from '../fixtures/solana-rpc-server.js';
import { freshAddress, transfer, USDC } from '../checkout/helpers.js';
import { RECIPIENT } from '../invoices/helpers.js';

/**
 * The periodic jobs of two real instances on one Postgres behind nginx (`npm run cluster`), each unit of work
 * counted where it shows: checkout verification and expiry (sessions paid by tagged USDC transfers on the anvil
 * devnet, sessions expiring), the billing scheduler (subscription periods due), deposit detection (Relay's
 * deposit-address fixture), Solana limit-order fills (Jupiter Trigger fixture), the retention sweeps, and sessions
 * paid while one instance is SIGKILLed. Every instance runs every job with short intervals, and the proxy spreads
 * the requests (and the wake-ups they cause) over both. Each job logs one debug line per unit of work it did
 * (`job` and the unit's id), so the test also counts which instance did what. Postgres only.
 */
const devnet = withDevnet();
const wallet = Keypair.generate();
const MAKER = wallet.publicKey.toBase58();
const signSolana = (b64: string) => {
  const tx = VersionedTransaction.deserialize(Buffer.from(b64, 'base64'));
  tx.sign([wallet]);
  return Buffer.from(tx.serialize()).toString('base64');
};

/** Rows of each swept table per side of its cut-off (the sweeps run when an instance starts, then hourly or so). */
const M = 300;
/**
 * The retention sweeps' tables, seeded before the instances start: M rows past each cut-off (to be deleted) and M
 * just inside it (to be kept), each marked by its id prefix `ret_old_` / `ret_new_`. `AT` in `insert` is the row's time.
 */
const SWEPT: Array<{ table: string; id: string; old: string; fresh: string; insert: string }> = [
  {
    table: 'events',
    id: 'id',
    old: "now() - interval '31 days'",
    fresh: "now() - interval '29 days'",
    insert:
      "INSERT INTO events (id, account_id, livemode, type, resource_id, sequence, data, created_at) SELECT $1 || g, $3, false, 'order.filled', $1 || g, g, '{}', AT FROM generate_series(1, $2::int) g",
  },
  {
    table: 'request_logs',
    id: 'id',
    old: "now() - interval '31 days'",
    fresh: "now() - interval '29 days'",
    insert:
      "INSERT INTO request_logs (id, account_id, livemode, created_at, method, route, status, latency_ms, request_id) SELECT $1 || g, $3, false, AT, 'GET', '/v1/chains', 200, 1, 'req' || g FROM generate_series(1, $2::int) g",
  },
  {
    table: 'idempotency_keys',
    id: 'id',
    old: "now() - interval '1 minute'",
    fresh: "now() + interval '1 hour'",
    insert:
      "INSERT INTO idempotency_keys (id, scope, key, operation, fingerprint, state, request_id, created_at, expires_at) SELECT $1 || g, $3, $1 || g, 'POST /v1/invoices', 'f', 'completed', 'req' || g, now() - interval '1 day', AT FROM generate_series(1, $2::int) g",
  },
  {
    table: 'quotes',
    id: 'id',
    old: "now() - interval '1 minute'",
    fresh: "now() + interval '1 hour'",
    insert: "INSERT INTO quotes (id, provider, payload, expires_at, drop_at) SELECT $1 || g, 'mock', '{}', AT, AT FROM generate_series(1, $2::int) g",
  },
  {
    table: 'quote_sets',
    id: 'id',
    old: "now() - interval '1 minute'",
    fresh: "now() + interval '1 hour'",
    insert: "INSERT INTO quote_sets (id, payload, drop_at) SELECT $1 || g, '{}', AT FROM generate_series(1, $2::int) g",
  },
  {
    table: 'sign_in_challenges',
    id: 'nonce',
    old: "now() - interval '25 hours'",
    fresh: "now() - interval '23 hours'",
    insert:
      "INSERT INTO sign_in_challenges (nonce, chain_type, address, message, issued_at, expires_at) SELECT $1 || g, 'evm', '0x' || g, 'm', AT, AT FROM generate_series(1, $2::int) g",
  },
];

async function seedRetention(url: string, accountId: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const t of SWEPT)
      for (const [prefix, at] of [
        ['ret_old_', t.old],
        ['ret_new_', t.fresh],
      ] as const)
        await c.query(t.insert.replaceAll('AT', at), t.insert.includes('$3') ? [prefix, M, accountId] : [prefix, M]);
  } finally {
    await c.end();
  }
}

describe.runIf(backends.includes('postgres'))('the periodic jobs of two instances behind nginx: each unit of work once', () => {
  let db: TestDatabase;
  let cluster: Cluster;
  let smtp: SmtpFixture;
  let relay: RelayFixture;
  let trigger: TriggerFixture;
  let solana: SolanaRpcServer;
  let sql: pg.Client;
  const llama = new DefiLlamaServer();
  const rx = new WebhookReceiver();
  let key: string;
  let liveKey: string;
  let accountId: string;
  /** Debug lines `{ job, … }` of each instance (the units of work each did). */
  const work: Array<{ instance: number; job: string; msg: string; [k: string]: unknown }> = [];
  /** The last lines of nginx's error log (instance -1) and of what the instances logged above info, for a failure's message. */
  const trouble: string[] = [];
  const json = async (url: string, init: RequestInit & { apiKey?: string } = {}) => {
    const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', 'x-api-key': init.apiKey ?? key, ...init.headers } });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as any };
    } catch {
      // Not the API's answer (an nginx error page): say what the proxy and the instances said around it.
      const alive = cluster.instances.map((i) => `instance ${i.index}: ${i.process.exitCode ?? i.process.signalCode ?? 'running'}`);
      throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${text.slice(0, 200)}\n${alive.join(', ')}\n${trouble.slice(-30).join('\n')}`);
    }
  };
  const post = (path: string, body: unknown, apiKey?: string) => json(`${cluster.url}${path}`, { method: 'POST', body: JSON.stringify(body), apiKey });
  const count = async (query: string, params: unknown[]) => (await sql.query<{ n: number }>(query, params)).rows[0]!.n;
  /** How many units of `job` each instance did, among `ids` (the unit's id field `field`). */
  const byInstance = (job: string, ids: readonly string[], field: string) => {
    const mine = work.filter((w) => w.job === job && ids.includes(String(w[field])));
    return [0, 1].map((i) => mine.filter((w) => w.instance === i).length);
  };
  /**
   * `byInstance` once the lines of `total` units have arrived: a line is written after its unit's commit, so the
   * database can show the work a moment before the line reaches the test through the instance's stdout.
   */
  const doneBy = async (job: string, ids: readonly string[], field: string, total: number) => {
    await waitFor(() => byInstance(job, ids, field).reduce((a, b) => a + b) >= total, { what: `the ${job} lines` });
    const split = byInstance(job, ids, field);
    expect(split[0]! + split[1]!).toBe(total);
    return split;
  };

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    // An account with a test key and a live key (deposit addresses through Relay are live), written to the shared
    // database directly (as `npm run cli` would).
    const { createDb } = await import('../../src/db/client.js');
    const { AccountsService } = await import('../../src/accounts/service.js');
    const { systemClock } = await import('../../src/clock.js');
    const d = await createDb({ databaseUrl: db.url!, dataDir: 'memory://', poolSize: 1 });
    try {
      const accounts = new AccountsService({ prisma: d.prisma, clock: systemClock, config: { BRAND: 'swapgate' } });
      const account = await accounts.createAccount('Cluster jobs test');
      accountId = account.id;
      ({ key } = await accounts.createKey(account.id, 'test'));
      await accounts.setLiveEnabled(account.id, true, SETUP_WRITE);
      ({ key: liveKey } = await accounts.createKey(account.id, 'live'));
    } finally {
      await d.close();
    }
    await seedRetention(db.url!, accountId);
    [smtp, relay, trigger, solana] = await Promise.all([
      new SmtpFixture().start(),
      startRelayFixture(),
      startTriggerFixture({ apiKey: 'jup-key' }),
      new SolanaRpcServer().start(),
      llama.start(),
      rx.start(),
    ]);
    cluster = await startCluster({
      databaseUrl: db.url!,
      env: {
        ...ADMIN_ENV,
        NODE_ENV: 'test',
        // Debug: the per-unit lines of the jobs (and nothing else logs at debug on these paths).
        LOG_LEVEL: 'debug',
        PROVIDERS: 'mock,relay,jupiter',
        MOCK_PROVIDER: '1',
        RPC_URL_8453: devnet.rpcUrl,
        CHECKOUT_CONFIRMATIONS: '8453:1',
        RATE_LIMIT_ENABLED: 'false',
        SMTP_URL: smtp.url,
        RELAY_API_URL: relay.url,
        RELAY_API_KEY: 'relay-test-key',
        DEFILLAMA_API_URL: llama.url,
        FEE_RECIPIENT_EVM: '0x1111111111111111111111111111111111111111',
        FEE_RECIPIENT_SOLANA: Keypair.generate().publicKey.toBase58(),
        JUPITER_API_URL: trigger.url,
        JUPITER_API_KEY: 'jup-key',
        SOLANA_RPC_URL: solana.url,
        // Short intervals: every job of both instances runs many times during each test.
        CHECKOUT_VERIFY_INTERVAL_MS: '100',
        CHECKOUT_EXPIRE_INTERVAL_MS: '200',
        SUBSCRIPTIONS_POLL_MS: '200',
        DEPOSIT_POLL_INTERVAL_MS: '100',
        LIMIT_ORDER_POLL_INTERVAL_MS: '100',
        ORDER_POLL_INTERVAL_MS: '200',
        WEBHOOK_RETRY_BASE_MS: '200',
        WEBHOOK_POLL_MS: '200',
        WEBHOOK_TIMEOUT_MS: '3000',
        MAIL_POLL_MS: '200',
      },
      onLog: (instance, line) => {
        if (instance === -1 || !line.startsWith('{') || /"level":(4|5|6)\d/.test(line)) {
          trouble.push(`[${instance}] ${line.slice(0, 400)}`);
          if (trouble.length > 200) trouble.splice(0, 100);
        }
        if (!line.startsWith('{') || !line.includes('"job"')) return;
        try {
          const l = JSON.parse(line);
          if (l.level === 20 && typeof l.job === 'string') work.push({ instance, ...l });
        } catch {
          // not a log line of ours
        }
      },
    });
    sql = new pg.Client({ connectionString: db.url! });
    await sql.connect();
    // A webhook endpoint for the account's test-mode events.
    const endpoint = await post('/v1/webhook-endpoints', { url: `${rx.url}/hook` });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
    await Promise.all([smtp?.stop(), relay?.close(), trigger?.close(), solana?.close(), llama.close(), rx.stop()]);
    await db?.drop();
  });

  /** Test-mode events of `type` for `ids`, as many per id as there are (the exactly-once count). */
  const eventsPer = async (type: string, ids: readonly string[]) => {
    const { rows } = await sql.query<{ id: string; resource_id: string }>('SELECT id, resource_id FROM events WHERE type = $1 AND resource_id = ANY($2)', [
      type,
      ids,
    ]);
    return { rows, per: ids.map((id) => rows.filter((r) => r.resource_id === id).length) };
  };
  /** Every event in `ids` reached the receiver, each exactly once. */
  const deliveredOnce = async (eventIds: readonly string[], what: string) => {
    await waitFor(() => eventIds.every((id) => rx.seen.has(id)), { what: `${what} delivered` });
    return eventIds.map((id) => rx.seen.get(id));
  };
  const session = async (expiresInMinutes?: number) => {
    const recipient = freshAddress();
    const r = await post('/v1/checkout/sessions', {
      amount: '2000000',
      settleChain: 8453,
      settleToken: 'USDC',
      recipient,
      ...(expiresInMinutes ? { expiresInMinutes } : {}),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { id: r.body.id as string, recipient };
  };
  /** Pays each session by a USDC transfer tagged with its id (devnet accounts `from`, one at a time per account), reported through the proxy. */
  const payAll = async (sessions: Array<{ id: string; recipient: `0x${string}` }>, from: number[], onReported?: () => void) => {
    await Promise.all(
      from.map(async (acct, k) => {
        for (const s of sessions.filter((_, i) => i % from.length === k)) {
          const hash = await transfer(devnet, acct, USDC, s.recipient, 2_000_000n, { session: s.id });
          const report = () =>
            post(`/v1/checkout/sessions/${s.id}/submitted`, { txHash: hash, payer: devnet.accounts[acct]!.address }).catch(() => ({ status: 0, body: null }));
          // A report cut off by an instance's death (no answer, or the proxy's 502) is sent again: the same hash
          // reported again is the same payment.
          let r = await report();
          for (let attempt = 0; (r.status === 0 || r.status === 502) && attempt < 20; attempt++) r = await report();
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          onReported?.();
        }
      }),
    );
  };

  it('the retention sweeps (run by each instance at its start): what is past its cut-off deleted, what is inside it kept', async () => {
    const left = async (prefix: string) =>
      Promise.all(SWEPT.map((t) => count(`SELECT count(*)::int AS n FROM ${t.table} WHERE ${t.id} LIKE $1`, [`${prefix}%`])));
    await waitFor(async () => (await left('ret_old_')).every((n) => n === 0), { what: 'every row past its cut-off deleted' });
    expect(await left('ret_new_')).toEqual(SWEPT.map(() => M));
    console.log(
      `[cluster:once] retention tables=${SWEPT.length} deleted=${SWEPT.length * M} kept=${SWEPT.length * M}: ${SWEPT.map((t) => t.table).join(', ')}`,
    );
  });

  it('checkout verification and expiry: each session paid on the devnet completed once, each due session expired once', async () => {
    const N = 10;
    const paid = await Promise.all(Array.from({ length: N }, () => session()));
    const expiring = await Promise.all(Array.from({ length: N }, () => session(5)));
    // Their expiry comes due now (the shortest a session can ask for is 5 minutes).
    await sql.query("UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = ANY($1)", [expiring.map((s) => s.id)]);
    await payAll(paid, [1, 2, 3, 4, 5]);
    const paidIds = paid.map((s) => s.id);
    const expiredIds = expiring.map((s) => s.id);
    await waitFor(async () => (await count("SELECT count(*)::int AS n FROM checkout_sessions WHERE id = ANY($1) AND status = 'paid'", [paidIds])) === N, {
      what: 'every paid session completed',
    });
    await waitFor(async () => (await count("SELECT count(*)::int AS n FROM checkout_sessions WHERE id = ANY($1) AND status = 'expired'", [expiredIds])) === N, {
      what: 'every due session expired',
    });
    const completed = await eventsPer('checkout.session.completed', paidIds);
    expect(completed.per).toEqual(paidIds.map(() => 1));
    expect((await eventsPer('checkout.session.processing', paidIds)).per).toEqual(paidIds.map(() => 1));
    const expired = await eventsPer('checkout.session.expired', expiredIds);
    expect(expired.per).toEqual(expiredIds.map(() => 1));
    // One succeeded payment per session, and none left verifying.
    expect(await count("SELECT count(*)::int AS n FROM checkout_payments WHERE session_id = ANY($1) AND status = 'succeeded'", [paidIds])).toBe(N);
    const deliveries = await deliveredOnce(
      [...completed.rows, ...expired.rows].map((r) => r.id),
      'completed and expired events',
    );
    expect(deliveries).toEqual(deliveries.map(() => 1));
    const verified = await doneBy('checkout-verify', paidIds, 'sessionId', N);
    const expiredBy = await doneBy('checkout-expire', expiredIds, 'sessionId', N);
    console.log(
      `[cluster:once] checkout paid=${N} completed=${completed.rows.length} expired=${expired.rows.length} webhooks=${deliveries.length}: each once; ` +
        `completed by instance 0/1 = ${verified.join('/')}, expired by 0/1 = ${expiredBy.join('/')}`,
    );
  });

  it('billing: each subscription period due is invoiced once (one invoice, one email), invoice numbers without gaps', async () => {
    const N = 8;
    const DUE = 3; // periods 1-3 come due at once (period 0 was invoiced at creation)
    const body = {
      customerEmail: 'ap@customer.example',
      lineItems: [{ description: 'Daily plan', quantity: 1, unitAmount: '1000000' }],
      settleChain: 'base',
      settleToken: 'USDC',
      recipient: RECIPIENT,
      interval: 'day',
      daysUntilDue: 30,
    };
    const subs = await Promise.all(
      Array.from({ length: N }, async () => {
        const r = await post('/v1/subscriptions', body);
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        return r.body.id as string;
      }),
    );
    // Three days pass for them: the billing anchor moves back, and their next action is now.
    await sql.query(
      `UPDATE subscriptions SET billing_anchor = billing_anchor - interval '${DUE} days', start_at = start_at - interval '${DUE} days', next_action_at = now() WHERE id = ANY($1)`,
      [subs],
    );
    await waitFor(async () => (await count('SELECT count(*)::int AS n FROM subscription_periods WHERE subscription_id = ANY($1)', [subs])) === N * (DUE + 1), {
      what: 'every due period invoiced',
    });
    const { rows: periods } = await sql.query<{ subscription_id: string; period_index: number; invoice_id: string }>(
      'SELECT subscription_id, period_index, invoice_id FROM subscription_periods WHERE subscription_id = ANY($1) ORDER BY subscription_id, period_index',
      [subs],
    );
    for (const id of subs) expect(periods.filter((p) => p.subscription_id === id).map((p) => p.period_index)).toEqual([0, 1, 2, 3]);
    const invoiceIds = periods.map((p) => p.invoice_id);
    expect(new Set(invoiceIds).size).toBe(invoiceIds.length);
    // Every invoice of the account (made by the tests so far: these only) numbered from INV-0001 without a gap.
    const { rows: numbers } = await sql.query<{ number: string }>('SELECT number FROM invoices WHERE livemode = false ORDER BY number');
    expect(numbers.map((r) => r.number)).toEqual(Array.from({ length: numbers.length }, (_, i) => `INV-${String(i + 1).padStart(4, '0')}`));
    expect(numbers.length).toBe(invoiceIds.length);
    // One email per invoice, each sent once.
    await waitFor(
      async () =>
        (await count("SELECT count(*)::int AS n FROM email_messages WHERE invoice_id = ANY($1) AND status = 'sent'", [invoiceIds])) === invoiceIds.length,
      { what: 'every invoice email sent' },
    );
    const { rows: mails } = await sql.query<{ message_id: string; invoice_id: string }>(
      'SELECT message_id, invoice_id FROM email_messages WHERE invoice_id = ANY($1)',
      [invoiceIds],
    );
    expect(mails.length).toBe(invoiceIds.length);
    for (const m of mails) expect(smtp.messages.filter((x) => x.parsed.messageId === m.message_id).length, m.message_id).toBe(1);
    const sent = await eventsPer('invoice.sent', invoiceIds);
    expect(sent.per).toEqual(invoiceIds.map(() => 1));
    const deliveries = await deliveredOnce(
      sent.rows.map((r) => r.id),
      'invoice.sent events',
    );
    expect(deliveries).toEqual(deliveries.map(() => 1));
    const billed = await doneBy('subscriptions-billing', subs, 'subscriptionId', N);
    console.log(
      `[cluster:once] billing subscriptions=${N} periods=${periods.length} invoices=${invoiceIds.length} emails=${mails.length} webhooks=${deliveries.length}: each once; ` +
        `billed by instance 0/1 = ${billed.join('/')}`,
    );
  });

  it('deposit detection: each deposit at a Relay deposit address recorded once (one deposit, one order, one event)', async () => {
    const N = 8;
    const PER = 2;
    const body = { srcChain: 'base', srcToken: 'USDC', dstChain: '42161', dstToken: 'USDC', recipient: RECIPIENT, refundTo: RECIPIENT };
    const addrs = await Promise.all(
      Array.from({ length: N }, async () => {
        const r = await post('/v1/deposit-addresses', body, liveKey);
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        return r.body as { id: string; address: string };
      }),
    );
    const requestIds = addrs.flatMap((a) => Array.from({ length: PER }, (_, i) => relay.deposit(a.address, BigInt(10_000_000 + i))));
    // A refresh asks for a check now (through the proxy: it wakes whichever instance answered); else the first
    // check of a fresh address is 15 s after its creation.
    for (const a of addrs) expect((await post(`/v1/deposit-addresses/${a.id}/refresh`, {}, liveKey)).status).toBe(202);
    await waitFor(async () => (await count('SELECT count(*)::int AS n FROM deposits WHERE provider_deposit_id = ANY($1)', [requestIds])) === N * PER, {
      what: 'every deposit recorded',
    });
    // Both detectors keep checking the addresses meanwhile (a refresh again: one more look each), and add nothing.
    const hits = relay.hits['GET /requests/v3'] ?? 0;
    for (const a of addrs) await post(`/v1/deposit-addresses/${a.id}/refresh`, {}, liveKey);
    await waitFor(() => (relay.hits['GET /requests/v3'] ?? 0) >= hits + N, { what: 'every address checked again' });
    const { rows: deposits } = await sql.query<{ provider_deposit_id: string; quote_id: string }>(
      'SELECT provider_deposit_id, quote_id FROM deposits WHERE provider_deposit_id = ANY($1)',
      [requestIds],
    );
    expect(deposits.length).toBe(N * PER);
    expect(new Set(deposits.map((d) => d.provider_deposit_id)).size).toBe(N * PER);
    const orderIds = deposits.map((d) => d.quote_id);
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE quote_id = ANY($1)', [orderIds])).toBe(N * PER);
    const submitted = await eventsPer('order.submitted', orderIds);
    expect(submitted.per).toEqual(orderIds.map(() => 1));
    const detected = await doneBy(
      'deposit-detector',
      addrs.map((a) => a.id),
      'depositAddressId',
      N * PER,
    );
    console.log(
      `[cluster:once] deposits addresses=${N} deposits=${deposits.length} orders=${orderIds.length} events=${submitted.rows.length}: each once; recorded by instance 0/1 = ${detected.join('/')}`,
    );
  });

  it('limit-order fills: each fill at the Jupiter Trigger fixture recorded once (one order record, one limit_order.filled)', async () => {
    const N = 8;
    const orders = await Promise.all(
      Array.from({ length: N }, async () => {
        const created = await post('/v1/limit-orders', {
          inputToken: 'USDC',
          outputToken: 'SOL',
          maker: MAKER,
          makingAmount: '50000000',
          takingAmount: '400000000',
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const submitted = await post(`/v1/limit-orders/${created.body.id}/submit`, { signedTransaction: signSolana(created.body.tx.serializedTx) });
        expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
        return created.body as { id: string; providerOrderId: string };
      }),
    );
    const ids = orders.map((o) => o.id);
    // Two partial fills, then the rest: three fills per order, each seen by both instances' pollers.
    const fillTxs: string[] = [];
    for (const o of orders) fillTxs.push(trigger.fill(o.providerOrderId, 20_000_000n, 160_000_000n).txId);
    for (const o of orders) fillTxs.push(trigger.fill(o.providerOrderId, 10_000_000n, 80_000_000n).txId);
    await waitFor(async () => (await count('SELECT count(*)::int AS n FROM orders WHERE limit_order_id = ANY($1)', [ids])) === 2 * N, {
      what: 'the partial fills',
    });
    for (const o of orders) fillTxs.push(trigger.fill(o.providerOrderId, 20_000_000n, 160_000_000n).txId);
    await waitFor(async () => (await count("SELECT count(*)::int AS n FROM limit_orders WHERE id = ANY($1) AND status = 'filled'", [ids])) === N, {
      what: 'every limit order filled',
    });
    const { rows: records } = await sql.query<{ quote_id: string; src_tx_hash: string }>(
      'SELECT quote_id, src_tx_hash FROM orders WHERE limit_order_id = ANY($1)',
      [ids],
    );
    expect(records.length).toBe(3 * N);
    expect(records.map((r) => r.src_tx_hash).sort()).toEqual([...fillTxs].sort());
    const { rows: fills } = await sql.query<{ id: string; data: any }>(
      "SELECT id, data FROM events WHERE type = 'limit_order.filled' AND resource_id = ANY($1)",
      [ids],
    );
    expect(fills.map((e) => e.data.order.quoteId).sort()).toEqual(records.map((r) => r.quote_id).sort());
    expect((await eventsPer('limit_order.filled', ids)).per).toEqual(ids.map(() => 3));
    // One fee posting per fill and leg.
    expect(
      await count('SELECT count(*)::int AS n FROM (SELECT 1 FROM ledger_transactions WHERE order_id = ANY($1) GROUP BY order_id, leg HAVING count(*) > 1) x', [
        records.map((r) => r.quote_id),
      ]),
    ).toBe(0);
    const deliveries = await deliveredOnce(
      fills.map((e) => e.id),
      'fill events',
    );
    expect(deliveries).toEqual(deliveries.map(() => 1));
    const recorded = await doneBy('limit-order-poller', ids, 'limitOrderId', 3 * N);
    console.log(
      `[cluster:once] limit-orders orders=${N} fills=${records.length} events=${fills.length} webhooks=${deliveries.length}: each once; recorded by instance 0/1 = ${recorded.join('/')}`,
    );
  });

  // Last: it leaves one instance.
  it('one instance SIGKILLed while sessions are paid: the survivor verifies and completes every one once', async () => {
    const N = 6;
    const before = await Promise.all(Array.from({ length: N }, () => session()));
    const after = await Promise.all(Array.from({ length: N }, () => session()));
    // Paid and reported around the kill (it comes once half are reported): their reports, verification and
    // events' deliveries may be under way on the instance that dies.
    let reported = 0;
    const paying = payAll(before, [6, 7, 8], () => reported++);
    await waitFor(() => reported >= N / 2, { what: 'half the payments reported' });
    await cluster.kill(0);
    await paying;
    // Paid and reported through the proxy once instance 0 is gone: only the survivor can see them.
    await payAll(after, [6, 7, 8]);
    const ids = [...before, ...after].map((s) => s.id);
    await waitFor(async () => (await count("SELECT count(*)::int AS n FROM checkout_sessions WHERE id = ANY($1) AND status = 'paid'", [ids])) === 2 * N, {
      what: 'every session completed',
    });
    const completed = await eventsPer('checkout.session.completed', ids);
    expect(completed.per).toEqual(ids.map(() => 1));
    expect(await count("SELECT count(*)::int AS n FROM checkout_payments WHERE session_id = ANY($1) AND status = 'succeeded'", [ids])).toBe(2 * N);
    // Every completion reaches the receiver, those the dead instance was delivering included (taken over once their
    // lease ends). Delivery is at least once: a request the dead instance had sent but not recorded is sent again,
    // so only the events made after the kill are certain to arrive exactly once.
    const deliveries = await deliveredOnce(
      completed.rows.map((r) => r.id),
      'completed events',
    );
    const afterIds = after.map((s) => s.id);
    const afterEvents = completed.rows.filter((r) => afterIds.includes(r.resource_id)).map((r) => rx.seen.get(r.id));
    expect(afterEvents).toEqual(afterIds.map(() => 1));
    const verifiedAfter = await doneBy('checkout-verify', afterIds, 'sessionId', N);
    expect(verifiedAfter).toEqual([0, N]);
    const verifiedBefore = byInstance(
      'checkout-verify',
      before.map((s) => s.id),
      'sessionId',
    );
    console.log(
      `[cluster:once] sigkill checkout paid=${2 * N} completed=${completed.rows.length} delivered=${deliveries.filter((n) => n! >= 1).length} ` +
        `redelivered=${deliveries.filter((n) => n! > 1).length}; paid around the kill completed by instance 0/1 = ${verifiedBefore.join('/')}, after = ${verifiedAfter.join('/')}`,
    );
  });
});
