import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/errors.js';
import { LifiProvider } from '../../../src/providers/lifi/adapter.js';
import type { ProviderQuote, QuoteRequest, StoredQuote, TokenRef } from '../../../src/providers/types.js';
import { LIFI_DIAMOND, LifiFixture } from '../../fixtures/lifi-server.js';

const SENDER = '0x7a3f0c1de9b0a5c6b1e2f4d8a9c0b1d2e3f40516';
const SOL_USER = new PublicKey(Buffer.alloc(32, 7)).toBase58();
const FEE_EVM = '0x1111111111111111111111111111111111111111';
const NOW = 1_800_000_000_000;

const T = {
  arbUsdc: { chainId: 42161, address: '0xaf88d065e77c8cc2239327c5edb3a432268e5831', symbol: 'USDC', decimals: 6 },
  arbEth: { chainId: 42161, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
  baseUsdc: { chainId: 8453, address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC', decimals: 6 },
  solUsdc: { chainId: 7565164, address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'USDC', decimals: 6 },
  sol: { chainId: 7565164, address: 'So11111111111111111111111111111111111111112', symbol: 'SOL', decimals: 9 },
} satisfies Record<string, TokenRef>;

const vmOf = (t: TokenRef) => (t.chainId === 7565164 ? 'svm' : 'evm') as 'evm' | 'svm';
const addrOf = (t: TokenRef) => (vmOf(t) === 'svm' ? SOL_USER : SENDER);

function request(src: TokenRef, dst: TokenRef, amount: bigint, over: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    src,
    dst,
    srcVm: vmOf(src),
    dstVm: vmOf(dst),
    tradeType: 'EXACT_INPUT',
    amount,
    sender: addrOf(src),
    recipient: addrOf(dst),
    slippageBps: 50,
    fees: { ourFeeBps: 0, partnerFeeBps: 0, recipients: {} },
    ...over,
  };
}

const stored = (req: QuoteRequest, quote: ProviderQuote): StoredQuote => ({ quoteId: 'q_test', provider: 'lifi', request: req, quote, createdAt: NOW });
const signal = () => AbortSignal.timeout(5_000);

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('LI.FI adapter against the li.quest fixture', () => {
  let fx: LifiFixture;
  let provider: LifiProvider;

  beforeAll(async () => {
    fx = await LifiFixture.start();
    provider = new LifiProvider({ apiUrl: fx.url, integrator: 'swapgate', clock: { now: () => NOW } });
  });
  afterAll(() => fx.close());
  beforeEach(() => fx.reset());

  it('quotes EVM → Solana with LI.FI’s Solana id, slippage as a fraction and toAddress set', async () => {
    const q = await provider.quote(request(T.arbUsdc, T.solUsdc, 50_000_000n), signal());
    const sent = fx.lastSent('/v1/quote');
    expect(sent.path).toBe('/v1/quote');
    expect(sent.query).toEqual({
      fromChain: '42161',
      toChain: '1151111081099710',
      fromToken: T.arbUsdc.address,
      toToken: T.solUsdc.address,
      fromAmount: '50000000',
      fromAddress: SENDER,
      toAddress: SOL_USER,
      slippage: '0.005',
      order: 'CHEAPEST',
      integrator: 'swapgate',
    });
    expect(sent.headers['x-lifi-integrator']).toBe('swapgate');
    expect(sent.headers['x-lifi-api-key']).toBeUndefined();
    // 50 USDC − 25 bps LI.FI fee (125000) − $0.10 bridge cost (100000)
    expect(q.srcAmount).toBe(50_000_000n);
    expect(q.dstAmount).toBe(49_775_000n);
    expect(q.dstAmountMin).toBe((49_775_000n * 9_950n) / 10_000n);
    expect(q.estimatedSeconds).toBe(25);
    expect(q.providerFeeUsd).toBeCloseTo(0.13, 2);
    expect(q.gasUsd).toBe(0.01);
    expect(q).toMatchObject({ ourFeeBps: 0, partnerFeeBps: 0, expiresAt: NOW / 1000 + 60 });
    expect(q.context).toMatchObject({ tool: 'mayan', approvalAddress: LIFI_DIAMOND });
  });

  it('sends the API key header when configured; a key LI.FI rejects is a PROVIDER_ERROR', async () => {
    fx.requiredApiKey = 'k-123';
    const keyed = new LifiProvider({ apiUrl: fx.url, integrator: 'swapgate', apiKey: 'k-123' });
    await keyed.quote(request(T.arbUsdc, T.baseUsdc, 10_000_000n), signal());
    expect(fx.lastSent('/v1/quote').headers['x-lifi-api-key']).toBe('k-123');
    expect(await codeOf(provider.quote(request(T.arbUsdc, T.baseUsdc, 10_000_000n), signal()))).toBe('PROVIDER_ERROR');
  });

  it('sends `fee` (fraction) with `integrator`, reports the carried fee, and leaves our share out of providerFeeUsd', async () => {
    const fees = { ourFeeBps: 30, partnerFeeBps: 20, partnerId: 'acme', recipients: { evm: FEE_EVM } };
    const q = await provider.quote(request(T.arbUsdc, T.baseUsdc, 50_000_000n, { fees }), signal());
    const sent = fx.lastSent('/v1/quote').query;
    expect(sent.fee).toBe('0.005');
    expect(sent.integrator).toBe('swapgate');
    expect(q.ourFeeBps).toBe(30);
    expect(q.partnerFeeBps).toBe(20);
    // fee cost 0.375 USD split 125000 LI.FI : 250000 ours → only a third is LI.FI's
    expect(q.providerFeeUsd).toBeCloseTo(0.38 / 3, 3);
    expect(q.dstAmount).toBe(50_000_000n - 125_000n - 250_000n - 100_000n);
  });

  it('asks no fee from a Solana source when only an EVM fee recipient is configured', async () => {
    const fees = { ourFeeBps: 30, partnerFeeBps: 0, recipients: { evm: FEE_EVM } };
    const q = await provider.quote(request(T.solUsdc, T.arbUsdc, 20_000_000n, { fees }), signal());
    expect(fx.lastSent('/v1/quote').query.fee).toBeUndefined();
    expect(q.ourFeeBps).toBe(0);
  });

  it('translates native SOL to the System Program id and LI.FI’s Solana id, both ways', async () => {
    const q = await provider.quote(request(T.sol, T.arbEth, 2_000_000_000n), signal());
    const sent = fx.lastSent('/v1/quote').query;
    expect(sent.fromChain).toBe('1151111081099710');
    expect(sent.fromToken).toBe('11111111111111111111111111111111');
    expect(sent.toToken).toBe('0x0000000000000000000000000000000000000000');
    expect(q.dstAmount).toBeGreaterThan(0n); // the answer's 11111…/1151111081099710 read back as our SOL
    await provider.quote(request(T.arbUsdc, T.sol, 50_000_000n), signal());
    expect(fx.lastSent('/v1/quote').query.toToken).toBe('11111111111111111111111111111111');
  });

  it('quotes exact output through /v1/quote/toAmount, grossed up so the guaranteed minimum covers it', async () => {
    const req = request(T.arbUsdc, T.baseUsdc, 25_000_000n, { tradeType: 'EXACT_OUTPUT' });
    const q = await provider.quote(req, signal());
    const sent = fx.lastSent('/v1/quote');
    expect(sent.path).toBe('/v1/quote/toAmount');
    expect(sent.query.toAmount).toBe('25125629'); // ceil(25 USDC / 0.995)
    expect(sent.query.fromAmount).toBeUndefined();
    expect(q.dstAmountMin).toBeGreaterThanOrEqual(25_000_000n);
    expect(q.dstAmount).toBeGreaterThanOrEqual(q.dstAmountMin);
    expect(q.srcAmount).toBeGreaterThan(25_000_000n);
  });

  describe('build', () => {
    it('ERC-20 input: the stored transaction, hex value as decimal, spender = approvalAddress, no second request', async () => {
      const req = request(T.arbUsdc, T.solUsdc, 50_000_000n);
      const q = await provider.quote(req, signal());
      const tx = await provider.build(stored(req, q), signal());
      expect(tx).toEqual({ vm: 'evm', chainId: 42161, to: LIFI_DIAMOND, data: expect.stringMatching(/^0x1794958f/), value: '0', spender: LIFI_DIAMOND });
      expect(fx.sent('/v1/quote')).toHaveLength(1);
    });

    it('native input: value = input amount, no spender', async () => {
      const req = request(T.arbEth, T.baseUsdc, 10n ** 17n);
      const tx = await provider.build(stored(req, await provider.quote(req, signal())), signal());
      expect(tx).toMatchObject({ vm: 'evm', value: (10n ** 17n).toString() });
      expect(tx).not.toHaveProperty('spender');
    });

    it('Solana source: LI.FI’s base64 transaction, deserializable', async () => {
      const req = request(T.solUsdc, T.arbUsdc, 20_000_000n);
      const tx = await provider.build(stored(req, await provider.quote(req, signal())), signal());
      expect(tx.vm).toBe('svm');
      if (tx.vm !== 'svm') return;
      const vtx = VersionedTransaction.deserialize(Buffer.from(tx.serializedTx, 'base64'));
      expect(vtx.message.staticAccountKeys[0].toBase58()).toBe(SOL_USER);
      expect(tx.submitViaApi).toBeUndefined();
    });

    it('a stored context without a transaction → QUOTE_NOT_FOUND', async () => {
      const req = request(T.arbUsdc, T.solUsdc, 50_000_000n);
      const q = await provider.quote(req, signal());
      expect(await codeOf(provider.build(stored(req, { ...q, context: {} }), signal()))).toBe('QUOTE_NOT_FOUND');
    });
  });

  describe('errors', () => {
    const req = () => request(T.arbUsdc, T.solUsdc, 50_000_000n);
    it.each([
      ['noRoute', 'NO_ROUTE'],
      ['rateLimited', 'RATE_LIMITED'],
      ['serverError', 'PROVIDER_ERROR'],
      ['malformed', 'PROVIDER_ERROR'],
      ['badJson', 'PROVIDER_ERROR'],
    ] as const)('%s → %s', async (mode, code) => {
      fx.mode = mode;
      expect(await codeOf(provider.quote(req(), signal()))).toBe(code);
    });

    it('no route in the older flat `errors` shape → NO_ROUTE', async () => {
      fx.mode = 'noRoute';
      fx.errorVariant = 'flat';
      expect(await codeOf(provider.quote(req(), signal()))).toBe('NO_ROUTE');
    });

    it('slow → PROVIDER_TIMEOUT when the signal aborts', async () => {
      fx.mode = 'slow';
      expect(await codeOf(provider.quote(req(), AbortSignal.timeout(150)))).toBe('PROVIDER_TIMEOUT');
    });

    it('every tool says the amount is too low → AMOUNT_TOO_SMALL; too high → AMOUNT_TOO_LARGE', async () => {
      expect(await codeOf(provider.quote(request(T.arbUsdc, T.solUsdc, 1_000n), signal()))).toBe('AMOUNT_TOO_SMALL');
      fx.toolErrorCode = 'AMOUNT_TOO_HIGH';
      expect(await codeOf(provider.quote(req(), signal()))).toBe('AMOUNT_TOO_LARGE');
    });

    it('an address LI.FI rejects → INVALID_PARAMS', async () => {
      expect(await codeOf(provider.quote(request(T.arbUsdc, T.solUsdc, 50_000_000n, { recipient: '0xnot-solana' }), signal()))).toBe('INVALID_PARAMS');
    });
  });

  describe('status', () => {
    const TX = `0x${'3b'.repeat(32)}`;
    const DST = `${'5'.repeat(40)}MASi45ub7Qe4ZE36UT5G6cU4ud8Fhhe4deS4F3cw9KTAb`;

    it.each([
      ['DONE', 'COMPLETED', 'filled'],
      ['DONE', 'PARTIAL', 'filled'],
      ['DONE', 'REFUNDED', 'refunded'],
      ['FAILED', 'SLIPPAGE_EXCEEDED', 'failed'],
      ['PENDING', 'WAIT_DESTINATION_TRANSACTION', 'pending'],
    ] as const)('%s/%s → %s', async (status, substatus, state) => {
      fx.transfers.set(TX, { status, substatus, ...(status === 'DONE' ? { dstTxHash: DST } : {}) });
      const s = await provider.status(TX, signal());
      expect(fx.lastSent('/v1/status').query).toEqual({ txHash: TX });
      expect(s).toEqual({ state, srcTxHash: TX, ...(status === 'DONE' ? { dstTxHash: DST } : {}) });
    });

    it('NOT_FOUND (200 or 404) and INVALID → ORDER_NOT_FOUND; a malformed id → INVALID_PARAMS', async () => {
      expect(await codeOf(provider.status(TX, signal()))).toBe('ORDER_NOT_FOUND');
      fx.statusNotFoundVariant = '404';
      expect(await codeOf(provider.status(TX, signal()))).toBe('ORDER_NOT_FOUND');
      fx.transfers.set(TX, { status: 'INVALID' });
      expect(await codeOf(provider.status(TX, signal()))).toBe('ORDER_NOT_FOUND');
      expect(await codeOf(provider.status('nope', signal()))).toBe('INVALID_PARAMS');
    });

    it.each([
      ['rateLimited', 'RATE_LIMITED'],
      ['serverError', 'PROVIDER_ERROR'],
      ['malformed', 'PROVIDER_ERROR'],
    ] as const)('%s → %s', async (mode, code) => {
      fx.transfers.set(TX, { status: 'PENDING' });
      fx.mode = mode;
      expect(await codeOf(provider.status(TX, signal()))).toBe(code);
    });
  });

  it('chains: asks for EVM and SVM, maps LI.FI’s Solana id back, drops other VMs; supportsRoute follows', async () => {
    const fresh = new LifiProvider({ apiUrl: fx.url, integrator: 'swapgate' });
    expect(fresh.supportsRoute({ src: { ...T.arbUsdc, chainId: 324 }, dst: T.solUsdc, srcVm: 'evm', dstVm: 'svm' })).toBe(true); // seeded
    const chains = await fresh.chains(signal());
    expect(fx.lastSent('/v1/chains').query).toEqual({ chainTypes: 'EVM,SVM' });
    expect(chains.map((c) => c.chainId).sort((a, b) => a - b)).toEqual([1, 10, 56, 100, 8453, 42161, 7565164]);
    expect(fresh.supportsRoute({ src: T.arbUsdc, dst: T.solUsdc, srcVm: 'evm', dstVm: 'svm' })).toBe(true);
    expect(fresh.supportsRoute({ src: T.arbUsdc, dst: T.arbEth, srcVm: 'evm', dstVm: 'evm' })).toBe(true); // same-chain swaps too
    expect(fresh.supportsRoute({ src: { ...T.arbUsdc, chainId: 324 }, dst: T.solUsdc, srcVm: 'evm', dstVm: 'svm' })).toBe(false);
  });
});
