import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { erc20Abi, type Address } from 'viem';
import { launchChromium, startMerchant } from './harness.js';
import { withDevnet } from '../fixtures/devnet.js';
import { SmtpFixture } from '../fixtures/smtp-server.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { injectTestWallet } from './wallet.js';
import { withPageState } from './page-state.js';
import { DAI, USDC, freshAddress } from '../checkout/helpers.js';

/**
 * A subscription's invoice paid from end to end in a real browser against anvil posing as Base: the merchant
 * creates a monthly subscription due at once (so it is `past_due` from the start); its first invoice's email is
 * captured on loopback; the link is opened; the customer pays with DAI, routed through the mock provider, from
 * the hosted invoice page and the hosted pay page; the recipient receives the USDC; the period is marked paid,
 * the subscription becomes `active`, and invoice.paid and subscription.updated arrive as verified webhooks.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/', import.meta.url).pathname;
const devnet = withDevnet();

describe('subscription invoice paid in chromium', { timeout: 180_000 }, () => {
  let s: TestServer;
  let key: string;
  let secret: string;
  let smtp: SmtpFixture;
  let merchant: Awaited<ReturnType<typeof startMerchant>>;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    smtp = await new SmtpFixture().start();
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
    const ep = await s.post('/v1/webhook-endpoints', { url: `${merchant.url}/hook`, enabledEvents: ['invoice.*', 'subscription.*'] }, { 'x-api-key': key });
    expect(ep.status, ep.text).toBe(201);
    secret = ep.body.secret;
    browser = await launchChromium();
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await merchant?.close();
    await s?.close();
    await smtp?.stop();
  });

  type Evt = { type: string; resourceId: string; data: Record<string, any> };
  const hooks = () =>
    merchant.hooks.map(
      (h) => new Webhook(secret).verify(h.body, { 'webhook-id': h.id, 'webhook-timestamp': h.timestamp, 'webhook-signature': h.signature }) as Evt,
    );

  it('the first invoice, emailed, is paid with DAI routed on the devnet through the hosted pages; the subscription becomes active', async () => {
    const recipient = freshAddress() as Address;
    const created = await s.post(
      '/v1/subscriptions',
      {
        customerEmail: 'ap@customer.example',
        customerName: 'Customer GmbH',
        merchantName: 'Acme Hosting',
        lineItems: [{ description: 'Hosting, monthly', quantity: 1, unitAmount: '1500000' }],
        settleChain: 'base',
        settleToken: 'USDC',
        recipient,
        interval: 'month',
        daysUntilDue: 0,
      },
      { 'x-api-key': key },
    );
    expect(created.status, created.text).toBe(201);
    const sub = created.body;
    // Due at once: the first period's invoice is issued and overdue in the creating call.
    expect(sub).toMatchObject({ status: 'past_due', latestInvoiceId: expect.stringMatching(/^inv_test_/) });
    const invoiceId: string = sub.latestInvoiceId;
    const inv = (await s.get(`/v1/invoices/${invoiceId}`, { 'x-api-key': key })).body;
    expect(inv).toMatchObject({ status: 'open', amount: '1500000' });

    const mail = await waitFor(() => smtp.messages.find((m) => m.parsed.subject?.includes(inv.number)), { what: 'the invoice email' });
    expect(mail.envelope.to).toEqual(['ap@customer.example']);
    const link = /href="([^"]+\/invoice\/inv_[^"]+)"/.exec(String(mail.parsed.html))![1]!;
    expect(link).toBe(`${s.url}/invoice/${invoiceId}`);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { calls } = await injectTestWallet(context, devnet, 2);
    const page: Page = await context.newPage();
    try {
      await page.goto(link);
      await page.getByRole('heading', { name: `Invoice ${inv.number}` }).waitFor();
      expect(await page.getByText(`Subscription ${sub.id}`).first().isVisible()).toBe(true);
      await page.getByRole('button', { name: /^Pay 1\.50 USDC/ }).click();
      await page.waitForURL(/\/pay\/cs_test_[0-9A-Za-z]+$/);
      await page.getByRole('button', { name: 'Connect Test Wallet' }).click();
      const token = page.getByLabel('Pay with token');
      await token.waitFor();
      await page.getByText('You pay').first().waitFor();
      await token.selectOption(DAI.toLowerCase());
      await page.getByText(/You pay [0-9.]+ DAI/).waitFor();
      await page.screenshot({ path: `${ARTIFACTS}subscription-01-pay-dai.png`, fullPage: true });
      await page.getByRole('button', { name: /^Pay [0-9.]+ DAI$/ }).click();
      await page.waitForURL(new RegExp(`/invoice/${invoiceId}\\?session_id=cs_test_`), { timeout: 45_000 });
      await page.getByText(/Paid on \d{4}-\d{2}-\d{2}/).waitFor();
      await page.screenshot({ path: `${ARTIFACTS}subscription-02-paid.png`, fullPage: true });
      expect(calls.map((c) => c.method)).toContain('eth_sendTransaction');
    } catch (err) {
      throw await withPageState(err, page, `${s.url}/v1/invoices/${invoiceId}/public`);
    } finally {
      await context.close();
    }

    expect(await devnet.publicClient.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })).toBe(1_500_000n);

    const paidInv = (await s.get(`/v1/invoices/${invoiceId}`, { 'x-api-key': key })).body;
    expect(paidInv.status).toBe('paid');
    const session = (await s.get(`/v1/checkout/sessions/${paidInv.sessionId}`, { 'x-api-key': key })).body;
    expect(session).toMatchObject({ status: 'paid', payment: { srcToken: DAI.toLowerCase() } });
    expect(session.payments[0].kind).toBe('routed');

    const got = (await s.get(`/v1/subscriptions/${sub.id}`, { 'x-api-key': key })).body;
    expect(got.status).toBe('active');
    expect(got.periods).toHaveLength(1);
    expect(got.periods[0]).toMatchObject({ index: 0, invoiceId, paidAt: expect.any(String) });

    const paidHook = await waitFor(() => hooks().find((e) => e.type === 'invoice.paid' && e.resourceId === invoiceId), {
      intervalMs: 100,
      what: 'invoice.paid',
    });
    expect(paidHook.data.invoice).toMatchObject({ id: invoiceId, status: 'paid' });
    const updated = await waitFor(() => hooks().find((e) => e.type === 'subscription.updated' && e.resourceId === sub.id), {
      intervalMs: 100,
      what: 'subscription.updated',
    });
    expect(updated.data.subscription).toMatchObject({ id: sub.id, status: 'active' });
    const types = hooks()
      .filter((e) => e.resourceId === sub.id)
      .map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['subscription.created', 'subscription.past_due', 'subscription.updated']));
  });
});
