import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeSource, launchChromium, startMerchant } from './harness.js';
import { Webhook } from 'standardwebhooks';
import { erc20Abi, type Address } from 'viem';
import { withDevnet } from '../fixtures/devnet.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { injectTestWallet } from './wallet.js';
import { withPageState } from './page-state.js';
import { DAI, USDC, freshAddress, transfer, waitForSession } from '../checkout/helpers.js';
import { waitFor } from '../helpers/wait.js';

/**
 * The hosted pay page in a real browser (Debian chromium driven by playwright-core) against anvil posing as
 * Base: a payer pays with DAI through the mock provider, then by a direct USDC transfer; a local merchant
 * receives checkout.session.completed and verifies it with the standardwebhooks library; the browser lands on
 * the success URL. Screenshots of each page state go to test-artifacts/e2e/.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/', import.meta.url).pathname;
const devnet = withDevnet();

// Each test is a chain of real steps (browser, chain, verifier, webhook), each bounded by its own wait
// (up to 30 s for the redirect): the test's limit must cover that chain, not the 30 s default.
describe('hosted pay page end to end in chromium', { timeout: 120_000 }, () => {
  let s: TestServer;
  let key: string;
  let secret: string;
  let merchant: Awaited<ReturnType<typeof startMerchant>>;
  let browser: Browser;
  const axeBundle = axeSource();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    s = await startTestServer({
      env: {
        PROVIDERS: 'mock',
        MOCK_PROVIDER: '1',
        RPC_URL_8453: devnet.rpcUrl,
        ORDER_POLL_INTERVAL_MS: '100',
        CHECKOUT_CONFIRMATIONS: '8453:1',
        CHECKOUT_VERIFY_INTERVAL_MS: '100',
        WEBHOOK_POLL_MS: '100',
      },
    });
    ({ key } = await s.createTestKey());
    merchant = await startMerchant();
    const ep = await s.post('/v1/webhook-endpoints', { url: `${merchant.url}/hook`, enabledEvents: ['checkout.session.*'] }, { 'x-api-key': key });
    expect(ep.status, ep.text).toBe(201);
    secret = ep.body.secret;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await merchant?.close();
    await s?.close();
  });

  const createSession = async (over: Record<string, unknown> = {}) => {
    const recipient = freshAddress();
    const r = await s.post(
      '/v1/checkout/sessions',
      {
        amount: '25000000',
        settleChain: 'base',
        settleToken: 'USDC',
        recipient,
        merchantName: 'Acme Coffee',
        description: 'Two bags of beans',
        successUrl: `${merchant.url}/thanks?order=42`,
        cancelUrl: `${merchant.url}/cart`,
        ...over,
      },
      { 'x-api-key': key },
    );
    expect(r.status, r.text).toBe(201);
    return { id: r.body.id as string, recipient: recipient as Address };
  };

  const newPage = async (
    payerIndex: number,
    viewport = { width: 390, height: 844 },
  ): Promise<{ context: BrowserContext; page: Page; calls: Array<{ method: string }> }> => {
    const context = await browser.newContext({ viewport });
    const { calls } = await injectTestWallet(context, devnet, payerIndex);
    const page = await context.newPage();
    return { context, page, calls };
  };

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

  /** Moves focus with Tab until the focused element's text matches, then presses Enter (keyboard only). */
  const tabTo = async (page: Page, text: RegExp) => {
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (text.test(label)) return;
    }
    throw new Error(`no focusable element matching ${text}`);
  };

  const completedHook = async (sessionId: string) => {
    type Completed = { type: string; data: { session: { id: string; status: string } } };
    return waitFor(
      () =>
        merchant.hooks
          .map(
            (h) => new Webhook(secret).verify(h.body, { 'webhook-id': h.id, 'webhook-timestamp': h.timestamp, 'webhook-signature': h.signature }) as Completed,
          )
          .find((evt) => evt.type === 'checkout.session.completed' && evt.data.session.id === sessionId),
      { intervalMs: 100, what: 'checkout.session.completed to be delivered' },
    );
  };

  it('serves the page with a strict CSP; unknown sessions get 404', async () => {
    const cs = await createSession();
    const r = await fetch(`${s.url}/pay/${cs.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await r.text()).toContain('/pay/assets/app.js');
    expect((await fetch(`${s.url}/pay/cs_test_nope`)).status).toBe(404);
    const js = await fetch(`${s.url}/pay/assets/app.js`);
    expect(js.headers.get('content-type')).toContain('javascript');
  });

  it('pays with DAI through the mock provider, by keyboard, on a phone-sized screen, and lands on the success URL', async () => {
    const cs = await createSession();
    const { context, page, calls } = await newPage(1);
    try {
      await page.goto(`${s.url}/pay/${cs.id}`);
      await page.getByRole('heading', { name: 'Pay 25.00 USDC' }).waitFor();
      await page.getByRole('button', { name: 'Connect Test Wallet' }).waitFor();
      expect(await page.getByText('Acme Coffee', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Two bags of beans').isVisible()).toBe(true);
      expect(await page.getByText(/Settles in USDC on Base/).isVisible()).toBe(true);
      await shot(page, '01-open');
      expect(await axe(page)).toEqual([]);
      // Nothing wider than the phone screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await tabTo(page, /Connect Test Wallet/);
      await page.keyboard.press('Enter');
      const token = page.getByLabel('Pay with token');
      await token.waitFor();
      await page.getByText('You pay').first().waitFor();
      await token.selectOption(DAI.toLowerCase());
      await page.getByText(/You pay [0-9.]+ DAI/).waitFor();
      await page.getByText(/service fee 0\.20%/).waitFor();
      await shot(page, '02-quote-dai');
      expect(await axe(page)).toEqual([]);

      const payButton = page.getByRole('button', { name: /^Pay [0-9.]+ DAI$/ });
      await payButton.focus();
      await page.keyboard.press('Enter');
      await page.getByText(/Payment sent|Paid/).waitFor({ timeout: 20_000 });
      await shot(page, '03-processing-or-paid');
      await page.waitForURL(`${merchant.url}/thanks?order=42&session_id=${cs.id}`, { timeout: 30_000 });
      await shot(page, '04-success-url');
      expect(calls.map((c) => c.method)).toContain('eth_sendTransaction');

      const evt = await completedHook(cs.id);
      expect(evt.data.session.status).toBe('paid');
      const full = (await s.get(`/v1/checkout/sessions/${cs.id}`, { 'x-api-key': key })).body;
      expect(full).toMatchObject({ status: 'paid', payment: { srcToken: DAI.toLowerCase() } });
      expect(full.payments[0].kind).toBe('routed');
    } catch (err) {
      throw await withPageState(err, page, `${s.url}/v1/checkout/sessions/${cs.id}`);
    } finally {
      await context.close();
    }
  });

  it('pays by a direct USDC transfer of exactly the amount', async () => {
    const cs = await createSession({ amount: '1500000' });
    const { context, page } = await newPage(2, { width: 1280, height: 900 });
    try {
      const before = await devnet.publicClient.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [cs.recipient] });
      await page.goto(`${s.url}/pay/${cs.id}`);
      await page.getByRole('button', { name: 'Connect Test Wallet' }).click();
      const token = page.getByLabel('Pay with token');
      await token.waitFor();
      await token.selectOption(USDC.toLowerCase());
      await page.getByText(/A plain USDC transfer of exactly the amount due\. No fees\./).waitFor();
      await page.getByText('You pay 1.50 USDC').waitFor();
      await shot(page, '05-quote-direct-usdc');
      await page.getByRole('button', { name: 'Pay 1.50 USDC' }).click();
      await page.waitForURL(new RegExp(`session_id=${cs.id}$`), { timeout: 30_000 });
      await shot(page, '06-success-url-direct');
      const after = await devnet.publicClient.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [cs.recipient] });
      expect(after - before).toBe(1_500_000n);
      expect((await completedHook(cs.id)).data.session.status).toBe('paid');
      expect((await s.get(`/v1/checkout/sessions/${cs.id}`, { 'x-api-key': key })).body.payments[0].kind).toBe('direct');
    } catch (err) {
      throw await withPageState(err, page, `${s.url}/v1/checkout/sessions/${cs.id}`);
    } finally {
      await context.close();
    }
  });

  it('shows expired, paid and needs-review states clearly', async () => {
    const expired = await createSession();
    await s.post(`/v1/checkout/sessions/${expired.id}/expire`, {}, { 'x-api-key': key });
    const review = await createSession({ amount: '2000000' });
    const short = await transfer(devnet, 3, USDC, review.recipient, 1_000_000n, { session: review.id });
    const shortReport = await s.post(`/v1/checkout/sessions/${review.id}/submitted`, { txHash: short, payer: devnet.accounts[3]!.address });
    expect(shortReport.status, shortReport.text).toBe(200);
    await waitForSession(s, review.id, (b) => b.status === 'needs_review');
    const paid = await createSession({ amount: '1000000', successUrl: undefined });
    const ok = await transfer(devnet, 3, USDC, paid.recipient, 1_000_000n, { session: paid.id });
    const okReport = await s.post(`/v1/checkout/sessions/${paid.id}/submitted`, { txHash: ok, payer: devnet.accounts[3]!.address });
    expect(okReport.status, okReport.text).toBe(200);
    await waitForSession(s, paid.id, (b) => b.status === 'paid');

    const { context, page } = await newPage(4);
    try {
      for (const [cs, text, name] of [
        [expired, /This payment link has expired/, '07-expired'],
        [review, /The merchant is reviewing it/, '08-needs-review'],
        [paid, /Paid\. Thank you!/, '09-paid'],
      ] as const) {
        await page.goto(`${s.url}/pay/${cs.id}`);
        await page.getByText(text).waitFor();
        expect(await page.getByRole('button', { name: /Connect/ }).count()).toBe(0);
        // "Cancel" is offered only while nothing was sent; an expired link may still lead back.
        expect(await page.getByRole('link', { name: /Cancel and return/ }).count()).toBe(0);
        if (cs === expired) expect(await page.getByRole('link', { name: /^Return to / }).count()).toBe(1);
        await shot(page, name);
        expect(await axe(page)).toEqual([]);
      }
      await page.goto(`${s.url}/pay/cs_test_missing`);
      await page.getByRole('heading', { name: 'Payment not found' }).waitFor();
      await shot(page, '10-not-found');
    } finally {
      await context.close();
    }
  });

  it('follows a session under review: reopened by the merchant it offers payment again; accepted it is paid and returns to the merchant', async () => {
    const cs = await createSession({ amount: '2000000' });
    const underpay = async () => {
      const short = await transfer(devnet, 6, USDC, cs.recipient, 1_000_000n, { session: cs.id });
      const r = await s.post(`/v1/checkout/sessions/${cs.id}/submitted`, { txHash: short, payer: devnet.accounts[6]!.address });
      expect(r.status, r.text).toBe(200);
      await waitForSession(s, cs.id, (b) => b.status === 'needs_review');
    };
    await underpay();
    const { context, page } = await newPage(6);
    try {
      await page.goto(`${s.url}/pay/${cs.id}`);
      await page.getByText(/The merchant is reviewing it/).waitFor();
      expect(await page.getByRole('button', { name: /Connect/ }).count()).toBe(0);
      // The merchant reopens it: the open page, without a reload, offers payment again.
      const reopened = await s.post(`/v1/checkout/sessions/${cs.id}/review/reopen`, { note: 'Please pay the full amount' }, { 'x-api-key': key });
      expect(reopened.body.status, reopened.text).toBe('open');
      await page
        .getByRole('button', { name: /Connect/ })
        .first()
        .waitFor({ timeout: 20_000 });
      await shot(page, '11-reopened');
      // Short again, then accepted as paid: the page says so and goes back to the merchant.
      await underpay();
      await page.getByText(/The merchant is reviewing it/).waitFor({ timeout: 20_000 });
      const accepted = await s.post(`/v1/checkout/sessions/${cs.id}/review/accept`, { note: 'Paid the rest in the shop' }, { 'x-api-key': key });
      expect(accepted.body.status, accepted.text).toBe('paid');
      await page.waitForURL(`${merchant.url}/thanks?order=42&session_id=${cs.id}`, { timeout: 30_000 });
      expect((await completedHook(cs.id)).data.session.status).toBe('paid');
    } catch (err) {
      throw await withPageState(err, page, `${s.url}/v1/checkout/sessions/${cs.id}`);
    } finally {
      await context.close();
    }
  });
});
