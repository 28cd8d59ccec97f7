import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { RelayProvider } from '../../../src/providers/relay/adapter.js';
import type { QuoteRequest, StoredQuote } from '../../../src/providers/types.js';
import { RELAY_DEPOSITORY, startRelayFixture, type RelayFixture } from '../../fixtures/relay-server.js';

const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831';
const USER = '0x7a3f0c1de9b0a5c6b1e2f4d8a9c0b1d2e3f40516';
const OURS = '0x1111111111111111111111111111111111111111';
const PARTNER = '0x2222222222222222222222222222222222222222';
const SOL_USER = Keypair.generate().publicKey.toBase58();

const req = (o: Partial<QuoteRequest> = {}): QuoteRequest => ({
  src: { chainId: 8453, address: USDC_BASE, symbol: 'USDC', decimals: 6 },
  dst: { chainId: 42161, address: USDC_ARB, symbol: 'USDC', decimals: 6 },
  srcVm: 'evm',
  dstVm: 'evm',
  tradeType: 'EXACT_INPUT',
  amount: 25_000_000n,
  sender: USER,
  recipient: USER,
  slippageBps: 50,
  fees: { ourFeeBps: 20, partnerFeeBps: 10, partnerId: 'acme', recipients: { evm: OURS }, partnerRecipients: { evm: PARTNER } },
  ...o,
});
const signal = () => AbortSignal.timeout(5_000);
const stored = (r: QuoteRequest, q: Awaited<ReturnType<RelayProvider['quote']>>): StoredQuote => ({
  quoteId: 'q_test',
  provider: 'relay',
  request: r,
  quote: q,
  createdAt: Date.now(),
});

