import { SETUP_WRITE } from '../helpers/admin.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ManualClock } from '../../src/clock.js';
import { RECIPIENT } from '../invoices/helpers.js';

const DAY = 86_400_000;
const body = {
  customerEmail: 'ap@customer.example',
  merchantName: 'Acme Tools',
  lineItems: [{ description: 'Pro plan', quantity: 1, unitAmount: '49000000' }],
  settleChain: 'base',
  settleToken: 'USDC',
  recipient: RECIPIENT,
  interval: 'week',
};

describe('subscriptions API (pglite)', () => {
  let s: TestServer;
  let key: string;
  let live: string;
  const clock = new ManualClock(Date.parse('2027-03-01T10:00:00.000Z'));
  const h = (k = key) => ({ 'x-api-key': k });
  const events = async (id: string) =>
    (await s.db.sql.query<{ type: string }>('SELECT type FROM events WHERE resource_id = $1 ORDER BY sequence', [id])).map((e) => e.type);

  beforeAll(async () => {
    s = await startTestServer({ clock, env: { JOBS_ENABLED: 'false' } });
    const t = await s.createTestKey();
    key = t.key;
    await s.services.accounts.setLiveEnabled(t.accountId, true, SETUP_WRITE);
    live = (await s.services.accounts.createKey(t.accountId, 'live')).key;
  });
  afterAll(() => s?.close());

  it('refuses bad input with INVALID_PARAMS, never a 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ interval: 'fortnight' }, 'interval'],
      [{ intervalCount: 0 }, 'intervalCount'],
      [{ interval: 'month', intervalCount: 37 }, 'intervalCount'],
      [{ trialDays: -1 }, 'trialDays'],
      [{ daysUntilDue: 91 }, 'daysUntilDue'],
      [{ customerEmail: undefined }, 'customerEmail'],
      [{ startAt: '2027-02-01T00:00:00Z' }, 'startAt'],
      [{ startAt: 'tomorrow' }, 'startAt'],
      [{ testClockId: 'clock_nope' }, 'testClockId'],
      [{ metadata: { k: 1 } }, 'metadata.k'],
    ];
    for (const [patch, field] of cases) {
      const r = await s.post('/v1/subscriptions', { ...body, ...patch }, h());
      expect(r.status, `${JSON.stringify(patch)}: ${r.text}`).toBe(400);
      expect(r.body.error.code).toBe('INVALID_PARAMS');
      expect(JSON.stringify(r.body.error), JSON.stringify(patch)).toContain(field.split('.')[0]);
    }
  });

  it('live mode: no test clocks (FORBIDDEN to create, INVALID_PARAMS to attach), no sandbox payment', async () => {
    expect((await s.post('/v1/test-clocks', {}, h(live))).status).toBe(403);
    const clock = (await s.post('/v1/test-clocks', {}, h())).body;
    const r = await s.post('/v1/subscriptions', { ...body, testClockId: clock.id }, h(live));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_PARAMS');
    expect(r.body.error.message).toContain('testClockId');
    const sub = await s.post('/v1/subscriptions', body, h(live));
    expect(sub.status, sub.text).toBe(201);
    expect(sub.body.id).toMatch(/^sub_(?!test_)/);
    const pay = await s.post(`/v1/invoices/${sub.body.latestInvoiceId}/sandbox-pay`, {});
    expect(pay.status).toBe(403);
    expect(pay.body.error.code).toBe('FORBIDDEN');
    expect((await s.get(`/v1/invoices/${sub.body.latestInvoiceId}`, h(live))).body.status).toBe('open');
  });

  it('a trial invoices nothing until it ends; an update applies from the next period; the job issues on real time', async () => {
    const r = await s.post('/v1/subscriptions', { ...body, trialDays: 3, metadata: { plan: 'pro' } }, h());
    expect(r.status, r.text).toBe(201);
    const sub = r.body;
    expect(sub).toMatchObject({
      status: 'trialing',
      currentPeriodIndex: null,
      latestInvoiceId: null,
      trialEndAt: '2027-03-04T10:00:00.000Z',
      billingCycleAnchor: '2027-03-04T10:00:00.000Z',
      nextInvoiceAt: '2027-03-04T10:00:00.000Z',
      metadata: { plan: 'pro' },
    });
    clock.advance(3 * DAY);
    await s.services.subscriptions.runDue();
    const first = (await s.get(`/v1/subscriptions/${sub.id}`, h())).body;
    expect(first).toMatchObject({ status: 'active', currentPeriodIndex: 0 });
    expect(first.invoices[0]).toMatchObject({ amount: '49000000', status: 'open' });
    const upd = await s.request(`/v1/subscriptions/${sub.id}`, {
      method: 'PATCH',
      headers: { ...h(), 'content-type': 'application/json' },
      body: JSON.stringify({ lineItems: [{ description: 'Team plan', quantity: 2, unitAmount: '30000000' }] }),
    });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body.amount).toBe('60000000');
    // The issued invoice is unchanged; the next one bills the new items.
    expect((await s.get(`/v1/invoices/${first.latestInvoiceId}`, h())).body.amount).toBe('49000000');
    clock.advance(7 * DAY);
    await s.services.subscriptions.runDue();
    const second = (await s.get(`/v1/subscriptions/${sub.id}`, h())).body;
    expect(second.currentPeriodIndex).toBe(1);
    expect(second.invoices[0]).toMatchObject({ amount: '60000000', lineItems: [{ description: 'Team plan', quantity: 2, unitAmount: '30000000' }] });
    // Period 0's invoice went past due meanwhile (7 days after the period start).
    expect(second.status).toBe('past_due');
    expect(await events(sub.id)).toEqual([
      'subscription.created',
      'subscription.updated',
      'subscription.updated',
      'subscription.past_due',
      'subscription.renewed',
    ]);
    // Cancel now: canceled, the open invoices stay as they are.
    const c = await s.post(`/v1/subscriptions/${sub.id}/cancel`, {}, h());
    expect(c.body).toMatchObject({ status: 'canceled', cancellationReason: 'requested', nextInvoiceAt: null });
    expect((await s.get(`/v1/invoices/${first.latestInvoiceId}`, h())).body.status).toBe('open');
    expect((await s.get('/v1/subscriptions?status=canceled', h())).body.data.map((x: any) => x.id)).toContain(sub.id);
    expect((await s.post(`/v1/subscriptions/${sub.id}/resume`, {}, h())).status).toBe(409);
  });

  it('the hosted page of a test invoice pays it in the sandbox, with the events of a real payment', async () => {
    const sub = (await s.post('/v1/subscriptions', body, h())).body;
    const invoiceId = sub.latestInvoiceId;
    const page = await (await fetch(`${s.url}/invoice/${invoiceId}`)).text();
    expect(page).toContain(`action="/invoice/${invoiceId}/sandbox-pay"`);
    const r = await fetch(`${s.url}/invoice/${invoiceId}/sandbox-pay`, { method: 'POST', redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(`/invoice/${invoiceId}`);
    const inv = (await s.get(`/v1/invoices/${invoiceId}`, h())).body;
    expect(inv.status).toBe('paid');
    expect(await events(invoiceId)).toEqual(['invoice.sent', 'invoice.paid']);
    expect(await events(inv.sessionId)).toEqual(['checkout.session.processing', 'checkout.session.completed']);
    expect(await (await fetch(`${s.url}/invoice/${invoiceId}`)).text()).not.toContain('sandbox-pay');
    // Paid: once only.
    expect((await s.post(`/v1/invoices/${invoiceId}/sandbox-pay`, {})).status).toBe(409);
    // The receipt exists like for any payment.
    expect((await fetch(`${s.url}/v1/invoices/${invoiceId}/receipt.pdf`)).status).toBe(200);
  });

  it('a subscription whose step fails is retried later and never holds up the others', async () => {
    const broken = (await s.post('/v1/subscriptions', { ...body, startAt: new Date(clock.now() + DAY).toISOString() }, h())).body;
    const fine = (await s.post('/v1/subscriptions', { ...body, startAt: new Date(clock.now() + DAY + 1).toISOString() }, h())).body;
    // Line items the invoices domain refuses: issuing its invoice fails and rolls back.
    await s.db.sql.query(`UPDATE subscriptions SET line_items = '[]'::jsonb WHERE id = $1`, [broken.id]);
    clock.advance(DAY + 1);
    expect(await s.services.subscriptions.runDue()).toBe(2);
    expect((await s.get(`/v1/subscriptions/${fine.id}`, h())).body.currentPeriodIndex).toBe(0);
    const b = (await s.get(`/v1/subscriptions/${broken.id}`, h())).body;
    expect(b.currentPeriodIndex).toBeNull();
    const [row] = await s.db.sql.query<{ next_action_at: Date }>('SELECT next_action_at FROM subscriptions WHERE id = $1', [broken.id]);
    expect(new Date(row!.next_action_at).getTime()).toBe(clock.now() + 5 * 60_000);
  });

  it('triggers every subscription event type as a sample', async () => {
    for (const type of [
      'subscription.created',
      'subscription.updated',
      'subscription.renewed',
      'subscription.past_due',
      'subscription.reminder_sent',
      'subscription.canceled',
    ]) {
      const r = await s.post('/v1/webhook-endpoints/trigger', { type }, h());
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.subscription.object).toBe('subscription');
    }
  });

  it('test clocks: time never goes back, and deleting one deletes its subscriptions', async () => {
    const clk = (await s.post('/v1/test-clocks', { frozenTime: '2030-01-01T00:00:00Z' }, h())).body;
    expect((await s.post(`/v1/test-clocks/${clk.id}/advance`, { frozenTime: '2029-12-31T00:00:00Z' }, h())).status).toBe(400);
    expect((await s.post(`/v1/test-clocks/${clk.id}/advance`, { frozenTime: '2034-01-01T00:00:00Z' }, h())).status).toBe(400);
    const sub = (await s.post('/v1/subscriptions', { ...body, testClockId: clk.id }, h())).body;
    expect(sub.startAt).toBe('2030-01-01T00:00:00.000Z');
    // Real time does not move a clock's subscription.
    clock.advance(30 * DAY);
    await s.services.subscriptions.runDue();
    expect((await s.get(`/v1/subscriptions/${sub.id}`, h())).body.currentPeriodIndex).toBe(0);
    const del = await s.request(`/v1/test-clocks/${clk.id}`, { method: 'DELETE', headers: h() });
    expect(del.body).toEqual({ id: clk.id, object: 'test_clock', deleted: true });
    expect((await s.get(`/v1/subscriptions/${sub.id}`, h())).status).toBe(404);
    expect((await s.get(`/v1/invoices/${sub.latestInvoiceId}`, h())).status).toBe(200);
  });

  it('a clock left advancing by a stopped process is ready again after 5 minutes without progress', async () => {
    const clk = (await s.post('/v1/test-clocks', { frozenTime: '2032-01-01T00:00:00Z' }, h())).body;
    const sub = (await s.post('/v1/subscriptions', { ...body, testClockId: clk.id }, h())).body;
    // As a process that stopped mid-advance leaves it.
    await s.db.sql.query(`UPDATE test_clocks SET status = 'advancing', updated_at = $2 WHERE id = $1`, [clk.id, new Date(clock.now())]);
    const to = { frozenTime: '2032-02-15T00:00:00Z' };
    expect((await s.post(`/v1/test-clocks/${clk.id}/advance`, to, h())).status).toBe(409);
    clock.advance(5 * 60_000 + 1);
    const r = await s.post(`/v1/test-clocks/${clk.id}/advance`, to, h());
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'ready', frozenTime: '2032-02-15T00:00:00.000Z' });
    expect((await s.get(`/v1/subscriptions/${sub.id}`, h())).body.currentPeriodIndex).toBe(1);
  });

  it('a test clock takes at most 10 subscriptions not canceled, so one advance does bounded work', async () => {
    const clk = (await s.post('/v1/test-clocks', { frozenTime: '2031-01-01T00:00:00Z' }, h())).body;
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await s.post('/v1/subscriptions', { ...body, interval: 'day', daysUntilDue: 90, testClockId: clk.id }, h());
      expect(r.status, r.text).toBe(201);
      ids.push(r.body.id);
    }
    const over = await s.post('/v1/subscriptions', { ...body, testClockId: clk.id }, h());
    expect(over.status, over.text).toBe(400);
    expect(over.body.error.code).toBe('INVALID_PARAMS');
    expect(over.body.error.message).toContain('testClockId: a test clock takes at most 10');
    // A canceled one no longer counts.
    expect((await s.post(`/v1/subscriptions/${ids[0]}/cancel`, {}, h())).status).toBe(200);
    expect((await s.post('/v1/subscriptions', { ...body, testClockId: clk.id }, h())).status).toBe(201);
  });
});
