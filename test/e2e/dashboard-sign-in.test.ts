import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEVNET_ACCOUNTS } from '../../src/devnet/constants.js';
import { withDevnet } from '../fixtures/devnet.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';
import { launchChromium } from './harness.js';
import { injectTestWallet } from './wallet.js';

/**
 * Signing in to the dashboard in chromium: with the injected EIP-6963 test wallet (the page asks the server for a
 * challenge, the wallet signs it with `personal_sign`, the server sets the session cookie), and with the
 * development one-click sign-in. Then a restricted key is created from the API keys page and listed, a quote is
 * asked with it, and that request is found in the request log with its error's documentation link.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/dashboard/', import.meta.url).pathname;
const devnet = withDevnet();

describe('dashboard sign-in in chromium', { timeout: 120_000 }, () => {
  let s: TestServer;
  let browser: Browser;
  let devAccountId: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // The dashboard's writes must come from PUBLIC_URL's origin: the browser's is the server's own.
    const port = await freePort();
    s = await startTestServer({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, JOBS_ENABLED: 'false', RPC_URL_8453: devnet.rpcUrl } });
    const dev = await s.services.accounts.createAccount('Dev account');
    devAccountId = dev.id;
    // What npm run dev does (src/dev.ts); the method itself refuses any other NODE_ENV than the one given here.
    s.services.auth.enableDevSignIn({ accountId: dev.id, address: DEVNET_ACCOUNTS[0]!.address }, 'development');
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('development: the one-click sign-in opens the overview of the dev account; sign-out returns to the sign-in page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${s.url}/dashboard`);
    await page.getByRole('heading', { name: 'Sign in to the dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Sign in as the dev account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Account' }).inputValue()).toBe(devAccountId);
    const cookies = await context.cookies(s.url);
    expect(cookies.find((c) => c.name === s.services.auth.cookieName)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the dashboard' }).waitFor();
    // The session is over on the server too.
    const token = cookies.find((c) => c.name === s.services.auth.cookieName)!.value;
    expect((await s.get('/v1/auth/session', { cookie: `${s.services.auth.cookieName}=${token}` })).status).toBe(401);
    await context.close();
  });

  it('the injected wallet signs in with personal_sign; a restricted key is created, used for a quote, and that request is in the log', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const { account, calls } = await injectTestWallet(context, devnet, 1);
    const page = await context.newPage();
    await page.goto(`${s.url}/dashboard/keys`);
    await page.getByRole('list', { name: 'Wallets found in this browser' }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}sign-in-wallet.png`, fullPage: true });
    await page.getByRole('button', { name: /Sign in with Test Wallet/ }).click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    const signed = calls.find((c) => c.method === 'personal_sign');
    expect(signed?.params[1]).toBe(account.address);
    // A first wallet owns its new account.
    const login = await page.evaluate(async () => (await fetch('/v1/auth/session')).json());
    expect(login).toMatchObject({ role: 'owner', session: { address: account.address, chainType: 'evm' } });

    await page.getByRole('button', { name: 'Create a key' }).click();
    await page.getByLabel('Name').fill('quotes only');
    await page.getByRole('combobox', { name: 'Quotes' }).selectOption('write');
    await page.getByRole('combobox', { name: 'Request logs' }).selectOption('read');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-secret').textContent())!;
    expect(secret).toMatch(/_test_/);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    const row = page.getByRole('row', { name: /quotes only/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('quotes: write');
    // The key works for what it was given and nothing else.
    expect((await s.get('/v1/checkout/sessions', { 'x-api-key': secret })).status).toBe(403);
    await page.screenshot({ path: `${ARTIFACTS}keys-created.png`, fullPage: true });

    // A quote with the new key (no provider is enabled here: NO_ROUTE), found in the request log by its key.
    const quote = await s.get(
      `/v1/quote?srcChain=base&dstChain=base&srcToken=USDC&dstToken=DAI&amount=1000000&sender=${account.address}&recipient=${account.address}`,
      { 'x-api-key': secret },
    );
    const requestId = quote.headers.get('x-request-id')!;
    const keyId = (await s.services.accounts.authenticate(secret)).keyId;
    await page.goto(`${s.url}/dashboard/logs?key=${encodeURIComponent(keyId)}`);
    const logged = page.getByRole('row', { name: /\/v1\/quote/ });
    // Request logs are written in batches off the request path: reload until the batch is in.
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && !(await logged.count()); ) {
      await page.waitForTimeout(250);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Request logs' }).waitFor();
    }
    await logged.first().getByRole('link').first().click();
    await page.getByText(requestId).first().waitFor();
    const docs = page.getByRole('link', { name: `What ${quote.body.error.code} means and what to do` });
    expect(await docs.getAttribute('href')).toBe(`${s.config.DOCS_URL}/errors/${quote.body.error.code}`);
    await page.screenshot({ path: `${ARTIFACTS}request-log-entry.png`, fullPage: true });
    await context.close();
  });
});
