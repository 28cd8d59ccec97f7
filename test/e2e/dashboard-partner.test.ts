import { SETUP_WRITE } from '../helpers/admin.js';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Role } from '../../src/accounts/state.js';
import { newId } from '../../src/ids.js';
import { axeSource, launchChromium } from './harness.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The partner profile page in chromium, for an account the operator made a fee partner (25 bps, at most 60) with
 * filled orders attributed to it: the settings, linked key and earnings in whole tokens; the owner changes the fee
 * and sees a refused recipient's message; a developer reads without a form. Axe-clean on a desktop and a phone,
 * with screenshots.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/dashboard/', import.meta.url).pathname;
const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';

describe('dashboard partner profile in chromium', { timeout: 180_000 }, () => {
  let s: TestServer;
  let browser: Browser;
  let accountId: string;
  let keyId: string;
  const axeBundle = axeSource();
  const hex = (n: number) => `0x${randomBytes(n).toString('hex')}`;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const port = await freePort();
    s = await startTestServer({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, JOBS_ENABLED: 'false' } });
    accountId = (await s.services.accounts.createAccount('Acme Wallet Inc')).id;
    keyId = (await s.services.accounts.createKey(accountId, 'test', { name: 'wallet backend' })).apiKey.id;
    await s.services.partners.create({ id: 'acme-wallet', label: 'Acme Wallet', kind: 'fee', feeBps: 25, maxFeeBps: 60 }, SETUP_WRITE);
    await s.services.partners.linkKey('acme-wallet', keyId, SETUP_WRITE);
    // Two filled swaps on Base USDC in the last days: 2,000 and 500 USDC at 25 bps.
    for (const amount of ['2000000000', '500000000'])
      await s.db.prisma.order.create({
        data: {
          quoteId: newId('q'),
          provider: 'sandbox',
          status: 'filled',
          accountId,
          srcChainId: 8453,
          dstChainId: 42161,
          amount,
          dstAmount: amount,
          srcTxHash: hex(32),
          trackingId: hex(32),
          ourFeeBps: 20,
          partnerFeeBps: 25,
          partnerId: 'acme-wallet',
          srcToken: BASE_USDC,
          finalizedAt: new Date(Date.now() - 86_400_000),
          updatedAt: new Date(Date.now() - 86_400_000),
        },
      });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  async function signedIn(role: Role, viewport = { width: 1280, height: 860 }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const member = await s.services.accounts.ensureMember(accountId, 'evm', hex(20), role);
    const { token } = await s.services.auth.createSession(member, { userAgent: 'e2e' });
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: s.services.auth.cookieName, value: token, url: s.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors };
  }

  const axe = async (page: Page) => {
    await page.evaluate(axeBundle);
    const result = await page.evaluate(async () =>
      (
        window as unknown as { axe: { run(o: unknown): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }> } }
      ).axe.run({ runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }),
    );
    return result.violations.map((v) => `${v.id}: ${v.help} (${JSON.stringify(v.nodes.map((n) => n.target))})`);
  };

  it('the owner sees settings, linked key and earnings in whole tokens, changes the fee, and reads a refused recipient', async () => {
    const { context, page, errors } = await signedIn('owner');
    await page.goto(`${s.url}/dashboard/partner`);
    await page.getByRole('heading', { level: 2, name: 'Acme Wallet' }).waitFor();
    await page.getByText('0.25% (25 bps; the operator allows up to 0.60%)').waitFor();
    await page.getByText(keyId).first().waitFor();
    const earnings = page.getByRole('table', { name: 'Volume and fees earned per chain and token' });
    const row = earnings.getByRole('row').nth(1);
    await row.getByRole('cell', { name: '2,500 USDC' }).waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(['base', expect.stringContaining('USDC'), '2', '2,500 USDC', '6.25 USDC']);
    await page.waitForLoadState('networkidle');
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}partner-profile-desktop.png`, fullPage: true });

    await page.getByLabel('Fee (basis points)').fill('40');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByText('0.40% (40 bps; the operator allows up to 0.60%)').waitFor();
    expect((await s.services.partners.get('acme-wallet')).feeBps).toBe(40);

    await page.getByLabel('Fee recipient (EVM)').fill('0x1234');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .getByText(/feeRecipientEvm/)
      .waitFor();
    expect(await axe(page)).toEqual([]);
    expect((await s.services.partners.get('acme-wallet')).feeRecipientEvm).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a developer reads the profile without the fee form; axe-clean on a phone', async () => {
    const { context, page, errors } = await signedIn('developer', { width: 390, height: 844 });
    await page.goto(`${s.url}/dashboard/partner`);
    await page.getByRole('heading', { level: 2, name: 'Volume and fees earned' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: 'Fee settings' }).count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}partner-profile-phone.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
