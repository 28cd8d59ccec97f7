import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { ManualClock } from '../../src/clock.js';
import { until } from './helpers.js';

describe.each(backends)('endpoint failing for days is disabled (%s)', (backend) => {
  let s: TestServer;
  let rx: WebhookReceiver;
  const clock = new ManualClock();
  beforeAll(async () => {
    s = await startTestServer({ backend, clock, env: { WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_BASE_MS: '5000' } });
    rx = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await s?.close();
    await rx?.stop();
  });

  it('follows the backoff schedule on the clock, and after 3 days of failures disables the endpoint and emits webhook_endpoint.disabled', async () => {
    const { key } = await s.createTestKey();
    const h = { 'x-api-key': key };
    rx.respond = () => ({ status: 503, body: 'maintenance' });
    const ep = (await s.post('/v1/webhook-endpoints', { url: `${rx.url}/hook`, enabledEvents: ['order.*'] }, h)).body;
    const t = (await s.post('/v1/webhook-endpoints/trigger', { type: 'order.filled' }, h)).body;
    const deliveries = async () => (await s.get(`/v1/events/${t.id}/deliveries`, h)).body.data[0];
    await until(async () => (await deliveries()).lastStatusCode === 503, 'first attempt');
    const first = await deliveries();
    // Next try 5 s ± 20 % later on the service clock; nothing happens while the clock stands still.
    const wait = Date.parse(first.nextAttemptAt) - clock.now();
    expect(wait).toBeGreaterThanOrEqual(4000);
    expect(wait).toBeLessThanOrEqual(6000);
    // Two full passes over the queue after a poke: the delivery was looked at and is not due yet.
    const worker = s.services.webhooks.worker;
    const passes = worker.passes;
    worker.poke();
    await until(() => worker.passes >= passes + 2, 'two worker passes');
    expect((await deliveries()).attempts).toBe(1);
    clock.advance(6000);
    await until(async () => (await deliveries()).attempts === 2, 'second attempt');
    expect((await s.get(`/v1/webhook-endpoints/${ep.id}`, h)).body.disabled).toBe(false);

    clock.advance(3 * 24 * 3600_000);
    await until(async () => (await s.get(`/v1/webhook-endpoints/${ep.id}`, h)).body.disabled === true, 'disabled');
    const endpoint = (await s.get(`/v1/webhook-endpoints/${ep.id}`, h)).body;
    expect(endpoint.disabledReason).toMatch(/every attempt failed for 72 hours/);
    const evs = (await s.get('/v1/events?type=webhook_endpoint.disabled', h)).body.data;
    expect(evs).toHaveLength(1);
    expect(evs[0].data.reason).toBe(endpoint.disabledReason);
    // Re-enabling clears the failure streak.
    const re = await s.request(`/v1/webhook-endpoints/${ep.id}`, {
      method: 'PATCH',
      headers: { ...h, 'content-type': 'application/json' },
      body: JSON.stringify({ disabled: false }),
    });
    expect(re.body).toMatchObject({ disabled: false, disabledReason: null });
  });
});
