import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeSource, launchChromium } from './harness.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN_ENV, ADMIN_SECRET } from '../helpers/admin.js';
import { fillOrders } from '../helpers/ledger.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The operator's pages at /admin in chromium, on one server and one browser: signing in with an ADMIN_TOKEN secret
 * (a wrong one is refused with a clear message; the token is kept in sessionStorage only and sent as a bearer
 * header, never as a cookie; signing out forgets it), every page renders with no error notice and no CSP
 * violation, axe-clean on a desktop and a phone; a partner is created, edited and given a key and an account is
 * suspended through the pages, and the audit log shows those writes with what changed. Screenshots go to
 * test-artifacts/e2e/admin/.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/admin/', import.meta.url).pathname;

describe('operator pages in chromium', { timeout: 120_000 }, () => {
  let s: TestServer;
  let browser: Browser;
  let accountId: string;
  let keyId: string;
  let incidentId: string;
  const axeBundle = axeSource();
  /** Every page: path, h1 and document title (a detail page's h1 names its object: those of the partner and the account the tests make). */
  const pages = (): Array<[string, string, string]> => [
    ['/admin', 'Operator', 'Operator'],
    ['/admin/partners', 'Partners', 'Partners'],
    ['/admin/new-partner', 'New partner', 'New partner'],
    ['/admin/partners/acme-wallet', 'Acme Wallet', 'Partner'],
    ['/admin/accounts', 'Accounts', 'Accounts'],
    [`/admin/accounts/${accountId}`, 'Acme Wallet Inc', 'Account'],
    ['/admin/ledger', 'Fee ledger', 'Fee ledger'],
    ['/admin/incidents', 'Incidents and maintenance', 'Incidents'],
    ['/admin/new-incident', 'Post an incident', 'Post an incident'],
    [`/admin/incidents/${incidentId}`, 'Webhook delivery delayed', 'Incident'],
    ['/admin/audit-log', 'Audit log', 'Audit log'],
  ];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    s = await startTestServer({ env: { JOBS_ENABLED: 'false', ...ADMIN_ENV } });
    accountId = (await s.services.accounts.createAccount('Acme Wallet Inc')).id;
    keyId = (await s.services.accounts.createKey(accountId, 'test', { name: 'wallet backend' })).apiKey.id;
    // Two live fills of 1,000 and 250 USDC at 20 bps: the ledger's fee entries.
    await fillOrders(s, [
      { amount: '1000000000', ourFeeBps: 20 },
      { amount: '250000000', ourFeeBps: 20 },
    ]);
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

  it('creates a partner, changes its fee and links a key through its pages; suspends an account with a reason', async () => {
    const { context, page, problems } = await open(undefined, ADMIN_SECRET);
    await page.goto(`${s.url}/admin/partners`);
    await page.getByText('No partner yet.').waitFor();
    await page.getByRole('link', { name: 'New partner' }).click();
    await page.getByRole('heading', { level: 1, name: 'New partner' }).waitFor();
    await page.getByLabel('Partner id').fill('acme-wallet');
    await page.getByLabel('Label', { exact: true }).fill('Acme Wallet');
    await page.getByLabel('Fee (bps)').fill('25');
    await page.getByLabel('Fee bound (bps)').fill('60');
    await page.getByLabel('Account id').fill(accountId);
    await page.getByRole('button', { name: 'Create partner' }).click();
    await page.getByRole('heading', { level: 1, name: 'Acme Wallet' }).waitFor();

    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Fee (bps)').fill('40');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByText('Saved.').waitFor();
    const keys = page.getByRole('region', { name: 'Linked API keys' });
    await keys.getByLabel('API key id').fill(keyId);
    await keys.getByRole('button', { name: 'Link key' }).click();
    await keys.getByRole('button', { name: `Unlink ${keyId}` }).waitFor();
    expect((await s.services.partners.get('acme-wallet'))?.feeBps).toBe(40);

    await page.goto(`${s.url}/admin/accounts?q=Acme`);
    await page.getByRole('link', { name: 'Acme Wallet Inc' }).click();
    await page.getByRole('heading', { level: 1, name: 'Acme Wallet Inc' }).waitFor();
    await page.getByLabel('Reason').fill('chargeback investigation');
    await page.getByRole('button', { name: 'Suspend account' }).click();
    await page.getByText('chargeback investigation').waitFor();
    await page.getByRole('button', { name: 'Unsuspend' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('posts an incident for a component, updates it until resolved, and the public status shows each step', async () => {
    const { context, page, problems } = await open(undefined, ADMIN_SECRET);
    await page.goto(`${s.url}/admin/incidents`);
    await page.getByText('Nothing posted yet.').waitFor();
    await page.getByRole('link', { name: 'Post an incident' }).click();
    await page.getByRole('heading', { level: 1, name: 'Post an incident' }).waitFor();
    await page.getByLabel('Title').fill('Webhook delivery delayed');
    await page.getByLabel('Message').fill('Deliveries are queued; none is lost.');
    await page.getByRole('checkbox', { name: /Webhook delivery/ }).check();
    await page.getByLabel('Impact on Webhook delivery').selectOption('partial_outage');
    await page.getByRole('button', { name: 'Post incident' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhook delivery delayed' }).waitFor();
    incidentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(incidentId).toMatch(/^sti_/);
    const open1 = (await s.get('/v1/status')).body;
    expect(open1.incidents).toEqual([
      expect.objectContaining({ id: incidentId, status: 'investigating', components: [expect.objectContaining({ id: 'webhooks', impact: 'partial_outage' })] }),
    ]);

    const post = page.getByRole('region', { name: 'Post an update' });
    await post.getByLabel('New status').selectOption('resolved');
    await post.getByLabel('Update message').fill('Queue drained.');
    await post.getByRole('button', { name: 'Post update' }).click();
    // Resolved: no form for a next update; the updates read newest first.
    await page.getByRole('region', { name: 'Post an update' }).waitFor({ state: 'detached' });
    const updates = page.getByRole('region', { name: 'Updates' }).getByRole('listitem');
    expect(await updates.count()).toBe(2);
    expect(await updates.first().textContent()).toContain('Queue drained.');
    await waitFor(async () => (await s.get('/v1/status')).body.incidents[0]?.status === 'resolved', { what: 'the status answer shows it resolved' });
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const [viewportName, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`every page renders on a ${viewportName}: no error notice, no CSP violation, axe-clean`, async () => {
      const { context, page, problems } = await open(viewport, ADMIN_SECRET);
      await page.goto(`${s.url}/admin`);
      for (const [path, title, docTitle] of pages()) {
        // In-app navigation (as a link click does: the router's history entry and event), not a document load per page.
        await page.evaluate((p) => {
          history.pushState(null, '', p);
          window.dispatchEvent(new Event('admin:navigate'));
        }, path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await loaded(page, `${path} loaded`);
        expect(await page.title()).toBe(`${docTitle} · swapgate admin`);
        expect(await page.getByRole('alert').allTextContents(), path).toEqual([]);
        // Disclosures open, so what they hold is checked too.
        for (const summary of await page.locator('summary').all()) await summary.click();
        expect(await axe(page), `${path} on a ${viewportName}`).toEqual([]);
        await shot(
          page,
          `${path === `/admin/accounts/${accountId}` ? 'account' : path === `/admin/incidents/${incidentId}` ? 'incident' : path.split('/').pop()}-${viewportName}`,
        );
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('the fee ledger shows the fills: balances, totals by day as a chart and a table, entries; the CSV downloads with the token', async () => {
    const { context, page } = await open(undefined, ADMIN_SECRET);
    await page.goto(`${s.url}/admin/ledger`);
    await page.getByRole('heading', { level: 1, name: 'Fee ledger' }).waitFor();
    const balances = page.getByRole('table', { name: 'Ledger balances per account and currency, live mode' });
    await balances.getByRole('row').filter({ hasText: 'service_revenue' }).getByText('2500000', { exact: true }).waitFor();
    await page.locator('figure.chart canvas').first().waitFor();
    const totals = page.getByRole('table', { name: 'Fees by UTC day, leg and currency' });
    await totals.getByText('2500000', { exact: true }).waitFor();
    expect(await page.getByRole('table', { name: 'Ledger entries, newest first' }).getByRole('row').count()).toBeGreaterThanOrEqual(5);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ledger-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-v1\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(csv).toString('utf8').split('\r\n').filter(Boolean).length).toBeGreaterThan(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it("the audit log shows the pages' writes with what changed, and a target's link filters its history", async () => {
    const { context, page } = await open(undefined, ADMIN_SECRET);
    await page.goto(`${s.url}/admin/audit-log?action=nothing.matches`);
    await page.getByText('No entry matches this filter.').waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('row').filter({ hasText: 'account.suspend' }).waitFor();
    const update = page.getByRole('row').filter({ hasText: 'partner.update' });
    await update.getByText('ops', { exact: true }).waitFor();
    // The target links to its history.
    await update.getByRole('link', { name: 'partner acme-wallet' }).click();
    await page.waitForURL(/targetId=acme-wallet/);
    expect(await page.getByLabel('Target id').inputValue()).toBe('acme-wallet');
    // The filtered page loads after the URL changes: its rows are read once the unfiltered ones are gone (reading at
    // once found the table empty on a loaded machine).
    await waitFor(
      async () =>
        (await page.getByRole('row').filter({ hasText: 'account.suspend' }).count()) === 0 &&
        (await page.getByRole('row').filter({ hasText: 'partner.create' }).count()) === 1,
      { what: "the target's history in place of the unfiltered rows" },
    );
    const actions = await page.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(actions).toEqual(['partner.link_key', 'partner.update', 'partner.create']);
    await page.getByRole('row').filter({ hasText: 'partner.update' }).locator('summary').first().click();
    const changes = (await page.locator('ul.diff li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(changes).toContain('feeBps changed before: 25 after: 40');
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
