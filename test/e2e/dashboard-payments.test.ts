import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { axeSource, launchChromium } from './harness.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';
import { ORDER_POLL_JOB } from '../../src/orders/jobs.js';
import { accountEventsTopic } from '../../src/events/topics.js';
import { formatUnits, parseUnits } from '../../web/dashboard/src/pages/payments/amounts.js';

/**
 * The payment pages of the dashboard in chromium, signed in by a session cookie: an order (a deposit at a test
 * deposit address) and a checkout session change on the server and the open pages follow without a reload; an
 * invoice typed in whole tokens reaches the API as base units; the CSV exports download and parse; every page is
 * axe-clean on a desktop and a phone and kept as a screenshot in test-artifacts/e2e/dashboard/.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/dashboard/', import.meta.url).pathname;
const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const RECIPIENT = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
const REFUND = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

describe('amounts between people and the API', () => {
  it.each([
    ['25000000', 6, '25'],
    ['1234567', 6, '1.234567'],
    ['1', 18, '0.000000000000000001'],
    ['0', 6, '0'],
    ['100', 0, '100'],
    [
      '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      18,
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    ],
  ])('formatUnits(%s, %i) = %s, and back', (base, decimals, text) => {
    expect(formatUnits(base, decimals)).toBe(text);
    expect(parseUnits(text, decimals, { allowZero: true })).toEqual({ ok: true, base });
  });

  it.each([
    ['12.50', 6, { ok: true, base: '12500000' }],
    ['1,000', 6, { ok: true, base: '1000000000' }],
    ['.5', 6, { ok: true, base: '500000' }],
    ['007', 6, { ok: true, base: '7000000' }],
    ['0.0000001', 6, { ok: false, message: 'At most 6 decimal places for this token.' }],
    ['0', 6, { ok: false, message: 'The amount must be greater than 0.' }],
    ['', 6, { ok: false, message: 'Enter an amount.' }],
    ['1e6', 6, { ok: false, message: 'Enter a number such as 12.50 (digits and one decimal point).' }],
    ['-1', 6, { ok: false, message: 'Enter a number such as 12.50 (digits and one decimal point).' }],
    ['.', 6, { ok: false, message: 'Enter a number such as 12.50 (digits and one decimal point).' }],
  ])('parseUnits(%j, %i)', (text, decimals, want) => {
    expect(parseUnits(text, decimals)).toEqual(want);
  });
});

describe('dashboard payment pages in chromium', { timeout: 180_000 }, () => {
  let s: TestServer;
  let browser: Browser;
  let accountId: string;
  let key: string;
  const llama = new DefiLlamaServer();
  const axeBundle = axeSource();
  const h = () => ({ 'x-api-key': key });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await llama.start();
    // The order poller runs when kicked (a deposit, the test), not on its own between the page's reads.
    // The dashboard's origin is PUBLIC_URL: the WebSocket upgrade (live data) and writes are refused from any other.
    const port = await freePort();
    s = await startTestServer({
      port,
      env: { PUBLIC_URL: `http://127.0.0.1:${port}`, DEFILLAMA_API_URL: llama.url, ORDER_POLL_INTERVAL_MS: '600000', DEPOSIT_POLL_INTERVAL_MS: '600000' },
    });
    const account = await s.services.accounts.createAccount('Acme Coffee');
    accountId = account.id;
    ({ key } = await s.services.accounts.createKey(accountId, 'test'));
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
    await llama.close();
  });

  /** A context signed in as the account's owner: the session cookie set as sign-in sets it. */
  async function signedIn(viewport = { width: 1280, height: 860 }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const member = await s.services.accounts.ensureMember(accountId, 'evm', OWNER, 'owner');
    const { token } = await s.services.auth.createSession(member, { userAgent: 'e2e' });
    const context = await browser.newContext({ viewport, acceptDownloads: true, timezoneId: 'UTC' });
    await context.addCookies([{ name: s.services.auth.cookieName, value: token, url: s.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    await page.exposeFunction('__cspViolation', (v: string) => void errors.push(`CSP: ${v}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    return { context, page, errors };
  }

  const axe = async (page: Page) => {
    await page.evaluate(axeBundle);
    const result = await page.evaluate(async () =>
      (
        window as unknown as { axe: { run(o: unknown): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }> } }
      ).axe.run({
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      }),
    );
    return result.violations.map((v) => `${v.id}: ${v.help} (${JSON.stringify(v.nodes.map((n) => n.target))})`);
  };
  /** What sticks out of a phone's width (making the page scroll sideways): tag, class and text of each. */
  const overflowing = (page: Page) =>
    page.evaluate(() => {
      const w = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= w) return [];
      return [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > w + 1 && !e.closest('thead, .visually-hidden'))
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${(e.textContent ?? '').slice(0, 40)}`);
    });
  const shot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
  /** Marks the document: a marker still there later proves the page was not reloaded. */
  const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 1);

  let depositAddressId: string;
  let orderId: string;
  let sessionId: string;
  let invoiceId: string;

  it('orders: a deposit appears in the list and its page follows it from submitted to filled, without a reload', async () => {
    const da = await s.post(
      '/v1/deposit-addresses',
      { srcChain: 'base', srcToken: 'USDC', dstChain: 'arbitrum', dstToken: 'USDC', recipient: RECIPIENT, refundTo: REFUND, label: 'till-1' },
      h(),
    );
    expect(da.status, da.text).toBe(201);
    depositAddressId = da.body.id;

    const { context, page, errors } = await signedIn();
    await page.goto(`${s.url}/dashboard/orders`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByText('No orders yet in this mode.').waitFor();
    await mark(page);
    // The deposit comes in once the page follows the account's events (its subscription opens after the list is
    // read; on a loaded machine that can take seconds, and an event before it would not refresh the list).
    await waitFor(() => s.infra.pubsub.isListening(accountEventsTopic(accountId, 'test')), { what: "the list's events subscription to listen" });

    // A deposit seen by the provider (its tracking id names no outcome yet: the poller leaves it submitted).
    const addr = (await s.services.deposits.findById(depositAddressId))!;
    const order = await s.services.deposits.recordDeposit(addr, {
      providerDepositId: `e2e-${randomBytes(4).toString('hex')}`,
      amount: '25000000',
      srcTxHash: `0x${randomBytes(32).toString('hex')}`,
      trackingId: 'sandbox:pending:-',
    });
    orderId = order!.quoteId;
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: new RegExp(orderId) }) });
    await row.waitFor();
    expect(await row.getByText('submitted').count()).toBe(1);
    // Amounts in whole tokens of the address's tokens (USDC, 6 decimals), not base units.
    await row.getByText('25 USDC').first().waitFor();
    expect(await marked(page)).toBe(true);

    await row.getByRole('link', { name: new RegExp(orderId) }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${orderId}` }).waitFor();
    await page.getByTestId('order-status').getByText('submitted').waitFor();
    // Explorer link of the source transaction on Base.
    const tx = page.getByRole('link', { name: /on the Base explorer/ }).first();
    expect(await tx.getAttribute('href')).toMatch(/^https:\/\/basescan\.org\/tx\/0x[0-9a-f]{64}$/);

    // The provider now says filled; the poller records it and the page changes by itself.
    await s.db.prisma.order.update({ where: { quoteId: orderId }, data: { trackingId: `sandbox:filled:0x${'ab'.repeat(32)}`, nextPollAt: new Date(0) } });
    s.services.jobs.kick(ORDER_POLL_JOB);
    await page.getByTestId('order-status').getByText('filled').waitFor();
    await page.getByRole('link', { name: /0xabababab.*on the Arbitrum One explorer/ }).waitFor();
    expect(await marked(page)).toBe(true);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'order-desktop');

    // Back in the list (client-side), the row shows the final status.
    await page.getByRole('link', { name: '← All orders' }).click();
    await row.getByText('filled').waitFor();
    expect(await marked(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checkout sessions: the page follows a session the server expires, without a reload', async () => {
    const cs = await s.post(
      '/v1/checkout/sessions',
      { amount: '12500000', settleChain: 'base', settleToken: 'USDC', recipient: RECIPIENT, description: 'Two flat whites' },
      h(),
    );
    expect(cs.status, cs.text).toBe(201);
    sessionId = cs.body.id;
    const { context, page, errors } = await signedIn();
    await page.goto(`${s.url}/dashboard/checkout-sessions`);
    await page.getByRole('heading', { level: 1, name: 'Checkout sessions' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: new RegExp(sessionId) }) });
    await row.getByText('12.5 USDC').waitFor();
    await row.getByRole('link', { name: new RegExp(sessionId) }).click();
    await page.getByRole('heading', { level: 1, name: `Checkout session ${sessionId}` }).waitFor();
    await page.getByTestId('session-status').getByText('open').waitFor();
    await page.getByRole('button', { name: 'Expire session' }).waitFor();
    await mark(page);

    const expired = await s.post(`/v1/checkout/sessions/${sessionId}/expire`, undefined, h());
    expect(expired.status, expired.text).toBe(200);
    await page.getByTestId('session-status').getByText('expired').waitFor();
    // The action of an open session is gone with it.
    await waitFor(async () => (await page.getByRole('button', { name: 'Expire session' }).count()) === 0, { what: 'the expire button to go' });
    expect(await marked(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('invoices: a draft typed in whole tokens reaches the API in base units; sending it numbers it', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto(`${s.url}/dashboard/invoices/new`);
    await page.getByRole('heading', { level: 1, name: 'New invoice' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Recipient address').fill(RECIPIENT);
    await page.getByLabel('Description').fill('Beans, 1 kg');
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Unit price (USDC)').fill('12.50');
    await page.getByText('Total: 25 USDC').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { level: 1, name: 'Draft invoice' }).waitFor();
    invoiceId = decodeURIComponent(page.url().split('/').pop()!);
    const inv = await s.get(`/v1/invoices/${invoiceId}`, h());
    expect(inv.body).toMatchObject({ status: 'draft', amount: '25000000', lineItems: [{ description: 'Beans, 1 kg', quantity: 2, unitAmount: '12500000' }] });

    // An amount with more decimals than the token has is refused before anything is sent.
    await page.getByRole('button', { name: 'Edit draft' }).click();
    await page.getByLabel('Unit price (USDC)').fill('1.0000001');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Line 1: At most 6 decimal places for this token.').waitFor();
    await page.getByRole('button', { name: 'Cancel editing' }).click();

    await page.getByRole('button', { name: 'Send invoice' }).click();
    await page.getByRole('heading', { level: 1, name: /^Invoice INV-/ }).waitFor();
    await page.getByTestId('invoice-status').getByText('open').waitFor();
    await page.getByRole('link', { name: 'Hosted invoice page' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('CSV exports download for the session account and parse as RFC 4180 with the orders and sessions above', async () => {
    const { context, page } = await signedIn();
    const download = async (path: string, summary: string) => {
      await page.goto(s.url + path);
      await page.getByText(summary).click();
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      return parse(readFileSync((await file.path())!, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    };
    const orders = await download('/dashboard/orders', 'Export orders as CSV');
    expect(orders.find((r) => r.quote_id === orderId)).toMatchObject({ status: 'filled', amount: '25000000' });
    const sessions = await download('/dashboard/checkout-sessions', 'Export checkout sessions as CSV');
    expect(sessions.find((r) => r.id === sessionId)).toMatchObject({ status: 'expired', amount: '12500000' });
    const invoices = await download('/dashboard/invoices', 'Export invoices as CSV');
    expect(invoices.some((r) => r.id === invoiceId)).toBe(true);
    const deposits = await download('/dashboard/deposit-addresses', 'Export deposits as CSV');
    expect(deposits.some((r) => Object.values(r).includes(orderId))).toBe(true);
    await context.close();
  });

  it('every payment page renders on a desktop and a phone, without CSP violations, axe-clean', async () => {
    const pages: Array<[string, string | RegExp, string]> = [
      ['/dashboard/orders', 'Orders', 'orders'],
      [`/dashboard/orders/${orderId}`, `Order ${orderId}`, 'order'],
      ['/dashboard/checkout-sessions', 'Checkout sessions', 'checkout-sessions'],
      [`/dashboard/checkout-sessions/${sessionId}`, `Checkout session ${sessionId}`, 'checkout-session'],
      ['/dashboard/invoices', 'Invoices', 'invoices'],
      ['/dashboard/invoices/new', 'New invoice', 'invoice-new'],
      [`/dashboard/invoices/${invoiceId}`, /^Invoice INV-/, 'invoice'],
      ['/dashboard/subscriptions', 'Subscriptions', 'subscriptions'],
      ['/dashboard/subscriptions/new', 'New subscription', 'subscription-new'],
      ['/dashboard/test-clocks', 'Test clocks', 'test-clocks'],
      ['/dashboard/deposit-addresses', 'Deposit addresses', 'deposit-addresses'],
      ['/dashboard/deposit-addresses/new', 'New deposit address', 'deposit-address-new'],
      [`/dashboard/deposit-addresses/${depositAddressId}`, 'Deposit address till-1', 'deposit-address'],
      ['/dashboard/limit-orders', 'Limit orders', 'limit-orders'],
    ];
    for (const [viewportName, viewport] of [
      ['desktop', { width: 1280, height: 860 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const { context, page, errors } = await signedIn(viewport);
      for (const [path, title, name] of pages) {
        // One document load per viewport; then in-app navigation, as a link click does (the router's history entry and event).
        if (path === pages[0]![0]) await page.goto(s.url + path);
        else
          await page.evaluate((p) => {
            history.pushState(null, '', p);
            window.dispatchEvent(new Event('dashboard:navigate'));
          }, path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        // Loaded when no query is pending (not 'networkidle': that waits half a second of silence per page).
        await waitFor(async () => (await page.getByText('Loading…').count()) === 0, { what: `${path} loaded` });
        // Every query of the page is answered: no error notice (a field the schema lacks would show one).
        expect(await page.getByRole('alert').allTextContents(), path).toEqual([]);
        expect(await axe(page), `${path} on a ${viewportName}`).toEqual([]);
        // The page fits the phone: nothing wider than the viewport but scrollable tables.
        if (viewportName === 'phone') expect(await overflowing(page), path).toEqual([]);
        await shot(page, `${name}-${viewportName}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('test clocks: create, advance and delete one from its page', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto(`${s.url}/dashboard/test-clocks`);
    await page.getByRole('heading', { level: 1, name: 'Test clocks' }).waitFor();
    await page.getByLabel('Name').fill('February run');
    await page.getByLabel('Frozen at').fill('2027-02-01T09:00');
    await page.getByRole('button', { name: 'Create test clock' }).click();
    const advance = page.getByLabel('Advance February run to');
    await advance.waitFor();
    await advance.fill('2027-03-08T09:00');
    await page.getByRole('button', { name: 'Advance February run' }).click();
    await waitFor(
      async () => {
        const r = await s.get('/v1/test-clocks', h());
        return r.body.data.find((c: { name: string; frozenTime: string }) => c.name === 'February run' && c.frozenTime.startsWith('2027-03-08'));
      },
      { what: 'the clock advanced' },
    );
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete February run' }).click();
    await page.getByText('No test clocks.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
