import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ManualClock } from '../../src/clock.js';
import { RECIPIENT } from '../invoices/helpers.js';

const DAY = 86_400_000;
const body = {
  customerEmail: 'ap@customer.example',
  lineItems: [{ description: 'Daily plan', quantity: 1, unitAmount: '1000000' }],
  settleChain: 'base',
  settleToken: 'USDC',
  recipient: RECIPIENT,
  interval: 'day',
  daysUntilDue: 30,
};

/**
 * Exactly once across instances: two servers on one database run the billing pass at the same time, again
 * and again, over subscriptions ten periods behind. Every period is invoiced once: one invoice per
 * (subscription, period), consecutive invoice numbers, no gap, no duplicate.
 */
describe.each(backends.filter((b) => b === 'postgres'))('subscription scheduler across instances (%s)', (backend) => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let key: string;
  const clock = new ManualClock(Date.parse('2027-03-01T00:00:00.000Z'));

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    // Jobs off: the test runs the passes itself, concurrently, so the race is certain rather than likely.
    a = await startTestServer({ database: db, clock, env: { JOBS_ENABLED: 'false' } });
    b = await startTestServer({ database: db, clock, env: { JOBS_ENABLED: 'false' } });
    ({ key } = await a.createTestKey());
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('two instances issue one invoice per subscription and period', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await a.post('/v1/subscriptions', body, { 'x-api-key': key });
      expect(r.status, r.text).toBe(201);
      ids.push(r.body.id);
    }
    clock.advance(10 * DAY);
    let handled = 0;
    for (let round = 0; round < 3; round++) {
      const counts = await Promise.all([a, b, a, b].map((s) => s.services.subscriptions.runDue({ limit: 100 })));
      handled += counts.reduce((x, y) => x + y, 0);
    }
    // Each subscription is claimed by one pass, which catches up all ten periods in its transaction.
    expect(handled).toBe(6);
    const periods = await a.db.sql.query<{ subscription_id: string; period_index: number; invoice_id: string }>(
      'SELECT subscription_id, period_index, invoice_id FROM subscription_periods WHERE subscription_id = ANY($1::text[]) ORDER BY subscription_id, period_index',
      [ids],
    );
    expect(periods).toHaveLength(6 * 11);
    for (const id of ids) expect(periods.filter((p) => p.subscription_id === id).map((p) => p.period_index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const invoices = await a.db.sql.query<{ number: string }>('SELECT number FROM invoices WHERE id = ANY($1::text[]) ORDER BY number', [
      periods.map((p) => p.invoice_id),
    ]);
    expect(invoices).toHaveLength(66);
    expect(invoices.map((i) => i.number)).toEqual(Array.from({ length: 66 }, (_, i) => `INV-${String(i + 1).padStart(4, '0')}`));
    // Nothing is due any more: further passes on either instance do nothing.
    expect(await Promise.all([a.services.subscriptions.runDue(), b.services.subscriptions.runDue()])).toEqual([0, 0]);
  });

  it('the period key refuses a second invoice for a period, whatever path tried it', async () => {
    const [p] = await a.db.sql.query<{ subscription_id: string }>('SELECT subscription_id FROM subscription_periods LIMIT 1');
    await expect(
      a.db.sql.query(
        `INSERT INTO subscription_periods (subscription_id, period_index, start_at, end_at, invoice_id, due_at, created_at) VALUES ($1, 0, now(), now() + interval '1 day', 'inv_test_other', now(), now())`,
        [p!.subscription_id],
      ),
    ).rejects.toThrow(/duplicate key|unique/i);
  });
});
