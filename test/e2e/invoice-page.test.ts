import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeSource, launchChromium, startMerchant } from './harness.js';
import { Webhook } from 'standardwebhooks';
import { erc20Abi, type Address } from 'viem';
import { withDevnet } from '../fixtures/devnet.js';
import { SmtpFixture } from '../fixtures/smtp-server.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { pdfText, pdfToPngs } from '../helpers/pdf.js';
import { injectTestWallet } from './wallet.js';
import { withPageState } from './page-state.js';
import { USDC, freshAddress } from '../checkout/helpers.js';

/**
 * An invoice from end to end in a real browser (Debian chromium driven by playwright-core) against anvil posing
 * as Base: the merchant creates and sends it; the email is captured by an SMTP server on loopback; its link is
 * opened; the customer pays on the devnet through the hosted invoice page and the hosted pay page (keyboard,
 * phone-sized, axe-clean); the merchant receives invoice.paid and verifies it with standardwebhooks; the
 * receipt email arrives and its PDF is downloaded and read back. Screenshots and the receipt's pages go to
 * test-artifacts/e2e/.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/', import.meta.url).pathname;
const devnet = withDevnet();

describe('invoice end to end in chromium', { timeout: 180_000 }, () => {
  let s: TestServer;
  let key: string;
  let secret: string;
  let smtp: SmtpFixture;
  let merchant: Awaited<ReturnType<typeof startMerchant>>;
  let browser: Browser;
  const axeBundle = axeSource();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    smtp = await new SmtpFixture().start();
    // The service's public URL is its own address, so the links in the emails open it.
    const port = await freePort();
    s = await startTestServer({
      port,
      env: {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PROVIDERS: 'mock',
        MOCK_PROVIDER: '1',
        RPC_URL_8453: devnet.rpcUrl,
        ORDER_POLL_INTERVAL_MS: '100',
        CHECKOUT_CONFIRMATIONS: '8453:1',
        CHECKOUT_VERIFY_INTERVAL_MS: '100',
        WEBHOOK_POLL_MS: '100',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'billing@pay.example',
        MAIL_POLL_MS: '100',
      },
    });
    ({ key } = await s.createTestKey());
    merchant = await startMerchant();
    const ep = await s.post('/v1/webhook-endpoints', { url: `${merchant.url}/hook`, enabledEvents: ['invoice.*'] }, { 'x-api-key': key });
    expect(ep.status, ep.text).toBe(201);
    secret = ep.body.secret;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await merchant?.close();
    await s?.close();
    await smtp?.stop();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
  const axe = async (page: Page) => {
    await page.evaluate(axeBundle);
    const result = await page.evaluate(async () =>
      (window as unknown as { axe: { run(o: unknown): Promise<{ violations: Array<{ id: string; help: string; nodes: unknown[] }> }> } }).axe.run({
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      }),
    );
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
  };
  const tabTo = async (page: Page, text: RegExp) => {
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (text.test(label)) return;
    }
    throw new Error(`no focusable element matching ${text}`);
  };

  it('sent by email, opened from the link, paid on the devnet through the hosted pages; invoice.paid verified; receipt emailed with its PDF', async () => {
    const recipient = freshAddress() as Address;
    const created = await s.post(
      '/v1/invoices',
      {
        customerEmail: 'ap@customer.example',
        customerName: 'Customer GmbH',
        merchantName: 'Acme Tools',
        lineItems: [
          { description: 'Design review', quantity: 1, unitAmount: '1000000' },
          { description: 'Stickers', quantity: 5, unitAmount: '100000' },
        ],
        settleChain: 'base',
        settleToken: 'USDC',
        recipient,
        memo: 'Thanks!',
        dueAt: '2026-01-01',
        send: true,
      },
      { 'x-api-key': key },
    );
    expect(created.status, created.text).toBe(201);
    const inv = created.body;

    const mail = await waitFor(() => smtp.messages.find((m) => m.parsed.subject?.includes(inv.number)), { what: 'the invoice email' });
    const link = /href="([^"]+\/invoice\/inv_[^"]+)"/.exec(String(mail.parsed.html))![1]!;
    expect(link).toBe(`${s.url}/invoice/${inv.id}`);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await injectTestWallet(context, devnet, 1);
    const page = await context.newPage();
    try {
      await page.goto(link);
      await page.getByRole('heading', { name: `Invoice ${inv.number}` }).waitFor();
      expect(await page.getByText(/Overdue since 2026-01-01; you can still pay it\./).isVisible()).toBe(true);
      expect(await page.getByText('Customer GmbH').isVisible()).toBe(true);
      expect(await page.getByRole('cell', { name: 'Design review' }).isVisible()).toBe(true);
      expect(await page.getByText('Thanks!').isVisible()).toBe(true);
      await shot(page, 'invoice-01-open');
      expect(await axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await tabTo(page, /Pay 1\.50 USDC/);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/pay\/cs_test_[0-9A-Za-z]+$/);
      await page.getByRole('button', { name: 'Connect Test Wallet' }).click();
      const token = page.getByLabel('Pay with token');
      await token.waitFor();
      await token.selectOption(USDC.toLowerCase());
      await page.getByText('You pay 1.50 USDC').waitFor();
      await shot(page, 'invoice-02-pay-page');
      await page.getByRole('button', { name: 'Pay 1.50 USDC' }).click();
      // Paid: the pay page returns to the invoice page, which now shows the receipt.
      await page.waitForURL(new RegExp(`/invoice/${inv.id}\\?session_id=cs_test_`), { timeout: 45_000 });
      await page.getByText(/Paid on \d{4}-\d{2}-\d{2}/).waitFor();
      await shot(page, 'invoice-03-paid');
      expect(await axe(page)).toEqual([]);
      expect(await page.getByRole('button', { name: /Pay/ }).count()).toBe(0);
      const receiptLink = await page.getByRole('link', { name: 'Download the receipt (PDF)' }).getAttribute('href');
      expect(receiptLink).toBe(`${s.url}/v1/invoices/${inv.id}/receipt.pdf`);
    } catch (err) {
      throw await withPageState(err, page, `${s.url}/v1/invoices/${inv.id}/public`);
    } finally {
      await context.close();
    }

    const after = await devnet.publicClient.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] });
    expect(after).toBe(1_500_000n);

    type Paid = {
      type: string;
      resourceId: string;
      data: {
        invoice: { id: string; status: string; sessionId: string };
        session: { id: string; status: string; invoiceId: string; payment: { srcTxHash: string } };
      };
    };
    const evt = await waitFor(
      () =>
        merchant.hooks
          .map((h) => new Webhook(secret).verify(h.body, { 'webhook-id': h.id, 'webhook-timestamp': h.timestamp, 'webhook-signature': h.signature }) as Paid)
          .find((e) => e.type === 'invoice.paid' && e.resourceId === inv.id),
      { intervalMs: 100, what: 'invoice.paid to be delivered' },
    );
    expect(evt.data.invoice).toMatchObject({ id: inv.id, status: 'paid' });
    expect(evt.data.session).toMatchObject({ id: evt.data.invoice.sessionId, status: 'paid', invoiceId: inv.id });
    const txHash = evt.data.session.payment.srcTxHash;

    const receipt = await waitFor(() => smtp.messages.find((m) => m.parsed.subject?.includes(`Receipt for invoice ${inv.number}`)), {
      what: 'the receipt email',
    });
    expect(receipt.envelope.to).toEqual(['ap@customer.example']);
    const pdfUrl = /Receipt \(PDF\): (\S+)/.exec(String(receipt.parsed.text))![1]!;
    expect(pdfUrl).toBe(`${s.url}/v1/invoices/${inv.id}/receipt.pdf`);
    const res = await fetch(pdfUrl);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await res.arrayBuffer());
    const text = (await pdfText(pdf)).pages.join('\n').replace(/\/\s+/g, '/').replace(/\s+/g, ' ');
    for (const t of [
      'Acme Tools',
      'Customer GmbH',
      inv.number,
      'Design review',
      'Stickers 5 0.10 0.50',
      'Total paid 1.50 USDC',
      'Settlement chain Base',
      'Paying chain Base',
      'Paying token USDC',
      `Transaction ${txHash}`,
      `https://basescan.org/tx/${txHash}`,
    ])
      expect(text, t).toContain(t);
    await pdfToPngs(pdf, ARTIFACTS, 'invoice-04-receipt');
  });
});
