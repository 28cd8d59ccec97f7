import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { recordAudit } from '../../src/admin/outbox.js';
import { axeSource, launchChromium } from './harness.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN_ENV, ADMIN_SECRET } from '../helpers/admin.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The operator's pages at /admin in chromium, on one server and one browser: signing in with an ADMIN_TOKEN secret
 * (a wrong one is refused with a clear message; the token is kept in sessionStorage only and sent as a bearer
 * header, never as a cookie; signing out forgets it), every page renders with no error notice and no CSP
 * violation, axe-clean on a desktop and a phone, and the audit log shows an admin write with its changes.
 * Screenshots go to test-artifacts/e2e/admin/.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/admin/', import.meta.url).pathname;

/** Every page of the navigation: path and h1. */
const PAGES: Array<[string, string]> = [
  ['/admin', 'Operator'],
  ['/admin/audit-log', 'Audit log'],
];

describe('operator pages in chromium', { timeout: 120_000 }, () => {
  let s: TestServer;
  let browser: Browser;
  const axeBundle = axeSource();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    s = await startTestServer({ env: { JOBS_ENABLED: 'false', ...ADMIN_ENV } });
    // An admin write as a domain records it (no admin write API is on this branch yet): the partner's fee changed.
    await s.db.prisma.$transaction((tx) =>
      recordAudit(
        tx,
        { actor: { name: 'ops' }, requestId: 'req_e2e_partner_update' },
        {
          action: 'partner.update',
          targetType: 'partner',
          targetId: 'acme-wallet',
          before: { label: 'Acme Wallet', feeBps: 25, limits: { maxFeeBps: 60 } },
          after: { label: 'Acme Wallet', feeBps: 40, limits: { maxFeeBps: 60 }, note: 'raised' },
        },
        new Date(),
      ),
    );
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  /** A context whose page records CSP violations and page errors; signed in when `token` is given (as sign-in keeps it). */
  async function open(viewport = { width: 1280, height: 860 }, token?: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const problems: string[] = [];
    await page.exposeFunction('__cspViolation', (v: string) => void problems.push(v));
    await page.addInitScript((t) => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`),
      );
      if (t && !sessionStorage.getItem('admin-token')) sessionStorage.setItem('admin-token', t);
    }, token);
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    return { context, page, problems };
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
  const shot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
  const loaded = (page: Page, what: string) => waitFor(async () => (await page.getByText(/^Loading/).count()) === 0, { what });

  it('signs in with the token (a wrong one is refused), keeps it in sessionStorage only, sends it as a bearer header, and signs out', async () => {
    const { context, page, problems } = await open();
    const res = await page.goto(`${s.url}/admin/audit-log`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 1, name: 'Operator sign-in' }).waitFor();
    expect(await axe(page)).toEqual([]);

    const token = page.getByLabel('Admin token');
    await token.fill(`${ADMIN_SECRET}x`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('This token was refused').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('admin-token'))).toBeNull();
    await shot(page, 'sign-in-refused');

    const auth: string[] = [];
    page.on('request', (r) => {
      // urql sends queries as GET /graphql?query=… (within the URL limit), mutations as POST.
      if (new URL(r.url()).pathname === '/graphql') auth.push(`${r.headers().authorization ?? ''}|${r.headers().cookie ?? ''}`);
    });
    await token.fill(ADMIN_SECRET);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The page of the address asked for, signed in.
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    expect(await page.evaluate(() => [sessionStorage.getItem('admin-token'), localStorage.length, document.cookie])).toEqual([ADMIN_SECRET, 0, '']);
    expect((await context.cookies()).length).toBe(0);
    expect(auth.length).toBeGreaterThan(0);
    for (const a of auth) expect(a).toBe(`Bearer ${ADMIN_SECRET}|`);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Operator sign-in' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('admin-token'))).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const [viewportName, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`every page renders on a ${viewportName}: no error notice, no CSP violation, axe-clean`, async () => {
      const { context, page, problems } = await open(viewport, ADMIN_SECRET);
      for (const [path, title] of PAGES) {
        await page.goto(s.url + path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await loaded(page, `${path} loaded`);
        expect(await page.title()).toBe(`${title} · swapgate admin`);
        expect(await page.getByRole('alert').allTextContents(), path).toEqual([]);
        // Disclosures open, so what they hold is checked too.
        for (const summary of await page.locator('summary').all()) await summary.click();
        expect(await axe(page), `${path} on a ${viewportName}`).toEqual([]);
        await shot(page, `${path.split('/').pop()}-${viewportName}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("the audit log shows the write with what changed, and a target's link filters its history", async () => {
    const { context, page } = await open(undefined, ADMIN_SECRET);
    await page.goto(`${s.url}/admin/audit-log?action=nothing.matches`);
    await page.getByText('No entry matches this filter.').waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    const row = page.getByRole('row').filter({ hasText: 'partner.update' });
    await row.getByText('ops', { exact: true }).waitFor();
    await row.getByRole('link', { name: 'History of partner acme-wallet' }).click();
    await page.waitForURL(/targetId=acme-wallet/);
    expect(await page.getByLabel('Target id').inputValue()).toBe('acme-wallet');
    await page.getByText('2 fields changed').click();
    const changes = page.locator('ul.diff li');
    expect((await changes.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual(['feeBps changed before: 25 after: 40', 'note set after: "raised"']);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
