import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { recordEvent } from '../../src/events/outbox.js';
import { accountEventsTopic, webhooksWakeTopic, type AccountEventNotice } from '../../src/events/topics.js';
import { waitFor } from '../helpers/wait.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(backends)('outbox: recordEvent (%s)', (backend) => {
  let s: TestServer;
  let accountId: string;
  beforeAll(async () => {
    s = await startTestServer({ backend, env: { JOBS_ENABLED: 'false' } });
    ({ accountId } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  const prisma = () => s.db.prisma;
  const base = () => ({ accountId, livemode: false, type: 'checkout.session.completed', data: { session: { id: 'cs_test_1', status: 'paid' } } });

  it('an event written in a committed transaction exists, numbered per resource, with an ISO ms timestamp', async () => {
    const resourceId = `cs_test_${Date.now()}`;
    const a = await prisma().$transaction((tx) => recordEvent(tx, { ...base(), resourceId }));
    const b = await prisma().$transaction((tx) => recordEvent(tx, { ...base(), resourceId, type: 'checkout.session.expired' }));
    const other = await prisma().$transaction((tx) => recordEvent(tx, { ...base(), resourceId: `${resourceId}x` }));
    expect(a.id).toMatch(/^evt_[0-9A-Za-z]{22}$/);
    expect(a.createdAt).toMatch(ISO_MS);
    expect([a.sequence, b.sequence, other.sequence]).toEqual([1, 2, 1]);
    const row = await prisma().event.findUnique({ where: { id: a.id } });
    expect(row).toMatchObject({ accountId, livemode: false, type: 'checkout.session.completed', resourceId, sequence: 1, data: base().data });
    expect(row!.createdAt.toISOString()).toBe(a.createdAt);
  });

  it('an event written in a rolled-back transaction does not exist, and its sequence number is not used up', async () => {
    const resourceId = `cs_test_rb_${Date.now()}`;
    let id = '';
    await expect(
      prisma().$transaction(async (tx) => {
        id = (await recordEvent(tx, { ...base(), resourceId })).id;
        throw new Error('change failed after the event was written');
      }),
    ).rejects.toThrow('change failed');
    expect(id).toMatch(/^evt_/);
    expect(await prisma().event.findUnique({ where: { id } })).toBeNull();
    const next = await prisma().$transaction((tx) => recordEvent(tx, { ...base(), resourceId }));
    expect(next.sequence).toBe(1);
  });

  it('notifies the account stream only on commit (rolled-back events are never seen), with the id and type only however large the event', async () => {
    const received: AccountEventNotice[] = [];
    const unsubscribe = await s.infra.pubsub.subscribe(accountEventsTopic(accountId, 'test'), (p) => received.push(p as AccountEventNotice));
    try {
      let never = '';
      await prisma()
        .$transaction(async (tx) => {
          never = (await recordEvent(tx, { ...base(), resourceId: 'cs_test_never', type: 'checkout.session.expired' })).id;
          throw new Error('rollback');
        })
        .catch(() => {});
      const big = 'z'.repeat(12_000);
      const small = await prisma().$transaction((tx) => recordEvent(tx, { ...base(), resourceId: 'cs_test_stream' }));
      const large = await prisma().$transaction((tx) => recordEvent(tx, { ...base(), resourceId: 'cs_test_stream', data: { big } }));
      // The instance listens all the time (one channel): notices of the previous tests' commits may still arrive
      // after the subscription began, so only this test's events are looked at.
      const mine = () => received.filter((n) => [never, small.id, large.id].includes(n.id));
      await waitFor(() => mine().length >= 2, { what: 'both committed events on the stream' });
      // Ids only: a subscriber reads the event (src/graphql/modules/events.ts); the payload stays small whatever the event holds.
      expect(mine()).toEqual([
        { id: small.id, type: small.type },
        { id: large.id, type: large.type },
      ]);
      expect(large.sequence).toBe(2);
    } finally {
      await unsubscribe();
    }
  });

  it('queues a delivery for each enabled, matching endpoint of the same account and mode, in the same transaction', async () => {
    const mk = (id: string, enabledEvents: string[], extra: Record<string, unknown> = {}) =>
      prisma().webhookEndpoint.create({ data: { id, accountId, livemode: false, url: 'http://127.0.0.1:9/hook', enabledEvents, secret: 'whsec_x', ...extra } });
    const suffix = Date.now().toString(36);
    await mk(`we_all_${suffix}`, ['*']);
    await mk(`we_pfx_${suffix}`, ['invoice.*']);
    await mk(`we_exact_${suffix}`, ['invoice.paid']);
    await mk(`we_other_${suffix}`, ['checkout.session.completed']);
    await mk(`we_off_${suffix}`, ['*'], { disabled: true });
    await mk(`we_live_${suffix}`, ['*'], { livemode: true });
    const ev = await prisma().$transaction((tx) => recordEvent(tx, { ...base(), type: 'invoice.paid', resourceId: 'inv_test_q' }));
    const rows = await prisma().webhookDelivery.findMany({ where: { eventId: ev.id } });
    expect(rows.map((r) => r.endpointId).sort()).toEqual([`we_all_${suffix}`, `we_exact_${suffix}`, `we_pfx_${suffix}`].sort());
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);
    let rolledBack = '';
    await prisma()
      .$transaction(async (tx) => {
        rolledBack = (await recordEvent(tx, { ...base(), type: 'invoice.paid', resourceId: 'inv_test_q' })).id;
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await prisma().webhookDelivery.count({ where: { eventId: rolledBack } })).toBe(0);
    await prisma().webhookEndpoint.deleteMany({ where: { accountId } });
  });

  it("sends one NOTIFY per event: the stream notice, with the delivery workers' wake-up in the same payload when deliveries were queued", async () => {
    // Every raw notification this instance's listener receives (in commit order), before it is decoded.
    const ps = s.infra.pubsub as unknown as { received(raw: string | undefined): void };
    const raws: string[] = [];
    const received = ps.received;
    ps.received = function (raw) {
      if (raw) raws.push(raw);
      return received.call(this, raw);
    };
    const suffix = Date.now().toString(36);
    try {
      await prisma().webhookEndpoint.create({
        data: { id: `we_notify_${suffix}`, accountId, livemode: false, url: 'http://127.0.0.1:9/hook', enabledEvents: ['invoice.paid'], secret: 'whsec_x' },
      });
      const queued = await prisma().$transaction((tx) => recordEvent(tx, { ...base(), type: 'invoice.paid', resourceId: `inv_notify_${suffix}` }));
      const none = await prisma().$transaction((tx) => recordEvent(tx, { ...base(), type: 'invoice.voided', resourceId: `inv_notify_${suffix}` }));
      // Notifications arrive in commit order: once the sentinel's is in, every notification of the two commits before it is.
      const sentinel = await prisma().$transaction((tx) => recordEvent(tx, { ...base(), resourceId: `cs_notify_${suffix}` }));
      await waitFor(() => raws.some((r) => r.includes(sentinel.id)), { what: 'the sentinel event notice' });
      const of = (id: string) => raws.filter((r) => r.includes(id));
      const topic = accountEventsTopic(accountId, 'test');
      expect(await prisma().webhookDelivery.count({ where: { eventId: queued.id } })).toBe(1);
      expect(of(queued.id).map((r) => JSON.parse(r))).toEqual([
        {
          b: [
            { t: topic, p: { id: queued.id, type: 'invoice.paid' } },
            { t: webhooksWakeTopic, p: 1 },
          ],
        },
      ]);
      expect(await prisma().webhookDelivery.count({ where: { eventId: none.id } })).toBe(0);
      expect(of(none.id).map((r) => JSON.parse(r))).toEqual([{ t: topic, p: { id: none.id, type: 'invoice.voided' } }]);
    } finally {
      ps.received = received;
      await prisma().webhookEndpoint.deleteMany({ where: { accountId } });
    }
  });

  it('numbers concurrent events of one resource 1…n without gaps or repeats, each once on the stream', async () => {
    const resourceId = `cs_test_conc_${Date.now()}`;
    const received: AccountEventNotice[] = [];
    const unsubscribe = await s.infra.pubsub.subscribe(accountEventsTopic(accountId, 'test'), (p) => received.push(p as AccountEventNotice));
    try {
      const n = 24;
      const events = await Promise.all(Array.from({ length: n }, () => prisma().$transaction((tx) => recordEvent(tx, { ...base(), resourceId }))));
      expect(events.map((e) => e.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      const rows = await prisma().event.findMany({ where: { accountId, resourceId }, orderBy: { sequence: 'asc' } });
      expect(rows.map((r) => [r.id, r.sequence])).toEqual(events.sort((a, b) => a.sequence - b.sequence).map((e) => [e.id, e.sequence]));
      const ids = new Set(events.map((e) => e.id));
      await waitFor(() => received.filter((r) => ids.has(r.id)).length >= n, { what: 'every event on the stream' });
      expect(
        received
          .filter((r) => ids.has(r.id))
          .map((r) => r.id)
          .sort(),
      ).toEqual([...ids].sort());
    } finally {
      await unsubscribe();
    }
  });

  it('refuses a malformed type (a programming error, not a silent bad event)', async () => {
    await expect(prisma().$transaction((tx) => recordEvent(tx, { ...base(), resourceId: 'x', type: 'Checkout Completed' }))).rejects.toThrow(
      /malformed event type/,
    );
  });
});
