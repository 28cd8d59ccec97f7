import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInput } from '../../src/validation.js';
import { listEventsSchema } from '../../src/events/input.js';
import { listSchema } from '../../src/webhooks/input.js';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/client.js';
import { EventsService } from '../../src/events/service.js';
import { recordEvent } from '../../src/events/outbox.js';
import type { Page } from '../../src/db/keyset.js';
import type { AttemptView } from '../../src/webhooks/views.js';
import { memoryDb } from '../helpers/memory-db.js';
import { internalAuth } from '../../src/accounts/service.js';

/** EventsService built alone: an event's delivery attempts come from an injected (fake) webhooks domain. */
describe('EventsService (fake webhooks attempt log)', () => {
  let db: Db;
  let events: EventsService;
  const pages: Array<{ where: unknown; query: unknown }> = [];
  const auth = internalAuth('acct_events', 'test', 'key_events');
  beforeAll(async () => {
    db = await memoryDb();
    await db.prisma.account.create({ data: { id: auth.accountId, name: 'Events' } });
    events = new EventsService({
      prisma: db.prisma,
      clock: new ManualClock(),
      webhooks: {
        attemptPage: async (where, query): Promise<Page<AttemptView>> => {
          pages.push({ where, query });
          return { object: 'list', data: [], hasMore: false, nextCursor: null };
        },
        deliveriesWhere: async () => [],
      },
    });
  });
  afterAll(() => db?.close());

  it("pages an event's attempts through the injected webhooks domain, and lists by pattern newest first", async () => {
    const record = (type: string, resourceId: string, at: number) =>
      db.prisma.$transaction((tx) => recordEvent(tx, { accountId: auth.accountId, livemode: false, type, resourceId, data: {}, createdAt: new Date(at) }));
    const a = await record('order.submitted', 'q_1', 1_000);
    const b = await record('checkout.session.expired', 'cs_1', 2_000);
    const c = await record('order.filled', 'q_1', 3_000);

    expect(await events.attempts(auth, b.id, parseInput(listSchema, { limit: '5' }))).toEqual({ object: 'list', data: [], hasMore: false, nextCursor: null });
    expect(pages).toEqual([{ where: { eventId: b.id }, query: { limit: 5 } }]);

    const first = await events.list(auth, parseInput(listEventsSchema, { type: 'order.*', limit: '1' }));
    expect(first.data.map((e) => e.id)).toEqual([c.id]);
    expect(first).toMatchObject({ hasMore: true, nextCursor: c.id });
    const second = await events.list(auth, parseInput(listEventsSchema, { type: 'order.*', limit: '1', cursor: first.nextCursor }));
    expect(second).toMatchObject({ data: [expect.objectContaining({ id: a.id })], hasMore: false, nextCursor: null });
    await expect(events.list(auth, parseInput(listEventsSchema, { cursor: 'evt_unknown' }))).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      message: 'cursor: unknown cursor',
    });
  });
});
