import { context, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeTracer } from '../../src/trace.js';
import { startTracing, type Tracing } from '../../src/telemetry/tracing-sdk.js';
import { FixtureProvider, startFixtureProviderServer, type FixtureProviderServer } from '../fixtures/fixture-provider.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const QUOTE =
  '/v1/quote?' +
  new URLSearchParams({ srcChain: '8453', srcToken: 'USDC', amount: '25000000', dstChain: 'base', dstToken: 'DAI', sender: SENDER, recipient: SENDER });

/**
 * The service's tracing as the preload (src/tracing.ts) sets it up, exporting to memory instead of OTLP: one quote
 * request is one trace whose request span holds a span per provider call (each with the provider's HTTP request in
 * it) and the quote store's write; a GraphQL request holds its execution; a transaction has its own span.
 */
describe('OpenTelemetry traces', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let fx: FixtureProviderServer;
  let s: TestServer;

  beforeAll(async () => {
    // Before the server: the request span, the GraphQL plugin and the transaction spans are set up at start when tracing is on.
    tracing = startTracing({ serviceName: 'swapgate-test', spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    fx = await startFixtureProviderServer();
    s = await startTestServer({ env: { PROVIDER_TIMEOUT_MS: '2000', RPC_URL_8453: 'http://127.0.0.1:9', JOBS_ENABLED: '0' } });
    for (const id of ['debridge', '0x'] as const) s.services.providers.register(new FixtureProvider(id, fx.url));
    fx.configure('debridge', { behaviour: 'ok' });
    fx.configure('0x', { behaviour: 'ok' });
  });
  afterAll(async () => {
    await s?.close();
    await fx?.close();
    // Unregisters the provider: the next test file in this worker runs with tracing off, as the service does by default.
    await tracing?.shutdown();
    expect(activeTracer()).toBeUndefined();
  });

  /** The finished spans of the trace `root` belongs to, once `done` holds for them. */
  const traceOf = async (root: (sp: ReadableSpan) => boolean, done: (spans: ReadableSpan[]) => boolean) =>
    waitFor(
      () => {
        const r = exporter.getFinishedSpans().find(root);
        if (!r) return null;
        const spans = exporter.getFinishedSpans().filter((sp) => sp.spanContext().traceId === r.spanContext().traceId);
        return done(spans) ? { root: r, spans } : null;
      },
      { what: 'the trace to be exported', timeoutMs: 15_000 },
    );
  const childrenOf = (spans: ReadableSpan[], parent: ReadableSpan) => spans.filter((sp) => sp.parentSpanContext?.spanId === parent.spanContext().spanId);

  it('a quote request: request span → a span per provider call (its HTTP request inside) and the quote store write', async () => {
    exporter.reset();
    const r = await s.get(QUOTE);
    expect(r.status, r.text).toBe(200);
    const requestId = r.headers.get('x-request-id');
    const { root, spans } = await traceOf(
      (sp) => sp.attributes['request.id'] === requestId,
      (all) => all.filter((sp) => sp.name.startsWith('provider quote')).length === 2,
    );
    expect(root.name).toBe('GET /v1/quote');
    expect(root.kind).toBe(SpanKind.SERVER);
    // Its parent, if any, is the caller's (this test's fetch is instrumented too): the service starts no span above it.
    if (root.parentSpanContext) expect(root.parentSpanContext.isRemote).toBe(true);
    expect(root.attributes).toMatchObject({ 'http.route': '/v1/quote', 'http.response.status_code': 200, 'http.request.method': 'GET' });
    const children = childrenOf(spans, root);
    const calls = children.filter((sp) => sp.name.startsWith('provider quote')).sort((x, y) => x.name.localeCompare(y.name));
    expect(calls.map((sp) => [sp.name, sp.attributes['provider.outcome']])).toEqual([
      ['provider quote 0x', 'ok'],
      ['provider quote debridge', 'ok'],
    ]);
    // Auto-instrumented (undici): the provider's own HTTP request, inside its call's span.
    for (const call of calls) {
      const http = childrenOf(spans, call);
      expect(
        http.map((sp) => [sp.kind, sp.attributes['http.request.method']]),
        call.name,
      ).toEqual([[SpanKind.CLIENT, 'POST']]);
      expect(String(http[0].attributes['url.full'])).toContain(`/p/${call.attributes['provider.id']}/quote`);
    }
    const store = children.find((sp) => sp.name === 'quote store put');
    expect(store?.attributes).toMatchObject({ 'db.system.name': 'postgresql', 'quote.count': 2 });
    // What the request started ends inside it (the caller's own span, its parent, is left out). In nanoseconds as
    // bigints (a double cannot hold them exactly), within a millisecond: spans take their times from clocks anchored
    // to Date.now(), whose resolution is a millisecond (a child was once seen ending 66 µs "after" the request).
    const end = (sp: ReadableSpan) => BigInt(sp.endTime[0]) * 1_000_000_000n + BigInt(sp.endTime[1]);
    for (const sp of [...calls, store!]) expect(end(sp) <= end(root) + 1_000_000n, sp.name).toBe(true);
  });

  it('continues a caller’s trace (traceparent), nests GraphQL execution, and gives a transaction its span', async () => {
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    // The caller's span, as a client in another process would have it: its traceparent goes out with the request.
    const caller = trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId: '00f067aa0ba902b7', traceFlags: 1, isRemote: true });
    const r = await context.with(caller, () => s.post('/graphql', { query: 'query DashboardChains { __typename }' }));
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const { root, spans } = await traceOf(
      (sp) => sp.attributes['request.id'] === r.headers.get('x-request-id'),
      (all) => all.some((sp) => sp.name === 'query.DashboardChains'),
    );
    expect(root.spanContext().traceId).toBe(traceId);
    expect(root.name).toBe('POST graphql');
    expect(root.attributes['graphql.operation.name']).toBe('DashboardChains');
    expect(childrenOf(spans, root).map((sp) => sp.name)).toContain('query.DashboardChains');

    exporter.reset();
    await s.db.prisma.$transaction(async (tx) => tx.$queryRawUnsafe('SELECT 1'));
    const tx = await waitFor(() => exporter.getFinishedSpans().find((sp) => sp.name === 'db transaction'), { what: 'the transaction span' });
    expect(tx.attributes['db.transaction.outcome']).toBe('commit');
  });
});
