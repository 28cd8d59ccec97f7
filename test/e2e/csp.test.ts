import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './harness.js';
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

  it("GraphiQL's inline scripts (by hash), its CDN bundle and its worker fetches run under its CSP; other hosts are refused", async () => {
    const { page, violations } = await open();
    // No network here: the pinned CDN answers with stand-ins, so what is checked is the policy, not GraphiQL.
    const fetched: string[] = [];
    await page.route('https://unpkg.com/**', async (route) => {
      const url = route.request().url();
      fetched.push(url);
      if (url.endsWith('yoga-graphiql.umd.js')) {
        return route.fulfill({
          contentType: 'text/javascript',
          body: 'window.YogaGraphiQL = { renderYogaGraphiQL(root) { root.textContent = "rendered"; fetch("https://evil.example/x").catch(() => {}); } };',
        });
      }
      return route.fulfill({
        contentType: url.endsWith('.css') ? 'text/css' : 'text/javascript',
        body: '/* stand-in */',
        headers: { 'access-control-allow-origin': '*' },
      });
    });
    await page.route('https://raw.githubusercontent.com/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.route('https://evil.example/**', (route) => route.fulfill({ body: 'should never be asked' }));
    await page.goto(`${s.url}/graphql`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.getElementById('root')?.textContent === 'rendered');
    // The inline script fetched the three editor workers from the CDN (connect-src) before rendering.
    expect(fetched.filter((u) => u.includes('worker')).length).toBe(3);
    await expect.poll(() => violations.some((v) => v.includes('evil.example'))).toBe(true);
    expect(violations.filter((v) => !v.includes('evil.example'))).toEqual([]);
    await page.close();
  });
});
