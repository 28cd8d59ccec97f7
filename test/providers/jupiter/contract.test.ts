import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JupiterProvider } from '../../../src/providers/jupiter/adapter.js';
import { ManualClock } from '../../../src/clock.js';
import type { ProviderQuote, QuoteRequest, StoredQuote } from '../../../src/providers/types.js';
import { SOL_MINT, startJupiterFixture, ULTRA_DEFAULT_FEE_BPS, USDC_MINT, type JupiterFixture } from '../../fixtures/jupiter-ultra-server.js';

const wallet = Keypair.generate();
const TAKER = wallet.publicKey.toBase58();
const RECEIVER = Keypair.generate().publicKey.toBase58();
const REFERRAL = Keypair.generate().publicKey.toBase58();

function request(o: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    src: { chainId: 7565164, address: SOL_MINT, symbol: 'SOL', decimals: 9, priceUsd: 150 },
    dst: { chainId: 7565164, address: USDC_MINT, symbol: 'USDC', decimals: 6, priceUsd: 1 },
    srcVm: 'svm',
    dstVm: 'svm',
    tradeType: 'EXACT_INPUT',
    amount: 250_000_000n,
    sender: TAKER,
    recipient: TAKER,
    slippageBps: 50,
    fees: { ourFeeBps: 90, partnerFeeBps: 0, recipients: { svm: REFERRAL } },
    ...o,
  };
}
const signal = () => AbortSignal.timeout(5_000);
const stored = (req: QuoteRequest, quote: ProviderQuote): StoredQuote => ({
  quoteId: 'q_test',
  provider: 'jupiter',
  request: req,
  quote,
  createdAt: Date.now(),
});
const sign = (b64: string) => {
  const tx = VersionedTransaction.deserialize(Buffer.from(b64, 'base64'));
  tx.sign([wallet]);
  return Buffer.from(tx.serialize()).toString('base64');
};

