import { createServer, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeSource, launchChromium } from './harness.js';
import { Keypair } from '@solana/web3.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SolanaChainServer } from '../fixtures/solana-chain-server.js';
import { injectSolanaWallet } from './solana-wallet.js';
import { withPageState } from './page-state.js';

/**
 * The hosted pay page paying a Solana-settled session from a Wallet Standard wallet, in chromium: the page
 * discovers the wallet (getWallets), quotes the direct USDC transfer, the wallet signs and sends it to the
 * Solana RPC fixture (which executes it), the page reports the signature, and the session reaches `paid`
 * live and the browser lands on the success URL. Also: a sign-only wallet (the service broadcasts), and the
 * pay action refusing an expired session before the wallet is asked.
 */
const ARTIFACTS = new URL('../../test-artifacts/e2e/', import.meta.url).pathname;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

// Each test is a chain of real steps (browser, chain, verifier, webhook), each bounded by its own wait
// (up to 30 s for the redirect): the test's limit must cover that chain, not the 30 s default.
describe('hosted pay page with a Solana wallet (Wallet Standard) in chromium', { timeout: 120_000 }, () => {
  let s: TestServer;
  let key: string;
  let browser: Browser;
  let thanks: Server;
  let thanksUrl: string;
  const sol = new SolanaChainServer();
  const axeBundle = axeSource();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await sol.start();
    sol.mint(USDC, 6);
    s = await startTestServer({ env: { SOLANA_RPC_URL: sol.url, CHECKOUT_SOLANA_COMMITMENT: 'confirmed', CHECKOUT_VERIFY_INTERVAL_MS: '100' } });
    ({ key } = await s.createTestKey());
    thanks = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><title>Thanks</title><h1>Thank you</h1></html>'),
    );
    await new Promise<void>((r) => thanks.listen(0, '127.0.0.1', () => r()));
    thanksUrl = `http://127.0.0.1:${(thanks.address() as { port: number }).port}/thanks`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (thanks ? thanks.close(() => r()) : r()));
    await s?.close();
    await sol.close();
  });

  const createSession = async (amount = '2500000') => {
    const recipient = Keypair.generate().publicKey.toBase58();
    const r = await s.post(
      '/v1/checkout/sessions',
      { amount, settleChain: 'solana', settleToken: 'USDC', recipient, merchantName: 'Solstice Books', description: 'One paperback', successUrl: thanksUrl },
      { 'x-api-key': key },
    );
    expect(r.status, r.text).toBe(201);
    return { id: r.body.id as string, recipient, expiresAt: r.body.expiresAt as string };
  };
  const payer = () => {
    const kp = Keypair.generate();
    sol.wallet(kp.publicKey.toBase58(), 50_000_000);
    sol.fund(kp.publicKey.toBase58(), USDC, 10_000_000n);
    return kp;
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
  const axe = async (page: Page) => {
    await page.evaluate(axeBundle);
    const result = await page.evaluate(async () =>
      (window as unknown as { axe: { run(o: unknown): Promise<{ violations: Array<{ id: string; help: string; nodes: unknown[] }> }> } }).axe.run({
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      }),
    );
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
  };
  /** Opens the page with the wallet, connects it and waits for the direct USDC quote. */
  const openAndQuote = async (cs: { id: string }, wallet: Parameters<typeof injectSolanaWallet>[1]) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { calls } = await injectSolanaWallet(context, wallet);
    const page = await context.newPage();
    await page.goto(`${s.url}/pay/${cs.id}`);
    await page.getByRole('heading', { name: 'Pay 2.50 USDC' }).waitFor();
    await page.getByRole('button', { name: `Connect ${wallet.name ?? 'Test Solana Wallet'} (Solana)` }).click();
    await page.getByLabel('Pay from network').waitFor();
    await page.getByText('A plain USDC transfer of exactly the amount due. No fees.').waitFor();
    await page.getByText('You pay 2.50 USDC').waitFor();
    return { context, page, calls };
  };

  it('pays a Solana-settled session by a direct USDC transfer signed and sent by the wallet; lands on the success URL', async () => {
    const cs = await createSession();
    const kp = payer();
    const { context, page, calls } = await openAndQuote(cs, { keypair: kp, rpcUrl: sol.url });
    try {
      expect(await page.getByText(/Settles in USDC on Solana/).isVisible()).toBe(true);
      expect(await page.getByLabel('Pay with token').inputValue()).toBe(USDC);
      await shot(page, 'sol-01-quote-direct-usdc');
      expect(await axe(page)).toEqual([]);
      await page.getByRole('button', { name: 'Pay 2.50 USDC' }).click();
      await page.waitForURL(`${thanksUrl}?session_id=${cs.id}`, { timeout: 30_000 });
      await shot(page, 'sol-02-success-url');
      expect(calls.map((c) => c.method)).toEqual(['signAndSendTransaction']);
      expect(sol.methods()).toContain('sendTransaction');
      const full = (await s.get(`/v1/checkout/sessions/${cs.id}`, { 'x-api-key': key })).body;
      expect(full).toMatchObject({ status: 'paid', amountReceived: '2500000', payment: { payer: kp.publicKey.toBase58() } });
      expect(sol.txs.has(full.payment.srcTxHash)).toBe(true);
      expect(sol.balanceOf(cs.recipient, USDC)).toBe(2_500_000n);
    } catch (err) {
      throw await withPageState(err, page, `${s.url}/v1/checkout/sessions/${cs.id}`);
    } finally {
      await context.close();
    }
  });

  it('a sign-only wallet (solana:signTransaction): the service broadcasts the signed transfer and the session is paid', async () => {
    const cs = await createSession();
    const kp = payer();
    const { context, page, calls } = await openAndQuote(cs, { keypair: kp, rpcUrl: sol.url, canSend: false, name: 'Signer Only' });
    try {
      await page.getByRole('button', { name: 'Pay 2.50 USDC' }).click();
      await page.waitForURL(`${thanksUrl}?session_id=${cs.id}`, { timeout: 30_000 });
      expect(calls.map((c) => c.method)).toEqual(['signTransaction']);
      expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('paid');
      expect(sol.balanceOf(cs.recipient, USDC)).toBe(2_500_000n);
    } catch (err) {
      throw await withPageState(err, page, `${s.url}/v1/checkout/sessions/${cs.id}`);
    } finally {
      await context.close();
    }
  });

  it('past expiresAt the pay action refuses clearly before asking the wallet', async () => {
    const cs = await createSession();
    const { context, page, calls } = await openAndQuote(cs, { keypair: payer(), rpcUrl: sol.url });
    try {
      // The browser's clock passes the session's expiry (the service's own clock has not: it is still open there).
      await page.clock.setSystemTime(new Date(cs.expiresAt).getTime() + 1_000);
      await page.getByRole('button', { name: 'Pay 2.50 USDC' }).click();
      await page
        .getByRole('alert')
        .getByText(/This payment link expired at .*Nothing was sent to your wallet/)
        .waitFor();
      await page.getByText('This payment link has expired. Ask the merchant for a new one.').waitFor();
      expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
      await shot(page, 'sol-03-expired-refused');
      expect(calls).toEqual([]);
      expect(await axe(page)).toEqual([]);
      expect((await s.get(`/v1/checkout/sessions/${cs.id}`)).body.status).toBe('open');
    } finally {
      await context.close();
    }
  });
});
