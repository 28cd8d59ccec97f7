import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureProvider, startFixtureProviderServer, type FixtureProviderServer } from '../fixtures/fixture-provider.js';
import { ADMIN_ENV, adminHeaders } from '../helpers/admin.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { createLogger } from '../../src/log.js';
import { Metrics, poolMetrics } from '../../src/telemetry/metrics.js';
import { parseScrape, promtool, sampleValue } from './scrape.js';

const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const QUOTE =
  '/v1/quote?' +
  new URLSearchParams({ srcChain: '8453', srcToken: 'USDC', amount: '25000000', dstChain: 'base', dstToken: 'DAI', sender: SENDER, recipient: SENDER });
const QUOTE_ENV = { PROVIDER_TIMEOUT_MS: '2000', RPC_URL_8453: 'http://127.0.0.1:9', FEE_RECIPIENT_EVM: '0x1111111111111111111111111111111111111111' };
const HTTP = 'swapgate_http_request_duration_seconds_count';

/**
 * /metrics on a real server: who may scrape it, a scrape that promtool accepts, series that move with the traffic
 * they count, labels that stay bounded whatever clients send, and METRICS_PORT's own port.
 */
describe('Prometheus metrics', () => {
  let fx: FixtureProviderServer;
  /** /metrics behind ADMIN_TOKEN on the main port, fixture providers, jobs running. */
  let a: TestServer;
  /** METRICS_PORT (no token), a tiny default rate limit. */
  let b: TestServer;

  beforeAll(async () => {
    fx = await startFixtureProviderServer();
    [a, b] = await Promise.all([
      startTestServer({ env: { ...ADMIN_ENV, ...QUOTE_ENV } }),
      startTestServer({ env: { METRICS_PORT: '0', RATE_LIMIT_DEFAULT: '3/60', JOBS_ENABLED: '0' } }),
    ]);
    for (const id of ['debridge', '0x'] as const) a.services.providers.register(new FixtureProvider(id, fx.url));
    fx.configure('debridge', { behaviour: 'ok' });
    fx.configure('0x', { behaviour: 'error' });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await fx?.close();
  });

  const scrape = async (s: TestServer = a) => {
    const r = s.metricsUrl ? await fetch(s.metricsUrl) : await fetch(`${s.url}/metrics`, { headers: adminHeaders() });
    expect(r.status).toBe(200);
    const text = await r.text();
    return { text, samples: parseScrape(text) };
  };

  it('answers an operator token only, exactly as the admin routes do; with METRICS_PORT, only on that port', async () => {
    expect((await a.get('/metrics')).status).toBe(401);
    const wrong = await a.get('/metrics', adminHeaders('not-the-admin-token-0123456789abcdefghij'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('UNAUTHORIZED');
    const ok = await a.get('/metrics', adminHeaders());
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    // No ADMIN_TOKEN (and METRICS_PORT set): the main port has no /metrics at all, whatever is sent.
    const none = await b.get('/metrics', adminHeaders());
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('NOT_FOUND');
    expect(b.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await fetch(b.metricsUrl!)).status).toBe(200);
    expect((await fetch(b.metricsUrl!.replace('/metrics', '/v1/health'))).status).toBe(404);
  });

  it('counts a request, a provider call and a job run', async () => {
    const before = (await scrape()).samples;
    const q = await a.get(QUOTE);
    expect(q.status, q.text).toBe(200);
    a.services.jobs.kick('quote-store-sweep');
    const job = { job_name: 'quote-store-sweep', outcome: 'ok' };
    const after = await waitFor(
      async () => {
        const { samples } = await scrape();
        return sampleValue(samples, 'swapgate_job_runs_total', job) > sampleValue(before, 'swapgate_job_runs_total', job) ? samples : null;
      },
      { what: 'the quote-store-sweep job to run' },
    );
    const quoteRoute = { route: '/v1/quote', method: 'GET', status: '200' };
    expect(sampleValue(after, HTTP, quoteRoute)).toBe(sampleValue(before, HTTP, quoteRoute) + 1);
    const calls = (provider: string, outcome: string) =>
      sampleValue(after, 'swapgate_provider_calls_total', { provider, outcome }) - sampleValue(before, 'swapgate_provider_calls_total', { provider, outcome });
    expect(calls('debridge', 'ok')).toBe(1);
    expect(calls('0x', 'error')).toBe(1);
    expect(sampleValue(after, 'swapgate_provider_call_duration_seconds_count', { provider: 'debridge' })).toBeGreaterThan(0);
    // Event-loop delay and the process's own facts come with every scrape.
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('keeps labels bounded: unknown GraphQL operation names are "other", unknown paths "unmatched", pages by group', async () => {
    const gql = (query: string) => a.post('/graphql', { query });
    for (const name of ['MadeUpOne', 'MadeUpTwo']) expect((await gql(`query ${name} { __typename }`)).status).toBe(200);
    await gql('query DashboardChains { __typename }');
    await gql('{ __typename }');
    expect((await a.get('/v1/no/such/route-4711')).status).toBe(404);
    expect((await a.get('/no-such-page-4711')).status).toBe(404);
    expect((await a.get('/docs/errors')).status).toBe(200);
    const { samples } = await scrape();
    // No label value carries what a client made up (the values are numbers and may hold any digits by chance).
    expect(samples.flatMap((x) => Object.values(x.labels)).filter((v) => /MadeUp|4711/.test(v))).toEqual([]);
    const op = (operation: string) =>
      sampleValue(samples, 'swapgate_graphql_operation_duration_seconds_count', { operation, transport: 'http', outcome: 'ok' });
    expect(op('other')).toBe(2);
    expect(op('DashboardChains')).toBe(1);
    expect(op('anonymous')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, HTTP, { route: 'unmatched', method: 'GET', status: '404' })).toBe(2);
    expect(sampleValue(samples, HTTP, { route: 'page:/docs', method: 'GET', status: '200' })).toBe(1);
    expect(sampleValue(samples, HTTP, { route: 'graphql', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(4);
  });

  it('passes promtool check metrics on a real scrape', async () => {
    const r = promtool(['check', 'metrics'], (await scrape()).text);
    expect(r.out).toBe('');
    expect(r.code).toBe(0);
  });

  it('METRICS_PORT: rate-limit rejections by bucket, queue and socket gauges, no pool series on PGlite', async () => {
    for (let i = 0; i < 4; i++) await b.get('/v1/health');
    expect((await b.get('/v1/health')).status).toBe(429);
    const { text, samples } = await scrape(b);
    expect(sampleValue(samples, 'swapgate_rate_limit_rejections_total', { bucket: 'default' })).toBeGreaterThanOrEqual(2);
    expect(sampleValue(samples, HTTP, { route: '/v1/health', method: 'GET', status: '429' })).toBeGreaterThanOrEqual(2);
    for (const name of ['swapgate_webhook_queue_pending', 'swapgate_webhook_queue_oldest_due_age_seconds', 'swapgate_websocket_connections'])
      expect(samples.find((s) => s.name === name)?.value, name).toBe(0);
    expect(text).not.toMatch(/swapgate_db_pool/);
    expect(promtool(['check', 'metrics'], text).code).toBe(0);
  });

  it('reads a Postgres pool at each scrape; a collector that fails reads NaN, and the scrape still answers', async () => {
    const pool = { idleCount: 3, totalCount: 7, waitingCount: 2 };
    const m = new Metrics(createLogger('silent'));
    poolMetrics(m, pool);
    m.addCollector({
      name: 'swapgate_test_broken',
      help: 'A collector that throws.',
      collect: () => {
        throw new Error('database gone');
      },
    });
    let samples = parseScrape(await m.render());
    expect(sampleValue(samples, 'swapgate_db_pool_connections', { state: 'idle' })).toBe(3);
    expect(sampleValue(samples, 'swapgate_db_pool_connections', { state: 'busy' })).toBe(4);
    expect(sampleValue(samples, 'swapgate_db_pool_waiting_clients')).toBe(2);
    expect(sampleValue(samples, 'swapgate_test_broken')).toBeNaN();
    pool.waitingCount = 0;
    samples = parseScrape(await m.render());
    expect(sampleValue(samples, 'swapgate_db_pool_waiting_clients')).toBe(0);
  });

  it('ships example alert rules that promtool accepts, over series this service exports', async () => {
    const file = new URL('../../docs/alerts.yml', import.meta.url).pathname;
    const r = promtool(['check', 'rules', file]);
    expect(r.code, r.out).toBe(0);
    const names = new Set((await scrape()).samples.map((s) => s.name.replace(/_(bucket|count|sum)$/, '')));
    for (const [, used] of readFileSync(file, 'utf8').matchAll(/\b((?:swapgate|nodejs)_[a-z0-9_]+)/g)) {
      if (used.startsWith('swapgate_db_pool') || used.startsWith('swapgate_rate_limit') || used.startsWith('swapgate_webhook_deliveries')) continue; // exercised on b or not yet counted
      expect(names.has(used.replace(/_(bucket|count|sum)$/, '')), used).toBe(true);
    }
  });
});
