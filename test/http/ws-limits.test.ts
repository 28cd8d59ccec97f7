import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenCounts, WS_LIMIT_CLOSE_CODE } from '../../src/http/ws-limits.js';
import { TokenBucket } from '../../src/ratelimit/token-bucket.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { rawWs, type RawWs } from './ws-client.js';

describe('limit counters', () => {
  it.each([
    { max: 2, takes: 3, expected: [true, true, false] },
    { max: 1, takes: 2, expected: [true, false] },
    { max: 0, takes: 3, expected: [true, true, true] }, // 0 = unlimited
  ])('OpenCounts with max $max', ({ max, takes, expected }) => {
    const c = new OpenCounts();
    expect(Array.from({ length: takes }, () => c.take('a', max))).toEqual(expected);
    expect(c.take('b', max)).toBe(true); // names are counted apart
  });

  it('OpenCounts gives a slot back on release and forgets names at zero', () => {
    const c = new OpenCounts();
    expect(c.take('a', 1)).toBe(true);
    expect(c.take('a', 1)).toBe(false);
    c.release('a');
    expect(c.get('a')).toBe(0);
    expect(c.take('a', 1)).toBe(true);
  });

  it.each([
    { perSecond: 3, at: [0, 0, 0, 0], expected: [true, true, true, false], why: 'a burst of perSecond, then refused' },
    { perSecond: 2, at: [0, 0, 0, 500, 1000], expected: [true, true, false, true, true], why: 'refilled continuously' },
    { perSecond: 0, at: [0, 0, 0], expected: [true, true, true], why: '0 = unlimited' },
  ])('TokenBucket: $why', ({ perSecond, at, expected }) => {
    const b = new TokenBucket(perSecond, 0);
    expect(at.map((t) => b.take(t))).toEqual(expected);
  });
});

describe('WebSocket limits', () => {
  let s: TestServer;
  const open: RawWs[] = [];
  const connectWs = async (headers: Record<string, string> = {}) => {
    const w = await rawWs(s.url, headers);
    open.push(w);
    return w;
  };
  beforeAll(async () => {
    s = await startTestServer({
      env: {
        JOBS_ENABLED: 'false',
        TRUST_PROXY: '1',
        WS_MAX_CONNECTIONS_PER_IP: '2',
        WS_MAX_CONNECTIONS_PER_KEY: '2',
        WS_MAX_MESSAGES_PER_SECOND: '5',
        WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: '2',
      },
    });
  });
  afterAll(async () => {
    await Promise.all(open.map((w) => w.close()));
    await s?.close();
  });

  it('closes the connection over WS_MAX_CONNECTIONS_PER_IP with 4429 naming the limit; other addresses and freed slots are served', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    const [a, b] = [await connectWs(ip), await connectWs(ip)];
    const third = await connectWs(ip);
    expect(await third.waitClosed()).toEqual({ code: WS_LIMIT_CLOSE_CODE, reason: expect.stringMatching(/^WS_MAX_CONNECTIONS_PER_IP: 2 /) });
    // Another client address has its own quota.
    const other = await connectWs({ 'x-forwarded-for': '203.0.113.8' });
    await other.init();
    expect(other.closed).toBeNull();
    // A closed connection frees its slot.
    await a.close();
    const again = await connectWs(ip);
    await again.init();
    expect(again.closed).toBeNull();
    await Promise.all([b.close(), other.close(), again.close()]);
  });

  it('closes the connection over WS_MAX_CONNECTIONS_PER_KEY, the key from connectionParams or the x-api-key header', async () => {
    const { key } = await s.createTestKey();
    const first = await connectWs({ 'x-forwarded-for': '198.51.100.1' });
    await first.init({ 'x-api-key': key });
    const second = await connectWs({ 'x-forwarded-for': '198.51.100.2', 'x-api-key': key });
    await second.init();
    const third = await connectWs({ 'x-forwarded-for': '198.51.100.3' });
    await third.init({ 'x-api-key': key });
    expect(await third.waitClosed()).toEqual({ code: WS_LIMIT_CLOSE_CODE, reason: expect.stringMatching(/^WS_MAX_CONNECTIONS_PER_KEY: 2 /) });
    expect(third.messages.some((m) => m.type === 'connection_ack')).toBe(false);
    expect(first.closed).toBeNull();
    await first.close();
    const fourth = await connectWs({ 'x-forwarded-for': '198.51.100.4' });
    await fourth.init({ 'x-api-key': key });
    expect(fourth.messages.some((m) => m.type === 'connection_ack')).toBe(true);
    await Promise.all([second.close(), fourth.close()]);
  });

  it('closes a connection that sends more than WS_MAX_MESSAGES_PER_SECOND', async () => {
    const w = await connectWs({ 'x-forwarded-for': '192.0.2.10' });
    await w.init();
    for (let i = 0; i < 12; i++) w.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await w.waitClosed()).toEqual({ code: WS_LIMIT_CLOSE_CODE, reason: expect.stringMatching(/^WS_MAX_MESSAGES_PER_SECOND: 5 /) });
    // Within the rate nothing happens: a connection pinging slowly stays.
    const calm = await connectWs({ 'x-forwarded-for': '192.0.2.11' });
    await calm.init();
    for (let i = 0; i < 3; i++) calm.ws.send(JSON.stringify({ type: 'ping' }));
    await waitFor(() => calm.messages.filter((m) => m.type === 'pong').length === 3, { what: 'three pongs' });
    expect(calm.closed).toBeNull();
    await calm.close();
  });

  it('closes a connection that sends no connection_init within WS_CONNECTION_INIT_TIMEOUT_MS with 4408', async () => {
    // A server of its own: a timeout this short would close the other tests' sockets on a loaded machine.
    const quick = await startTestServer({ env: { JOBS_ENABLED: 'false', WS_CONNECTION_INIT_TIMEOUT_MS: '500' } });
    try {
      const opened = performance.now();
      const silent = await rawWs(quick.url);
      expect(await silent.waitClosed()).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
      // The setting's time, not the 10 s default.
      expect(performance.now() - opened).toBeGreaterThanOrEqual(450);
      expect(performance.now() - opened).toBeLessThan(9_000);
    } finally {
      await quick.close();
    }
  });

  it('closes a connection that runs more than WS_MAX_SUBSCRIPTIONS_PER_CONNECTION operations at once', async () => {
    const { key } = await s.createTestKey();
    const w = await connectWs({ 'x-forwarded-for': '192.0.2.20' });
    await w.init({ 'x-api-key': key });
    w.subscribe('1', 'subscription { events { id } }');
    w.subscribe('2', 'subscription { events { id } }');
    // Both are running: an event reaches each (recorded again until their LISTEN is in place).
    const auth = await s.services.accounts.authenticate(key);
    await waitFor(
      async () => {
        const got = new Set(w.messages.filter((m) => m.type === 'next').map((m) => m.id));
        if (got.has('1') && got.has('2')) return true;
        await s.services.webhooks.trigger(auth, { type: 'checkout.session.completed' });
        return false;
      },
      { intervalMs: 100, what: 'an event on both subscriptions' },
    );
    expect(w.closed).toBeNull();
    w.subscribe('3', 'subscription { events { id } }');
    expect(await w.waitClosed()).toEqual({ code: WS_LIMIT_CLOSE_CODE, reason: expect.stringMatching(/^WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: 2 /) });
  });
});

