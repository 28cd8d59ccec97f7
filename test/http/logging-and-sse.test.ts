import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createApp, type App } from '../../src/app.js';
import { createHttpServer, type RunningServer } from '../../src/http/server.js';
import { accountEventsTopic } from '../../src/events/topics.js';
import { recordEvent } from '../../src/events/outbox.js';
import { waitFor } from '../helpers/wait.js';

/** Captures the JSON log lines the service writes. */
function captureLogger() {
  const lines: any[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { log: pino({ level: 'info', base: undefined }, stream), lines };
}

describe('access log and SSE transport', () => {
  let app: App;
  let running: RunningServer;
  const { log, lines } = captureLogger();
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', PROVIDERS: 'none', PUBLIC_URL: 'http://localhost:8787' });
    app = await createApp(config, { log });
    running = await createHttpServer({ ...app.infra, services: app.services }).listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await running?.close();
    await app?.close();
  });

  it('writes one line per request with method, path, status, ms, requestId and account id — never the key', async () => {
    const account = await app.services.accounts.createAccount('Logged');
    const { key } = await app.services.accounts.createKey(account.id, 'test');
    const res = await fetch(`${running.url}/v1/account?x=1`, { headers: { 'x-api-key': key, cookie: 'swapgate_session=secret-cookie' } });
    expect(res.status).toBe(200);
    const line = await waitFor(() => lines.find((l) => l.msg === 'request' && l.requestId === res.headers.get('x-request-id')), {
      what: 'the access log line',
    });
    expect(line).toMatchObject({ method: 'GET', path: '/v1/account', status: 200, accountId: account.id });
    expect(typeof line.ms).toBe('number');
    const all = JSON.stringify(lines);
    expect(all).not.toContain(key);
    expect(all).not.toContain('secret-cookie');
  });

  it('serves subscriptions over SSE (graphql-yoga transport)', async () => {
    const account = await app.services.accounts.createAccount('SSE');
    const { key } = await app.services.accounts.createKey(account.id, 'test');
    const ac = new AbortController();
    const res = await fetch(`${running.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
      body: JSON.stringify({ query: 'subscription { events { id type } }' }),
      signal: ac.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    // Once the subscription listens, an event is committed (its outbox NOTIFYs the id; the stream reads the event).
    await waitFor(() => app.infra.pubsub.isListening(accountEventsTopic(account.id, 'test')), { what: 'the SSE subscription to listen' });
    const event = await app.infra.prisma.$transaction((tx) =>
      recordEvent(tx, { accountId: account.id, livemode: false, type: 'order.submitted', resourceId: 'q_sse', data: {} }),
    );
    let text = '';
    while (!text.includes(event.id)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    ac.abort();
    expect(text).toContain(`"id":"${event.id}"`);
  });
});
