import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { dashboardHeaders } from '../helpers/dashboard-session.js';
import { inProcessGraphQL } from '../helpers/graphql.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { graphql } from '../graphql/generated/index.js';
import { ManualClock } from '../../src/clock.js';
import { MAX_ATTEMPTS } from '../../src/webhooks/schedule.js';
import { until } from './helpers.js';

const RedeliverFailed = graphql(`
  mutation RedeliverFailedEventsTest($input: RedeliverFailedEventsInput!) {
    redeliverFailedEvents(input: $input) {
      __typename
      ... on Error {
        code
        message
      }
      ... on RedeliverFailedEventsPayload {
        queued
        hasMore
        webhookEndpoint {
          id
        }
      }
    }
  }
`);

const HOUR = 3600_000;
/** Longer than any retry delay at a 1 s base (capped at 8640 × base = 2.4 h, +20 % jitter). */
const PAST_ANY_RETRY = 3 * HOUR;

/**
 * Resend all failed, end to end: a receiver that fails (500) until flipped; events whose deliveries fail for good
 * (every retry used, driven on a manual clock) or are canceled (the endpoint disabled meanwhile); then resend-all
 * sends each failed event once more with the same event id, oldest first and bounded, never queuing one twice while a
 * resend of it is pending, and leaves delivered events alone.
 */
