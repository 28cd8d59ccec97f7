import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import { recordEvent } from '../../src/events/outbox.js';
import { WS_SLOW_CONSUMER_CLOSE_CODE } from '../../src/http/ws-limits.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { rawWs, type RawWs } from './ws-client.js';

/**
 * A client that stops reading its WebSocket while its subscription keeps changing: the server holds at most
 * WS_MAX_QUEUED_MESSAGES changes for it, then closes the connection with 4413; a reader on another connection gets
 * every change. The events are large (256 KB each) so the kernel's socket buffers, which take what the server writes
 * before the server's own queue grows, fill after a few tens of them; the run records four times what they can hold.
 */
const MAX_QUEUED = 10;
const EVENTS = 100;
const EVENT_BYTES = 256 * 1024;
const QUERY = 'subscription { events(types: ["order.*"]) { id data } }';

describe('a slow WebSocket consumer', () => {
  let s: TestServer;
  const open: RawWs[] = [];
  beforeAll(async () => {
    s = await startTestServer({ env: { JOBS_ENABLED: 'false', WS_MAX_QUEUED_MESSAGES: String(MAX_QUEUED) } });
  });
  afterAll(async () => {
    await Promise.all(open.map((w) => w.close().catch(() => {})));
    await s?.close();
  });

  it('is closed with 4413 once its subscription has WS_MAX_QUEUED_MESSAGES changes waiting; another subscriber gets every change', async () => {
    const { accountId, key } = await s.createTestKey();
    const subscribe = async () => {
      const w = await rawWs(s.url);
      open.push(w);
      await w.init({ 'x-api-key': key });
      w.subscribe('1', QUERY);
      return w;
    };
    const slow = await subscribe();
    const healthy = await subscribe();
    const nexts = (w: RawWs) => w.messages.filter((m) => m.type === 'next');
    const idsOf = (w: RawWs) => nexts(w).map((m) => m.payload.data.events.id as string);
    const record = (i: number, data: Record<string, unknown>) =>
      s.infra.prisma.$transaction((tx) => recordEvent(tx, { accountId, livemode: false, type: 'order.submitted', resourceId: `q_slow_${i}`, data }));
    // Both streams are in place once each has had an event (small ones, recorded until both have one).
    let last = '';
    await waitFor(
      async () => {
        if (last && idsOf(slow).includes(last) && idsOf(healthy).includes(last)) return true;
        last = (await record(-1, {})).id;
        return false;
      },
      { intervalMs: 200, what: 'both subscriptions to stream' },
    );
    const [slowBase, healthyBase] = [nexts(slow).length, nexts(healthy).length];
    // The slow client stops reading: what the server sends stays in the kernel's buffers, then in the server.
    const slowSocket = (slow.ws as unknown as { _socket: Socket })._socket;
    slowSocket.pause();

    const ids: string[] = [];
    const pad = 'x'.repeat(EVENT_BYTES);
    for (let i = 0; i < EVENTS; i++) {
      ids.push((await record(i, { i, pad })).id);
      // Paced by the healthy reader, so only the slow one ever has changes waiting.
      await waitFor(() => nexts(healthy).length === healthyBase + i + 1, { what: `the healthy subscriber to get event ${i}` });
    }
    slowSocket.resume();
    const closed = await slow.waitClosed();
    expect(closed).toEqual({ code: WS_SLOW_CONSUMER_CLOSE_CODE, reason: 'WS_MAX_QUEUED_MESSAGES: over 10 changes wait for this connection; read faster' });
    // What it got before the close is a prefix of the stream, and short of it: the rest was never held for it.
    const got = idsOf(slow).slice(slowBase);
    expect(got).toEqual(ids.slice(0, got.length));
    expect(got.length).toBeLessThan(EVENTS);
    // The healthy subscriber got everything, in order, and is still connected.
    expect(idsOf(healthy).slice(healthyBase)).toEqual(ids);
    expect(healthy.closed).toBeNull();
  }, 120_000);
});
