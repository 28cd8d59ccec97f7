import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Cluster, startCluster } from '../../scripts/cluster.js';
import { ADMIN_ENV } from '../helpers/admin.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { waitFor } from '../helpers/wait.js';
import { withDevnet } from '../fixtures/devnet.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { invoiceBody } from '../invoices/helpers.js';

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
  let key: string;
  const json = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', 'x-api-key': key, ...init.headers } });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
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
        // Deliveries claimed by an instance that dies are taken over once their lease (the attempt's timeout) ends.
        WEBHOOK_RETRY_BASE_MS: '200',
        WEBHOOK_POLL_MS: '200',
        WEBHOOK_TIMEOUT_MS: '3000',
      },
    });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
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

  it('a rolling restart under load (reads, and writes with idempotency keys): every request answered, none failed', async () => {
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
      expect(numbers.length).toBeGreaterThanOrEqual(sent);
      expect(numbers.length).toBeLessThanOrEqual(sent + interrupted);
      // Every event of the account reaches the receiver, those whose delivery the killed instance held included.
      const all = (await json(`${survivor}/v1/events?limit=100`)).body.data as Array<{ id: string; createdAt: string }>;
      // (Events of the tests before are older than the endpoint: never for it.)
      const events = all.filter((e) => e.createdAt >= endpoint.body.createdAt);
      expect(events.length).toBeGreaterThan(0);
      await waitFor(() => events.every((e) => rx.ids().has(e.id)), { what: 'every event delivered' });
      console.log(
        `[cluster:sigkill] invoices sent=${sent} interrupted=${interrupted} numbered=${numbers.length} events=${events.length} delivered=${rx.ids().size}`,
      );
    } finally {
      await rx.stop();
    }
  });
});
