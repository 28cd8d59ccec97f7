import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { rawWs } from './ws-client.js';

const HEADERS_MS = 600;
const REQUEST_MS = 1_200;

/** A socket that sends `head` and then one byte of `trickle` every 100 ms until the server closes it. */
async function trickle(url: string, head: string, trickle: string) {
  const { port } = new URL(url);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  let received = '';
  let closedAt = 0;
  socket.on('data', (d) => (received += String(d)));
  socket.on('close', () => (closedAt = performance.now()));
  socket.on('error', () => {});
  await new Promise<void>((r) => socket.once('connect', () => r()));
  const started = performance.now();
  socket.write(head);
  let i = 0;
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(trickle[i++ % trickle.length]!);
  }, 100);
  try {
    await waitFor(() => closedAt > 0, { what: 'the server to close the trickling socket' });
  } finally {
    clearInterval(timer);
    socket.destroy();
  }
  return { ms: closedAt - started, received };
}

describe('slow-request timeouts', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS), HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS), JOBS_ENABLED: 'false' } });
  });
  afterAll(() => s?.close());

  it('a client trickling its headers (slowloris) is answered 408 and cut off once HTTP_HEADERS_TIMEOUT_MS is over', async () => {
    const r = await trickle(s.url, 'GET /v1/health HTTP/1.1\r\nhost: x\r\n', 'x-slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n');
    expect(r.ms).toBeGreaterThanOrEqual(HEADERS_MS * 0.9);
    // Node checks the deadlines every quarter of the smaller limit: closed within the limit plus that tick (and slack for a busy machine).
    expect(r.ms).toBeLessThan(HEADERS_MS + 2_000);
    expect(r.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('while SSE and WebSocket subscriptions (long-lived by design) outlive the limits and keep working', async () => {
    const { key } = await s.createTestKey();
    const auth = await s.services.accounts.authenticate(key);
    const abort = new AbortController();
    const sse = await fetch(`${s.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
      body: JSON.stringify({ query: 'subscription { events { id } }' }),
      signal: abort.signal,
    });
    let sseText = '';
    const reading = (async () => {
      try {
        for await (const chunk of sse.body as unknown as AsyncIterable<Uint8Array>) sseText += Buffer.from(chunk).toString();
      } catch {
        // aborted at the end of the test
      }
    })();
    const ws = await rawWs(s.url);
    await ws.init({ 'x-api-key': key });
    ws.subscribe('1', 'subscription { events { id } }');
    // Both streams are open; a body trickled slower than HTTP_REQUEST_TIMEOUT_MS is cut off meanwhile.
    const body = 'x'.repeat(1000);
    const r = await trickle(s.url, `POST /v1/test/echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`, body);
    expect(r.ms).toBeGreaterThanOrEqual(REQUEST_MS * 0.9);
    expect(r.ms).toBeLessThan(REQUEST_MS + 2_000);
    expect(r.received).toMatch(/^HTTP\/1\.1 408 /);
    // Past both limits now: the streams still deliver, and an ordinary request is served.
    const event = await s.services.webhooks.trigger(auth, { type: 'checkout.session.completed' });
    await waitFor(() => sseText.includes(event.id), { what: 'the event over SSE' });
    await waitFor(() => ws.messages.some((m) => m.type === 'next' && m.payload.data.events.id === event.id), { what: 'the event over WebSocket' });
    expect(ws.closed).toBeNull();
    expect((await s.get('/v1/health')).status).toBe(200);
    abort.abort();
    await reading;
    await ws.close();
  });
});
