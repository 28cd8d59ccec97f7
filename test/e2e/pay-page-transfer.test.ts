import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import qrcode from 'qrcode-generator';
import { launchChromium, startMerchant } from './harness.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { DefiLlamaServer } from '../fixtures/defillama-server.js';

const PAYER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const OTHER_REFUND = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';

/**
 * "Pay by transfer" on the hosted pay page in chromium, test mode: no wallet is connected; the payer asks for a
 * one-time deposit address (the deposits sandbox), sees the exact amount and the EIP-681 URI (as text and as a QR code), presses "simulate
 * payment", and the page follows the session to paid and on to the success URL.
 */
describe('hosted pay page: pay by transfer in chromium', { timeout: 180_000 }, () => {
  let s: TestServer;
  let key: string;
  let browser: Browser;
  let merchant: Awaited<ReturnType<typeof startMerchant>>;
  const llama = new DefiLlamaServer();

  beforeAll(async () => {
    await llama.start();
    s = await startTestServer({
      env: { DEFILLAMA_API_URL: llama.url, ORDER_POLL_INTERVAL_MS: '100', DEPOSIT_POLL_INTERVAL_MS: '100', CHECKOUT_VERIFY_INTERVAL_MS: '100' },
    });
    ({ key } = await s.createTestKey());
    merchant = await startMerchant();
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await merchant?.close();
    await s?.close();
    await llama.close();
  });

  it('pays a test session with the simulate button', async () => {
    const r = await s.post(
      '/v1/checkout/sessions',
      {
        amount: '25000000',
        settleChain: 'base',
        settleToken: 'USDC',
        recipient: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        merchantName: 'Acme Coffee',
        successUrl: `${merchant.url}/thanks`,
      },
      { 'x-api-key': key },
    );
    expect(r.status, r.text).toBe(201);
    const id = r.body.id as string;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${s.url}/pay/${id}`);
    await page.locator('#transfer-chain').selectOption('42161');
    await page.locator('#transfer-token').selectOption('USDC');
    // Typed by hand, with a wallet extension announcing itself halfway (the page re-renders its controls): the field
    // keeps its focus and what was typed, and the rest of the address goes on into it.
    const refund = page.locator('#transfer-refund');
    await refund.click();
    await page.keyboard.type(PAYER.slice(0, 20));
    await page.evaluate(() => {
      const provider = { request: async () => [], on() {}, removeListener() {} };
      const info = { uuid: 'c3f7a1d2-6b4e-4f0a-9d8c-2e5b7a9f1c03', name: 'Late Wallet', rdns: 'dev.swapgate.late', icon: '' };
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
    });
    await expect.poll(() => page.getByText('Late Wallet').count()).toBeGreaterThan(0);
    await page.keyboard.type(PAYER.slice(20));
    expect(await refund.inputValue()).toBe(PAYER);
    await page.locator('#transfer-button').click();
    // A failure says what the page showed (its error box) and threw, not only that the URI never came.
    const uri = (await page
      .locator('#transfer-uri')
      .textContent({ timeout: 60_000 })
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\npage error box: ${await page.locator('#error').textContent()}\npage errors: ${errors.join(' | ')}`);
      }))!;
    const address = (await page.locator('#transfer-address').textContent())!;
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    const offer = (await s.services.deposits.findById((await s.db.prisma.depositAddress.findFirstOrThrow({ where: { checkoutSessionId: id } })).id))!;
    expect(uri).toBe(`ethereum:0xaf88d065e77c8cc2239327c5edb3a432268e5831@42161/transfer?address=${address}&uint256=${offer.amount}`);
    expect(BigInt(offer.amount!)).toBeGreaterThan(25_000_000n);
    // The URI as a QR code next to it: an inline SVG built with DOM APIs (no inline style, so the CSP holds),
    // the QR code of exactly this URI (its size and its dark modules, as the library encodes it).
    const qr = qrcode(0, 'M');
    qr.addData(uri, 'Byte');
    qr.make();
    const n = qr.getModuleCount();
    let dark = 0;
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) dark++;
    const svg = page.locator('#transfer-qr svg');
    await expect.poll(() => svg.count()).toBe(1);
    expect(await svg.getAttribute('data-modules')).toBe(String(n));
    expect(await svg.getAttribute('viewBox')).toBe(`0 0 ${n + 8} ${n + 8}`);
    expect(await svg.getAttribute('style')).toBeNull();
    const d = (await svg.locator('path').getAttribute('d'))!;
    expect(d.match(/M/g)).toHaveLength(dark);
    // Laid out once its panel shows (a loaded machine can read the box before the first layout: null).
    await svg.waitFor({ state: 'visible' });
    await expect.poll(() => svg.boundingBox()).toMatchObject({ width: 200, height: 200 });
    // Where refunds go, as the address was made: no warning for the payer who entered it.
    expect(await page.locator('#transfer-refund-to').textContent()).toBe(PAYER);
    expect(await page.locator('#transfer-refund-note').count()).toBe(0);
    // Someone else on the same pay link, same network and token, another refund address: the same deposit address
    // (the provider fixed its refund address when it was made), and the page says where refunds go.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page2 = await other.newPage();
    await page2.goto(`${s.url}/pay/${id}`);
    await page2.locator('#transfer-chain').selectOption('42161');
    await page2.locator('#transfer-token').selectOption('USDC');
    await page2.locator('#transfer-refund').fill(OTHER_REFUND);
    await page2.locator('#transfer-button').click();
    expect(await page2.locator('#transfer-address').textContent({ timeout: 60_000 })).toBe(address);
    expect(await page2.locator('#transfer-refund-to').textContent()).toBe(PAYER);
    expect(await page2.locator('#transfer-refund-note').textContent()).toContain('not the one you entered');
    await other.close();
    await page.locator('#simulate-button').click();
    await page.waitForURL((u) => u.toString().startsWith(`${merchant.url}/thanks`), { timeout: 90_000 });
    const fresh = await s.get(`/v1/checkout/sessions/${id}`, { 'x-api-key': key });
    expect(fresh.body.status).toBe('paid');
    expect(errors).toEqual([]);
    await context.close();
  });
});
