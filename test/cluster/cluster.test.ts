import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Cluster, startCluster } from '../../scripts/cluster.js';
import { ADMIN_ENV } from '../helpers/admin.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { waitFor } from '../helpers/wait.js';
import { withDevnet } from '../fixtures/devnet.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { SmtpFixture } from '../fixtures/smtp-server.js';
import pg from 'pg';
import { invoiceBody } from '../invoices/helpers.js';
import { sendBuilt } from '../helpers/send-built.js';

/**
 * `npm run cluster` (scripts/cluster.ts) as the tests use it: two real instances on one Postgres behind nginx with the
 * repository's deploy/nginx.conf. Each instance keeps nothing the other needs: a quote made on one is built on the
 * other, and a GraphQL subscription held through the proxy hears a change committed on the other instance
 * (LISTEN/NOTIFY). Postgres only: PGlite is one process per database.
 */
const devnet = withDevnet();
const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

describe.runIf(backends.includes('postgres'))('two instances behind nginx (npm run cluster)', () => {
  let db: TestDatabase;
  let cluster: Cluster;
  let smtp: SmtpFixture;
  let key: string;
  const json = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', 'x-api-key': key, ...init.headers } });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    smtp = await new SmtpFixture().start();
    cluster = await startCluster({
      databaseUrl: db.url!,
      env: {
        ...ADMIN_ENV,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PROVIDERS: 'mock',
        MOCK_PROVIDER: '1',
        RPC_URL_8453: devnet.rpcUrl,
        CHECKOUT_CONFIRMATIONS: '8453:1',
        RATE_LIMIT_ENABLED: 'false',
        SMTP_URL: smtp.url,
        // Deliveries claimed by an instance that dies are taken over once their lease (the attempt's timeout) ends.
        WEBHOOK_RETRY_BASE_MS: '200',
        WEBHOOK_POLL_MS: '200',
        WEBHOOK_TIMEOUT_MS: '3000',
        ORDER_POLL_INTERVAL_MS: '100',
        MAIL_POLL_MS: '200',
      },
    });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    await smtp?.stop();
    await db?.drop();
  });

  beforeAll(async () => {
    // An account and its test key, written to the shared database directly (as `npm run cli` would).
    const { createDb } = await import('../../src/db/client.js');
    const { AccountsService } = await import('../../src/accounts/service.js');
    const { systemClock } = await import('../../src/clock.js');
    const d = await createDb({ databaseUrl: db.url!, dataDir: 'memory://', poolSize: 1 });
    try {
      const accounts = new AccountsService({ prisma: d.prisma, clock: systemClock, config: { BRAND: 'swapgate' } });
      const account = await accounts.createAccount('Cluster test');
      ({ key } = await accounts.createKey(account.id, 'test'));
    } finally {
      await d.close();
    }
  });

  it('the proxy answers from every instance, and each instance is ready on the shared database', async () => {
    for (const i of cluster.instances) expect((await fetch(`${i.url}/v1/ready`)).status).toBe(200);
    const health = await Promise.all(Array.from({ length: 6 }, () => fetch(`${cluster.url}/v1/health`).then((r) => r.status)));
    expect(health).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('a quote made on one instance is built on the other; through the proxy, whichever instance answers', async () => {
    const [a, b] = cluster.instances;
    const qs = new URLSearchParams({
      srcChain: '8453',
      srcToken: 'USDC',
      amount: '25000000',
      dstChain: '8453',
      dstToken: 'DAI',
      sender: SENDER,
      recipient: SENDER,
    });
    const quote = await json(`${a!.url}/v1/quote?${qs}`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const built = await json(`${b!.url}/v1/orders`, { method: 'POST', body: JSON.stringify({ quoteId: quote.body.best.quoteId }) });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body).toMatchObject({ quoteId: quote.body.best.quoteId, provider: 'mock', tx: { vm: 'evm', chainId: 8453 } });
    for (let i = 0; i < 4; i++) {
      const q = await json(`${cluster.url}/v1/quote?${qs}`);
      expect(q.status).toBe(200);
      expect((await json(`${cluster.url}/v1/orders`, { method: 'POST', body: JSON.stringify({ quoteId: q.body.best.quoteId }) })).status).toBe(200);
    }
  });

  it('subscriptions hear a change committed on another instance: one held on instance 0, one through the proxy', async () => {
    const created = await json(`${cluster.instances[0]!.url}/v1/checkout/sessions`, {
      method: 'POST',
      body: JSON.stringify({ amount: '5000000', settleChain: 'base', settleToken: 'USDC', recipient: SENDER }),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const follow = (base: string) => {
      const client = createClient({ url: `${base.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false });
      const seen: string[] = [];
      const completed = new Promise<void>((resolve, reject) => {
        client.subscribe(
          { query: 'subscription($id: ID!) { checkoutSession(id: $id) { status } }', variables: { id } },
          { next: (v) => void seen.push((v.data as { checkoutSession: { status: string } }).checkoutSession.status), error: reject, complete: resolve },
        );
      });
      return { client, seen, completed };
    };
    const direct = follow(cluster.instances[0]!.url);
    const proxied = follow(cluster.url);
    try {
      await waitFor(() => direct.seen.length && proxied.seen.length, { what: "the subscriptions' first answers" });
      // Committed on instance 1: instance 0 (and whichever instance the proxy chose) hears it through LISTEN/NOTIFY.
      const expired = await json(`${cluster.instances[1]!.url}/v1/checkout/sessions/${id}/expire`, { method: 'POST', body: '{}' });
      expect(expired.status, JSON.stringify(expired.body)).toBe(200);
      await Promise.all([direct.completed, proxied.completed]);
      expect(direct.seen).toEqual(['open', 'expired']);
      expect(proxied.seen).toEqual(['open', 'expired']);
    } finally {
      await Promise.all([direct.client.dispose(), proxied.client.dispose()]);
    }
  });

  it('every job does each unit of work once across both instances: orders followed to filled, emails sent, events delivered', async () => {
    const rx = await new WebhookReceiver().start();
    const sql = new pg.Client({ connectionString: db.url! });
    await sql.connect();
    try {
      const endpoint = await json(`${cluster.url}/v1/webhook-endpoints`, { method: 'POST', body: JSON.stringify({ url: `${rx.url}/hook` }) });
      expect(endpoint.status).toBe(201);
      // Orders: swaps through the mock provider on the devnet, each polled by both instances' order pollers.
      const quoteIds: string[] = [];
      for (const i of [4, 5, 6]) {
        const payer = devnet.accounts[i]!;
        const qs = new URLSearchParams({
          srcChain: '8453',
          srcToken: 'USDC',
          amount: '3000000',
          dstChain: '8453',
          dstToken: 'DAI',
          sender: payer.address,
          recipient: payer.address,
        });
        const quoteId = (await json(`${cluster.url}/v1/quote?${qs}`)).body.best.quoteId as string;
        const { tx } = (await json(`${cluster.url}/v1/orders`, { method: 'POST', body: JSON.stringify({ quoteId }) })).body;
        const { hash } = await sendBuilt(devnet, payer, tx);
        expect((await json(`${cluster.url}/v1/orders/${quoteId}/submitted`, { method: 'POST', body: JSON.stringify({ txHash: hash }) })).status).toBe(200);
        quoteIds.push(quoteId);
      }
      // Emails: invoices sent at once through the proxy, each queued once and sent by whichever instance claims it.
      const invoices = await Promise.all(
        Array.from({ length: 6 }, () =>
          json(`${cluster.url}/v1/invoices`, { method: 'POST', body: JSON.stringify({ ...invoiceBody, send: true }) }).then((r) => r.body.id as string),
        ),
      );

      await waitFor(
        async () => {
          const { rows } = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE quote_id = ANY($1) AND status = 'filled'", [quoteIds]);
          return rows[0]!.n === quoteIds.length;
        },
        { what: 'the orders filled' },
      );
      await waitFor(
        async () => {
          const { rows } = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM email_messages WHERE invoice_id = ANY($1) AND status <> 'sent'", [
            invoices,
          ]);
          return rows[0]!.n === 0;
        },
        { what: 'every email sent' },
      );
      const after = endpoint.body.createdAt as string;
      await waitFor(
        async () => {
          const { rows } = await sql.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.endpoint_id = $1 AND d.status <> 'succeeded'",
            [endpoint.body.id],
          );
          return rows[0]!.n === 0;
        },
        { what: 'every delivery succeeded' },
      );

      // Once each: one order.filled event per order (and one fee posting per leg); one SMTP message per email row;
      // one request per event at the receiver.
      const { rows: filled } = await sql.query<{ resource_id: string; n: number }>(
        "SELECT resource_id, count(*)::int AS n FROM events WHERE type = 'order.filled' AND resource_id = ANY($1) GROUP BY resource_id",
        [quoteIds],
      );
      expect(filled.map((r) => r.n)).toEqual([1, 1, 1]);
      const { rows: legs } = await sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM ledger_transactions WHERE order_id = ANY($1) GROUP BY order_id, leg HAVING count(*) > 1',
        [quoteIds],
      );
      expect(legs).toEqual([]);
      const { rows: mails } = await sql.query<{ message_id: string }>('SELECT message_id FROM email_messages WHERE invoice_id = ANY($1)', [invoices]);
      expect(mails.length).toBe(invoices.length);
      for (const m of mails) expect(smtp.messages.filter((x) => x.parsed.messageId === m.message_id).length, m.message_id).toBe(1);
      const events = (await json(`${cluster.url}/v1/events?limit=100`)).body.data.filter((e: { createdAt: string }) => e.createdAt >= after);
      expect(events.length).toBeGreaterThanOrEqual(quoteIds.length + invoices.length);
      for (const e of events) expect(rx.seen.get(e.id), e.type).toBe(1);
      console.log(`[cluster:once] orders=${quoteIds.length} emails=${mails.length} events=${events.length}: each once`);
      await json(`${cluster.url}/v1/webhook-endpoints/${endpoint.body.id}`, { method: 'DELETE' });
    } finally {
      await sql.end();
      await rx.stop();
    }
  });

  // Its own time limit: it starts two processes (about 15 s each on an idle 2-core machine, 50 s and more when the
  // machine is shared, e.g. with test/cluster/jobs.test.ts's cluster on the other worker), which the default 120 s
  // does not always cover; a timed-out run also leaves an instance drained for the test after it.
  it('a rolling restart under load (reads, and writes with idempotency keys): every request answered, none failed', { timeout: 300_000 }, async () => {
    let stop = false;
    const failures: string[] = [];
    let answered = 0;
    const body = JSON.stringify({ amount: '5000000', settleChain: 'base', settleToken: 'USDC', recipient: SENDER });
    // As a careful client sends them: a write carries an Idempotency-Key, and a request whose connection closed before
    // any answer (the proxy's reload closes idle keep-alive connections, as any server may) is sent again once, with
    // the same key. An HTTP error, or a second failure, is a failure.
    const once = (n: number, idempotencyKey: string) =>
      n % 2
        ? json(`${cluster.url}/v1/checkout/sessions`, { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } })
        : fetch(`${cluster.url}/v1/chains`).then((r) => ({ status: r.status, body: null }));
    const client = async (n: number) => {
      while (!stop) {
        const key = crypto.randomUUID();
        try {
          const r = await once(n, key).catch(() => once(n, key));
          if (r.status >= 400) failures.push(`HTTP ${r.status} ${JSON.stringify(r.body)}`);
          answered++;
        } catch (err) {
          failures.push((err as Error).message);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 4 }, (_, n) => client(n)));
    try {
      await waitFor(() => answered > 20, { what: 'load under way' });
      for (const i of [0, 1]) {
        const before = answered;
        await cluster.restart(i);
        await waitFor(() => answered > before + 20, { what: `requests answered after instance ${i} restarted` });
      }
    } finally {
      stop = true;
      await load;
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(40);
  });

  it('one instance SIGKILLed mid-load: the other carries on, every event is delivered, invoice numbers have no gap', async () => {
    const rx = await new WebhookReceiver().start();
    try {
      rx.respond = () => ({ delayMs: 300 }); // a slow receiver: deliveries are in flight when the kill comes
      const endpoint = await json(`${cluster.url}/v1/webhook-endpoints`, { method: 'POST', body: JSON.stringify({ url: `${rx.url}/hook` }) });
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
      // Invoices of the tests before (numbered already): the count this test adds is on top of them.
      const base = ((await json(`${cluster.url}/v1/invoices?limit=100`)).body.data as unknown[]).length;
      let stop = false;
      let sent = 0;
      const unexpected: string[] = [];
      let interrupted = 0;
      const body = JSON.stringify({ ...invoiceBody, send: true });
      // Each write has its own idempotency key and is sent again with it after a failed connection or a 502 (the
      // request died with the instance). A key whose request was cut off stays locked (409, "interrupted"): the
      // interface's answer, since only the client can tell whether the work was done; counted, never run twice.
      const client = async () => {
        while (!stop) {
          const key = crypto.randomUUID();
          for (let attempt = 0; ; attempt++) {
            const r = await json(`${cluster.url}/v1/invoices`, { method: 'POST', body, headers: { 'idempotency-key': key } }).catch(() => ({
              status: 0,
              body: null,
            }));
            if (r.status === 201) {
              sent++;
              break;
            }
            if (r.status === 409 && /interrupted/.test(r.body?.error?.message ?? '')) {
              interrupted++;
              break;
            }
            if ((r.status === 0 || r.status === 502) && attempt < 20) continue;
            unexpected.push(`HTTP ${r.status} ${JSON.stringify(r.body)}`);
            break;
          }
        }
      };
      const load = Promise.all(Array.from({ length: 4 }, client));
      try {
        await waitFor(() => sent >= 10, { what: 'invoices sent before the kill' });
        await cluster.kill(0);
        const atKill = sent;
        await waitFor(() => sent >= atKill + 10, { what: 'invoices sent by the surviving instance' });
      } finally {
        stop = true;
        await load;
      }
      expect(unexpected).toEqual([]);
      // Cut-off requests: at most one per client (those in flight on the killed instance).
      expect(interrupted).toBeLessThanOrEqual(4);

      const survivor = cluster.instances[1]!.url;
      // Invoice numbers: consecutive from INV-0001, as many as there are sent invoices (a cut-off one committed or not).
      const invoices = (await json(`${survivor}/v1/invoices?limit=100`)).body.data as Array<{ number: string | null }>;
      const numbers = invoices.map((i) => Number(i.number!.slice(4))).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      expect(numbers.length - base).toBeGreaterThanOrEqual(sent);
      expect(numbers.length - base).toBeLessThanOrEqual(sent + interrupted);
      // Every event of the account reaches the receiver, those whose delivery the killed instance held included.
      const all = (await json(`${survivor}/v1/events?limit=100`)).body.data as Array<{ id: string; createdAt: string }>;
      // (Events of the tests before are older than the endpoint: never for it.)
      const events = all.filter((e) => e.createdAt >= endpoint.body.createdAt);
      expect(events.length).toBeGreaterThan(0);
      await waitFor(() => events.every((e) => rx.ids().has(e.id)), { what: 'every event delivered' });
      console.log(
        `[cluster:sigkill] invoices sent=${sent} interrupted=${interrupted} numbered=${numbers.length - base} events=${events.length} delivered=${rx.ids().size}`,
      );
    } finally {
      await rx.stop();
    }
  });
});
