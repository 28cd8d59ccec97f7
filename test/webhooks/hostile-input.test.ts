import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { until } from './helpers.js';
import { recordEvent } from '../../src/events/outbox.js';
import { SuccessLog } from '../../src/webhooks/success-log.js';
import { inProcessGraphQL } from '../helpers/graphql.js';
import { graphql } from '../graphql/generated/index.js';

const MisspeltStream = graphql(`
  subscription MisspeltStream {
    events(types: ["checkout.sesion.*"]) { id }
  }
`);

/**
 * Input no client should send and answers no receiver should give: NUL bytes (which Postgres text
 * refuses), ids that cannot exist, misspelt event types, and an endpoint deleted mid-delivery.
 */
describe.each(backends)('events and webhooks under hostile input (%s)', (backend) => {
  let s: TestServer;
  let rx: WebhookReceiver;
  let key: string;
  const h = () => ({ 'x-api-key': key });
  const gql = async (query: string, variables?: Record<string, unknown>) => (await inProcessGraphQL(s).post({ query, variables }, h())).body;

  beforeAll(async () => {
    s = await startTestServer({ backend, env: { WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_POLL_MS: '100', WEBHOOK_TIMEOUT_MS: '1500' } });
    rx = await new WebhookReceiver().start();
    ({ key } = await s.createTestKey());
  });
  // A receiver behaviour set by one test never leaks into the next (even when that test fails midway).
  afterEach(() => {
    rx.respond = () => {};
  });
  afterAll(async () => {
    await s?.close();
    await rx?.stop();
  });

  it('REST: NUL bytes and impossible ids get NOT_FOUND / INVALID_PARAMS, never a 500', async () => {
    const ev = (await s.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' }, h())).body;
    const ep = (await s.post('/v1/webhook-endpoints', { url: `${rx.url}/x`, enabledEvents: ['invoice.sent'] }, h())).body;
    const expectCode = (r: { status: number; body: any; text: string }, status: number, code: string, what: string) => {
      expect(r.status, `${what}: ${r.text}`).toBe(status);
      expect(r.body.error.code, what).toBe(code);
    };
    for (const p of [
      '/v1/events/evt_%00x',
      '/v1/events/x%00/deliveries',
      '/v1/events/x%00/attempts',
      '/v1/webhook-endpoints/we_%00',
      '/v1/webhook-endpoints/we_%00/attempts',
      '/v1/events/evt_a%2Fb',
    ])
      expectCode(await s.get(p, h()), 404, 'NOT_FOUND', p);
    const patch = await s.request('/v1/webhook-endpoints/we_%00', { method: 'PATCH', headers: { ...h(), 'content-type': 'application/json' }, body: '{}' });
    expectCode(patch, 404, 'NOT_FOUND', 'PATCH');
    expectCode(await s.request('/v1/webhook-endpoints/we_%00', { method: 'DELETE', headers: h() }), 404, 'NOT_FOUND', 'DELETE');
    expectCode(await s.post('/v1/webhook-endpoints/we_%00/rotate-secret', {}, h()), 404, 'NOT_FOUND', 'rotate');
    expectCode(await s.post(`/v1/events/${ev.id}/redeliver`, { endpointId: 'we_\u0000' }, h()), 404, 'NOT_FOUND', 'redeliver to NUL id');
    for (const p of [
      '/v1/events?cursor=%00',
      `/v1/events/${ev.id}/attempts?cursor=%00`,
      `/v1/webhook-endpoints/${ep.id}/attempts?cursor=a%00`,
      '/v1/events?type=%00',
    ])
      expectCode(await s.get(p, h()), 400, 'INVALID_PARAMS', p);
    const desc = await s.post('/v1/webhook-endpoints', { url: `${rx.url}/x`, description: 'a\u0000b' }, h());
    expectCode(desc, 400, 'INVALID_PARAMS', 'description with NUL');
    expect(desc.body.error.message).toMatch(/^description:/);
    const upd = await s.request(`/v1/webhook-endpoints/${ep.id}`, {
      method: 'PATCH',
      headers: { ...h(), 'content-type': 'application/json' },
      body: JSON.stringify({ description: '\u0000' }),
    });
    expectCode(upd, 400, 'INVALID_PARAMS', 'PATCH description with NUL');
    expectCode(await s.post('/v1/webhook-endpoints/trigger', { type: 'x'.repeat(100_000) }, h()), 400, 'INVALID_PARAMS', 'huge type');
  });

  it('REST: 24 endpoint creations at once stop at the limit of 16 per account and mode; the rest are CONFLICT', async () => {
    const { key: k } = await s.createTestKey();
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => s.post('/v1/webhook-endpoints', { url: `${rx.url}/race${i}` }, { 'x-api-key': k })));
    expect(results.filter((r) => r.status === 201).length).toBe(16);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(8);
    for (const r of refused) expect(r.body.error.code, r.text).toBe('CONFLICT');
    expect((await s.get('/v1/webhook-endpoints?limit=100', { 'x-api-key': k })).body.data).toHaveLength(16);
  });

  it('REST: GET /v1/events?type= takes what enabledEvents takes: a misspelt type is INVALID_PARAMS, "*" lists everything', async () => {
    const { key: k } = await s.createTestKey();
    const a = (await s.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' }, { 'x-api-key': k })).body;
    const b = (await s.post('/v1/webhook-endpoints/trigger', { type: 'invoice.sent' }, { 'x-api-key': k })).body;
    const bad = await s.get('/v1/events?type=order.filed', { 'x-api-key': k });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_PARAMS');
    expect(bad.body.error.message).toMatch(/^type:/);
    const all = await s.get('/v1/events?type=*', { 'x-api-key': k });
    expect(all.body.data.map((e: any) => e.id)).toEqual([b.id, a.id]);
    expect((await s.get('/v1/events?type=order.*', { 'x-api-key': k })).body.data.map((e: any) => e.id)).toEqual([a.id]);
  });

  it('GraphQL (in process): the same inputs get the same codes, and lookups of what cannot exist are null', async () => {
    const codeOf = (r: any) => r.errors?.[0]?.extensions?.code;
    expect(await gql('query($id: ID!) { event(id: $id) { id } }', { id: 'evt_\u0000' })).toEqual({ data: { event: null } });
    expect(await gql('query($id: ID!) { webhookEndpoint(id: $id) { id } }', { id: 'we_\u0000' })).toEqual({ data: { webhookEndpoint: null } });
    expect(codeOf(await gql('query($c: String) { events(after: $c) { pageInfo { hasNextPage } } }', { c: '\u0000' }))).toBe('INVALID_PARAMS');
    expect(codeOf(await gql('query { events(type: "nope") { pageInfo { hasNextPage } } }'))).toBe('INVALID_PARAMS');
    const del = await gql('mutation($id: ID!) { deleteWebhookEndpoint(input: { id: $id }) { __typename ... on Error { code } } }', { id: 'we_\u0000' });
    expect(del).toEqual({ data: { deleteWebhookEndpoint: { __typename: 'NotFoundError', code: 'NOT_FOUND' } } });

    // The subscription refuses a misspelt type instead of silently streaming nothing.
    const sub = inProcessGraphQL(s).subscribe(MisspeltStream, {}, key);
    const [first] = await sub.take(1);
    await sub.close();
    expect(first!.errors![0]!.extensions).toMatchObject({ code: 'INVALID_PARAMS' });
    expect(first!.errors![0]!.message).toContain('types.0: must be an event type');
  });

  it('test endpoints may use loopback but never link-local / cloud metadata hosts (the attempt log would hand back the answer)', async () => {
    const { key: k } = await s.createTestKey();
    const create = (url: string) => s.post('/v1/webhook-endpoints', { url }, { 'x-api-key': k });
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fd00:ec2::254]/',
      'http://168.63.129.16/',
      'http://169.254.1.1/',
      'http://metadata.google.internal/computeMetadata/v1/',
    ]) {
      const r = await create(url);
      expect(r.status, `${url}: ${r.text}`).toBe(400);
      expect(r.body.error.message, url).toMatch(/^url:/);
    }
    expect((await create(`${rx.url}/loopback-ok`)).status).toBe(201);
    // A name that resolves to the metadata address at delivery time is refused at connect.
    const original = s.services.webhooks.resolver;
    s.services.webhooks.resolver = async (host) => (host === 'imds.example.test' ? [{ address: '169.254.169.254', family: 4 }] : original(host));
    try {
      const ep = (await create(`http://imds.example.test:${rx.port}/latest/meta-data/`)).body;
      const ev = (await s.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' }, { 'x-api-key': k })).body;
      let attempts: any[] = [];
      await until(async () => {
        attempts = (await s.get(`/v1/webhook-endpoints/${ep.id}/attempts`, { 'x-api-key': k })).body.data;
        return attempts.length > 0;
      }, 'an attempt to the metadata name');
      expect(attempts[0]).toMatchObject({ eventId: ev.id, success: false, statusCode: null, responseBody: null });
      expect(attempts[0].error).toMatch(/^blocked: imds\.example\.test resolves to 169\.254\.169\.254/);
      await s.request(`/v1/webhook-endpoints/${ep.id}`, { method: 'DELETE', headers: { 'x-api-key': k } });
    } finally {
      s.services.webhooks.resolver = original;
    }
  });

  it('disabling an endpoint cancels its queued deliveries, so re-enabling does not resume a stale backlog', async () => {
    const { key: k } = await s.createTestKey();
    const hk = { 'x-api-key': k };
    const patch = (id: string, b: unknown) =>
      s.request(`/v1/webhook-endpoints/${id}`, { method: 'PATCH', headers: { ...hk, 'content-type': 'application/json' }, body: JSON.stringify(b) });
    const ep = (await s.post('/v1/webhook-endpoints', { url: `${rx.url}/down` }, hk)).body;
    rx.respond = (r) => (r.path === '/down' ? { status: 503 } : undefined);
    const ev = (await s.post('/v1/webhook-endpoints/trigger', { type: 'order.failed' }, hk)).body;
    await until(async () => (await s.get(`/v1/events/${ev.id}/attempts`, hk)).body.data.length > 0, 'a first failed attempt');
    // Park the retry an hour out so that only the disable can settle it.
    await s.db.prisma.webhookDelivery.updateMany({ where: { eventId: ev.id }, data: { nextAttemptAt: new Date(Date.now() + 3600_000) } });
    expect((await patch(ep.id, { disabled: true })).status).toBe(200);
    expect((await patch(ep.id, { disabled: false })).status).toBe(200);
    const [d] = (await s.get(`/v1/events/${ev.id}/deliveries`, hk)).body.data;
    expect(d).toMatchObject({ status: 'canceled', lastError: 'endpoint disabled', nextAttemptAt: null });
  });

  it('a receiver answering with NUL bytes is recorded as delivered, once (not re-sent at every lease expiry)', async () => {
    const { key: k } = await s.createTestKey();
    const ep = (await s.post('/v1/webhook-endpoints', { url: `${rx.url}/nul` }, { 'x-api-key': k })).body;
    rx.respond = (r) => (r.path === '/nul' ? { status: 200, body: 'ok\u0000\u0000done' } : undefined);
    const ev = (await s.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' }, { 'x-api-key': k })).body;
    let deliveries: any;
    await until(async () => {
      deliveries = (await s.get(`/v1/events/${ev.id}/deliveries`, { 'x-api-key': k })).body.data;
      return deliveries[0]?.status === 'succeeded';
    }, 'the delivery to be recorded as succeeded');
    expect(deliveries).toMatchObject([{ endpointId: ep.id, attempts: 1, lastStatusCode: 200 }]);
    const attempts = (await s.get(`/v1/events/${ev.id}/attempts`, { 'x-api-key': k })).body.data;
    expect(attempts).toHaveLength(1);
    expect(attempts[0].responseBody).toBe('ok\uFFFD\uFFFDdone');
    expect(rx.received.filter((r) => r.id === ev.id)).toHaveLength(1);
  });

  it('an endpoint deleted mid-delivery does not void the recorded successes of other deliveries in the same batch', async () => {
    const { accountId: acc, key: k } = await s.createTestKey();
    const mk = async (path: string) => (await s.post('/v1/webhook-endpoints', { url: `${rx.url}/${path}` }, { 'x-api-key': k })).body.id as string;
    const [kept, gone] = [await mk('kept'), await mk('gone')];
    // Due in an hour, so the running worker leaves them alone while the test drives the group commit.
    const at = new Date(Date.now() + 3600_000);
    const ev = await s.db.prisma.$transaction((tx) =>
      recordEvent(tx, { accountId: acc, livemode: false, type: 'order.filled', resourceId: 'q_batch', data: {}, createdAt: at }),
    );
    const rows = await s.db.prisma.webhookDelivery.findMany({ where: { eventId: ev.id } });
    expect(rows).toHaveLength(2);
    await s.request(`/v1/webhook-endpoints/${gone}`, { method: 'DELETE', headers: { 'x-api-key': k } });
    // One batch as the group commit would send it: the deleted endpoint's delivery must not fail the other.
    await new SuccessLog(s.db.prisma).commit(
      rows.map((d) => ({
        c: { id: d.id, event_id: ev.id, endpoint_id: d.endpointId, attempts: 1, url: `${rx.url}/x` },
        r: { ok: true, statusCode: 200, latencyMs: 3, responseBody: 'ok', error: null },
        at: new Date(),
      })),
    );
    const after = await s.db.prisma.webhookDelivery.findMany({ where: { eventId: ev.id } });
    expect(after.map((d) => [d.endpointId, d.status])).toEqual([[kept, 'succeeded']]);
    expect(await s.db.prisma.webhookAttempt.count({ where: { eventId: ev.id } })).toBe(1);
  });
});
