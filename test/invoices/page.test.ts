import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { INVOICE_PAGE_CSP } from '../../src/pages/invoice/page.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { invoiceBody } from './helpers.js';

describe('hosted invoice page and dev outbox over HTTP (pglite)', () => {
  let s: TestServer;
  let key: string;
  const clock = new ManualClock(Date.parse('2026-11-25T10:00:00.000Z'));
  const h = () => ({ 'x-api-key': key });
  const page = (id: string) => fetch(`${s.url}/invoice/${id}`, { redirect: 'manual' });
  const create = async (over: Record<string, unknown> = {}) => (await s.post('/v1/invoices', { ...invoiceBody, ...over }, h())).body;

  beforeAll(async () => {
    s = await startTestServer({ clock, env: { JOBS_ENABLED: 'false', DEV_MAIL_PAGE: 'true' } });
    ({ key } = await s.createTestKey());
  });
  afterAll(() => s?.close());

  it('drafts and unknown ids are 404; an open invoice shows merchant, customer, items, total, due date and memo under a strict CSP', async () => {
    const draft = await create();
    expect((await page(draft.id)).status).toBe(404);
    expect((await page('inv_test_nope')).status).toBe(404);
    const inv = await create({ send: true });
    const r = await page(inv.id);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toBe(INVOICE_PAGE_CSP);
    expect(INVOICE_PAGE_CSP).toContain("default-src 'none'");
    expect(INVOICE_PAGE_CSP).not.toMatch(/unsafe|script-src/);
    const html = await r.text();
    const number = (await s.get(`/v1/invoices/${inv.id}`, h())).body.number;
    for (const t of [
      'Acme Tools',
      `Invoice ${number}`,
      'Customer GmbH',
      'Consulting, November',
      '40.00',
      '49.00 USDC',
      'due 2026-12-10',
      'Thank you for your business.',
      'Test mode',
      `action="/invoice/${inv.id}/pay"`,
      '<caption>Line items</caption>',
    ])
      expect(html, t).toContain(t);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('ap@customer.example');
    expect(html).not.toContain(invoiceBody.recipient);
    const css = await fetch(`${s.url}/invoice/assets/invoice.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('escapes what the merchant typed', async () => {
    const inv = await create({
      send: true,
      customerName: '<script>alert(1)</script>',
      memo: '"><img src=x onerror=alert(1)>',
      lineItems: [{ description: '<b>bold</b>', quantity: 1, unitAmount: '1000000' }],
    });
    const html = await (await page(inv.id)).text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });

  it('the pay form redirects to the checkout page (and reuses the session); overdue is shown and still payable', async () => {
    const inv = await create({ send: true, dueAt: '2026-11-20' });
    const html = await (await page(inv.id)).text();
    expect(html).toContain('Overdue since 2026-11-20; you can still pay it.');
    const post = () =>
      fetch(`${s.url}/invoice/${inv.id}/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
    const r = await post();
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toMatch(/^\/pay\/cs_test_[0-9A-Za-z]+$/);
    expect((await post()).headers.get('location')).toBe(r.headers.get('location'));
    const v = (await s.get(`/v1/invoices/${inv.id}`, h())).body;
    expect(r.headers.get('location')).toBe(`/pay/${v.sessionId}`);
  });

  it('paid shows the receipt link and no pay button; void says so; paying a void invoice returns to its page', async () => {
    const inv = await create({ send: true });
    const { body: pay } = await s.post(`/v1/invoices/${inv.id}/pay`);
    const tx = `0x${'c3'.repeat(32)}`;
    await s.post(`/v1/checkout/sessions/${pay.sessionId}/submitted`, { txHash: tx, payer: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' });
    const payment = await s.db.prisma.checkoutPayment.findFirstOrThrow({ where: { sessionId: pay.sessionId } });
    // The verifier first sees the transaction on chain with the session's evidence, then settles it.
    await s.services.checkout.settlePayment(payment.id, { kind: 'seen' });
    await s.services.checkout.settlePayment(payment.id, { kind: 'succeeded', deliveryTxHash: tx, amountReceived: 49_000_000n });
    const paid = await (await page(inv.id)).text();
    expect(paid).toContain('Paid on 2026-11-25');
    expect(paid).toContain(`href="http://localhost:8787/v1/invoices/${inv.id}/receipt.pdf"`);
    expect(paid).not.toContain('/pay"');

    const v = await create({ send: true });
    await s.post(`/v1/invoices/${v.id}/void`, {}, h());
    const voided = await (await page(v.id)).text();
    expect(voided).toContain('voided');
    expect(voided).not.toContain('/pay"');
    const r = await fetch(`${s.url}/invoice/${v.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect([r.status, r.headers.get('location')]).toEqual([303, `/invoice/${v.id}`]);
    expect((await fetch(`${s.url}/invoice/inv_test_nope/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
  });

  it('the dev outbox lists every message and shows both bodies; without SMTP they are captured', async () => {
    const inv = await create({ send: true, customerEmail: 'outbox@customer.example' });
    await s.services.mail.deliverDue();
    const list = await fetch(`${s.url}/dev/mail`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await list.text();
    expect(html).toContain('outbox@customer.example');
    expect(html).toContain('captured');
    const msg = await s.db.prisma.emailMessage.findFirstOrThrow({ where: { invoiceId: inv.id } });
    expect(msg.status).toBe('captured');
    const body = await fetch(`${s.url}/dev/mail/${msg.id}`);
    expect(await body.text()).toContain(`http://localhost:8787/invoice/${inv.id}`);
    expect(await (await fetch(`${s.url}/dev/mail/${msg.id}.txt`)).text()).toContain('Pay with any token on any chain');
    expect((await fetch(`${s.url}/dev/mail/msg_nope`)).status).toBe(404);
    expect((await s.get(`/v1/invoices/${inv.id}`, h())).body.lastEmail).toMatchObject({ status: 'captured', kind: 'invoice' });
  });
});

describe('dev outbox when not asked for', () => {
  it('is not served by default, nor in production even when asked for', async () => {
    for (const env of [{}, { NODE_ENV: 'production', DEV_MAIL_PAGE: 'true' }] as Array<Record<string, string>>) {
      const s = await startTestServer({ env: { JOBS_ENABLED: 'false', ...env } });
      try {
        expect((await fetch(`${s.url}/dev/mail`)).status).toBe(404);
      } finally {
        await s.close();
      }
    }
  });
});
