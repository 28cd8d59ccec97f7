import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpFixture } from '../fixtures/smtp-server.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ManualClock } from '../../src/clock.js';
import { waitFor } from '../helpers/wait.js';
import { invoiceBody } from '../invoices/helpers.js';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('invoice email through a real SMTP server (pglite)', () => {
  let smtp: SmtpFixture;
  let s: TestServer;
  let key: string;
  const h = () => ({ 'x-api-key': key });

  beforeAll(async () => {
    smtp = await new SmtpFixture().start();
    s = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'billing@pay.example',
        DKIM_DOMAIN: 'pay.example',
        DKIM_SELECTOR: 'mail2026',
        // One-line form, as an .env file would hold it.
        DKIM_PRIVATE_KEY: PEM.replace(/\n/g, '\\n'),
        MAIL_RETRY_BASE_MS: '50',
        MAIL_POLL_MS: '50',
        MAIL_SEND_TIMEOUT_MS: '2000',
        PUBLIC_URL: 'https://pay.example',
      },
    });
    ({ key } = await s.createTestKey());
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.stop();
  });

  it('sends the invoice: sender in the merchant name, recipient, Reply-To, Test subject, pay link in both bodies, Message-ID, DKIM', async () => {
    const r = await s.post('/v1/invoices', { ...invoiceBody, replyTo: 'accounts@acme.example', send: true }, h());
    expect(r.status).toBe(201);
    const inv = r.body;
    const m = await waitFor(() => smtp.messages.find((x) => x.parsed.text?.includes(inv.id)), { what: 'the invoice email' });
    const link = `https://pay.example/invoice/${inv.id}`;
    expect(m.envelope).toEqual({ from: 'billing@pay.example', to: ['ap@customer.example'] });
    expect(m.parsed.from?.value).toEqual([{ name: 'Acme Tools', address: 'billing@pay.example' }]);
    expect(m.parsed.to).toMatchObject({ value: [{ address: 'ap@customer.example' }] });
    expect(m.parsed.replyTo?.value).toEqual([{ name: '', address: 'accounts@acme.example' }]);
    expect(m.parsed.subject).toBe(`[Test] Invoice ${inv.number} from Acme Tools: 49.00 USDC`);
    expect(m.parsed.text).toContain(`Pay with any token on any chain: ${link}`);
    expect(m.parsed.text).toContain('TEST MODE');
    expect(m.parsed.text).toContain('Amount due: 49.00 USDC (USDC on Base)');
    expect(m.parsed.text).toContain('- Consulting, November: 4 × 10.00 = 40.00 USDC');
    expect(m.parsed.text).toContain('Due 2026-12-10 (UTC)');
    expect(m.parsed.text).toContain('Thank you for your business.');
    expect(m.parsed.html).toContain(`href="${link}"`);
    expect(m.parsed.html).toContain('Test mode');
    expect(m.parsed.html).toContain('Consulting, November');
    expect(m.parsed.html).not.toMatch(/<script|<link|<style/i);
    const stored = await s.db.prisma.emailMessage.findFirstOrThrow({ where: { invoiceId: inv.id } });
    expect(m.parsed.messageId).toBe(stored.messageId);
    expect(stored.messageId).toMatch(/^<msg_[0-9A-Za-z]+@pay\.example>$/);
    const dkim = /^DKIM-Signature:(.*(?:\r?\n[ \t].*)*)/im.exec(m.raw)?.[1] ?? '';
    expect(dkim).toMatch(/\bd=pay\.example\b/);
    expect(dkim).toMatch(/\bs=mail2026\b/);
    expect(dkim).toMatch(/\bb=[A-Za-z0-9+/=\s]{100,}/);
    const after = await waitFor(async () => {
      const v = (await s.get(`/v1/invoices/${inv.id}`, h())).body;
      return v.lastEmail?.status === 'sent' ? v : undefined;
    });
    expect(after.lastEmail).toMatchObject({ kind: 'invoice', status: 'sent', attempts: 1, lastError: null });
  });

  it('an SMTP outage loses nothing: messages queued while the server is down are all delivered once it is back', async () => {
    await smtp.stop();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await s.post('/v1/invoices', { ...invoiceBody, customerEmail: `outage${i}@customer.example`, send: true }, h());
      // The API call never waits for or fails on SMTP.
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    // Proof that delivery was tried and failed while down: each message records a failed attempt.
    await waitFor(
      async () => (await s.db.prisma.emailMessage.count({ where: { invoiceId: { in: ids }, status: 'pending', lastError: { not: null } } })) === 5,
      {
        what: 'failed attempts during the outage',
      },
    );
    const failed = (await s.get(`/v1/invoices/${ids[0]}`, h())).body.lastEmail;
    expect(failed).toMatchObject({ status: 'pending', lastError: expect.stringMatching(/ECONNREFUSED|ECONNECTION|connect/i) });
    await smtp.start();
    await waitFor(() => ids.every((id) => smtp.messages.some((m) => m.parsed.text?.includes(id))), {
      what: 'every queued message after the outage',
    });
    const rows = await s.db.prisma.emailMessage.findMany({ where: { invoiceId: { in: ids } } });
    await waitFor(async () => (await s.db.prisma.emailMessage.count({ where: { invoiceId: { in: ids }, status: 'sent' } })) === 5);
    expect(rows.length).toBe(5);
    // Each message arrived once per successful attempt (no duplicates from the retries).
    for (const id of ids) expect(smtp.messages.filter((m) => m.parsed.text?.includes(id)).length).toBe(1);
  });
});

