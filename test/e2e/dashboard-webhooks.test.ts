import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeSource, launchChromium } from './harness.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { EVENT_TYPE_NAMES } from '../../src/events/input.js';
import { EVENT_TYPES } from '../../web/dashboard/src/pages/payments/event-types.js';

/**
 * The webhooks page of the dashboard in chromium, signed in by a session cookie: an endpoint is created with an
 * event selection and its secret shown once; a test event reaches the receiver; the delivery log shows each
 * attempt with its status and the receiver's answer as text; one delivery is resent (the receiver gets the same
 * event id again); the endpoint is edited and its secret rotated; an event failed for good (410 Gone) is sent again
 * with "Resend all failed" once the endpoint is enabled again. Axe-clean, with screenshots.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/dashboard/', import.meta.url).pathname;
const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

it('the browser list of event types is the catalog', () => {
  expect([...EVENT_TYPES]).toEqual(EVENT_TYPE_NAMES);
});

/** A receiver answering every POST with `status` and `body`, recording what it got. */
async function startReceiver() {
  const got: Array<{ id: string; body: string }> = [];
  const answer = { status: 500, body: 'down for <b>maintenance</b>' };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ id: String(req.headers['webhook-id']), body });
      res.writeHead(answer.status, { 'content-type': 'text/html' }).end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  return { url, got, answer, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('dashboard webhooks page in chromium', { timeout: 180_000 }, () => {
  let s: TestServer;
  let browser: Browser;
  let accountId: string;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const axeBundle = axeSource();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    receiver = await startReceiver();
    const port = await freePort();
    // Retries far apart: every attempt in the log is one the test made happen.
    s = await startTestServer({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_BASE_MS: '600000' } });
    const account = await s.services.accounts.createAccount('Acme Coffee');
    accountId = account.id;
    ({ key } = await s.services.accounts.createKey(accountId, 'test'));
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
    await receiver?.close();
  });

  async function signedIn(viewport = { width: 1280, height: 860 }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const member = await s.services.accounts.ensureMember(accountId, 'evm', OWNER, 'owner');
    const { token } = await s.services.auth.createSession(member, { userAgent: 'e2e' });
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: s.services.auth.cookieName, value: token, url: s.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
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
  const shot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
  const endpoints = async () =>
    (await s.get('/v1/webhook-endpoints', { 'x-api-key': key })).body.data as Array<{ id: string; url: string; enabledEvents: string[] }>;

  it('create an endpoint, send a test event, read the failed attempt, resend it, edit and rotate, resend all failed', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto(`${s.url}/dashboard/webhooks`);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No webhook endpoints yet in this mode.').waitFor();
    expect(await axe(page)).toEqual([]);

    // Event selection: from "all" to two groups.
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Description').fill('Till');
    await page.getByLabel('All events (*)').uncheck();
    await page.getByLabel('Every invoice.* event').check();
    await page.getByLabel('checkout.session.completed').check();
    await shot(page, 'webhooks-new-desktop');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.locator('.secret code').textContent();
    expect(secret).toMatch(/^whsec_/);
    const [ep] = await endpoints();
    expect(ep).toMatchObject({ url: receiver.url, enabledEvents: ['invoice.*', 'checkout.session.completed'] });
    await page.getByRole('link', { name: receiver.url }).first().waitFor();
    await page.getByRole('link', { name: 'Open the endpoint' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhook endpoint' }).waitFor();

    // A test event reaches the receiver, which fails it: the attempt is in the log with the status and body, as text.
    await page.getByLabel('Event type').selectOption('invoice.paid');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await waitFor(() => receiver.got.length === 1, { what: 'the test event delivered' });
    const eventId = receiver.got[0]!.id;
    const row = page.getByRole('row').filter({ hasText: 'invoice.paid' });
    await waitFor(
      async () => {
        if ((await row.count()) === 0) await page.getByRole('button', { name: 'Refresh log' }).click();
        return (await row.count()) === 1;
      },
      { what: 'the attempt in the log' },
    );
    expect(await row.getByText('failed').count()).toBe(1);
    expect(await row.getByRole('cell', { name: '500' }).count()).toBe(1);
    await row.getByRole('button', { name: /^Response/ }).click();
    const body = page.locator('pre.response-body');
    expect(await body.textContent()).toBe('down for <b>maintenance</b>');
    expect(await body.locator('b').count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'webhook-endpoint-desktop');

    // Resend it: the receiver, now well, gets the same event id again, and the log shows the resent attempt.
    receiver.answer.status = 204;
    receiver.answer.body = '';
    await row.getByRole('button', { name: `Resend event ${eventId}` }).click();
    await waitFor(() => receiver.got.length === 2, { what: 'the resent delivery' });
    expect(receiver.got[1]!.id).toBe(eventId);
    const resent = page.getByRole('row').filter({ hasText: '(resent)' });
    await waitFor(
      async () => {
        if ((await resent.count()) === 0) await page.getByRole('button', { name: 'Refresh log' }).click();
        return (await resent.count()) === 1;
      },
      { what: 'the resent attempt in the log' },
    );
    expect(await resent.getByText('succeeded').count()).toBe(1);
    expect(await resent.getByRole('cell', { name: '204' }).count()).toBe(1);

    // Edit: every event again.
    await page.getByRole('button', { name: 'Edit endpoint' }).click();
    await page.getByLabel('All events (*)').check();
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await page.getByRole('button', { name: 'Edit endpoint' }).waitFor();
    expect((await endpoints())[0]!.enabledEvents).toEqual(['*']);

    // Rotate: a new secret, shown once; the old one keeps signing for a while.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByText('Previous secret valid until').waitFor();
    const rotated = await page.locator('.secret code').textContent();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);

    // A receiver answering 410 Gone fails the next event for good (and disables the endpoint). Enabled again, "Resend
    // all failed" sends that event once more, with its id; the event delivered earlier is not sent again.
    receiver.answer.status = 410;
    await page.getByLabel('Event type').selectOption('invoice.sent');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await waitFor(() => receiver.got.length === 3, { what: 'the event answered 410' });
    const goneId = receiver.got[2]!.id;
    await waitFor(async () => (await s.get(`/v1/webhook-endpoints/${ep!.id}`, { 'x-api-key': key })).body.disabled === true, { what: 'disabled on 410' });
    await page.reload();
    await page.getByText(/Disabled automatically: .*410/).waitFor();
    receiver.answer.status = 204;
    await page.getByRole('button', { name: 'Enable endpoint' }).click();
    await page.getByRole('button', { name: 'Disable endpoint' }).waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Resend all failed' }).click();
    await page.getByText('1 failed event queued again.').first().waitFor();
    await waitFor(() => receiver.got.length === 4, { what: 'the failed event resent' });
    expect(receiver.got[3]!.id).toBe(goneId);
    expect(receiver.got.filter((g) => g.id === eventId)).toHaveLength(2);
    expect(await axe(page)).toEqual([]);

    // On a phone, the page fits and stays axe-clean.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'webhook-endpoint-phone');

    // Delete: back to the empty list.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('No webhook endpoints yet in this mode.').waitFor();
    expect(await endpoints()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
