import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { recordEvent } from '../../src/events/outbox.js';
import { deleteEventsBefore, eventRetentionJob } from '../../src/events/jobs.js';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import pg from 'pg';

const DAY = 24 * 3600 * 1000;

describe.each(backends)('event retention (%s)', (backend) => {
  let s: TestServer;
  let accountId: string;
  beforeAll(async () => {
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false' } });
    ({ accountId } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  const prisma = () => s.db.prisma;
  const event = (resourceId: string, createdAt: Date) =>
    prisma().$transaction((tx) => recordEvent(tx, { accountId, livemode: false, type: 'checkout.session.completed', resourceId, data: {}, createdAt }));

  it('deletes old events with their ended deliveries and attempts; keeps recent ones and any with a pending delivery', async () => {
    const now = Date.UTC(2026, 10, 24);
    const old = await event('cs_test_old', new Date(now - 40 * DAY));
    const oldPending = await event('cs_test_old_pending', new Date(now - 40 * DAY));
    const recent = await event('cs_test_recent', new Date(now - 2 * DAY));
    // Created after the events, so recordEvent queued no deliveries of its own: the test sets each status.
    const endpoint = await prisma().webhookEndpoint.create({
      data: { id: 'we_retention', accountId, livemode: false, url: 'https://example.com/hook', enabledEvents: ['*'], secret: 'whsec_x' },
    });
    const delivery = (id: string, eventId: string, status: string) =>
      prisma().webhookDelivery.create({ data: { id, eventId, endpointId: endpoint.id, status } });
    await delivery('whd_old', old.id, 'succeeded');
    await prisma().webhookAttempt.create({
      data: {
        id: 'wha_old',
        deliveryId: 'whd_old',
        eventId: old.id,
        endpointId: endpoint.id,
        attempt: 1,
        url: endpoint.url,
        success: true,
        statusCode: 200,
        latencyMs: 12,
      },
    });
    await delivery('whd_old_failed', old.id, 'failed');
    await delivery('whd_old_pending', oldPending.id, 'pending');

    expect(await deleteEventsBefore(s.db.sql, new Date(now - 30 * DAY))).toBe(1);
    const left = (await prisma().event.findMany({ where: { accountId }, select: { id: true } })).map((e) => e.id);
    expect(left).not.toContain(old.id);
    expect(left).toEqual(expect.arrayContaining([oldPending.id, recent.id]));
    expect(await prisma().webhookDelivery.count({ where: { eventId: old.id } })).toBe(0);
    expect(await prisma().webhookAttempt.count({ where: { eventId: old.id } })).toBe(0);

    // Once its delivery ends, the held-back event goes on the next sweep; a second sweep finds nothing more.
    await prisma().webhookDelivery.update({ where: { id: 'whd_old_pending' }, data: { status: 'failed' } });
    expect(await deleteEventsBefore(s.db.sql, new Date(now - 30 * DAY))).toBe(1);
    expect(await deleteEventsBefore(s.db.sql, new Date(now - 30 * DAY))).toBe(0);
    // The resource's numbering goes on after its old events are gone.
    expect((await event('cs_test_old', new Date(now))).sequence).toBe(2);
  });

  it('sweeps in batches until nothing is left, and the job cuts off at EVENT_RETENTION_DAYS by its clock', async () => {
    const clock = new ManualClock(Date.UTC(2027, 0, 1));
    const created = new Date(clock.now() - 8 * DAY);
    await prisma().event.createMany({
      data: Array.from({ length: 1_203 }, (_, i) => ({
        id: `evt_batch${String(i).padStart(5, '0')}`,
        accountId,
        livemode: false,
        type: 'order.updated',
        resourceId: `q_batch${i}`,
        sequence: 1,
        data: {},
        createdAt: created,
      })),
    });
    const job = eventRetentionJob(s.db.sql, clock, 10);
    await job.run(new AbortController().signal);
    expect(await prisma().event.count({ where: { id: { startsWith: 'evt_batch' } } })).toBe(1_203); // 8 days old, kept 10
    await job.run(new AbortController().signal);
    clock.advance(3 * DAY);
    await job.run(new AbortController().signal);
    expect(await prisma().event.count({ where: { id: { startsWith: 'evt_batch' } } })).toBe(0);
  });

  it.runIf(backend === 'postgres')('skips an event another transaction holds (a redelivery in progress), and takes it once released', async () => {
    const now = Date.UTC(2026, 10, 25);
    const held = await event('cs_test_held', new Date(now - 40 * DAY));
    await prisma().webhookDelivery.updateMany({ where: { eventId: held.id }, data: { status: 'succeeded' } }); // ended
    const other = new pg.Client({ connectionString: s.config.DATABASE_URL });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM events WHERE id = $1 FOR KEY SHARE', [held.id]);
      expect(await deleteEventsBefore(s.db.sql, new Date(now - 30 * DAY))).toBe(0);
      await other.query('COMMIT');
      expect(await deleteEventsBefore(s.db.sql, new Date(now - 30 * DAY))).toBe(1);
    } finally {
      await other.end();
    }
  });

  it('EVENT_RETENTION_DAYS defaults to 30 and refuses nonsense', () => {
    expect(loadConfig({}).EVENT_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ EVENT_RETENTION_DAYS: '0' })).toThrow(/EVENT_RETENTION_DAYS/);
    expect(() => loadConfig({ EVENT_RETENTION_DAYS: 'forever' })).toThrow(/EVENT_RETENTION_DAYS/);
  });
});
