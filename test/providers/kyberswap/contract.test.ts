import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KyberSwapProvider } from '../../../src/providers/kyberswap/adapter.js';
import { kyberMinAmountOut } from '../../../src/providers/kyberswap/mapping.js';
import { ManualClock } from '../../../src/clock.js';
import type { ProviderQuote, QuoteRequest, StoredQuote } from '../../../src/providers/types.js';
import { KYBER_ROUTER, startKyberFixture, type KyberFixture } from '../../fixtures/kyberswap-server.js';

const ZERO = '0x0000000000000000000000000000000000000000';
const USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const WETH = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1';
const SENDER = '0x8aa7c51a6d380f4d9e273add4298d913416031ec';
const OTHER = '0x2222222222222222222222222222222222222222';
const OURS = '0x3f4e1c2ab9d35b7fdd0ae6c8a1f92b4c7e5d0a11';
const PARTNER = '0x1111111111111111111111111111111111111111';

function request(o: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    src: { chainId: 42161, address: USDC, symbol: 'USDC', decimals: 6 },
    dst: { chainId: 42161, address: WETH, symbol: 'WETH', decimals: 18 },
    srcVm: 'evm',
    dstVm: 'evm',
    tradeType: 'EXACT_INPUT',
    amount: 1_000_000_000n,
    sender: SENDER,
    recipient: SENDER,
    slippageBps: 50,
    fees: { ourFeeBps: 20, partnerFeeBps: 0, recipients: { evm: OURS } },
    ...o,
  };
}
const signal = () => AbortSignal.timeout(5_000);
const stored = (req: QuoteRequest, quote: ProviderQuote): StoredQuote => ({
  quoteId: 'q_test',
  provider: 'kyberswap',
  request: req,
  quote,
  createdAt: Date.now(),
});