describe('Jupiter Ultra adapter against the Ultra fixture', () => {
  let fx: JupiterFixture;
  let jup: JupiterProvider;
  beforeAll(async () => {
    fx = await startJupiterFixture({ apiKey: 'jup-test-key' });
    jup = new JupiterProvider({ baseUrl: fx.url, apiKey: 'jup-test-key' });
  });
  afterAll(() => fx.close());
  beforeEach(() => fx.reset());

  it('quotes through GET /ultra/v1/order with taker, referral params and x-api-key', async () => {
    const q = await jup.quote(request(), signal());
    const r = fx.requests[0];
    expect(r.method).toBe('GET');
    expect(r.path).toBe('/ultra/v1/order');
    expect(r.headers['x-api-key']).toBe('jup-test-key');
    expect(r.query).toEqual({ inputMint: SOL_MINT, outputMint: USDC_MINT, amount: '250000000', taker: TAKER, referralAccount: REFERRAL, referralFee: '90' });
    // Fixture: 0.15 USDC per lamport-unit ratio, referral fee 90 bps taken from the output.
    const gross = (250_000_000n * 150n) / 1000n;
    const out = gross - (gross * 90n) / 10_000n;
    expect(q.dstAmount).toBe(out);
    expect(q.dstAmountMin).toBe((out * 9970n) / 10_000n);
    expect([q.ourFeeBps, q.partnerFeeBps]).toEqual([90, 0]);
    expect(q.providerFeeUsd).toBeCloseTo(37.5 * 0.009 * 0.2, 6); // Jupiter keeps 20 % of the referral fee
    expect(q.gasUsd).toBeCloseTo((125_000 / 1e9) * 150, 9);
    expect(q.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(q.context.requestId).toEqual(expect.any(String));
  });

  it('sends receiver only when it differs from the taker; no referral below Ultra’s 50 bps minimum', async () => {
    const q = await jup.quote(request({ recipient: RECEIVER, fees: { ourFeeBps: 30, partnerFeeBps: 0, recipients: { svm: REFERRAL } } }), signal());
    expect(fx.requests[0].query).toEqual({ inputMint: SOL_MINT, outputMint: USDC_MINT, amount: '250000000', taker: TAKER, receiver: RECEIVER });
    expect(q.ourFeeBps).toBe(0);
    expect(q.providerFeeUsd).toBeCloseTo(37.5 * (ULTRA_DEFAULT_FEE_BPS / 10_000), 6);
  });

  it('reports 0 carried fee when Ultra falls back to its default fee (no referral token account)', async () => {
    fx.setMode('referralFallback', 'order');
    const q = await jup.quote(request(), signal());
    expect([q.ourFeeBps, q.partnerFeeBps]).toEqual([0, 0]);
  });

  it('a JupiterZ (RFQ) quote expires no later than its expireAt; otherwise 30 s from the injected clock', async () => {
    fx.setMode('rfq', 'order');
    const q = await jup.quote(request(), signal());
    const expireAt = Math.floor(Date.now() / 1000) + 10;
    expect(q.expiresAt).toBeLessThanOrEqual(expireAt);
    expect(q.expiresAt).toBeGreaterThanOrEqual(expireAt - 2);
    fx.setMode('success', 'order');
    const clock = new ManualClock(Date.parse('2030-01-01T00:00:00Z'));
    const q2 = await new JupiterProvider({ baseUrl: fx.url, apiKey: 'jup-test-key', clock }).quote(request(), signal());
    expect(q2.expiresAt).toBe(Date.parse('2030-01-01T00:00:00Z') / 1000 + 30);
  });

  it('native SOL is the wrapped-SOL mint (the system program id is translated to it)', async () => {
    await jup.quote(request({ src: { chainId: 7565164, address: '11111111111111111111111111111111', symbol: 'SOL', decimals: 9 } }), signal());
    expect(fx.requests[0].query.inputMint).toBe(SOL_MINT);
  });

  it('builds Ultra’s transaction (a v0 VersionedTransaction) with submitViaApi, and submit forwards the signed bytes unchanged', async () => {
    const req = request();
    const q = await jup.quote(req, signal());
    const tx = await jup.build(stored(req, q));
    expect(tx).toMatchObject({ vm: 'svm', submitViaApi: true });
    expect(fx.requests).toHaveLength(1); // build needs no second call: the order already carries the transaction
    const decoded = VersionedTransaction.deserialize(Buffer.from(tx.serializedTx, 'base64'));
    expect(decoded.version).toBe(0);
    expect(decoded.message.staticAccountKeys[0].toBase58()).toBe(TAKER);

    const signed = sign(tx.serializedTx);
    const res = await jup.submit(stored(req, q), signed, signal());
    const r = fx.requests[1];
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/ultra/v1/execute');
    expect(r.headers['x-api-key']).toBe('jup-test-key');
    expect(r.body).toEqual({ signedTransaction: signed, requestId: q.context.requestId });
    expect(fx.executed).toEqual([signed]); // byte-for-byte what the wallet produced
    const sig = VersionedTransaction.deserialize(Buffer.from(signed, 'base64')).signatures[0];
    expect(res.txHash).toBe((await import('bs58')).default.encode(sig));
  });

  it('submit: Jupiter’s rejections → PROVIDER_ERROR with the reason', async () => {
    const req = request();
    const q = await jup.quote(req, signal());
    const tx = await jup.build(stored(req, q));
    // Unsigned bytes: Jupiter answers status Failed (not fully signed).
    await expect(jup.submit(stored(req, q), tx.serializedTx, signal())).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringMatching(/not fully signed/),
    });
    // A different transaction signed by the wallet: message bytes altered (-3).
    const other = (await jup.quote(req, signal())).context.transaction as string;
    await expect(jup.submit(stored(req, q), sign(other), signal())).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringMatching(/Invalid message bytes.*-3/),
    });
    // Unknown/expired request id (-1).
    await expect(jup.submit(stored(req, { ...q, context: { ...q.context, requestId: 'gone' } }), sign(tx.serializedTx), signal())).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringMatching(/Order not found/),
    });
    fx.setMode('executeFailed', 'execute');
    await expect(jup.submit(stored(req, q), sign(tx.serializedTx), signal())).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringMatching(/Transaction expired/),
    });
    fx.setMode('rateLimited', 'execute');
    await expect(jup.submit(stored(req, q), sign(tx.serializedTx), signal())).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    fx.setMode('malformed', 'execute');
    await expect(jup.submit(stored(req, q), sign(tx.serializedTx), signal())).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
  });

  it('submit: bytes that are not a versioned transaction → INVALID_PARAMS, never forwarded', async () => {
    const req = request();
    const q = await jup.quote(req, signal());
    await expect(jup.submit(stored(req, q), 'bm90IGEgdHg=', signal())).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    expect(fx.requests.filter((r) => r.path === '/ultra/v1/execute')).toHaveLength(0);
    await expect(jup.submit(stored(req, { ...q, context: {} }), 'x', signal())).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
  });

  it.each([
    ['noRoute', 'NO_ROUTE'],
    ['rateLimited', 'RATE_LIMITED'],
    ['serverError', 'PROVIDER_ERROR'],
    ['malformed', 'PROVIDER_ERROR'],
    ['badTransaction', 'PROVIDER_ERROR'],
    ['insufficientFunds', 'PROVIDER_ERROR'],
  ] as const)('%s → %s', async (mode, code) => {
    fx.setMode(mode, 'order');
    await expect(jup.quote(request(), signal())).rejects.toMatchObject({ code });
  });

  it('times out → PROVIDER_TIMEOUT', async () => {
    fx.setMode('slow', 'order');
    await expect(jup.quote(request(), AbortSignal.timeout(150))).rejects.toMatchObject({ code: 'PROVIDER_TIMEOUT' });
  });

  it('keyless calls are allowed; a wrong key is a 401 → PROVIDER_ERROR', async () => {
    await expect(new JupiterProvider({ baseUrl: fx.url }).quote(request(), signal())).resolves.toMatchObject({ dstAmount: expect.any(BigInt) });
    expect(fx.requests[0].headers['x-api-key']).toBeUndefined();
    await expect(new JupiterProvider({ baseUrl: fx.url, apiKey: 'wrong' }).quote(request(), signal())).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringMatching(/API key/),
    });
  });

  it('Solana checks: Solana→Solana only, Solana addresses only, status always unknown', async () => {
    const r = request();
    expect(jup.supportsRoute(r)).toBe(true);
    expect(
      jup.supportsRoute({ ...r, dst: { chainId: 1, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 }, dstVm: 'evm' }),
    ).toBe(false);
    expect(jup.supportsRoute({ ...r, dst: r.src })).toBe(false);
    await expect(jup.quote(request({ sender: '0x8aa7c51a6d380f4d9e273add4298d913416031ec' }), signal())).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      details: { field: 'sender' },
    });
    await expect(jup.quote(request({ recipient: 'nope' }), signal())).rejects.toMatchObject({ code: 'INVALID_PARAMS', details: { field: 'recipient' } });
    expect(fx.requests).toHaveLength(0);
    expect(await jup.status()).toEqual({ state: 'unknown' });
  });
});
