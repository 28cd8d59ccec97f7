import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { FixtureProvider, startFixtureProviderServer, type FixtureProviderServer } from '../fixtures/fixture-provider.js';
import type { ProviderId } from '../../src/providers/types.js';
import type { ProviderCall } from '../../src/quotes/service.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Streamed quotes (`GET /v1/quote` with `Accept: text/event-stream`, GraphQL `quoteStream`) and the one-shot quote's
 * `waitMs`, against fixture providers that answer after fixed delays.
 */
const SENDER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PARAMS = { srcChain: '8453', srcToken: 'USDC', amount: '25000000', dstChain: 'base', dstToken: 'DAI', sender: SENDER, recipient: SENDER };
const query = (o: Record<string, string> = {}) => `/v1/quote?${new URLSearchParams({ ...PARAMS, ...o }).toString()}`;
const ENV = { PROVIDER_TIMEOUT_MS: '5000', RPC_URL_8453: 'http://127.0.0.1:9', JOBS_ENABLED: '0' };
const IDS: ProviderId[] = ['debridge', 'lifi', '0x', 'relay'];

interface Sse {
  event: string;
  id?: string;
  data: any;
  /** ms since the request was sent. */
  at: number;
}

/** Reads an event stream as it comes; `onEvent` may act on an event before the next is read (and stop reading by returning false). */
async function readEvents(res: Response, started: number, onEvent?: (e: Sse) => Promise<boolean | undefined> | boolean | undefined): Promise<Sse[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: Sse[] = [];
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buf += decoder.decode(value, { stream: true });
    for (let cut = buf.indexOf('\n\n'); cut >= 0; cut = buf.indexOf('\n\n')) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue; // a comment
        const i = line.indexOf(':'); // field, then the value less one leading space (the SSE rules)
        fields.set(line.slice(0, i), line.slice(i + 1).replace(/^ /, ''));
      }
      if (!fields.get('data')) continue;
      const e: Sse = { event: fields.get('event') ?? 'message', id: fields.get('id'), data: JSON.parse(fields.get('data')!), at: performance.now() - started };
      events.push(e);
      if ((await onEvent?.(e)) === false) {
        await reader.cancel();
        return events;
      }
    }
  }
}