describe('HTTP_MAX_CONNECTIONS_PER_IP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { HTTP_MAX_CONNECTIONS_PER_IP: '3', JOBS_ENABLED: 'false' } });
  });
  afterAll(() => s?.close());

  it('answers the request of a socket beyond the cap 429 RATE_LIMITED (no body for HEAD) and closes it; a silent one is closed; a freed slot is served again', async () => {
    const port = Number(new URL(s.url).port);
    const held = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<ReturnType<typeof connect>>((r) => {
            const c = connect(port, '127.0.0.1', () => r(c));
          }),
      ),
    );
    const over = async (request: string | null) => {
      let answer = '';
      const extra = connect(port, '127.0.0.1', () => void (request && extra.write(request)));
      extra.on('data', (d) => (answer += String(d)));
      await new Promise((r) => extra.once('close', r));
      return answer;
    };
    const answer = await over('GET /v1/health HTTP/1.1\r\nhost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^HTTP_MAX_CONNECTIONS_PER_IP: 3 /),
    });
    // A HEAD gets the same status without a body (a body would be read as a next answer); silence is closed.
    const head = await over('HEAD /v1/health HTTP/1.1\r\nhost: x\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 429 /);
    expect(head.slice(head.indexOf('\r\n\r\n') + 4)).toBe('');
    expect(await over(null)).toBe('');
    const upgrade = await over(
      'GET /graphql HTTP/1.1\r\nhost: x\r\nconnection: Upgrade\r\nupgrade: websocket\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-protocol: graphql-transport-ws\r\n\r\n',
    );
    expect(upgrade).toMatch(/^HTTP\/1\.1 429 /);
    held[0]!.destroy();
    const res = await waitFor(
      async () => {
        const r = await fetch(`${s.url}/v1/health`, { headers: { connection: 'close' } }).catch(() => null);
        return r?.status === 200 ? r : null;
      },
      { what: 'a request once a slot is free' },
    );
    expect(res.status).toBe(200);
    for (const h of held) h.destroy();
  });
});