describe('Relay adapter against the Relay fixture', () => {
  let fx: RelayFixture;
  let relay: RelayProvider;
  let keyed: RelayProvider;
  beforeAll(async () => {
    fx = await startRelayFixture();
    relay = new RelayProvider({ baseUrl: fx.url, referrer: 'swapgate' });
    keyed = new RelayProvider({ baseUrl: fx.url, referrer: 'swapgate', apiKey: 'relay-key-1' });
  });
  afterAll(() => fx?.close());

  it('sends our and the partner fee as appFees, slippage in bps, refundTo, and reads the answer', async () => {
    const q = await keyed.quote(req(), signal());
    const body = fx.quoteBodies.at(-1)!;
    expect(body).toMatchObject({
      user: USER,
      recipient: USER,
      originChainId: 8453,
      destinationChainId: 42161,
      originCurrency: USDC_BASE,
      destinationCurrency: USDC_ARB,
      amount: '25000000',
      tradeType: 'EXACT_INPUT',
      slippageTolerance: '50',
      refundTo: USER,
      referrer: 'swapgate',
      appFees: [
        { recipient: OURS, fee: '20' },
        { recipient: PARTNER, fee: '10' },
      ],
    });
    expect(body.topupGas).toBeUndefined();
    expect(fx.lastHeaders['x-api-key']).toBe('relay-key-1');
    // fixture: 25 USD − 0.04 − 5 bp − 0.01 gas − 30 bp app fees
    const outMicro = 25_000_000n - 40_000n - 12_500n - 10_000n - 75_000n;
    expect(q).toMatchObject({
      srcAmount: 25_000_000n,
      dstAmount: outMicro,
      dstAmountMin: (outMicro * 9950n) / 10000n,
      estimatedSeconds: 4,
      ourFeeBps: 20,
      partnerFeeBps: 10,
    });
    expect(q.providerFeeUsd).toBeCloseTo(0.0525, 6);
    expect(q.gasUsd).toBeCloseTo(0.01, 6);
    expect(q.context.requestId).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('a fee without a payout address is not sent, and reported as not applied', async () => {
    const q = await relay.quote(req({ fees: { ourFeeBps: 30, partnerFeeBps: 15, recipients: {}, partnerRecipients: {} } }), signal());
    expect(fx.quoteBodies.at(-1)!.appFees).toBeUndefined();
    expect([q.ourFeeBps, q.partnerFeeBps]).toEqual([0, 0]);
  });

  it('gas on arrival goes out as topupGas with a 6-decimal USD amount and comes back as gasOnArrival', async () => {
    const q = await relay.quote(req({ gasOnArrivalUsd: 2.5 }), signal());
    expect(fx.quoteBodies.at(-1)).toMatchObject({ topupGas: true, topupGasAmount: '2500000' });
    expect(q.gasOnArrival).toMatchObject({
      chainId: 42161,
      token: '0x0000000000000000000000000000000000000000',
      amount: ((2_500_000n * 10n ** 18n) / 3_000_000_000n).toString(),
    });
  });

  it('exact output: the quoted output is the amount asked for', async () => {
    const q = await relay.quote(req({ tradeType: 'EXACT_OUTPUT', amount: 10_000_000n }), signal());
    expect(fx.quoteBodies.at(-1)!.tradeType).toBe('EXACT_OUTPUT');
    expect(q.dstAmount).toBe(10_000_000n);
    expect(q.dstAmountMin).toBe(10_000_000n);
    expect(q.srcAmount).toBeGreaterThan(10_000_000n);
  });

  it('build: the deposit transaction, with the approve step turned into the spender', async () => {
    const r = req();
    const q = await relay.quote(r, signal());
    const tx = await relay.build(stored(r, q), signal());
    expect(tx).toEqual({ vm: 'evm', chainId: 8453, to: RELAY_DEPOSITORY, data: expect.stringMatching(/^0x33739082/), value: '0', spender: RELAY_DEPOSITORY });
    expect(relay.trackingId(stored(r, q), `0x${'ab'.repeat(32)}`)).toBe(q.context.requestId);
  });

  it('build: native input needs no approval and carries the value', async () => {
    const r = req({ src: { chainId: 8453, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 }, amount: 10n ** 16n });
    const q = await relay.quote(r, signal());
    const tx = await relay.build(stored(r, q), signal());
    expect(tx).toMatchObject({ vm: 'evm', value: (10n ** 16n).toString() });
    expect('spender' in tx && tx.spender).toBeFalsy();
  });

  it('build from Solana: compiles the instructions into an unsigned v0 transaction paid by the sender', async () => {
    const r = req({
      src: { chainId: 7565164, address: 'So11111111111111111111111111111111111111112', symbol: 'SOL', decimals: 9 },
      srcVm: 'svm',
      sender: SOL_USER,
      amount: 1_000_000_000n,
    });
    const q = await relay.quote(r, signal());
    expect(fx.quoteBodies.at(-1)).toMatchObject({ originChainId: 792703809, originCurrency: '11111111111111111111111111111111', user: SOL_USER });
    const blockhash = Keypair.generate().publicKey.toBase58();
    const solana = new RelayProvider({
      baseUrl: fx.url,
      referrer: 'x',
      solanaRpc: () => ({ getLatestBlockhash: async () => ({ blockhash }), getAddressLookupTable: async () => ({ value: null }) }),
    });
    const tx = await solana.build(stored(r, q), signal());
    expect(tx.vm).toBe('svm');
    const decoded = VersionedTransaction.deserialize(Buffer.from((tx as { serializedTx: string }).serializedTx, 'base64'));
    expect(decoded.message.staticAccountKeys[0].equals(new PublicKey(SOL_USER))).toBe(true);
    expect(decoded.message.recentBlockhash).toBe(blockhash);
    expect(decoded.message.compiledInstructions).toHaveLength(1);
  });

  it('status follows waiting → pending → submitted → success, with hashes', async () => {
    const r = req();
    const q = await relay.quote(r, signal());
    const id = q.context.requestId as string;
    expect(await relay.status(id, signal())).toEqual({ state: 'pending' });
    fx.setStatus(id, 'pending', { inTx: `0x${'1'.repeat(64)}` });
    expect(await relay.status(id, signal())).toEqual({ state: 'pending', srcTxHash: `0x${'1'.repeat(64)}` });
    fx.setStatus(id, 'submitted', { outTx: `0x${'2'.repeat(64)}` });
    expect((await relay.status(id, signal())).state).toBe('pending');
    fx.setStatus(id, 'success');
    expect(await relay.status(id, signal())).toEqual({ state: 'filled', srcTxHash: `0x${'1'.repeat(64)}`, dstTxHash: `0x${'2'.repeat(64)}` });
    fx.setStatus(id, 'refund');
    expect((await relay.status(id, signal())).state).toBe('refunded');
    fx.setStatus(id, 'failure');
    expect((await relay.status(id, signal())).state).toBe('failed');
  });

  it('status by source tx hash goes through /requests/v3 (needs a key); unknown ids are ORDER_NOT_FOUND', async () => {
    const r = req();
    const q = await relay.quote(r, signal());
    const depositTx = `0x${'3'.repeat(64)}`;
    fx.setStatus(q.context.requestId as string, 'success', { inTx: depositTx, outTx: `0x${'4'.repeat(64)}` });
    expect(await keyed.status(depositTx, signal())).toEqual({ state: 'filled', srcTxHash: depositTx, dstTxHash: `0x${'4'.repeat(64)}` });
    await expect(relay.status(depositTx, signal())).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
    await expect(keyed.status(`0x${'9'.repeat(64)}`, signal())).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
  });

  it.each([
    [{ status: 400, body: { message: 'Invalid input or output currency', errorCode: 'INVALID_INPUT_CURRENCY' } }, 'UNSUPPORTED_TOKEN'],
    [{ status: 400, body: { message: 'Amount too low', errorCode: 'AMOUNT_TOO_LOW' } }, 'AMOUNT_TOO_SMALL'],
    [{ status: 400, body: { message: 'No quotes', errorCode: 'NO_QUOTES' } }, 'NO_ROUTE'],
    [{ status: 400, body: { message: 'Bad recipient', errorCode: 'INVALID_ADDRESS' } }, 'INVALID_PARAMS'],
    [{ status: 401, body: { message: 'Unauthorized', errorCode: 'UNAUTHORIZED' } }, 'PROVIDER_ERROR'],
    [{ status: 429, body: { message: 'Rate limit exceeded' } }, 'RATE_LIMITED'],
    [{ status: 503, body: { message: 'down', errorCode: 'SERVICE_UNAVAILABLE' } }, 'PROVIDER_ERROR'],
    [{ status: 200, body: null, raw: '{"steps": [' }, 'PROVIDER_ERROR'],
    [{ status: 200, body: { steps: [] } }, 'PROVIDER_ERROR'],
  ])('upstream %j → %s', async (answer, code) => {
    fx.scripted.push(answer);
    await expect(relay.quote(req(), signal())).rejects.toMatchObject({ code });
  });

  it('real validation errors of the fixture map too (unknown currency, Solana recipient)', async () => {
    await expect(relay.quote(req({ dst: { chainId: 42161, address: `0x${'e'.repeat(40)}`, symbol: 'X', decimals: 18 } }), signal())).rejects.toMatchObject({
      code: 'UNSUPPORTED_TOKEN',
    });
    await expect(relay.quote(req({ amount: 1_000n }), signal())).rejects.toMatchObject({ code: 'AMOUNT_TOO_SMALL' });
  });

  it('the quote limit per minute answers 429 → RATE_LIMITED', async () => {
    const limited = await startRelayFixture();
    limited.quoteLimitPerMinute = 2;
    const p = new RelayProvider({ baseUrl: limited.url, referrer: 'x' });
    await p.quote(req(), signal());
    await p.quote(req(), signal());
    await expect(p.quote(req(), signal())).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await limited.close();
  });

  it('chains: Relay ids mapped to ours (Solana 792703809 → 7565164) and used for route support', async () => {
    const chains = await relay.chains(signal());
    expect(chains.map((c) => c.chainId).sort((a, b) => a - b)).toEqual([1, 10, 8453, 42161, 7565164]);
    expect(relay.supportsRoute(req())).toBe(true);
    expect(relay.supportsRoute(req({ dst: { chainId: 137, address: USDC_ARB, symbol: 'USDC', decimals: 6 } }))).toBe(false);
  });
});
