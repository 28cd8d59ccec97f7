import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZeroExProvider } from '../../../src/providers/zeroex/adapter.js';
import { ManualClock } from '../../../src/clock.js';
import type { QuoteRequest, StoredQuote } from '../../../src/providers/types.js';
import { ALLOWANCE_HOLDER, startZeroExFixture, ZEROEX_FEE_BPS, type ZeroExFixture } from '../../fixtures/zeroex-server.js';

const ZERO = '0x0000000000000000000000000000000000000000';
const USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const WETH = '0x4200000000000000000000000000000000000006';
const SENDER = '0x8aa7c51a6d380f4d9e273add4298d913416031ec';
const OTHER = '0x2222222222222222222222222222222222222222';
const OURS = '0x3f4e1c2ab9d35b7fdd0ae6c8a1f92b4c7e5d0a11';
const PARTNER = '0x1111111111111111111111111111111111111111';

function request(o: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    src: { chainId: 8453, address: USDC, symbol: 'USDC', decimals: 6, priceUsd: 1 },
    dst: { chainId: 8453, address: WETH, symbol: 'WETH', decimals: 18 },
    srcVm: 'evm',
    dstVm: 'evm',
    tradeType: 'EXACT_INPUT',
    amount: 250_000_000n,
    sender: SENDER,
    recipient: SENDER,
    slippageBps: 50,
    fees: { ourFeeBps: 30, partnerFeeBps: 0, recipients: { evm: OURS } },
    ...o,
  };
}
const signal = () => AbortSignal.timeout(5_000);
const stored = (req: QuoteRequest, quote: Awaited<ReturnType<ZeroExProvider['quote']>>): StoredQuote => ({
  quoteId: 'q_test',
  provider: '0x',
  request: req,
  quote,
  createdAt: Date.now(),
});

