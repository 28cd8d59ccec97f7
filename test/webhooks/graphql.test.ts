import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { until, verifyWith } from './helpers.js';

describe.each(backends)('events and webhooks over GraphQL (%s)', (backend) => {
  let s: TestServer;
  let rx: WebhookReceiver;
  beforeAll(async () => {
    s = await startTestServer({ backend, env: { WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_BASE_MS: '100' } });
    rx = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await s?.close();
    await rx?.stop();
  });
  const q = async (key: string, query: string, variables?: Record<string, unknown>) => (await s.post('/graphql', { query, variables }, { 'x-api-key': key })).body;
  const EP = 'id url enabledEvents disabled description secret livemode previousSecretExpiresAt';

  it('manages endpoints, triggers an event, reads it with its deliveries and attempts, redelivers', async () => {
    const { key } = await s.createTestKey();
    const created = await q(key, `mutation($i: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $i) { ${EP} } }`, {
      i: { url: `${rx.url}/gql`, enabledEvents: ['invoice.*'], description: 'billing' },
    });
    const ep = created.data.createWebhookEndpoint;
    expect(ep).toMatchObject({ url: `${rx.url}/gql`, enabledEvents: ['invoice.*'], disabled: false, livemode: false, description: 'billing', previousSecretExpiresAt: null });
    expect(ep.secret).toMatch(/^whsec_/);
    const listed = await q(key, `{ webhookEndpoints { ${EP} } }`);
    expect(listed.data.webhookEndpoints).toEqual([{ ...ep, secret: null }]);
    const updated = await q(key, `mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: { description: null, enabledEvents: ["invoice.paid"] }) { ${EP} } }`, { id: ep.id });
    expect(updated.data.updateWebhookEndpoint).toMatchObject({ description: null, enabledEvents: ['invoice.paid'], secret: null });

    const trig = await q(key, 'mutation { triggerWebhookEvent(type: "invoice.paid") { id type livemode createdAt resourceId sequence data } }');
    const ev = trig.data.triggerWebhookEvent;
    expect(ev).toMatchObject({ type: 'invoice.paid', livemode: false, sequence: 1 });
    expect(ev.data.invoice.id).toBe(ev.resourceId);
    expect(ev.data.session.invoiceId).toBe(ev.resourceId);
    await rx.waitFor((r) => r.ids().has(ev.id));
    expect(verifyWith(ep.secret, rx.received.find((r) => r.id === ev.id)!)).toEqual(ev);

    const readBack = async () =>
      (await q(key, `query($id: ID!) { event(id: $id) { id deliveries { endpointId status attempts origin } attempts { data { attempt statusCode success responseBody } hasMore } } }`, { id: ev.id })).data
        .event;
    await until(async () => (await readBack()).deliveries[0]?.status === 'succeeded', 5000, 'recorded');
    expect(await readBack()).toEqual({
      id: ev.id,
      deliveries: [{ endpointId: ep.id, status: 'succeeded', attempts: 1, origin: 'auto' }],
      attempts: { data: [{ attempt: 1, statusCode: 200, success: true, responseBody: 'ok' }], hasMore: false },
    });
    const list = await q(key, '{ events(type: "invoice.*", limit: 5) { data { id } hasMore nextCursor } }');
    expect(list.data.events).toEqual({ data: [{ id: ev.id }], hasMore: false, nextCursor: null });

    const re = await q(key, `mutation($id: ID!, $ep: ID) { redeliverEvent(id: $id, endpointId: $ep) { endpointId origin status } }`, { id: ev.id, ep: ep.id });
    expect(re.data.redeliverEvent).toEqual([{ endpointId: ep.id, origin: 'manual', status: 'pending' }]);
    await rx.waitFor((r) => r.received.filter((x) => x.id === ev.id).length === 2);
    // The receiver has the second request before the worker records its attempt: wait for the record.
    await until(async () => (await readBack()).deliveries.every((d: { status: string }) => d.status === 'succeeded'), 5000, 'redelivery recorded');

    const rotated = await q(key, `mutation($id: ID!) { rotateWebhookEndpointSecret(id: $id) { secret previousSecretExpiresAt } }`, { id: ep.id });
    expect(rotated.data.rotateWebhookEndpointSecret.secret).not.toBe(ep.secret);
    expect(rotated.data.rotateWebhookEndpointSecret.previousSecretExpiresAt).not.toBeNull();
    const endpointAttempts = await q(key, `query($id: ID!) { webhookEndpoint(id: $id) { attempts(limit: 1) { data { attempt } hasMore nextCursor } } }`, { id: ep.id });
    expect(endpointAttempts.data.webhookEndpoint.attempts).toMatchObject({ hasMore: true });

    const other = await s.createTestKey();
    expect((await q(other.key, `query($id: ID!) { event(id: $id) { id } }`, { id: ev.id })).errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await q(other.key, `query($id: ID!) { webhookEndpoint(id: $id) { id } }`, { id: ep.id })).errors[0].extensions.code).toBe('NOT_FOUND');
    const bad = await q(key, `mutation { createWebhookEndpoint(input: { url: "gopher://x" }) { id } }`);
    expect(bad.errors[0].extensions).toMatchObject({ code: 'INVALID_PARAMS', field: 'url' });
    const deleted = await q(key, `mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { id deleted } }`, { id: ep.id });
    expect(deleted.data.deleteWebhookEndpoint).toEqual({ id: ep.id, deleted: true });
  });

  it('triggerWebhookEvent with a live key → FORBIDDEN; without a key → UNAUTHORIZED', async () => {
    const { accountId } = await s.createTestKey();
    await s.services.accounts.setLiveEnabled(accountId, true);
    const { key } = await s.services.accounts.createKey(accountId, 'live');
    expect((await q(key, 'mutation { triggerWebhookEvent(type: "order.filled") { id } }')).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await s.post('/graphql', { query: '{ events { hasMore } }' })).body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  });

  it('the events subscription streams outbox events (with resourceId and sequence) as they are committed', async () => {
    const { key } = await s.createTestKey();
    const client = createClient({ url: s.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, connectionParams: { 'x-api-key': key }, lazy: false });
    const got: any[] = [];
    const done = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { events(types: ["checkout.session.*"]) { id type resourceId sequence data } }' },
        { next: (v) => (got.push(v.data!.events), got.length === 2 && resolve()), error: reject, complete: () => {} },
      );
    });
    await new Promise((r) => setTimeout(r, 300));
    const t = (type: string) => q(key, `mutation { triggerWebhookEvent(type: "${type}") { id resourceId } }`);
    await t('order.filled');
    const a = (await t('checkout.session.completed')).data.triggerWebhookEvent;
    const b = (await t('checkout.session.expired')).data.triggerWebhookEvent;
    await done;
    await client.dispose();
    expect(got.map((e) => [e.id, e.resourceId, e.sequence])).toEqual([
      [a.id, a.resourceId, 1],
      [b.id, b.resourceId, 1],
    ]);
  });
});