describe.each(backends)('resend all failed deliveries of an endpoint (%s)', (backend) => {
  let s: TestServer;
  let rx: WebhookReceiver;
  const clock = new ManualClock();
  let down = true;

  beforeAll(async () => {
    // Retries at a 1 s base on the manual clock: each retry waits for the test to move the clock.
    s = await startTestServer({ backend, clock, env: { WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_BASE_MS: '1000', WEBHOOK_TIMEOUT_MS: '5000' } });
    rx = await new WebhookReceiver().start();
    // While down, everything fails with 500, except invoice.sent events (delivered at once: they must never be resent).
    rx.respond = (r) => (down && !r.body.includes('"type":"invoice.sent"') ? { status: 500, body: 'down' } : undefined);
  });
  afterAll(async () => {
    await s?.close();
    await rx?.stop();
  });

  it('queues each event that failed for good once, oldest first, bounded, never twice while pending; the same event id arrives', async () => {
    const { key, accountId } = await s.createTestKey();
    const h = { 'x-api-key': key };
    const post = (path: string, body: unknown = {}, headers: Record<string, string> = {}) => s.post(path, body, { ...h, ...headers });
    const patch = (path: string, body: unknown) =>
      s.request(path, { method: 'PATCH', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const a = (await post('/v1/webhook-endpoints', { url: `${rx.url}/a` })).body as { id: string };
    const b = (await post('/v1/webhook-endpoints', { url: `${rx.url}/b` })).body as { id: string };
    const resend = (id: string, body: unknown = {}, idempotencyKey = crypto.randomUUID()) =>
      post(`/v1/webhook-endpoints/${id}/redeliver-failed`, body, { 'idempotency-key': idempotencyKey });
    const got = (path: string, eventId: string) => rx.received.filter((r) => r.path === path && r.id === eventId).length;
    const attemptsTo = (endpointId: string) => s.db.prisma.webhookAttempt.count({ where: { endpointId } });
    const deliveriesTo = (endpointId: string) =>
      s.db.prisma.webhookDelivery.findMany({ where: { endpointId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });

    // Three events that will fail, a millisecond apart (oldest first; far less than the first retry delay), and one
    // that is delivered.
    const failing: string[] = [];
    for (const type of ['order.filled', 'checkout.session.completed', 'invoice.paid']) {
      failing.push((await post('/v1/webhook-endpoints/trigger', { type })).body.id);
      clock.advance(1);
    }
    const delivered = (await post('/v1/webhook-endpoints/trigger', { type: 'invoice.sent' })).body.id as string;
    await until(async () => (await attemptsTo(a.id)) === 4 && (await attemptsTo(b.id)) === 4, 'the first attempt of each event to each endpoint');

    // Retrying is not failed for good: nothing to resend yet.
    expect((await resend(a.id)).body).toEqual({ object: 'webhook_failed_redelivery', endpointId: a.id, queued: 0, hasMore: false });

    // B is disabled while its deliveries wait for their retry: they are canceled (failed for good too).
    expect((await patch(`/v1/webhook-endpoints/${b.id}`, { disabled: true })).status).toBe(200);
    expect((await deliveriesTo(b.id)).map((d) => d.status).sort()).toEqual(['canceled', 'canceled', 'canceled', 'succeeded']);
    // A disabled endpoint is refused until it is enabled again.
    const refused = await resend(b.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');

    // A's deliveries use every retry on the clock, then fail for good.
    for (let n = 2; n <= MAX_ATTEMPTS; n++) {
      clock.advance(PAST_ANY_RETRY);
      await until(async () => (await attemptsTo(a.id)) === 3 * n + 1, `attempt ${n} of each failing event`);
    }
    await until(async () => (await deliveriesTo(a.id)).filter((d) => d.status === 'failed').length === 3, 'the deliveries failed for good');
    for (const id of failing) expect(got('/a', id)).toBe(MAX_ATTEMPTS);
    expect(got('/a', delivered)).toBe(1);

    // At most `limit` per call, oldest first; `hasMore` says more remain. The receiver still fails: the resends stay pending.
    const first = await resend(a.id, { limit: 1 });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ object: 'webhook_failed_redelivery', endpointId: a.id, queued: 1, hasMore: true });
    expect((await deliveriesTo(a.id)).filter((d) => d.origin === 'manual').map((d) => d.eventId)).toEqual([failing[0]]);
    await rx.waitFor(() => got('/a', failing[0]!) === MAX_ATTEMPTS + 1, 60_000, 'the oldest failed event resent');
    const idemKey = crypto.randomUUID();
    const rest = await resend(a.id, {}, idemKey);
    expect(rest.body).toEqual({ object: 'webhook_failed_redelivery', endpointId: a.id, queued: 2, hasMore: false });
    await rx.waitFor(() => failing.every((id) => got('/a', id) === MAX_ATTEMPTS + 1), 60_000, 'every failed event resent once');

    // While they are pending, another call (a new key) queues nothing twice; a retry with the same key replays.
    expect((await resend(a.id)).body).toMatchObject({ queued: 0, hasMore: false });
    const replay = await resend(a.id, {}, idemKey);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(rest.body);
    const pending = (await deliveriesTo(a.id)).filter((d) => d.status === 'pending');
    expect(pending.map((d) => d.eventId).sort()).toEqual([...failing].sort());
    expect(pending.every((d) => d.origin === 'manual')).toBe(true);

    // The receiver recovers: each failed event arrives once more, with its own event id, and is delivered.
    down = false;
    clock.advance(PAST_ANY_RETRY);
    await until(async () => (await deliveriesTo(a.id)).filter((d) => d.status === 'succeeded').length === 4, 'the resends delivered');
    for (const id of failing) expect(got('/a', id)).toBe(MAX_ATTEMPTS + 2);
    expect(got('/a', delivered)).toBe(1);
    expect(new Set(rx.received.filter((r) => r.path === '/a').map((r) => JSON.parse(r.body).id))).toEqual(new Set([...failing, delivered]));
    // Delivered now: nothing left to resend.
    expect((await resend(a.id)).body).toMatchObject({ queued: 0, hasMore: false });

    // B, enabled again: its canceled deliveries are resent, from the dashboard this time (the session's mirror).
    expect((await patch(`/v1/webhook-endpoints/${b.id}`, { disabled: false })).status).toBe(200);
    const dashboard = await dashboardHeaders(s, accountId);
    const fromDashboard = await s.post(
      `/v1/dashboard/webhook-endpoints/${b.id}/redeliver-failed`,
      {},
      { ...dashboard, 'idempotency-key': crypto.randomUUID() },
    );
    expect(fromDashboard.body).toEqual({ object: 'webhook_failed_redelivery', endpointId: b.id, queued: 3, hasMore: false });
    await rx.waitFor(() => failing.every((id) => got('/b', id) === 2), 60_000, 'the canceled events sent to B');
    expect(got('/b', delivered)).toBe(1);
  }, 180_000);

  it('GraphQL redeliverFailedEvents: the payload with its counts; another tenant or a missing id is NotFoundError; a disabled endpoint ConflictError', async () => {
    const { key } = await s.createTestKey();
    const h = { 'x-api-key': key };
    const gql = inProcessGraphQL(s);
    const ep = (await s.post('/v1/webhook-endpoints', { url: `${rx.url}/g`, enabledEvents: ['order.*'] }, h)).body as { id: string };
    down = true;
    const ev = (await s.post('/v1/webhook-endpoints/trigger', { type: 'order.failed' }, h)).body.id as string;
    await until(async () => (await s.db.prisma.webhookAttempt.count({ where: { endpointId: ep.id } })) === 1, 'first attempt');
    // Failed for good without waiting through the retries: the endpoint answers 410 Gone (and is disabled).
    rx.respond = (r) => (r.path === '/g' ? { status: 410 } : undefined);
    clock.advance(PAST_ANY_RETRY);
    await until(async () => (await s.get(`/v1/events/${ev}/deliveries`, h)).body.data[0]?.status === 'failed', 'failed on 410');

    const input = (endpointId: string) => ({ input: { endpointId, idempotencyKey: crypto.randomUUID() } });
    const disabled = await gql.gql(RedeliverFailed, input(ep.id), key);
    expect(disabled.data?.redeliverFailedEvents).toMatchObject({ __typename: 'ConflictError', code: 'CONFLICT' });

    rx.respond = () => undefined;
    await s.request(`/v1/webhook-endpoints/${ep.id}`, { method: 'PATCH', headers: { ...h, 'content-type': 'application/json' }, body: '{"disabled":false}' });
    const other = await s.createTestKey();
    const missing = await gql.gql(RedeliverFailed, input('we_B8dy22oc82lEi6009zwvga'), key);
    const foreign = await gql.gql(RedeliverFailed, input(ep.id), other.key);
    expect(missing.data?.redeliverFailedEvents).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    expect(foreign.data?.redeliverFailedEvents).toEqual(missing.data?.redeliverFailedEvents);
    const foreignRest = await s.post(`/v1/webhook-endpoints/${ep.id}/redeliver-failed`, {}, { 'x-api-key': other.key });
    expect(foreignRest.status).toBe(404);
    expect(foreignRest.body.error.code).toBe('NOT_FOUND');

    const tooMany = await gql.gql(RedeliverFailed, { input: { endpointId: ep.id, limit: 1001 } }, key);
    expect(tooMany.errors?.[0]).toMatchObject({ extensions: { code: 'INVALID_PARAMS' } });
    expect(tooMany.errors?.[0]?.message).toMatch(/^limit: /);
    const bad = await s.post(`/v1/webhook-endpoints/${ep.id}/redeliver-failed`, { limit: 0 }, h);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^limit: /);

    const ok = await gql.gql(RedeliverFailed, input(ep.id), key);
    expect(ok.data?.redeliverFailedEvents).toEqual({ __typename: 'RedeliverFailedEventsPayload', queued: 1, hasMore: false, webhookEndpoint: { id: ep.id } });
    await rx.waitFor(() => rx.received.filter((r) => r.path === '/g' && r.id === ev).length === 3, 60_000, 'the event resent');
    expect(rx.received.filter((r) => r.path === '/g').map((r) => r.id)).toEqual([ev, ev, ev]);
  }, 120_000);

  it('two resend-alls at once (two tabs, two keys) queue each event once between them', async () => {
    const { key } = await s.createTestKey();
    const h = { 'x-api-key': key };
    rx.respond = (r) => (r.path === '/c' ? { status: 500 } : undefined);
    const ep = (await s.post('/v1/webhook-endpoints', { url: `${rx.url}/c`, enabledEvents: ['invoice.*'] }, h)).body as { id: string };
    const events: string[] = [];
    for (const type of ['invoice.sent', 'invoice.paid', 'invoice.sent', 'invoice.paid'])
      events.push((await s.post('/v1/webhook-endpoints/trigger', { type }, h)).body.id);
    await until(async () => (await s.db.prisma.webhookAttempt.count({ where: { endpointId: ep.id } })) === events.length, 'the first attempts');
    // Disabling cancels the waiting retries (failed for good); enabled again, they are the ones to resend.
    const toggle = (disabled: boolean) =>
      s.request(`/v1/webhook-endpoints/${ep.id}`, {
        method: 'PATCH',
        headers: { ...h, 'content-type': 'application/json' },
        body: JSON.stringify({ disabled }),
      });
    await toggle(true);
    await toggle(false);
    const resend = () => s.post(`/v1/webhook-endpoints/${ep.id}/redeliver-failed`, {}, { ...h, 'idempotency-key': crypto.randomUUID() });
    const answers = await Promise.all([resend(), resend(), resend()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.body.queued).sort()).toEqual([0, 0, events.length]);
    const manual = await s.db.prisma.webhookDelivery.findMany({ where: { endpointId: ep.id, origin: 'manual' } });
    expect(manual.map((d) => d.eventId).sort()).toEqual([...events].sort());
  }, 120_000);
});
