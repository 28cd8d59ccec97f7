import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeSource, launchChromium } from './harness.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The pages' CSPs as a real browser applies them: the header test (test/http/security.test.ts) checks what they
 * say; here chromium reports every violation (a hash that does not match what the browser computes, a source
 * not allowed) and shows that what must run does run.
 */
describe('page CSPs in chromium', { timeout: 60_000 }, () => {
  let s: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    s = await startTestServer({ env: { JOBS_ENABLED: 'false' } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  /** A page that records CSP violations from the start. */
  async function open(): Promise<{ page: Page; violations: string[] }> {
    const page = await browser.newPage();
    const violations: string[] = [];
    await page.exposeFunction('__cspViolation', (v: string) => void violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => (window as any).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`));
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    return { page, violations };
  }

  it('the error catalog pages apply their inline stylesheet (allowed by hash) with no violation', async () => {
    for (const path of ['/docs/errors', '/docs/errors/NOT_FOUND']) {
      const { page, violations } = await open();
      await page.goto(s.url + path);
      // The stylesheet sets body { max-width: 46rem }: blocked, the body would be full width.
      expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('736px');
      expect(violations, path).toEqual([]);
      await page.close();
    }
  });

  it('the status page applies its inline stylesheet with no violation, and axe finds nothing to fix', async () => {
    // An incident and a maintenance, so that their markup is checked too (the service is asked directly: no admin token here).
    const who = { actor: { name: 'test' }, requestId: null };
    await s.services.status.createIncident(who, {
      kind: 'incident',
      title: 'Quotes slow',
      message: 'Looking into it.',
      components: [{ id: 'api', impact: 'degraded_performance' }],
    });
    const now = Date.now();
    await s.services.status.createIncident(who, {
      kind: 'maintenance',
      title: 'Database upgrade',
      message: 'A short pause of writes.',
      components: [{ id: 'webhooks' }],
      scheduledStartAt: new Date(now + 3_600_000).toISOString(),
      scheduledEndAt: new Date(now + 7_200_000).toISOString(),
    });
    const { page, violations } = await open();
    await page.goto(`${s.url}/status`);
    // The stylesheet sets body { max-width: 58rem }: blocked, the body would be full width.
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('928px');
    expect(await page.locator('ol.bars').first().locator('li').count()).toBe(90);
    await page.evaluate(axeSource());
    const result = await page.evaluate(async () =>
      (window as unknown as { axe: { run(o: unknown): Promise<{ violations: Array<{ id: string; help: string; nodes: unknown[] }> }> } }).axe.run({
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      }),
    );
    expect(result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('GraphiQL renders its editor offline: every asset from this origin, no request leaves the machine, no CSP violation', async () => {
    const { page, violations } = await open();
    // Everything but loopback is refused, workers' requests included (routed on the context).
    const blocked: string[] = [];
    const served: string[] = [];
    await page.context().route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') {
        served.push(url.pathname);
        return route.continue();
      }
      blocked.push(url.href);
      return route.abort('blockedbyclient');
    });
    await page.goto(`${s.url}/graphql`, { waitUntil: 'load' });
    // The query editor (Monaco) is up, and the schema arrived: the docs explorer lists the root types.
    await page.locator('.graphiql-container .monaco-editor').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByRole('button', { name: /show documentation explorer/i }).click();
    await page.getByText('Query', { exact: true }).first().waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.locator('#root').textContent()).not.toContain('Loading');
    // The editor's workers ran from this origin (worker-src 'self'), not on the main thread as a fallback.
    await expect.poll(() => served.filter((p) => p.endsWith('.worker.js')).length).toBeGreaterThanOrEqual(2);
    expect(blocked).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  });
});