describe('KyberSwap adapter against the Aggregator API fixture', () => {
  let fx: KyberFixture;
  let ks: KyberSwapProvider;
  beforeAll(async () => {
    fx = await startKyberFixture({ clientId: 'swapgate-test' });
    ks = new KyberSwapProvider({ baseUrl: fx.url, clientId: 'swapgate-test' });
  });
  afterAll(() => fx.close());
  beforeEach(() => fx.reset());

  it('quotes through GET /{chain}/api/v1/routes with x-client-id and Kyber parameter names', async () => {
    const q = await ks.quote(request(), signal());
    const r = fx.requests[0];
    expect(r.method).toBe('GET');
    expect(r.path).toBe('/arbitrum/api/v1/routes');
    expect(r.headers['x-client-id']).toBe('swapgate-test');
    expect(r.query).toEqual({
      tokenIn: USDC,
      tokenOut: WETH,
      amountIn: '1000000000',
      gasInclude: 'true',
      feeAmount: '20',
      chargeFeeBy: 'currency_in',
      isInBps: 'true',
      feeReceiver: OURS,
      origin: SENDER,
    });
    const out = 1_000_000_000n - (1_000_000_000n * 20n) / 10_000n; // fee in the input currency, rate 1:1
    expect(q.dstAmount).toBe(out);
    expect(q.dstAmountMin).toBe((out * 9950n) / 10_000n);
    expect(q.srcAmount).toBe(1_000_000_000n);
    expect([q.ourFeeBps, q.partnerFeeBps]).toEqual([20, 0]);
    expect(q.gasUsd).toBeCloseTo(0.009, 6); // gasUsd + l1FeeUsd
    expect(q.context.routerAddress).toBe(KYBER_ROUTER);
  });

  it('sends both fee receivers and reports the partner share', async () => {
    const q = await ks.quote(request({ fees: { ourFeeBps: 20, partnerFeeBps: 15, recipients: { evm: OURS }, partnerRecipients: { evm: PARTNER } } }), signal());
    expect(fx.requests[0].query).toMatchObject({ feeAmount: '20,15', feeReceiver: `${OURS},${PARTNER}`, chargeFeeBy: 'currency_in', isInBps: 'true' });
    expect([q.ourFeeBps, q.partnerFeeBps]).toEqual([20, 15]);
  });

  it('reports 0 carried fee when Kyber does not echo the fee config', async () => {
    fx.setMode('dropFee', 'routes');
    const q = await ks.quote(request(), signal());
    expect([q.ourFeeBps, q.partnerFeeBps]).toEqual([0, 0]);
  });

  it('builds with the stored routeSummary verbatim, router as spender', async () => {
    const req = request({ recipient: OTHER });
    const q = await ks.quote(req, signal());
    const tx = await ks.build(stored(req, q), signal());
    const r = fx.requests[1];
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/arbitrum/api/v1/route/build');
    expect(r.headers['x-client-id']).toBe('swapgate-test');
    const body = r.body as Record<string, unknown>;
    expect(body.routeSummary).toEqual(q.context.routeSummary);
    // Every key Kyber sent, including ones the adapter does not read.
    expect(body.routeSummary).toHaveProperty('amountInUsd', '1884.21');
    expect(body.routeSummary).toHaveProperty('route.0.0.poolExtra', { swapFee: 500 });
    expect(body).toMatchObject({ sender: SENDER, recipient: OTHER, origin: SENDER, slippageTolerance: 50, source: 'swapgate-test' });
    expect(body.deadline).toBeGreaterThan(Date.now() / 1000);
    expect(tx).toMatchObject({ vm: 'evm', chainId: 42161, to: KYBER_ROUTER, value: '0', spender: KYBER_ROUTER.toLowerCase() });
    expect(tx.data).toMatch(/^0xe21fd0e9/);
  });

  it('slippage above Kyber’s 2000 bps cap is sent with ignoreCappedSlippage', async () => {
    const req = request({ slippageBps: 3000 });
    const q = await ks.quote(req, signal());
    expect(q.dstAmountMin).toBe((q.dstAmount * 7000n) / 10_000n);
    await ks.build(stored(req, q), signal());
    expect(fx.requests[1].body).toMatchObject({ slippageTolerance: 3000, ignoreCappedSlippage: true });
  });

  it('translates the native coin to 0xEeee… and builds with value, no spender', async () => {
    const req = request({
      src: { chainId: 42161, address: ZERO, symbol: 'ETH', decimals: 18 },
      dst: { chainId: 42161, address: USDC, symbol: 'USDC', decimals: 6 },
      amount: 5n * 10n ** 17n,
    });
    const q = await ks.quote(req, signal());
    expect(fx.requests[0].query.tokenIn).toBe('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE');
    const tx = await ks.build(stored(req, q), signal());
    expect(tx.value).toBe((5n * 10n ** 17n).toString());
    expect(tx.spender).toBeUndefined();
  });

  it('a tampered routeSummary is refused by the fixture (checksum), so the adapter must store it verbatim', async () => {
    const req = request();
    const q = await ks.quote(req, signal());
    const tampered = { ...q, context: { ...q.context, routeSummary: { ...(q.context.routeSummary as object), amountOut: '999999999999' } } };
    await expect(ks.build(stored(req, tampered), signal())).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
  });

  it('build: requote worse (4222), route gone, or output below the quoted minimum → QUOTE_NOT_FOUND', async () => {
    const req = request();
    const q = await ks.quote(req, signal());
    fx.setMode('requoteWorse', 'build');
    await expect(ks.build(stored(req, q), signal())).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
    fx.setMode('noRoute', 'build');
    await expect(ks.build(stored(req, q), signal())).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
    fx.setMode('success', 'build');
    fx.buildOutBps = 9_900n; // 1 % less than quoted, beyond 0.5 % slippage
    await expect(ks.build(stored(req, q), signal())).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
    fx.buildOutBps = 9_960n; // within slippage: still buildable
    await expect(ks.build(stored(req, q), signal())).resolves.toMatchObject({ vm: 'evm' });
  });

  it('build: a built output slightly below the quote never lowers the router floor below dstAmountMin', async () => {
    const req = request();
    const q = await ks.quote(req, signal());
    fx.buildOutBps = 9_980n; // 0.2 % less: above dstAmountMin, but the same 0.5 % slippage would floor below it
    const tx = await ks.build(stored(req, q), signal());
    const builds = fx.requests.filter((r) => r.path.endsWith('/route/build'));
    const last = builds[builds.length - 1].body as { slippageTolerance: number };
    const builtOut = (q.dstAmount * 9_980n) / 10_000n;
    expect(kyberMinAmountOut(builtOut, last.slippageTolerance)).toBeGreaterThanOrEqual(q.dstAmountMin);
    expect(last.slippageTolerance).toBeLessThan(50);
    expect(tx.data).toMatch(/^0xe21fd0e9/);
  });

  it('refuses a router other than Kyber’s own (would ask the user to approve an unknown contract)', async () => {
    const req = request();
    const q = await ks.quote(req, signal());
    fx.setMode('wrongRouter', 'build');
    await expect(ks.build(stored(req, q), signal())).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
  });

  it.each([
    ['noRoute', 'NO_ROUTE'],
    ['tokenNotFound', 'UNSUPPORTED_TOKEN'],
    ['rateLimited', 'RATE_LIMITED'],
    ['serverError', 'PROVIDER_ERROR'],
    ['malformed', 'PROVIDER_ERROR'],
  ] as const)('%s → %s', async (mode, code) => {
    fx.setMode(mode);
    await expect(ks.quote(request(), signal())).rejects.toMatchObject({ code });
  });

  it('malformed build answer → PROVIDER_ERROR', async () => {
    const req = request();
    const q = await ks.quote(req, signal());
    fx.setMode('malformed', 'build');
    await expect(ks.build(stored(req, q), signal())).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
  });

  it('times out → PROVIDER_TIMEOUT', async () => {
    fx.setMode('slow');
    await expect(ks.quote(request(), AbortSignal.timeout(150))).rejects.toMatchObject({ code: 'PROVIDER_TIMEOUT' });
  });

  it('the fixture rejects a call without x-client-id; unknown slugs get the gateway 404', async () => {
    const res = await fetch(`${fx.url}/arbitrum/api/v1/routes?tokenIn=${USDC}&tokenOut=${WETH}&amountIn=1`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 4000, details: [{ fieldViolations: [{ field: 'x-client-id' }] }] });
    const nf = await fetch(`${fx.url}/solana/api/v1/routes?tokenIn=${USDC}`, { headers: { 'x-client-id': 'a' } });
    expect(nf.status).toBe(404);
    expect(await nf.json()).toMatchObject({ status: 404 });
  });

  it('expiresAt and the router deadline come from the injected clock', async () => {
    const at = Date.now() + 3_600_000; // an hour ahead: the fixture rejects deadlines in the past
    const k = new KyberSwapProvider({ baseUrl: fx.url, clientId: 'swapgate-test', clock: new ManualClock(at) });
    const req = request();
    const q = await k.quote(req, signal());
    expect(q.expiresAt).toBe(Math.floor(at / 1000) + 30);
    await k.build(stored(req, q), signal());
    expect((fx.requests[1].body as { deadline: number }).deadline).toBe(Math.floor(at / 1000) + 1200);
  });

  it('status is always unknown; EVM same-chain on Kyber chains only', async () => {
    expect(await ks.status()).toEqual({ state: 'unknown' });
    const r = request();
    expect(ks.supportsRoute(r)).toBe(true);
    expect(ks.supportsRoute({ ...r, src: { ...r.src, chainId: 1 } })).toBe(false);
    expect(ks.supportsRoute({ ...r, src: { ...r.src, chainId: 5000 }, dst: { ...r.dst, chainId: 5000 } })).toBe(false);
  });
});