describe.each(backends)('streamed quotes and waitMs (%s)', (backend) => {
  let s: TestServer;
  let fx: FixtureProviderServer;
  const calls: ProviderCall[] = [];

  beforeAll(async () => {
    fx = await startFixtureProviderServer();
    s = await startTestServer({ backend, env: ENV });
    for (const id of IDS) s.services.providers.register(new FixtureProvider(id, fx.url));
    s.services.quotes.observeProviderCalls((c) => calls.push(c));
  });
  afterAll(async () => {
    await s?.close();
    await fx?.close();
  });
  beforeEach(() => {
    calls.length = 0;
    // Answers in this order: debridge, lifi (a failure), 0x, relay; relay's quote is the best.
    fx.configure('debridge', { behaviour: 'ok', rateBps: 9_990, delayMs: 30 });
    fx.configure('lifi', { behaviour: 'error', delayMs: 150 });
    fx.configure('0x', { behaviour: 'ok', rateBps: 9_992, delayMs: 300 });
    fx.configure('relay', { behaviour: 'ok', rateBps: 9_995, delayMs: 700 });
  });

  const stream = (path: string, headers: Record<string, string> = {}) => fetch(s.url + path, { headers: { accept: 'text/event-stream', ...headers } });

  it('GET /v1/quote with Accept: text/event-stream sends the ranked list each time a provider answers, each quote buildable at once', async () => {
    const started = performance.now();
    const res = await stream(query());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const builds = new Map<string, number>();
    const events = await readEvents(res, started, async (e) => {
      // Every new quote of a message can be built the moment the message arrives.
      for (const q of e.data.quotes) if (!builds.has(q.quoteId)) builds.set(q.quoteId, (await s.post('/v1/orders', { quoteId: q.quoteId })).status);
      return undefined;
    });
    expect([...builds.values()]).toEqual([200, 200, 200]);
    expect(events.map((e) => [e.event, e.id])).toEqual([
      ['quotes', '1'],
      ['quotes', '2'],
      ['quotes', '3'],
      ['quotes', '4'],
    ]);
    const [first, second, third, last] = events.map((e) => e.data);
    expect(first).toMatchObject({ best: { provider: 'debridge' }, errors: [], pending: ['0x', 'lifi', 'relay'], complete: false });
    expect(first.quotes.map((q: any) => q.provider)).toEqual(['debridge']);
    // The failure is reported as it happens.
    expect(second).toMatchObject({ quotes: [{ provider: 'debridge' }], errors: [{ provider: 'lifi', code: 'PROVIDER_ERROR' }], pending: ['0x', 'relay'] });
    expect(third.quotes.map((q: any) => q.provider)).toEqual(['0x', 'debridge']);
    expect(last.quotes.map((q: any) => q.provider)).toEqual(['relay', '0x', 'debridge']);
    expect(last).toMatchObject({ best: last.quotes[0], pending: [], complete: true, errors: [{ provider: 'lifi' }] });
    // A quote keeps its id in later messages, however it ranks.
    expect(last.quotes.find((q: any) => q.provider === 'debridge').quoteId).toBe(first.quotes[0].quoteId);
    // The first message goes out as the fastest provider answers, not with the others.
    expect(events[0].at).toBeLessThan(events[3].at - 300);
  });

  it('the same with POST /v1/quote, and JSON as before without the Accept header', async () => {
    const started = performance.now();
    const posted = await fetch(`${s.url}/v1/quote`, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(PARAMS),
    });
    const events = await readEvents(posted, started);
    expect(events.at(-1)!.data).toMatchObject({ complete: true, quotes: [{ provider: 'relay' }, { provider: '0x' }, { provider: 'debridge' }] });
    const plain = await s.get(query());
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(plain.body.quotes.map((q: any) => q.provider)).toEqual(['relay', '0x', 'debridge']);
    expect(plain.body.pending).toBeUndefined();
    // JSON preferred over the stream → JSON.
    const preferJson = await fetch(s.url + query(), { headers: { accept: 'application/json, text/event-stream;q=0.5' } });
    expect(preferJson.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('a bad request fails before the stream starts, with the usual status and envelope', async () => {
    const bad = await stream(query({ amount: '-1' }));
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await bad.json()) as any).error).toMatchObject({ code: 'INVALID_PARAMS' });
    const unknownChain = await stream(query({ srcChain: 'nowhere' }));
    expect([unknownChain.status, ((await unknownChain.json()) as any).error.code]).toEqual([400, 'UNSUPPORTED_CHAIN']);
    const withWait = await stream(query({ waitMs: '100' }));
    expect(withWait.status).toBe(400);
    expect(((await withWait.json()) as any).error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(/^waitMs:/) });
  });

  it('no provider can quote: the last message is complete with every failure and no quote', async () => {
    for (const id of IDS) fx.configure(id, { behaviour: 'no-route', delayMs: 10 });
    const events = await readEvents(await stream(query()), performance.now());
    expect(events).toHaveLength(4);
    expect(events.at(-1)!.data).toMatchObject({ best: null, quotes: [], pending: [], complete: true });
    expect(events.at(-1)!.data.errors.map((e: any) => [e.provider, e.code])).toEqual([
      ['0x', 'NO_ROUTE'],
      ['debridge', 'NO_ROUTE'],
      ['lifi', 'NO_ROUTE'],
      ['relay', 'NO_ROUTE'],
    ]);
  });

  it('a client that leaves cancels the provider calls still out, which do not count against the provider', async () => {
    fx.configure('relay', { behaviour: 'ok', delayMs: 1_500 });
    const before = fx.abandoned.relay ?? 0;
    const events = await readEvents(await stream(query()), performance.now(), () => false); // leaves after the first message
    expect(events).toHaveLength(1);
    await waitFor(() => (fx.abandoned.relay ?? 0) > before, { what: 'the relay call to be abandoned' });
    expect(calls.filter((c) => c.provider === 'relay')).toEqual([]);
    expect(calls.find((c) => c.provider === 'debridge')).toMatchObject({ outcome: 'ok' });
  });

  it('waitMs: the one-shot answers once enough providers have quoted, names the others in pending and cancels them', async () => {
    // 4 asked: until 600 ms everyone is waited for; then 2 quotes are enough (debridge and 0x quote within 100 ms), and
    // 1 from 900 ms. Relay answers only after 2.5 s. Wide margins: the answer cannot depend on the machine's load.
    fx.configure('0x', { behaviour: 'ok', rateBps: 9_992, delayMs: 100 });
    fx.configure('lifi', { behaviour: 'error', delayMs: 60 });
    fx.configure('relay', { behaviour: 'ok', delayMs: 2_500 });
    const before = fx.abandoned.relay ?? 0;
    const started = performance.now();
    const r = await s.get(query({ waitMs: '600' }));
    const elapsed = performance.now() - started;
    expect(r.status).toBe(200);
    expect(r.body.quotes.map((q: any) => q.provider)).toEqual(['0x', 'debridge']);
    expect(r.body.errors).toEqual([expect.objectContaining({ provider: 'lifi' })]);
    expect(r.body.pending).toEqual(['relay']);
    expect(elapsed).toBeGreaterThanOrEqual(590);
    expect(elapsed).toBeLessThan(2_400);
    await waitFor(() => (fx.abandoned.relay ?? 0) > before, { what: 'the relay call to be abandoned' });
    expect(calls.filter((c) => c.provider === 'relay')).toEqual([]);
    // Every provider answered before waitMs: nothing is pending, and the answer does not wait for waitMs.
    fx.configure('relay', { behaviour: 'ok', delayMs: 150 });
    const all = await s.get(query({ waitMs: '5000' }));
    expect(all.body.quotes.map((q: any) => q.provider)).toEqual(['relay', '0x', 'debridge']);
    expect(all.body.pending).toBeUndefined();
    const bad = await s.get(query({ waitMs: '60001' }));
    expect([bad.status, bad.body.error.message]).toEqual([400, expect.stringMatching(/^waitMs:/)]);
  });

  it('GraphQL: quoteStream over graphql-ws and over server-sent events; quote with waitMs names pending', async () => {
    const client = createClient({ url: `${s.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false });
    const input = `{ srcChain: "8453", srcToken: "USDC", amount: "25000000", dstChain: "base", dstToken: "DAI", sender: "${SENDER}", recipient: "${SENDER}" }`;
    const doc = `subscription { quoteStream(input: ${input}) { best { provider quoteId } quotes { provider quoteId } errors { provider code } pending complete } }`;
    try {
      const messages: any[] = [];
      await new Promise<void>((resolve, reject) =>
        client.subscribe({ query: doc }, { next: (v) => void messages.push(v.data?.quoteStream ?? v), error: reject, complete: resolve }),
      );
      expect(messages.map((m) => [m.quotes.length, m.errors.length, m.pending.length, m.complete])).toEqual([
        [1, 0, 3, false],
        [1, 1, 2, false],
        [2, 1, 1, false],
        [3, 1, 0, true],
      ]);
      expect(messages[3].best).toEqual(messages[3].quotes[0]);
      const built = await s.post('/v1/orders', { quoteId: messages[0].quotes[0].quoteId });
      expect(built.status).toBe(200);

      // A bad request is an error before any message.
      const refused = await new Promise<any>((resolve) =>
        client.subscribe(
          { query: doc.replace('amount: "25000000"', 'amount: "25000000", waitMs: 10') },
          { next: (v) => resolve(v), error: (e) => resolve(e), complete: () => {} },
        ),
      );
      expect(JSON.stringify(refused)).toMatch(/INVALID_PARAMS/);
    } finally {
      await client.dispose();
    }

    // Over SSE (graphql-yoga's distinct-connections mode).
    const started = performance.now();
    const sse = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: doc }),
    });
    const events = (await readEvents(sse, started)).filter((e) => e.event === 'next');
    expect(events.map((e) => e.data.data.quoteStream.complete)).toEqual([false, false, false, true]);

    fx.configure('0x', { behaviour: 'ok', rateBps: 9_992, delayMs: 100 });
    fx.configure('relay', { behaviour: 'ok', delayMs: 2_500 });
    const q = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ quote(input: ${input.replace('recipient:', 'waitMs: 600, recipient:')}) { ... on QuoteResponse { quotes { provider } pending } } }`,
      }),
    });
    expect(((await q.json()) as any).data.quote).toEqual({ quotes: [{ provider: '0x' }, { provider: 'debridge' }], pending: ['relay'] });
  });
});
