import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/errors.js';
import { DebridgeProvider } from '../../../src/providers/debridge/adapter.js';
import type { ProviderQuote, QuoteRequest, StoredQuote, TokenRef } from '../../../src/providers/types.js';
import { DebridgeFixture, DLN_SOURCE } from '../../fixtures/debridge-server.js';

const SENDER = '0x7a3f0c1de9b0a5c6b1e2f4d8a9c0b1d2e3f40516';
const SOL_USER = new PublicKey(Buffer.alloc(32, 7)).toBase58();
const FEE_EVM = '0x1111111111111111111111111111111111111111';
const NOW = 1_800_000_000_000;

const T = {
  arbUsdc: { chainId: 42161, address: '0xaf88d065e77c8cc2239327c5edb3a432268e5831', symbol: 'USDC', decimals: 6 },
  arbEth: { chainId: 42161, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
  baseUsdc: { chainId: 8453, address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC', decimals: 6 },
  gnosisXdai: { chainId: 100, address: '0x0000000000000000000000000000000000000000', symbol: 'XDAI', decimals: 18 },
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

const stored = (req: QuoteRequest, quote: ProviderQuote): StoredQuote => ({ quoteId: 'q_test', provider: 'debridge', request: req, quote, createdAt: NOW });
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

describe('deBridge adapter against the DLN fixture', () => {
  let fx: DebridgeFixture;
  let provider: DebridgeProvider;

  beforeAll(async () => {
    fx = await DebridgeFixture.start();
    provider = new DebridgeProvider({ apiUrl: fx.url, statsApiUrl: fx.url, clock: { now: () => NOW } });
  });
  afterAll(() => fx.close());
  beforeEach(() => fx.reset());

  it('quotes EVM → Solana with deBridge ids, exact input, and the full create-tx query', async () => {
    const q = await provider.quote(request(T.arbUsdc, T.solUsdc, 50_000_000n), signal());
    const sent = fx.lastSent('/v1.0/dln/order/create-tx');
    expect(sent.query).toEqual({
      srcChainId: '42161',
      srcChainTokenIn: T.arbUsdc.address,
      srcChainTokenInAmount: '50000000',
      dstChainId: '7565164',
      dstChainTokenOut: T.solUsdc.address,
      dstChainTokenOutAmount: 'auto',
      dstChainTokenOutRecipient: SOL_USER,
      srcChainOrderAuthorityAddress: SENDER,
      dstChainOrderAuthorityAddress: SOL_USER, // across VMs only the recipient has a destination address
      senderAddress: SENDER,
      prependOperatingExpenses: 'false',
    });
    // 50 USDC − 4 bps protocol (20000) − 4 bps margin (19992) − $0.05 operating expense (50000)
    expect(q.srcAmount).toBe(50_000_000n);
    expect(q.dstAmount).toBe(49_910_008n);
    expect(q.dstAmountMin).toBe((49_910_008n * 9_950n) / 10_000n);
    expect(q.estimatedSeconds).toBe(9);
    expect(q.providerFeeUsd).toBeCloseTo(0.09, 4);
    expect(q.ourFeeBps).toBe(0);
    expect(q.partnerFeeBps).toBe(0);
    expect(q.expiresAt).toBe(NOW / 1000 + 60);
    expect(q.context).toMatchObject({ query: sent.query });
    expect(typeof q.context.orderId).toBe('string');
  });

  it('sends the affiliate fee (percent of input) with our EVM recipient and reports what it carries', async () => {
    const withFee = new DebridgeProvider({ apiUrl: fx.url, statsApiUrl: fx.url, referralCode: 4242 });
    const fees = { ourFeeBps: 30, partnerFeeBps: 20, partnerId: 'acme', recipients: { evm: FEE_EVM } };
    const q = await withFee.quote(request(T.arbUsdc, T.baseUsdc, 50_000_000n, { fees }), signal());
    const sent = fx.lastSent('/v1.0/dln/order/create-tx').query;
    expect(sent.affiliateFeePercent).toBe('0.5');
    expect(sent.affiliateFeeRecipient).toBe(FEE_EVM);
    expect(sent.referralCode).toBe('4242');
    expect(q.ourFeeBps).toBe(30);
    expect(q.partnerFeeBps).toBe(20);
    // the fee is taken from the input: 0.5 % of 50 USDC less output than without it
    const plain = await provider.quote(request(T.arbUsdc, T.baseUsdc, 50_000_000n), signal());
    expect(plain.dstAmount - q.dstAmount).toBeGreaterThan(240_000n);
    // same-VM route: the sender is also the destination authority
    expect(sent.dstChainOrderAuthorityAddress).toBe(SENDER);
  });

  it('without a referral code deBridge does not enable the affiliate fee: none asked, none reported', async () => {
    const fees = { ourFeeBps: 30, partnerFeeBps: 20, recipients: { evm: FEE_EVM } };
    const q = await provider.quote(request(T.arbUsdc, T.baseUsdc, 50_000_000n, { fees }), signal());
    const sent = fx.lastSent('/v1.0/dln/order/create-tx').query;
    expect(sent.affiliateFeePercent).toBeUndefined();
    expect(sent.affiliateFeeRecipient).toBeUndefined();
    expect([q.ourFeeBps, q.partnerFeeBps]).toEqual([0, 0]);
    // The fixture, as the docs describe, takes no affiliate fee when the code is missing.
    const res = await fetch(
      `${fx.url}/v1.0/dln/order/create-tx?${new URLSearchParams({ ...sent, affiliateFeePercent: '0.5', affiliateFeeRecipient: FEE_EVM })}`,
    );
    expect(((await res.json()) as { estimation: { dstChainTokenOut: { amount: string } } }).estimation.dstChainTokenOut.amount).toBe(q.dstAmount.toString());
  });

  it('carries no fee from a Solana source when only an EVM recipient is configured', async () => {
    const fees = { ourFeeBps: 30, partnerFeeBps: 0, recipients: { evm: FEE_EVM } };
    const q = await provider.quote(request(T.solUsdc, T.arbUsdc, 20_000_000n, { fees }), signal());
    const sent = fx.lastSent('/v1.0/dln/order/create-tx').query;
    expect(sent.affiliateFeePercent).toBeUndefined();
    expect(sent.affiliateFeeRecipient).toBeUndefined();
    expect(q.ourFeeBps).toBe(0);
  });

  it('translates native SOL (wrapped-SOL mint) to the System Program id and back, and Gnosis to 100000002', async () => {
    const q = await provider.quote(request(T.sol, T.gnosisXdai, 2_000_000_000n), signal());
    const sent = fx.lastSent('/v1.0/dln/order/create-tx').query;
    expect(sent.srcChainId).toBe('7565164');
    expect(sent.srcChainTokenIn).toBe('11111111111111111111111111111111');
    expect(sent.dstChainId).toBe('100000002');
    expect(sent.dstChainTokenOut).toBe('0x0000000000000000000000000000000000000000');
    expect(q.dstAmount).toBeGreaterThan(0n);
    // and into Solana: native SOL out
    await provider.quote(request(T.arbUsdc, T.sol, 50_000_000n), signal());
    expect(fx.lastSent('/v1.0/dln/order/create-tx').query.dstChainTokenOut).toBe('11111111111111111111111111111111');
  });

  it('quotes exact output with srcChainTokenInAmount=auto, padding the input by the slippage', async () => {
    const req = request(T.arbUsdc, T.solUsdc, 25_000_000n, { tradeType: 'EXACT_OUTPUT' });
    const q = await provider.quote(req, signal());
    const sent = fx.lastSent('/v1.0/dln/order/create-tx').query;
    expect(sent.srcChainTokenInAmount).toBe('auto');
    expect(sent.dstChainTokenOutAmount).toBe('25000000');
    expect(q.dstAmountMin).toBe(25_000_000n);
    // 25 USDC + 2×4 bps + $0.05 = 25 070 014 for exactly 25 USDC; padded by 50 bps for the build
    const auto = 25_070_014n;
    expect(q.srcAmount).toBe((auto * 10_000n + 9_949n) / 9_950n);
    expect(q.dstAmount).toBe((25_000_000n * q.srcAmount) / auto);
  });

  it('sends the access token as the accesstoken query parameter and never stores it', async () => {
    const keyed = new DebridgeProvider({ apiUrl: fx.url, statsApiUrl: fx.url, accessToken: 'secret-token' });
    const q = await keyed.quote(request(T.arbUsdc, T.baseUsdc, 10_000_000n), signal());
    expect(fx.lastSent('/v1.0/dln/order/create-tx').query.accesstoken).toBe('secret-token');
    expect(JSON.stringify(q.context)).not.toContain('secret-token');
  });

  describe('build', () => {
    it('re-creates the order from the stored query: ERC-20 input → value = flat fee, spender = DLN contract', async () => {
      const req = request(T.arbUsdc, T.solUsdc, 50_000_000n);
      const q = await provider.quote(req, signal());
      const tx = await provider.build(stored(req, q), signal());
      const calls = fx.sent('/v1.0/dln/order/create-tx');
      expect(calls).toHaveLength(2);
      expect(calls[1].query).toEqual(calls[0].query);
      expect(tx).toEqual({
        vm: 'evm',
        chainId: 42161,
        to: DLN_SOURCE,
        data: expect.stringMatching(/^0x4d8160ba/),
        value: '1000000000000000',
        spender: DLN_SOURCE,
      });
    });

    it('native input: value carries fee plus input, no spender', async () => {
      const req = request(T.arbEth, T.solUsdc, 10n ** 17n);
      const tx = await provider.build(stored(req, await provider.quote(req, signal())), signal());
      expect(tx).toEqual({ vm: 'evm', chainId: 42161, to: DLN_SOURCE, data: expect.any(String), value: (10n ** 15n + 10n ** 17n).toString() });
    });

    it('Solana source: base64 VersionedTransaction that deserializes', async () => {
      const req = request(T.solUsdc, T.arbUsdc, 20_000_000n);
      const tx = await provider.build(stored(req, await provider.quote(req, signal())), signal());
      expect(tx.vm).toBe('svm');
      if (tx.vm !== 'svm') return;
      const vtx = VersionedTransaction.deserialize(Buffer.from(tx.serializedTx, 'base64'));
      expect(vtx.message.staticAccountKeys[0].toBase58()).toBe(SOL_USER);
      expect(tx.submitViaApi).toBeUndefined();
    });

    it('accepts a fresh price within slippage, refuses one below the quote minimum → QUOTE_NOT_FOUND', async () => {
      const req = request(T.arbUsdc, T.solUsdc, 50_000_000n);
      const q = await provider.quote(req, signal());
      fx.priceDropBps = 30; // within 50 bps slippage
      await expect(provider.build(stored(req, q), signal())).resolves.toMatchObject({ vm: 'evm' });
      fx.priceDropBps = 80;
      expect(await codeOf(provider.build(stored(req, q), signal()))).toBe('QUOTE_NOT_FOUND');
    });

    it('exact output: re-creates the order for exactly the quoted (approved) input; refuses when it no longer covers the amount', async () => {
      const req = request(T.arbUsdc, T.solUsdc, 25_000_000n, { tradeType: 'EXACT_OUTPUT' });
      const q = await provider.quote(req, signal());
      fx.priceDropBps = 30; // within the 50 bps padding
      const tx = await provider.build(stored(req, q), signal());
      expect(tx).toMatchObject({ vm: 'evm', spender: DLN_SOURCE });
      const rebuilt = fx.lastSent('/v1.0/dln/order/create-tx').query;
      expect(rebuilt.srcChainTokenInAmount).toBe(q.srcAmount.toString());
      expect(rebuilt.dstChainTokenOutAmount).toBe('auto');
      fx.priceDropBps = 80;
      expect(await codeOf(provider.build(stored(req, q), signal()))).toBe('QUOTE_NOT_FOUND');
    });

    it('an answer that the order can no longer be created → QUOTE_NOT_FOUND; a 429 stays RATE_LIMITED', async () => {
      const req = request(T.arbUsdc, T.solUsdc, 50_000_000n);
      const q = await provider.quote(req, signal());
      fx.mode = 'noRoute';
      expect(await codeOf(provider.build(stored(req, q), signal()))).toBe('QUOTE_NOT_FOUND');
      fx.mode = 'success';
      fx.createTxErrorId = 'ERROR_LOW_GIVE_AMOUNT';
      expect(await codeOf(provider.build(stored(req, q), signal()))).toBe('QUOTE_NOT_FOUND');
      fx.createTxErrorId = undefined;
      fx.mode = 'rateLimited';
      expect(await codeOf(provider.build(stored(req, q), signal()))).toBe('RATE_LIMITED');
    });

    it('a stored context that is not ours is a PROVIDER_ERROR, not a crash', async () => {
      const req = request(T.arbUsdc, T.solUsdc, 50_000_000n);
      const q = await provider.quote(req, signal());
      expect(await codeOf(provider.build(stored(req, { ...q, context: { query: 7 } }), signal()))).toBe('PROVIDER_ERROR');
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

    it('slow → PROVIDER_TIMEOUT when the signal aborts', async () => {
      fx.mode = 'slow';
      expect(await codeOf(provider.quote(req(), AbortSignal.timeout(150)))).toBe('PROVIDER_TIMEOUT');
    });

    it('input too small for the fees → AMOUNT_TOO_SMALL', async () => {
      expect(await codeOf(provider.quote(request(T.arbUsdc, T.solUsdc, 10_000n), signal()))).toBe('AMOUNT_TOO_SMALL');
    });

    it('a token deBridge does not support → NO_ROUTE', async () => {
      const odd = { chainId: 42161, address: '0x912ce59144191c1204e64559fe8253a0e49e6548', symbol: 'ARB', decimals: 18 };
      expect(await codeOf(provider.quote(request(odd, T.solUsdc, 10n ** 18n), signal()))).toBe('NO_ROUTE');
    });

    it('a recipient deBridge rejects → INVALID_PARAMS', async () => {
      expect(await codeOf(provider.quote(request(T.arbUsdc, T.solUsdc, 50_000_000n, { recipient: '0xnot-solana' }), signal()))).toBe('INVALID_PARAMS');
    });
  });

  describe('status', () => {
    const ORDER = `0x${'9c'.repeat(32)}`;
    const TX = `0x${'3b'.repeat(32)}`;
    const DST_TX = `0x${'d5'.repeat(32)}`;
    const SOL_SIG = `${'5'.repeat(40)}MASi45ub7Qe4ZE36UT5G6cU4ud8Fhhe4deS4F3cw9KTAb`;

    it.each([
      ['Created', 'pending'],
      ['Fulfilled', 'filled'],
      ['SentUnlock', 'filled'],
      ['ClaimedUnlock', 'filled'],
      ['OrderCancelled', 'pending'],
      ['ClaimedOrderCancel', 'refunded'],
    ] as const)('by order id: %s → %s', async (status, state) => {
      fx.orders.set(ORDER, { status, srcTxHash: TX, dstTxHash: state === 'filled' ? DST_TX : undefined });
      const s = await provider.status(ORDER, signal());
      expect(s.state).toBe(state);
      expect(fx.lastSent('/v1.0/dln/order/').path).toBe(`/v1.0/dln/order/${ORDER}/status`);
      if (state === 'filled') expect(s).toEqual({ state, srcTxHash: TX, dstTxHash: DST_TX });
    });

    it('by source tx hash: looks up the order ids, then the order', async () => {
      fx.orders.set(ORDER, { status: 'Fulfilled', srcTxHash: TX, dstTxHash: DST_TX });
      fx.txOrders.set(TX, [ORDER]);
      expect(await provider.status(TX, signal())).toEqual({ state: 'filled', srcTxHash: TX, dstTxHash: DST_TX });
      expect(fx.sent('/v1.0/dln/tx/').map((r) => r.path)).toEqual([`/v1.0/dln/tx/${TX}/order-ids`]);
    });

    it('by Solana signature, several orders combined', async () => {
      const other = `0x${'aa'.repeat(32)}`;
      fx.orders.set(ORDER, { status: 'ClaimedUnlock' });
      fx.orders.set(other, { status: 'Created' });
      fx.txOrders.set(SOL_SIG, [ORDER, other]);
      expect(await provider.status(SOL_SIG, signal())).toEqual({ state: 'pending', srcTxHash: SOL_SIG });
    });

    it('unknown order id or tx → ORDER_NOT_FOUND; malformed id → INVALID_PARAMS', async () => {
      expect(await codeOf(provider.status(ORDER, signal()))).toBe('ORDER_NOT_FOUND');
      expect(await codeOf(provider.status(SOL_SIG, signal()))).toBe('ORDER_NOT_FOUND');
      expect(await codeOf(provider.status('not-an-id', signal()))).toBe('INVALID_PARAMS');
    });

    it.each([
      ['rateLimited', 'RATE_LIMITED'],
      ['serverError', 'PROVIDER_ERROR'],
      ['malformed', 'PROVIDER_ERROR'],
    ] as const)('%s → %s', async (mode, code) => {
      fx.orders.set(ORDER, { status: 'Created' });
      fx.mode = mode;
      expect(await codeOf(provider.status(ORDER, signal()))).toBe(code);
    });
  });

  it('chains: deBridge ids back to service ids, TRON left out, supportsRoute follows', async () => {
    const fresh = new DebridgeProvider({ apiUrl: fx.url, statsApiUrl: fx.url });
    const chains = await fresh.chains(signal());
    expect(fx.lastSent().path).toBe('/v1.0/supported-chains-info');
    expect(chains.map((c) => c.chainId).sort((a, b) => a - b)).toEqual([1, 56, 100, 143, 8453, 42161, 7565164]);
    expect(fresh.supportsRoute({ src: T.gnosisXdai, dst: T.solUsdc, srcVm: 'evm', dstVm: 'svm' })).toBe(true);
    expect(fresh.supportsRoute({ src: T.arbUsdc, dst: T.arbEth, srcVm: 'evm', dstVm: 'evm' })).toBe(false);
    expect(fresh.supportsRoute({ src: { ...T.arbUsdc, chainId: 250 }, dst: T.solUsdc, srcVm: 'evm', dstVm: 'svm' })).toBe(false);
  });
});
