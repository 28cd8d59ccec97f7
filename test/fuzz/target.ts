import { ADMIN_ENV } from '../helpers/admin.js';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createApp, type App } from '../../src/app.js';
import { createHttpServer, type RunningServer } from '../../src/http/server.js';
import { DEFAULT_RPC_URLS } from '../../src/assets/rpc.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { EvmRpcServer } from '../fixtures/evm-rpc-server.js';
import { JupiterDataServer } from '../fixtures/jupiter-data-server.js';
import { LifiTokensServer } from '../fixtures/lifi-tokens-server.js';
import { SolanaRpcServer } from '../fixtures/solana-rpc-server.js';
import { endpointBody, invoiceBody, sessionBody } from './seeds.js';
import { send } from './transport.js';

/** An error-level log line or a process-level failure seen while the fuzzer ran. */
export interface Incident {
  kind: 'log' | 'unhandledRejection' | 'uncaughtException';
  message: string;
  requestId?: string;
}

export interface FuzzTarget {
  url: string;
  app: App;
  /** Keys the cases send: the owner's of the seeded resources, another account's, a live key without live mode. */
  keys: { owner: string; other: string; live: string };
  /** The headers of a dashboard session of the owner's account (team and other session-only routes and fields). */
  session: { cookie: string; origin: string };
  /** Real ids of seeded resources, so path and argument ids reach past NOT_FOUND. */
  ids: { sessions: string[]; endpoints: string[]; events: string[]; invoices: string[] };
  incidents: Incident[];
  close(): Promise<void>;
}

/**
 * The service in this process on an ephemeral port, with every upstream it may call served by a local fixture
 * (token lists, prices, EVM and Solana RPC), so no answer depends on the network; jobs are off so the
 * database holds only what the cases do. Error-level log lines and unhandled rejections are collected.
 */
export async function startFuzzTarget(opts: { env?: Record<string, string> } = {}): Promise<FuzzTarget> {
  const fixtures = {
    lifi: new LifiTokensServer(),
    jup: new JupiterDataServer(),
    llama: new DefiLlamaServer(),
    sol: new SolanaRpcServer(),
    evm: new EvmRpcServer(8453),
  };
  await Promise.all(Object.values(fixtures).map((f) => f.start()));
  const rpcUrls = Object.fromEntries(Object.keys(DEFAULT_RPC_URLS).map((id) => [`RPC_URL_${id}`, fixtures.evm.url]));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:8787',
    SHUTDOWN_GRACE_MS: '2000',
    PROVIDERS: 'none',
    DATA_DIR: 'memory://',
    JOBS_ENABLED: 'false',
    LIFI_API_URL: fixtures.lifi.url,
    JUPITER_API_URL: fixtures.jup.url,
    DEFILLAMA_API_URL: fixtures.llama.url,
    SOLANA_RPC_URL: fixtures.sol.url,
    RPC_TIMEOUT_MS: '1000',
    PRICE_TIMEOUT_MS: '1000',
    // Every case comes from one address: with the default limits most of a run would be 429s and reach nothing.
    // The limiter stays on (its headers and counting run on every case); test/ratelimit tests the refusals.
    RATE_LIMIT_DEFAULT: '10000000/60',
    RATE_LIMIT_STRICT: '10000000/60',
    ...rpcUrls,
    ...ADMIN_ENV,
    ...opts.env,
  });

  const incidents: Incident[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        try {
          const o = JSON.parse(line) as { level: number; msg?: string; requestId?: string; err?: { message?: string; stack?: string } };
          if (o.level >= 50)
            incidents.push({ kind: 'log', message: `${o.msg ?? ''}: ${o.err?.stack ?? o.err?.message ?? ''}`.slice(0, 1500), requestId: o.requestId });
        } catch {
          incidents.push({ kind: 'log', message: line.slice(0, 500) });
        }
      }
      cb();
    },
  });
  const log = pino({ level: 'error', base: undefined }, sink);
  const onRejection = (e: unknown) => incidents.push({ kind: 'unhandledRejection', message: String((e as Error)?.stack ?? e).slice(0, 1000) });
  const onException = (e: unknown) => incidents.push({ kind: 'uncaughtException', message: String((e as Error)?.stack ?? e).slice(0, 1000) });
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);

  const app = await createApp(config, { log });
  // Webhook URLs resolve to a public address without DNS (no deliveries run: jobs are off).
  app.services.webhooks.resolver = async () => [{ address: '93.184.216.34', family: 4 }];
  const running: RunningServer = await createHttpServer({ ...app.infra, services: app.services }).listen(0, '127.0.0.1');

  const owner = await app.services.accounts.createAccount('Fuzz owner');
  const other = await app.services.accounts.createAccount('Fuzz other');
  const ownerMember = await app.services.accounts.ensureMember(owner.id, 'evm', '0x90f79bf6eb2c4f870365e785982e1f101e93b906', 'owner');
  const session = {
    cookie: `${app.services.auth.cookieName}=${(await app.services.auth.createSession(ownerMember, {})).token}`,
    origin: config.PUBLIC_URL,
  };
  const keys = {
    owner: (await app.services.accounts.createKey(owner.id, 'test')).key,
    other: (await app.services.accounts.createKey(other.id, 'test')).key,
    live: (await app.services.accounts.createKey(owner.id, 'live')).key,
  };
  const post = async (path: string, body: unknown) => {
    const r = await send(running.url, {
      label: 'seed',
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'x-api-key': keys.owner },
      body: JSON.stringify(body),
    });
    if (r.status >= 300) throw new Error(`seeding ${path} answered ${r.status}: ${r.text}`);
    return JSON.parse(r.text) as { id: string };
  };
  const ids = {
    sessions: [(await post('/v1/checkout/sessions', sessionBody)).id, (await post('/v1/checkout/sessions', { ...sessionBody, amount: '1' })).id],
    endpoints: [(await post('/v1/webhook-endpoints', endpointBody)).id],
    events: [(await post('/v1/webhook-endpoints/trigger', { type: 'checkout.session.completed' })).id],
    // A draft and an open invoice.
    invoices: [(await post('/v1/invoices', invoiceBody)).id, (await post('/v1/invoices', { ...invoiceBody, send: true })).id],
  };

  return {
    session,
    url: running.url,
    app,
    keys,
    ids,
    incidents,
    async close() {
      await running.close();
      await app.close();
      await Promise.all(Object.values(fixtures).map((f) => f.close()));
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
