import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpFixture } from '../fixtures/smtp-server.js';
import { WebhookReceiver } from '../fixtures/webhook-receiver.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { verifyWith } from '../webhooks/helpers.js';
import { periodStart } from '../../src/billing/periods.js';
import { RECIPIENT } from '../invoices/helpers.js';

const DAY = 86_400_000;
const ANCHOR = Date.parse('2027-01-31T09:00:00.000Z');
const iso = (t: number) => new Date(t).toISOString();
const start = (n: number) => periodStart(ANCHOR, 'month', 1, n);
const due = (n: number) => start(n) + 7 * DAY;

/**
 * A year of billing in one test: a monthly subscription anchored on January 31 on a test clock, advanced
 * through 13 periods. Every invoice is paid in the sandbox as it is issued, except period 4 (past due, two
 * reminders, paid late → active) and period 12 (never paid: past due, two reminders, canceled 7 days after
 * its due date, invoice voided). Every email goes through a loopback SMTP server, every webhook is verified.
 */
describe('a year of subscription billing on a test clock (pglite)', () => {
  let smtp: SmtpFixture;
  let rx: WebhookReceiver;
  let s: TestServer;
  let key: string;
  let secret: string;
  const h = () => ({ 'x-api-key': key });
  const post = async (path: string, body: unknown = {}) => {
    const r = await s.post(path, body, h());
    expect(r.status, `${path}: ${r.text}`).toBeLessThan(300);
    return r.body;
  };
  const get = async (path: string) => {
    const r = await s.get(path, h());
    expect(r.status, r.text).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    smtp = await new SmtpFixture().start();
    rx = await new WebhookReceiver().start();
    s = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'billing@pay.example',
        MAIL_POLL_MS: '50',
        MAIL_RETRY_BASE_MS: '50',
        WEBHOOK_POLL_MS: '100',
        WEBHOOK_RETRY_BASE_MS: '100',
        PUBLIC_URL: 'https://pay.example',
      },
    });
    ({ key } = await s.createTestKey());
    const ep = await post('/v1/webhook-endpoints', { url: `${rx.url}/hook`, enabledEvents: ['subscription.*', 'invoice.*'] });
    secret = ep.secret;
  });
  afterAll(async () => {
    await s?.close();
    await rx?.stop();
    await smtp?.stop();
  });

  it('issues 13 invoices on the month-end anchor, runs dunning twice, recovers once and cancels once', async () => {
    const clock = await post('/v1/test-clocks', { name: 'year', frozenTime: iso(ANCHOR) });
    expect(clock).toMatchObject({ object: 'test_clock', livemode: false, status: 'ready', frozenTime: iso(ANCHOR) });

    const sub = await post('/v1/subscriptions', {
      customerEmail: 'ap@customer.example',
      customerName: 'Customer GmbH',
      merchantName: 'Acme Tools',
      lineItems: [{ description: 'Pro plan', quantity: 1, unitAmount: '49000000' }],
      settleChain: 'base',
      settleToken: 'USDC',
      recipient: RECIPIENT,
      interval: 'month',
      testClockId: clock.id,
    });
    expect(sub).toMatchObject({
      status: 'active',
      currentPeriodIndex: 0,
      currentPeriodStart: iso(start(0)),
      currentPeriodEnd: '2027-02-28T09:00:00.000Z',
      testClockId: clock.id,
    });
    expect(sub.id).toMatch(/^sub_test_/);

    const advance = async (t: number) => {
      const c = await post(`/v1/test-clocks/${clock.id}/advance`, { frozenTime: iso(t) });
      expect(c).toMatchObject({ status: 'ready', frozenTime: iso(t) });
    };
    const current = () => get(`/v1/subscriptions/${sub.id}`);
    const pay = async (invoiceId: string) => {
      const inv = await post(`/v1/invoices/${invoiceId}/sandbox-pay`);
      expect(inv.status).toBe('paid');
    };

    const invoiceIds: string[] = [];
    for (let n = 0; n <= 12; n++) {
      if (n > 0) await advance(start(n));
      let cur = await current();
      expect(cur.currentPeriodIndex, `period ${n}`).toBe(n);
      expect(cur.currentPeriodStart).toBe(iso(start(n)));
      const period = cur.periods[0];
      expect(period).toMatchObject({ index: n, dueAt: iso(due(n)), paidAt: null });
      const invoice = cur.invoices.find((i: any) => i.id === period.invoiceId);
      expect(invoice).toMatchObject({ status: 'open', number: `INV-${String(n + 1).padStart(4, '0')}`, dueAt: iso(due(n)), amount: '49000000' });
      invoiceIds.push(period.invoiceId);

      if (n === 4) {
        await advance(due(n) + DAY);
        cur = await current();
        expect(cur.status).toBe('past_due');
        expect(cur.periods[0].remindersSentAt).toEqual([iso(due(n) + DAY)]);
        await advance(due(n) + 3 * DAY + 1);
        cur = await current();
        expect(cur.status).toBe('past_due');
        expect(cur.periods[0].remindersSentAt).toEqual([iso(due(n) + DAY), iso(due(n) + 3 * DAY)]);
        await pay(period.invoiceId);
        cur = await current();
        expect(cur.status).toBe('active');
        expect(cur.periods[0].paidAt).toBe(iso(due(n) + 3 * DAY + 1));
      } else if (n === 12) {
        await advance(due(n) + 7 * DAY - 1);
        cur = await current();
        expect(cur.status).toBe('past_due');
        await advance(due(n) + 7 * DAY);
        cur = await current();
        expect(cur).toMatchObject({ status: 'canceled', cancellationReason: 'dunning', canceledAt: iso(due(n) + 7 * DAY), nextInvoiceAt: null });
        expect(cur.periods[0].voidedAt).toBe(iso(due(n) + 7 * DAY));
        expect(cur.invoices.find((i: any) => i.id === period.invoiceId).status).toBe('void');
      } else {
        await pay(period.invoiceId);
        expect((await current()).status).toBe('active');
      }
    }
    // Month-end anchoring never drifts: Feb 28, Mar 31, Apr 30, …, Jan 31.
    const periods = (await current()).periods.reverse();
    expect(periods.map((p: any) => p.startAt.slice(0, 10))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
    ]);
    // A canceled subscription issues nothing more, however far the clock goes.
    await advance(start(15));
    expect((await current()).periods).toHaveLength(13);

    // Emails: 13 invoices, 12 receipts, 2 reminders for period 4 and 2 for period 12.
    const mine = () => smtp.messages.filter((m) => m.envelope.to.includes('ap@customer.example'));
    await waitFor(() => mine().length >= 29, { what: '29 emails' });
    const subjects = mine().map((m) => m.parsed.subject ?? '');
    expect(subjects.filter((x) => x.startsWith('[Test] Invoice INV-'))).toHaveLength(13);
    expect(subjects.filter((x) => x.startsWith('[Test] Receipt for invoice'))).toHaveLength(12);
    const reminders = mine().filter((m) => m.parsed.subject?.startsWith('[Test] Reminder: invoice'));
    expect(reminders.map((m) => m.parsed.subject!.match(/INV-\d+/)![0]).sort()).toEqual(['INV-0005', 'INV-0005', 'INV-0013', 'INV-0013']);
    for (const r of reminders) expect(r.parsed.text).toMatch(/Reminder [12] of 2: invoice INV-00(05|13) was due/);
    for (const r of reminders)
      expect(r.parsed.text).toContain(`https://pay.example/invoice/${r.parsed.subject!.includes('INV-0005') ? invoiceIds[4] : invoiceIds[12]}`);
    expect(mine()).toHaveLength(29);

    // Webhooks: every delivery verifies; the subscription's story in order.
    const events = await s.db.sql.query<{ id: string; type: string }>(`SELECT id, type FROM events WHERE resource_id = $1 ORDER BY sequence`, [sub.id]);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('subscription.created');
    expect(types.filter((t) => t === 'subscription.renewed')).toHaveLength(12);
    expect(types.filter((t) => t === 'subscription.past_due')).toHaveLength(2);
    expect(types.filter((t) => t === 'subscription.reminder_sent')).toHaveLength(4);
    expect(types.filter((t) => t === 'subscription.updated')).toHaveLength(1);
    expect(types.at(-1)).toBe('subscription.canceled');
    const invoiceEvents = await s.db.sql.query<{ id: string; type: string }>(`SELECT id, type FROM events WHERE resource_id = ANY($1::text[])`, [invoiceIds]);
    const all = [...events, ...invoiceEvents];
    expect(invoiceEvents.filter((e) => e.type === 'invoice.sent')).toHaveLength(13);
    expect(invoiceEvents.filter((e) => e.type === 'invoice.paid')).toHaveLength(12);
    await waitFor(() => all.every((e) => rx.received.some((r) => r.id === e.id)), { what: 'every event delivered' });
    for (const e of all) {
      const got = rx.received.find((r) => r.id === e.id)!;
      expect(verifyWith(secret, got)).toMatchObject({ id: e.id, type: e.type });
    }
    const canceled = verifyWith(secret, rx.received.find((r) => r.id === events.at(-1)!.id)!) as any;
    expect(canceled.data.subscription).toMatchObject({ id: sub.id, status: 'canceled', cancellationReason: 'dunning' });
  });
});
