import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { inProcessGraphQL } from '../helpers/graphql.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { until } from './helpers.js';
import { recordEvent } from '../../src/events/outbox.js';
import type { Resolver } from '../../src/webhooks/sender.js';

const CREATE = `mutation($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) { __typename ... on CreateWebhookEndpointPayload { webhookEndpoint { id url } } ... on Error { code message } }
}`;
const UPDATE = `mutation($input: UpdateWebhookEndpointInput!) {
  updateWebhookEndpoint(input: $input) { __typename ... on UpdateWebhookEndpointPayload { webhookEndpoint { id url } } ... on Error { code message } }
}`;

/**
 * SSRF rules through the API (address-policy.ts decides; this checks every way a URL gets in and
 * every delivery): REST and GraphQL create/update refuse forbidden addresses with INVALID_PARAMS
 * naming `url`, and a delivery whose host name resolves to a forbidden address is refused at the
 * lookup, before any connection. The server runs outside production, so test endpoints follow the
 * local-development rules (WEBHOOK_TEST_PRIVATE_HOSTS defaults to on).
 */
describe.each(backends)('webhook SSRF rules through the API (%s)', (backend) => {
  let s: TestServer;
  let rx: WebhookReceiver;
  let accountId: string;
  let testKey: string;
  let liveKey: string;
  let original: Resolver;
  /** Fake DNS for names under .example.test; anything else goes to the real resolver. */
  let dns: Record<string, string[]> = {};
  const asked: string[] = [];

  beforeAll(async () => {
    s = await startTestServer({ backend, env: { WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_POLL_MS: '100', WEBHOOK_TIMEOUT_MS: '1500' } });
    rx = await new WebhookReceiver().start();
    original = s.services.webhooks.resolver;
    s.services.webhooks.resolver = async (host) => {
      if (!host.endsWith('.example.test')) return original(host);
      asked.push(host);
      return (dns[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  });
  afterAll(async () => {
    if (s) s.services.webhooks.resolver = original;
    await s?.close();
    await rx?.stop();
  });
  beforeEach(async () => {
    ({ key: testKey, accountId } = await s.createTestKey());
    await s.services.accounts.setLiveEnabled(accountId, true, SETUP_WRITE);
    ({ key: liveKey } = await s.services.accounts.createKey(accountId, 'live'));
    rx.received = [];
    dns = {};
    asked.length = 0;
  });
  afterEach(() => {
    rx.respond = () => {};
  });

  const restCreate = (url: string, key: string) => s.post('/v1/webhook-endpoints', { url }, { 'x-api-key': key });
  const restUpdate = (id: string, url: string, key: string) =>
    s.request(`/v1/webhook-endpoints/${id}`, {
      method: 'PATCH',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
  const gql = async (query: string, input: Record<string, unknown>, key: string) =>
    (await inProcessGraphQL(s).post({ query, variables: { input } }, { 'x-api-key': key })).body;

  const expectRestRefused = (r: Awaited<ReturnType<typeof restCreate>>, url: string, reason: RegExp) => {
    expect(r.status, `${url}: ${r.text}`).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'INVALID_PARAMS', requestId: expect.any(String) });
    expect(r.body.error.message, url).toMatch(/^url: /);
    expect(r.body.error.message, url).toMatch(reason);
  };
  const expectGqlRefused = (body: any, url: string, reason: RegExp) => {
    expect(body.data?.createWebhookEndpoint ?? body.data?.updateWebhookEndpoint ?? null, url).toBeNull();
    expect(body.errors?.[0]?.extensions, url).toMatchObject({ code: 'INVALID_PARAMS', field: 'url', requestId: expect.any(String) });
    expect(body.errors[0].message, url).toMatch(/^url: /);
    expect(body.errors[0].message, url).toMatch(reason);
  };

  // Test keys, outside production: only public, loopback and RFC 1918 private addresses.
  const testRefused: Array<[string, RegExp]> = [
    ['http://100.100.100.200/latest/meta-data/', /carrierGradeNat/], // Alibaba Cloud metadata
    ['http://192.0.0.192/opc/v2/instance/', /reserved/], // Oracle Cloud metadata
    ['http://169.254.169.254/latest/meta-data/', /linkLocal/],
    ['http://[64:ff9b::7f00:1]/', /rfc6052 form of 127\.0\.0\.1/],
    ['http://[64:ff9b:1::a9fe:a9fe]/', /rfc6052 local-use/],
    ['http://[::127.0.0.1]/', /ipv4Compatible form of 127\.0\.0\.1/],
    ['http://[2002:7f00:1::]/', /6to4 form of 127\.0\.0\.1/],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', /teredo/],
    ['http://[fc00::1]/', /uniqueLocal/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://198.18.0.1/', /reserved/],
  ];
  // Live keys: public unicast only.
  const liveRefused: Array<[string, RegExp]> = [
    ['https://[64:ff9b:1::a9fe:a9fe]/', /rfc6052 local-use/],
    ['https://[64:ff9b:1::808:808]/', /rfc6052 local-use/],
    ['https://[::ffff:0:7f00:1]/', /rfc6145 form of 127\.0\.0\.1/],
    ['https://[2001:2::1]/', /benchmarking/],
    ['https://[2001:0:a9fe:a9fe::1]/', /teredo/],
    ['https://[::ffff:127.0.0.1]/', /ipv4Mapped form of 127\.0\.0\.1, loopback/],
    ['https://10.0.0.7/', /private/],
    ['https://100.100.100.200/', /carrierGradeNat/],
  ];

  it('REST create refuses forbidden address literals with INVALID_PARAMS on url, in both modes', async () => {
    for (const [url, reason] of testRefused) expectRestRefused(await restCreate(url, testKey), url, reason);
    for (const [url, reason] of liveRefused) expectRestRefused(await restCreate(url, liveKey), url, reason);
    // What each mode does allow.
    for (const url of [
      `${rx.url}/loopback`,
      'http://[::ffff:127.0.0.1]:9/mapped-loopback',
      'http://10.0.0.7/private',
      'http://[2606:4700:4700::1111]/public',
    ]) {
      const r = await restCreate(url, testKey);
      expect(r.status, `${url}: ${r.text}`).toBe(201);
    }
    for (const url of ['https://[2606:4700:4700::1111]/hook', 'https://8.8.8.8/hook', 'https://[64:ff9b::808:808]/hook']) {
      const r = await restCreate(url, liveKey);
      expect(r.status, `${url}: ${r.text}`).toBe(201);
    }
    expect((await s.get('/v1/webhook-endpoints', { 'x-api-key': liveKey })).body.data).toHaveLength(3);
  });

  it('REST create resolves a live host name and refuses it when any address it resolves to is forbidden', async () => {
    dns = {
      'nat64.example.test': ['64:ff9b:1::a9fe:a9fe'],
      'mixed.example.test': ['93.184.216.34', '2002:a9fe:a9fe::1'],
      'fine.example.test': ['93.184.216.34', '2606:4700:4700::1111'],
    };
    expectRestRefused(
      await restCreate('https://nat64.example.test/hook', liveKey),
      'nat64',
      /nat64\.example\.test resolves to 64:ff9b:1::a9fe:a9fe.*rfc6052 local-use/,
    );
    expectRestRefused(await restCreate('https://mixed.example.test/hook', liveKey), 'mixed', /resolves to 2002:a9fe:a9fe::1.*6to4 form of 169\.254\.169\.254/);
    expect((await restCreate('https://fine.example.test/hook', liveKey)).status).toBe(201);
    expect(asked).toEqual(['nat64.example.test', 'mixed.example.test', 'fine.example.test']);
  });

  it('REST update refuses a forbidden URL and keeps the old one', async () => {
    const ep = (await restCreate(`${rx.url}/hook`, testKey)).body;
    const r = await restUpdate(ep.id, 'http://100.100.100.200/latest/meta-data/', testKey);
    expectRestRefused(r, 'update', /carrierGradeNat/);
    expect((await s.get(`/v1/webhook-endpoints/${ep.id}`, { 'x-api-key': testKey })).body.url).toBe(`${rx.url}/hook`);

    const live = (await restCreate('https://8.8.8.8/hook', liveKey)).body;
    expectRestRefused(await restUpdate(live.id, 'https://[64:ff9b:1::a9fe:a9fe]/', liveKey), 'live update', /rfc6052 local-use/);
  });

  it('GraphQL createWebhookEndpoint and updateWebhookEndpoint refuse them with INVALID_PARAMS on url', async () => {
    for (const [url, reason] of testRefused.slice(0, 4)) expectGqlRefused(await gql(CREATE, { url }, testKey), url, reason);
    for (const [url, reason] of liveRefused.slice(0, 4)) expectGqlRefused(await gql(CREATE, { url }, liveKey), url, reason);
    const ok = await gql(CREATE, { url: 'https://[2606:4700:4700::1111]/hook' }, liveKey);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.createWebhookEndpoint).toMatchObject({
      __typename: 'CreateWebhookEndpointPayload',
      webhookEndpoint: { url: 'https://[2606:4700:4700::1111]/hook' },
    });
    const id = ok.data.createWebhookEndpoint.webhookEndpoint.id;
    expectGqlRefused(await gql(UPDATE, { id, url: 'https://[2002:7f00:1::]/' }, liveKey), 'update', /6to4 form of 127\.0\.0\.1/);
    const testEp = await gql(CREATE, { url: `${rx.url}/hook` }, testKey);
    expect(testEp.data.createWebhookEndpoint.__typename).toBe('CreateWebhookEndpointPayload');
    expectGqlRefused(
      await gql(UPDATE, { id: testEp.data.createWebhookEndpoint.webhookEndpoint.id, url: 'http://192.0.0.192/' }, testKey),
      'test update',
      /reserved/,
    );
  });

  /** The attempts of an endpoint once there is one. */
  const attemptsOf = async (id: string, key: string) => {
    let attempts: any[] = [];
    await until(async () => {
      attempts = (await s.get(`/v1/webhook-endpoints/${id}/attempts`, { 'x-api-key': key })).body.data;
      return attempts.length > 0;
    }, `an attempt of ${id}`);
    return attempts;
  };

  it('test mode: a name resolving to loopback and to a metadata address is refused at delivery, before any connection', async () => {
    // The loopback answer alone would reach the receiver (see the control below); the metadata one refuses the whole lookup.
    dns = {
      'alibaba.example.test': ['127.0.0.1', '100.100.100.200'],
      'oracle.example.test': ['::ffff:127.0.0.1', '192.0.0.192'],
      'local.example.test': ['127.0.0.1'],
    };
    const alibaba = (await restCreate(`http://alibaba.example.test:${rx.port}/alibaba`, testKey)).body;
    const oracle = (await restCreate(`http://oracle.example.test:${rx.port}/oracle`, testKey)).body;
    const control = (await restCreate(`http://local.example.test:${rx.port}/control`, testKey)).body;
    const ev = (await s.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' }, { 'x-api-key': testKey })).body;
    await rx.waitFor((x) => x.received.some((r) => r.path === '/control' && r.id === ev.id), 10_000, 'the control delivery');

    const [a] = await attemptsOf(alibaba.id, testKey);
    expect(a).toMatchObject({ eventId: ev.id, success: false, statusCode: null, responseBody: null });
    expect(a.error).toMatch(/^blocked: alibaba\.example\.test resolves to 100\.100\.100\.200, which test endpoints may not reach \(carrierGradeNat\)/);
    const [o] = await attemptsOf(oracle.id, testKey);
    expect(o).toMatchObject({ eventId: ev.id, success: false, statusCode: null, responseBody: null });
    expect(o.error).toMatch(/^blocked: oracle\.example\.test resolves to 192\.0\.0\.192, which test endpoints may not reach \(reserved\)/);
    expect((await attemptsOf(control.id, testKey))[0]).toMatchObject({ success: true, statusCode: 200 });
    expect(rx.received.map((r) => r.path)).toEqual(['/control']);
    expect(asked).toEqual(expect.arrayContaining(['alibaba.example.test', 'oracle.example.test', 'local.example.test']));
  });

  it('an address literal stored under older rules is refused at delivery too, before any connection', async () => {
    const ep = (await restCreate(`${rx.url}/hook`, testKey)).body;
    // As if saved before these rules: the row is changed directly, past the API's check.
    await s.db.prisma.webhookEndpoint.update({ where: { id: ep.id }, data: { url: `http://100.100.100.200:${rx.port}/latest/meta-data/` } });
    const ev = (await s.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' }, { 'x-api-key': testKey })).body;
    const [a] = await attemptsOf(ep.id, testKey);
    expect(a).toMatchObject({ eventId: ev.id, success: false, statusCode: null, responseBody: null });
    expect(a.error).toBe('blocked: 100.100.100.200 is not reachable from test endpoints (carrierGradeNat)');
    expect(rx.received).toHaveLength(0);
  });

  it('live mode: a name that later resolves to an embedded or reserved IPv6 form is refused at delivery, before any connection', async () => {
    dns = { 'rebind.example.test': ['93.184.216.34'] };
    const ep = (await restCreate(`https://rebind.example.test:${rx.port}/live`, liveKey)).body;
    expect(ep.id).toMatch(/^we_/);
    // Now the name answers a public address and local-use NAT64 of the metadata address.
    dns = { 'rebind.example.test': ['2606:4700:4700::1111', '64:ff9b:1::a9fe:a9fe'] };
    const ev = await s.db.prisma.$transaction((tx) =>
      recordEvent(tx, { accountId, livemode: true, type: 'order.filled', resourceId: 'q_ssrf_1', data: { order: { quoteId: 'q_ssrf_1' } } }),
    );
    const [a] = await attemptsOf(ep.id, liveKey);
    expect(a).toMatchObject({ eventId: ev.id, success: false, statusCode: null, responseBody: null });
    expect(a.error).toMatch(/^blocked: rebind\.example\.test resolves to 64:ff9b:1::a9fe:a9fe, which is not a public address \(rfc6052 local-use\)$/);
    expect(rx.received).toHaveLength(0);
  });
});