describe('0x adapter against the Swap API v2 fixture', () => {
  let fx: ZeroExFixture;
  let zx: ZeroExProvider;
  beforeAll(async () => {
    fx = await startZeroExFixture();
    zx = new ZeroExProvider({ baseUrl: fx.url, apiKey: fx.apiKey });
  });
  afterAll(() => fx.close());
  beforeEach(() => fx.reset());

  it('quotes through /swap/allowance-holder/price with the required headers and 0x parameter names', async () => {
    const q = await zx.quote(request(), signal());
    expect(fx.requests).toHaveLength(1);
    const r = fx.requests[0];
    expect(r.method).toBe('GET');
    expect(r.path).toBe('/swap/allowance-holder/price');
    expect(r.headers['0x-api-key']).toBe(fx.apiKey);
    expect(r.headers['0x-version']).toBe('v2');
    expect(r.query).toEqual({
      chainId: '8453',
      sellToken: USDC,
      buyToken: WETH,
      sellAmount: '250000000',
      taker: SENDER,
      slippageBps: '50',
      swapFeeRecipient: OURS,
      swapFeeBps: '30',
      swapFeeToken: USDC,
    });
    // Fixture: 0x fee 15 bps + our 30 bps taken from the sell amount, rate 1:1.
    const net = 250_000_000n - (250_000_000n * ZEROEX_FEE_BPS) / 10_000n - (250_000_000n * 30n) / 10_000n;
    expect(q.srcAmount).toBe(250_000_000n);
    expect(q.dstAmount).toBe(net);
    expect(q.dstAmountMin).toBe((net * 9950n) / 10_000n);
    expect(q.ourFeeBps).toBe(30);
    expect(q.partnerFeeBps).toBe(0);
    expect(q.providerFeeUsd).toBeCloseTo(0.375, 6); // 0x fee 375000 USDC units at 1 USD
    expect(q.estimatedSeconds).toBeGreaterThan(0);
    expect(q.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(q.gasUsd).toBeUndefined(); // no native leg → no native price in the request
  });

  it('splits our and the partner fee across recipients, comma-separated', async () => {
    const q = await zx.quote(request({ fees: { ourFeeBps: 30, partnerFeeBps: 20, recipients: { evm: OURS }, partnerRecipients: { evm: PARTNER } } }), signal());
    expect(fx.requests[0].query).toMatchObject({ swapFeeRecipient: `${OURS},${PARTNER}`, swapFeeBps: '30,20', swapFeeToken: USDC });
    expect([q.ourFeeBps, q.partnerFeeBps]).toEqual([30, 20]);
  });

  it('sends no fee parameters and reports 0 when no fee recipient is configured', async () => {
    const q = await zx.quote(request({ fees: { ourFeeBps: 30, partnerFeeBps: 0, recipients: {} } }), signal());
    expect(fx.requests[0].query).not.toHaveProperty('swapFeeBps');
    expect(fx.requests[0].query).not.toHaveProperty('swapFeeRecipient');
    expect(q.ourFeeBps).toBe(0);
  });

  it('reports 0 carried fee when 0x does not confirm an integrator fee', async () => {
    fx.setMode('dropIntegratorFee');
    const q = await zx.quote(request(), signal());
    expect(q.ourFeeBps).toBe(0);
  });

  it('translates the native coin to 0xEeee… (and back), builds with value and no spender', async () => {
    const req = request({
      src: { chainId: 8453, address: ZERO, symbol: 'ETH', decimals: 18, priceUsd: 3000 },
      dst: { chainId: 8453, address: USDC, symbol: 'USDC', decimals: 6 },
      amount: 10n ** 17n,
      recipient: OTHER,
    });
    const q = await zx.quote(req, signal());
    expect(fx.requests[0].query.sellToken).toBe('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE');
    expect(fx.requests[0].query.buyToken).toBe(USDC);
    expect(fx.requests[0].query.recipient).toBe(OTHER);
    expect(q.gasUsd).toBeCloseTo((301_220 * 6_110_000 * 3000) / 1e18, 6);
    const tx = await zx.build(stored(req, q), signal());
    expect(fx.requests[1].path).toBe('/swap/allowance-holder/quote');
    expect(fx.requests[1].query).toEqual(fx.requests[0].query);
    expect(tx).toMatchObject({ vm: 'evm', chainId: 8453, value: (10n ** 17n).toString() });
    expect(tx.spender).toBeUndefined();
  });

  it('uses the Mantle native placeholder on Mantle', async () => {
    const req = request({
      src: { chainId: 5000, address: ZERO, symbol: 'MNT', decimals: 18 },
      dst: { chainId: 5000, address: USDC, symbol: 'USDC', decimals: 6 },
      amount: 10n ** 18n,
    });
    await zx.quote(req, signal());
    expect(fx.requests[0].query.sellToken).toBe('0xdeaddeaddeaddeaddeaddeaddeaddeaddead0000');
  });

  it('builds an ERC-20 sell from a firm /quote with the AllowanceHolder as spender', async () => {
    const req = request();
    const q = await zx.quote(req, signal());
    const tx = await zx.build(stored(req, q), signal());
    const r = fx.requests[1];
    expect(r.path).toBe('/swap/allowance-holder/quote');
    expect(r.headers['0x-version']).toBe('v2');
    expect(r.query.taker).toBe(SENDER);
    expect(tx).toMatchObject({ vm: 'evm', chainId: 8453, to: ALLOWANCE_HOLDER, value: '0', spender: ALLOWANCE_HOLDER });
    expect(tx.data).toMatch(/^0x2213bc0b[0-9a-f]+$/);
  });

  it('build: no liquidity any more, or a price below the quoted minimum → QUOTE_NOT_FOUND', async () => {
    const req = request();
    const q = await zx.quote(req, signal());
    fx.setMode('noRoute', 'quote');
    await expect(zx.build(stored(req, q), signal())).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
    fx.setMode('success', 'quote');
    fx.rate = { num: 98n, den: 100n }; // 2 % worse than quoted, beyond 0.5 % slippage
    await expect(zx.build(stored(req, q), signal())).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
    await expect(zx.build({ ...stored(req, q), quote: { ...q, context: {} } }, signal())).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
  });

  it('build: a firm price slightly worse than quoted never lowers the transaction floor below dstAmountMin', async () => {
    const req = request();
    const q = await zx.quote(req, signal());
    fx.rate = { num: 9_990n, den: 10_000n }; // 0.1 % worse: still above the quoted minimum, but 0x's own floor (0.5 %) would not be
    const tx = await zx.build(stored(req, q), signal());
    const firm = fx.requests.filter((r) => r.path === '/swap/allowance-holder/quote');
    const last = firm[firm.length - 1];
    // The fixture's floor for the request the transaction came from: buyAmount × (10000 − slippageBps) / 10000.
    const net = 250_000_000n - (250_000_000n * ZEROEX_FEE_BPS) / 10_000n - (250_000_000n * 30n) / 10_000n;
    const buy = (net * 9_990n) / 10_000n;
    const floor = (buy * (10_000n - BigInt(last.query.slippageBps))) / 10_000n;
    expect(floor).toBeGreaterThanOrEqual(q.dstAmountMin);
    expect(Number(last.query.slippageBps)).toBeLessThan(50);
    expect(tx.data).toMatch(/^0x2213bc0b/);
  });

  it.each([
    ['noRoute', 'NO_ROUTE'],
    ['rateLimited', 'RATE_LIMITED'],
    ['serverError', 'PROVIDER_ERROR'],
    ['malformed', 'PROVIDER_ERROR'],
    ['invalidJson', 'PROVIDER_ERROR'],
    ['tokenNotSupported', 'UNSUPPORTED_TOKEN'],
  ] as const)('%s → %s', async (mode, code) => {
    fx.setMode(mode);
    await expect(zx.quote(request(), signal())).rejects.toMatchObject({ code });
  });

  it('times out → PROVIDER_TIMEOUT', async () => {
    fx.setMode('slow');
    await expect(zx.quote(request(), AbortSignal.timeout(150))).rejects.toMatchObject({ code: 'PROVIDER_TIMEOUT' });
  });

  it('the fixture rejects a request without 0x-api-key or 0x-version, as 0x does', async () => {
    const keyless = new ZeroExProvider({ baseUrl: fx.url });
    await expect(keyless.quote(request(), signal())).rejects.toMatchObject({ code: 'PROVIDER_ERROR', message: expect.stringMatching(/API key/) });
    const res = await fetch(`${fx.url}/swap/allowance-holder/price?chainId=8453&sellToken=${USDC}&buyToken=${WETH}&sellAmount=1`, {
      headers: { '0x-api-key': fx.apiKey },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ name: 'INPUT_INVALID', data: { details: [{ field: '0x-version' }] } });
  });

  it('expiresAt comes from the injected clock', async () => {
    const at = Date.parse('2030-01-01T00:00:00Z');
    const q = await new ZeroExProvider({ baseUrl: fx.url, apiKey: fx.apiKey, clock: new ManualClock(at) }).quote(request(), signal());
    expect(q.expiresAt).toBe(at / 1000 + 60);
  });

  it('status is always unknown; EVM same-chain only', async () => {
    expect(await zx.status()).toEqual({ state: 'unknown' });
    const r = request();
    expect(zx.supportsRoute(r)).toBe(true);
    expect(zx.supportsRoute({ ...r, dst: { ...r.dst, chainId: 1 } })).toBe(false);
    expect(zx.supportsRoute({ ...r, src: { ...r.src, chainId: 7565164 }, dst: { ...r.dst, chainId: 7565164 }, srcVm: 'svm', dstVm: 'svm' })).toBe(false);
  });
});
