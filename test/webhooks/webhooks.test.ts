import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { verifyWith, until } from './helpers.js';
import { EVENT_TYPE_NAMES } from '../../src/events/catalog.js';
import { recordEvent } from '../../src/events/outbox.js';
import type { Resolver } from '../../src/webhooks/sender.js';

const ENV = { WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_POLL_MS: '100', WEBHOOK_TIMEOUT_MS: '1500' };

describe.each(backends)('webhooks over HTTP (%s)', (backend) => {
  let s: TestServer;
  let rx: WebhookReceiver;
  let key: string;
  let accountId: string;
  const h = () => ({ 'x-api-key': key });
  const api = {
    get: (p: string) => s.get(p, h()),
    post: (p: string, b?: unknown) => s.post(p, b ?? {}, h()),
    patch: (p: string, b: unknown) => s.request(p, { method: 'PATCH', headers: { ...h(), 'content-type': 'application/json' }, body: JSON.stringify(b) }),
    del: (p: string) => s.request(p, { method: 'DELETE', headers: h() }),
  };
  const createEndpoint = async (body: Record<string, unknown> = {}) => {
    const r = await api.post('/v1/webhook-endpoints', { url: `${rx.url}/hook`, ...body });
    expect(r.status, r.text).toBe(201);
    return r.body as { id: string; secret: string; url: string };
  };

  beforeAll(async () => {
    s = await startTestServer({ backend, env: ENV });
    rx = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await s?.close();
    await rx?.stop();
  });
  beforeEach(async () => {
    // A fresh account per test: its endpoints and events are its own.
    ({ key, accountId } = await s.createTestKey());
    rx.received = [];
    rx.seen.clear();
    rx.respond = () => {};
  });

  it('manages endpoints: create shows the secret once, list/get hide it, update, delete; other accounts get NOT_FOUND', async () => {
    const ep = await createEndpoint({ enabledEvents: ['checkout.session.*', 'invoice.paid'], description: 'fulfilment' });
    expect(ep).toMatchObject({
      object: 'webhook_endpoint',
      livemode: false,
      enabledEvents: ['checkout.session.*', 'invoice.paid'],
      disabled: false,
      description: 'fulfilment',
    });
    expect(ep.id).toMatch(/^we_/);
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const got = await api.get(`/v1/webhook-endpoints/${ep.id}`);
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    const list = await api.get('/v1/webhook-endpoints');
    expect(list.body).toMatchObject({ object: 'list', hasMore: false });
    expect(list.body.data.map((e: any) => e.id)).toEqual([ep.id]);
    expect(JSON.stringify(list.body)).not.toContain(ep.secret);
    const upd = await api.patch(`/v1/webhook-endpoints/${ep.id}`, { enabledEvents: ['*'], disabled: true, description: null });
    expect(upd.body).toMatchObject({ enabledEvents: ['*'], disabled: true, description: null });
    const other = await s.createTestKey();
    const foreign = await s.get(`/v1/webhook-endpoints/${ep.id}`, { 'x-api-key': other.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    const live = await s.services.accounts.createKey(accountId, 'live');
    await s.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    expect((await s.get(`/v1/webhook-endpoints/${ep.id}`, { 'x-api-key': live.key })).status).toBe(404); // other mode
    const del = await api.del(`/v1/webhook-endpoints/${ep.id}`);
    expect(del.body).toEqual({ id: ep.id, object: 'webhook_endpoint', deleted: true });
    expect((await api.get(`/v1/webhook-endpoints/${ep.id}`)).status).toBe(404);
  });

  it('rejects bad input with INVALID_PARAMS naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'url'],
      [{ url: 'ftp://example.com/x' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'http://user:pw@example.com/' }, 'url'],
      [{ url: `${rx.url}/h`, enabledEvents: ['order.shipped'] }, 'enabledEvents.0'],
      [{ url: `${rx.url}/h`, enabledEvents: [] }, 'enabledEvents'],
    ];
    for (const [body, field] of cases) {
      const r = await api.post('/v1/webhook-endpoints', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('INVALID_PARAMS');
      expect(r.body.error.message.startsWith(`${field}:`), r.body.error.message).toBe(true);
    }
  });

  it('live endpoints: https only, no private/loopback/link-local/metadata hosts (resolved at creation)', async () => {
    await s.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    const { key: liveKey } = await s.services.accounts.createKey(accountId, 'live');
    const fakeDns: Record<string, string[]> = {
      'public.example': ['93.184.216.34'],
      'internal.example': ['93.184.216.34', '10.0.0.7'],
      'meta.example': ['169.254.169.254'],
    };
    const original = s.services.webhooks.resolver;
    s.services.webhooks.resolver = async (host) => (fakeDns[host] ?? []).map((address) => ({ address, family: 4 }));
    try {
      const create = (url: string) => s.post('/v1/webhook-endpoints', { url }, { 'x-api-key': liveKey });
      for (const url of [
        'http://public.example/hook',
        'https://127.0.0.1/hook',
        'https://[::1]/hook',
        'https://localhost/hook',
        'https://internal.example/hook',
        'https://meta.example/',
        'https://nxdomain.example/',
        'https://169.254.169.254/latest/meta-data',
      ]) {
        const r = await create(url);
        expect(r.status, url).toBe(400);
        expect(r.body.error.code).toBe('INVALID_PARAMS');
      }
      const ok = await create('https://public.example/hook');
      expect(ok.status).toBe(201);
      expect(ok.body.livemode).toBe(true);
      // Test mode may use http and loopback (documented), which is what the rest of this file does.
      expect((await createEndpoint()).url).toBe(`${rx.url}/hook`);
    } finally {
      s.services.webhooks.resolver = original;
    }
  });

  it('delivers a triggered sample, signed so that standardwebhooks verify accepts it; logs the attempt; the events API lists it', async () => {
    const ep = await createEndpoint();
    const t = await api.post('/v1/webhook-endpoints/trigger', { type: 'checkout.session.completed' });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ type: 'checkout.session.completed', livemode: false, sequence: 1 });
    expect(t.body.id).toMatch(/^evt_/);
    expect(t.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await rx.waitFor((r) => r.ids().has(t.body.id));
    const got = rx.received.find((r) => r.id === t.body.id)!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('swapgate-webhooks/1');
    expect(verifyWith(ep.secret, got)).toEqual(t.body);
    expect(JSON.parse(got.body).data.session).toMatchObject({ status: 'paid', object: 'checkout.session' });
    expect(t.body.resourceId).toBe(JSON.parse(got.body).data.session.id);

    await until(async () => (await api.get(`/v1/events/${t.body.id}/attempts`)).body.data.length === 1, 'attempt log');
    const attempts = await api.get(`/v1/events/${t.body.id}/attempts`);
    expect(attempts.body.data[0]).toMatchObject({
      object: 'webhook_attempt',
      endpointId: ep.id,
      attempt: 1,
      success: true,
      statusCode: 200,
      responseBody: 'ok',
      error: null,
    });
    expect(attempts.body.data[0].latencyMs).toBeGreaterThanOrEqual(0);
    const byEndpoint = await api.get(`/v1/webhook-endpoints/${ep.id}/attempts`);
    expect(byEndpoint.body.data.map((a: any) => a.id)).toEqual(attempts.body.data.map((a: any) => a.id));
    const deliveries = await api.get(`/v1/events/${t.body.id}/deliveries`);
    expect(deliveries.body.data).toMatchObject([{ status: 'succeeded', attempts: 1, endpointId: ep.id, origin: 'auto' }]);

    const ev = await api.get(`/v1/events/${t.body.id}`);
    expect(ev.body).toEqual(t.body);
    const other = await s.createTestKey();
    expect((await s.get(`/v1/events/${t.body.id}`, { 'x-api-key': other.key })).body.error.code).toBe('NOT_FOUND');
  });

  it('trigger: every catalog type works with a test key; live key → FORBIDDEN; unknown type → INVALID_PARAMS', async () => {
    await createEndpoint({ enabledEvents: ['*'] });
    const ids: string[] = [];
    for (const type of EVENT_TYPE_NAMES) {
      const r = await api.post('/v1/webhook-endpoints/trigger', { type });
      expect(r.status, type).toBe(200);
      expect(r.body.type).toBe(type);
      ids.push(r.body.id);
    }
    await rx.waitFor((r) => ids.every((id) => r.ids().has(id)));
    expect((await api.post('/v1/webhook-endpoints/trigger', { type: 'order.shipped' })).body.error.code).toBe('INVALID_PARAMS');
    await s.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    const { key: liveKey } = await s.services.accounts.createKey(accountId, 'live');
    const live = await s.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' }, { 'x-api-key': liveKey });
    expect(live.status).toBe(403);
    expect(live.body.error.code).toBe('FORBIDDEN');
  });

  it('sends only subscribed types, to endpoints of the same mode', async () => {
    await createEndpoint({ enabledEvents: ['invoice.*'] });
    const a = await api.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' });
    const b = await api.post('/v1/webhook-endpoints/trigger', { type: 'invoice.sent' });
    await rx.waitFor((r) => r.ids().has(b.body.id));
    // Deliveries are queued in the event's own transaction: a type the endpoint does not take has none at all.
    expect(rx.ids().has(a.body.id)).toBe(false);
    expect((await api.get(`/v1/events/${a.body.id}/deliveries`)).body.data).toEqual([]);
  });

  it('retries failures with backoff until a 2xx; every attempt is logged with status and the first KiB of the answer', async () => {
    const ep = await createEndpoint();
    rx.respond = (_r, n) => (n < 3 ? { status: 500, body: `<h1>down</h1>${'x'.repeat(3000)}` } : { status: 204, body: '' });
    const t = await api.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' });
    await until(async () => (await api.get(`/v1/events/${t.body.id}/deliveries`)).body.data[0]?.status === 'succeeded', 'success after retries');
    const log = (await api.get(`/v1/webhook-endpoints/${ep.id}/attempts`)).body.data;
    expect(log.map((a: any) => [a.attempt, a.statusCode, a.success])).toEqual([
      [3, 204, true],
      [2, 500, false],
      [1, 500, false],
    ]);
    expect(Buffer.byteLength(log[1].responseBody)).toBe(1024);
    expect(log[1].responseBody.startsWith('<h1>down</h1>')).toBe(true); // stored as text; JSON escapes it on the way out
    expect(rx.received.filter((r) => r.id === t.body.id).map((r) => r.id)).toHaveLength(3);
    // Retries re-send the identical body and id (receivers dedupe on webhook-id).
    expect(new Set(rx.received.map((r) => r.body)).size).toBe(1);
  });

  it('a redirect is not followed and counts as a failure; a slow receiver times out', async () => {
    await createEndpoint();
    rx.respond = (r, n) =>
      r.path === '/elsewhere' ? {} : n === 1 ? { status: 302, headers: { location: `${rx.url}/elsewhere` } } : n === 2 ? { delayMs: 2500 } : {};
    const t = await api.post('/v1/webhook-endpoints/trigger', { type: 'order.failed' });
    await until(async () => (await api.get(`/v1/events/${t.body.id}/deliveries`)).body.data[0]?.status === 'succeeded', 'delivery');
    const log = (await api.get(`/v1/events/${t.body.id}/attempts`)).body.data.reverse();
    expect(log[0]).toMatchObject({ statusCode: 302, success: false });
    expect(log[0].error).toMatch(/redirect .* not followed/);
    expect(log[1]).toMatchObject({ statusCode: null, success: false, error: 'timeout after 1500 ms' });
    expect(log[2]).toMatchObject({ statusCode: 200, success: true });
    expect(rx.received.some((r) => r.path === '/elsewhere')).toBe(false);
  });

  it('410 Gone disables the endpoint at once and records webhook_endpoint.disabled', async () => {
    const gone = await createEndpoint({ enabledEvents: ['order.*'] });
    const watcher = await createEndpoint({ url: `${rx.url}/watcher`, enabledEvents: ['webhook_endpoint.disabled'] });
    rx.respond = (r) => (r.path === '/hook' ? { status: 410 } : {});
    const t = await api.post('/v1/webhook-endpoints/trigger', { type: 'order.submitted' });
    await until(async () => (await api.get(`/v1/webhook-endpoints/${gone.id}`)).body.disabled === true, 'disabled');
    expect((await api.get(`/v1/webhook-endpoints/${gone.id}`)).body.disabledReason).toMatch(/410/);
    expect((await api.get(`/v1/events/${t.body.id}/deliveries`)).body.data[0]).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410 });
    const evs = await api.get('/v1/events?type=webhook_endpoint.disabled');
    expect(evs.body.data).toHaveLength(1);
    expect(evs.body.data[0]).toMatchObject({ resourceId: gone.id, data: { endpoint: { id: gone.id, disabled: true } } });
    expect(JSON.stringify(evs.body.data[0])).not.toContain(gone.secret);
    await rx.waitFor((r) => r.received.some((x) => x.path === '/watcher' && x.id === evs.body.data[0].id));
    expect(verifyWith(watcher.secret, rx.received.find((x) => x.path === '/watcher')!)).toMatchObject({ type: 'webhook_endpoint.disabled' });
    // Later events skip the disabled endpoint; redelivering to it is refused until it is enabled again.
    const later = await api.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' });
    expect((await api.get(`/v1/events/${later.body.id}/deliveries`)).body.data).toEqual([]);
    expect((await api.post(`/v1/events/${t.body.id}/redeliver`, { endpointId: gone.id })).body.error.code).toBe('CONFLICT');
  });

  it('redeliver re-sends an event (to one endpoint or all subscribed), same webhook-id, new attempt logged', async () => {
    const a = await createEndpoint({ url: `${rx.url}/a` });
    await createEndpoint({ url: `${rx.url}/b` });
    const t = await api.post('/v1/webhook-endpoints/trigger', { type: 'invoice.paid' });
    await rx.waitFor((r) => r.received.filter((x) => x.id === t.body.id).length === 2);
    const one = await api.post(`/v1/events/${t.body.id}/redeliver`, { endpointId: a.id });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject([{ endpointId: a.id, origin: 'manual', status: 'pending' }]);
    await rx.waitFor((r) => r.received.filter((x) => x.id === t.body.id).length === 3);
    expect(
      rx.received
        .filter((x) => x.id === t.body.id)
        .map((x) => x.path)
        .sort(),
    ).toEqual(['/a', '/a', '/b']);
    const all = await api.post(`/v1/events/${t.body.id}/redeliver`);
    expect(all.body.data).toHaveLength(2);
    await rx.waitFor((r) => r.received.filter((x) => x.id === t.body.id).length === 5);
    const other = await s.createTestKey();
    expect((await s.post(`/v1/events/${t.body.id}/redeliver`, {}, { 'x-api-key': other.key })).body.error.code).toBe('NOT_FOUND');
    expect((await api.post(`/v1/events/${t.body.id}/redeliver`, { endpointId: 'we_nope' })).body.error.code).toBe('NOT_FOUND');
  });

  it('during a secret rotation both secrets sign for 24 h', async () => {
    const ep = await createEndpoint();
    const rotated = await api.post(`/v1/webhook-endpoints/${ep.id}/rotate-secret`);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(ep.secret);
    const expires = Date.parse(rotated.body.previousSecretExpiresAt) - Date.now();
    expect(expires).toBeGreaterThan(23.9 * 3600_000);
    expect(expires).toBeLessThanOrEqual(24 * 3600_000);
    const t = await api.post('/v1/webhook-endpoints/trigger', { type: 'invoice.sent' });
    await rx.waitFor((r) => r.ids().has(t.body.id));
    const got = rx.received.find((r) => r.id === t.body.id)!;
    expect(got.signature.split(' ')).toHaveLength(2);
    expect(verifyWith(ep.secret, got)).toMatchObject({ id: t.body.id });
    expect(verifyWith(rotated.body.secret, got)).toMatchObject({ id: t.body.id });
  });

  it('lists events newest first with type filter and cursor paging', async () => {
    const ids: string[] = [];
    for (const type of ['order.filled', 'invoice.sent', 'order.failed', 'order.filled', 'invoice.paid'])
      ids.push((await api.post('/v1/webhook-endpoints/trigger', { type })).body.id);
    const p1 = await api.get('/v1/events?limit=2');
    expect(p1.body.data.map((e: any) => e.id)).toEqual([ids[4], ids[3]]);
    expect(p1.body.hasMore).toBe(true);
    const p2 = await api.get(`/v1/events?limit=2&cursor=${p1.body.nextCursor}`);
    expect(p2.body.data.map((e: any) => e.id)).toEqual([ids[2], ids[1]]);
    const p3 = await api.get(`/v1/events?limit=2&cursor=${p2.body.nextCursor}`);
    expect(p3.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(p3.body.data.map((e: any) => e.id)).toEqual([ids[0]]);
    expect((await api.get('/v1/events?type=order.filled')).body.data.map((e: any) => e.id)).toEqual([ids[3], ids[0]]);
    expect((await api.get('/v1/events?type=order.*')).body.data).toHaveLength(3);
    expect((await api.get('/v1/events?limit=0')).body.error.code).toBe('INVALID_PARAMS');
    expect((await api.get('/v1/events?cursor=evt_unknown')).body.error.code).toBe('INVALID_PARAMS');
    expect((await s.get('/v1/events')).status).toBe(401);
  });

  it('live mode: DNS is checked again at delivery, so a host that rebinds to a private address gets nothing', async () => {
    await s.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    const { key: liveKey } = await s.services.accounts.createKey(accountId, 'live');
    let answer = '93.184.216.34';
    const original = s.services.webhooks.resolver;
    const fake: Resolver = async () => [{ address: answer, family: 4 }];
    s.services.webhooks.resolver = fake;
    try {
      const ep = await s.post('/v1/webhook-endpoints', { url: `https://rebind.example:${rx.port}/hook` }, { 'x-api-key': liveKey });
      expect(ep.status).toBe(201);
      answer = '127.0.0.1'; // the name now points at the loopback receiver
      const ev = await s.db.prisma.$transaction((tx) =>
        recordEvent(tx, { accountId, livemode: true, type: 'order.filled', resourceId: 'q_live_1', data: { order: { quoteId: 'q_live_1' } } }),
      );
      await until(async () => (await s.get(`/v1/events/${ev.id}/attempts`, { 'x-api-key': liveKey })).body.data.length > 0, 'blocked attempt');
      const [attempt] = (await s.get(`/v1/events/${ev.id}/attempts`, { 'x-api-key': liveKey })).body.data;
      expect(attempt).toMatchObject({ success: false, statusCode: null });
      expect(attempt.error).toMatch(/^blocked: rebind\.example resolves to 127\.0\.0\.1.*loopback/);
      expect(rx.received).toHaveLength(0);
      // Test-mode events never reach live endpoints and vice versa.
      expect((await api.get(`/v1/events/${ev.id}`)).status).toBe(404);
    } finally {
      s.services.webhooks.resolver = original;
    }
  });
});
