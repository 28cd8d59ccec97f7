import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeSource, launchChromium } from './harness.js';
import { waitFor } from '../helpers/wait.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The merchant dashboard in chromium: signed in through a session opened on the server side (the cookie set on
 * the browser context), every page of the shell renders under its CSP with no violation, is axe-clean on a
 * desktop and a phone viewport, and is kept as a screenshot in test-artifacts/e2e/dashboard/.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/dashboard/', import.meta.url).pathname;
const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

describe('merchant dashboard in chromium', { timeout: 120_000 }, () => {
  let s: TestServer;
  let browser: Browser;
  let accountId: string;
  const axeBundle = axeSource();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // The dashboard's writes must come from PUBLIC_URL's origin: the browser's is the server's own.
    const port = await freePort();
    s = await startTestServer({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, JOBS_ENABLED: 'false' } });
    const account = await s.services.accounts.createAccount('Acme Coffee');
    accountId = account.id;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  /** A browser context signed in as a member of the account (the session cookie set as sign-in would set it). */
  async function signedIn(viewport = { width: 1280, height: 860 }): Promise<{ context: BrowserContext; page: Page; violations: string[] }> {
    const member = await s.services.accounts.ensureMember(accountId, 'evm', OWNER, 'owner');
    const { token } = await s.services.auth.createSession(member, { userAgent: 'e2e' });
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: s.services.auth.cookieName, value: token, url: s.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const violations: string[] = [];
    await page.exposeFunction('__cspViolation', (v: string) => void violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    page.on('pageerror', (e) => violations.push(`page error: ${e.message}`));
    return { context, page, violations };
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

  const shot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });

  it('signed out, /dashboard shows the sign-in page: no wallet found says how to get one; axe-clean', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const res = await page.goto(`${s.url}/dashboard/keys`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'Sign in to the dashboard' }).waitFor();
    await page.getByText('No wallet was found in this browser.').waitFor();
    // Not under npm run dev: no one-click sign-in.
    expect(await page.getByRole('button', { name: 'Sign in as the dev account' }).count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'sign-in-phone');
    await context.close();
  });

  const PAGES: Array<[string, string]> = [
    ['/dashboard', 'Overview'],
    ['/dashboard/keys', 'API keys'],
    ['/dashboard/logs', 'Request logs'],
    ['/dashboard/usage', 'Usage'],
    ['/dashboard/team', 'Team and sessions'],
    ['/dashboard/partner', 'Partner profile'],
  ];

  for (const [viewportName, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`every page renders for a signed-in owner on a ${viewportName}, without CSP violations, axe-clean`, async () => {
      const { context, page, violations } = await signedIn(viewport);
      for (const [path, title] of PAGES) {
        // One document load per viewport; then in-app navigation, as a link click does (the router's history entry and event).
        if (path === PAGES[0]![0]) await page.goto(s.url + path);
        else
          await page.evaluate((p) => {
            history.pushState(null, '', p);
            window.dispatchEvent(new Event('dashboard:navigate'));
          }, path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        // Loaded when no query is pending (not 'networkidle': that waits half a second of silence per page).
        await waitFor(async () => (await page.getByText('Loading…').count()) === 0, { what: `${path} loaded` });
        expect(await page.title()).toBe(`${title} · swapgate dashboard`);
        // Every query of the page is answered: no error notice (a field the schema lacks would show one).
        expect(await page.getByRole('alert').allTextContents(), path).toEqual([]);
        expect(await axe(page), `${path} on a ${viewportName}`).toEqual([]);
        await shot(page, `${path.split('/').pop()}-${viewportName}`);
      }
      expect(violations).toEqual([]);
      await context.close();
    });
  }

  it('the test/live toggle is disabled with its reason when the account has no live mode; navigation is client-side', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${s.url}/dashboard`);
    const toggle = page.getByRole('switch', { name: 'Live mode' });
    await toggle.waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.getByText('Live mode is not enabled for this account yet').waitFor();
    await page.getByText('Test mode.', { exact: true }).waitFor();
    // A click on a navigation link changes the page without loading a document.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { level: 1, name: 'Usage' }).waitFor();
    expect(page.url()).toBe(`${s.url}/dashboard/usage`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await context.close();
  });

  it('serves hashed, immutable assets; an unknown asset hash is 404', async () => {
    const html = await (await fetch(`${s.url}/dashboard`)).text();
    const js = /\/dashboard\/assets\/app\.[0-9a-f]{12}\.js/.exec(html)![0];
    const css = /\/dashboard\/assets\/app\.[0-9a-f]{12}\.css/.exec(html)![0];
    for (const path of [js, css]) {
      const r = await fetch(s.url + path);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect((await fetch(`${s.url}/dashboard/assets/app.000000000000.js`)).status).toBe(404);
    // The development reload stream exists only in development.
    expect((await fetch(`${s.url}/dashboard/dev/reload`)).status).toBe(404);
  });
});