// The payment path wakes checkout's verifier, which would reach for a real RPC: here jobs are off and the test
// runs the mail job's pass itself (MailService.deliverDue, the job's body).
describe('receipt email (pglite, jobs driven by the test)', () => {
  let smtp: SmtpFixture;
  let s: TestServer;
  let key: string;
  const h = () => ({ 'x-api-key': key });

  beforeAll(async () => {
    smtp = await new SmtpFixture().start();
    s = await startTestServer({ env: { JOBS_ENABLED: 'false', SMTP_URL: smtp.url, MAIL_FROM: 'billing@pay.example', PUBLIC_URL: 'https://pay.example' } });
    ({ key } = await s.createTestKey());
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.stop();
  });

  it('the receipt email goes to the customer once the paying session is paid, with the PDF link; receiptSentAt is set', async () => {
    const inv = (await s.post('/v1/invoices', { ...invoiceBody, send: true }, h())).body;
    const pay = (await s.post(`/v1/invoices/${inv.id}/pay`)).body;
    const tx = `0x${'b2'.repeat(32)}`;
    await s.post(`/v1/checkout/sessions/${pay.sessionId}/submitted`, { txHash: tx, payer: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' });
    const payment = await s.db.prisma.checkoutPayment.findFirstOrThrow({ where: { sessionId: pay.sessionId } });
    // The verifier first sees the transaction on chain with the session's evidence, then settles it.
    await s.services.checkout.settlePayment(payment.id, { kind: 'seen' });
    await s.services.checkout.settlePayment(payment.id, { kind: 'succeeded', deliveryTxHash: tx, amountReceived: 49_000_000n });
    const m = await waitFor(
      async () => {
        await s.services.mail.deliverDue();
        return smtp.messages.find((x) => x.parsed.subject?.startsWith('[Test] Receipt') && x.parsed.text?.includes(inv.id));
      },
      { what: 'the receipt email' },
    );
    const pdf = `https://pay.example/v1/invoices/${inv.id}/receipt.pdf`;
    expect(m.parsed.subject).toBe(`[Test] Receipt for invoice ${inv.number} from Acme Tools: 49.00 USDC paid`);
    expect(m.parsed.text).toContain(`Receipt (PDF): ${pdf}`);
    expect(m.parsed.text).toContain(`Transaction: ${tx} (https://basescan.org/tx/${tx})`);
    expect(m.parsed.html).toContain(`href="${pdf}"`);
    const v = await waitFor(async () => {
      const b = (await s.get(`/v1/invoices/${inv.id}`, h())).body;
      return b.receiptSentAt ? b : undefined;
    });
    expect(v).toMatchObject({ status: 'paid', lastEmail: { kind: 'receipt', status: 'sent' } });
  });
});

// Two workers, one outbox: a batch whose sends outlast the lease of its later messages must not send those again
// once another worker has taken them over.
describe('a batch that outlasts its lease (pglite, jobs driven by the test)', () => {
  it('a message another worker claimed after its lease ran out is sent once, by that worker', async () => {
    const smtp = await new SmtpFixture().start();
    const clock = new ManualClock(Date.parse('2026-11-25T10:00:00.000Z'));
    const s = await startTestServer({
      clock,
      env: { JOBS_ENABLED: 'false', SMTP_URL: smtp.url, MAIL_FROM: 'billing@pay.example', MAIL_SEND_TIMEOUT_MS: '1000' },
    });
    try {
      const { key } = await s.createTestKey();
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) ids.push((await s.post('/v1/invoices', { ...invoiceBody, send: true }, { 'x-api-key': key })).body.id);
      // Worker A's pass claims both. Once the first is sent, time passes beyond the lease (3 s + 60 s here) and
      // worker B's pass (the same job body on another instance) claims and sends the second.
      let b: Promise<number> | undefined;
      s.services.mail.onDelivered(async () => {
        if (b) return;
        clock.advance(3 * 1000 + 60_000 + 1);
        b = s.services.mail.deliverDue();
        await b;
      });
      expect(await s.services.mail.deliverDue()).toBe(2);
      expect(await b).toBe(1);
      for (const id of ids) expect(smtp.messages.filter((m) => m.parsed.text?.includes(id)).length, id).toBe(1);
      const rows = await s.db.prisma.emailMessage.findMany({ where: { status: 'sent' } });
      expect(rows.length).toBe(2);
    } finally {
      await s.close();
      await smtp.stop();
    }
  });
});
