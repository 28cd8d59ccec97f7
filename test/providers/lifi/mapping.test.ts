import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/errors.js';
import { fromLifiChainId, LIFI_SOLANA_CHAIN_ID, toLifiChainId } from '../../../src/providers/lifi/chains.js';
import { bpsToFraction, lifiFeeParams } from '../../../src/providers/lifi/fees.js';
import { bpsToSlippage, fromLifiToken, gasUsd, grossUpForSlippage, providerFeeUsd, readStep, toLifiToken } from '../../../src/providers/lifi/mapping.js';
import { quoteStep } from '../../../src/providers/lifi/schemas.js';
import type { FeeRequest, QuoteRequest } from '../../../src/providers/types.js';

describe('LI.FI chain ids', () => {
  it.each([
    [1, 1],
    [42161, 42161],
    [100, 100],
    [7565164, 1151111081099710],
  ])('service %i ↔ LI.FI %i', (service, lifi) => {
    expect(toLifiChainId(service)).toBe(lifi);
    expect(fromLifiChainId(lifi)).toBe(service);
  });
  it('the service’s Solana id is not a LI.FI chain', () => expect(fromLifiChainId(7565164)).toBeUndefined());
  it('LI.FI’s Solana id is a safe JS integer', () => expect(Number.isSafeInteger(LIFI_SOLANA_CHAIN_ID)).toBe(true));
});

describe('LI.FI native-token translation', () => {
  it.each([
    ['svm', 'So11111111111111111111111111111111111111112', '11111111111111111111111111111111'],
    ['svm', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
    ['evm', '0x0000000000000000000000000000000000000000', '0x0000000000000000000000000000000000000000'],
    ['evm', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
  ] as const)('%s %s → %s', (vm, ours, theirs) => {
    expect(toLifiToken(vm, ours)).toBe(theirs);
    expect(fromLifiToken(vm, theirs)).toBe(vm === 'evm' ? ours.toLowerCase() : ours);
  });
  it('reads 0xEeee… as EVM native', () => {
    expect(fromLifiToken('evm', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')).toBe('0x0000000000000000000000000000000000000000');
  });
});

describe('LI.FI fee and slippage parameters', () => {
  it.each([
    [1, '0.0001'],
    [5, '0.0005'],
    [30, '0.003'],
    [50, '0.005'],
    [150, '0.015'],
    [1000, '0.1'],
  ])('fee %i bps → %s', (bps, s) => expect(bpsToFraction(bps)).toBe(s));

  it.each([
    [1, '0.0001'],
    [50, '0.005'],
    [300, '0.03'],
    [5000, '0.5'],
    [10000, '1'],
  ])('slippage %i bps → %s', (bps, s) => expect(bpsToSlippage(bps)).toBe(s));

  it.each([
    [25_000_000n, 50, 25_125_629n],
    [1_000_000n, 0, 1_000_000n],
    [1n, 100, 2n],
    [9_950n, 50, 10_000n],
  ])('exact output %s at %i bps → toAmount %s', (amount, bps, want) => {
    expect(grossUpForSlippage(amount, bps)).toBe(want);
    expect((want * BigInt(10_000 - bps)) / 10_000n).toBeGreaterThanOrEqual(amount);
  });

  const fees = (f: Partial<FeeRequest>): FeeRequest => ({
    ourFeeBps: 30,
    partnerFeeBps: 0,
    recipients: { evm: '0x1111111111111111111111111111111111111111' },
    ...f,
  });
  it.each([
    ['our fee', fees({}), 'evm', { ourFeeBps: 30, partnerFeeBps: 0, query: { integrator: 'swapgate', fee: '0.003' } }],
    ['our + partner fee', fees({ partnerFeeBps: 20 }), 'evm', { ourFeeBps: 30, partnerFeeBps: 20, query: { integrator: 'swapgate', fee: '0.005' } }],
    ['no recipient for the source VM', fees({}), 'svm', { ourFeeBps: 0, partnerFeeBps: 0, query: { integrator: 'swapgate' } }],
    ['zero fee', fees({ ourFeeBps: 0 }), 'evm', { ourFeeBps: 0, partnerFeeBps: 0, query: { integrator: 'swapgate' } }],
  ] as const)('%s', (_n, f, vm, expected) => expect(lifiFeeParams(f, vm, 'swapgate')).toEqual(expected));
});

describe('LI.FI step reading', () => {
  const req: QuoteRequest = {
    src: { chainId: 42161, address: '0xaf88d065e77c8cc2239327c5edb3a432268e5831', symbol: 'USDC', decimals: 6 },
    dst: { chainId: 7565164, address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'USDC', decimals: 6 },
    srcVm: 'evm',
    dstVm: 'svm',
    tradeType: 'EXACT_INPUT',
    amount: 50_000_000n,
    sender: '0x7a3f0c1de9b0a5c6b1e2f4d8a9c0b1d2e3f40516',
    recipient: 'GTtzwxqy67xx9DVESJjx28TgXqpc8xTqtiytgNMaQBTE',
    slippageBps: 50,
    fees: { ourFeeBps: 0, partnerFeeBps: 0, recipients: {} },
  };
  const tok = (address: string, chainId: number) => ({ address, chainId, symbol: 'USDC', decimals: 6, name: 'USD Coin', priceUSD: '1' });
  const raw = (over: { toChainId?: number; toAmountMin?: string; fromAmount?: string } = {}) => ({
    tool: 'mayan',
    action: {
      fromChainId: 42161,
      toChainId: over.toChainId ?? 1151111081099710,
      fromToken: tok(req.src.address, 42161),
      toToken: tok(req.dst.address, over.toChainId ?? 1151111081099710),
      fromAmount: '50000000',
    },
    estimate: {
      fromAmount: over.fromAmount ?? '50000000',
      toAmount: '49712345',
      toAmountMin: over.toAmountMin ?? '49463783',
      approvalAddress: '0x1231deb6f5749ef6ce6943a275a1d3e7486f4eae',
      executionDuration: 25.2,
      feeCosts: [
        { name: 'LIFI Fixed Fee', amount: '125000', amountUSD: '0.12', included: true },
        { name: 'Fee', amount: '300000', amountUSD: '0.30', included: true, feeSplit: { lifiFee: '100000', integratorFee: '200000' } },
      ],
      gasCosts: [
        { type: 'SEND', amount: '1', amountUSD: '0.01' },
        { type: 'APPROVE', amount: '1', amountUSD: '0.02' },
      ],
    },
    transactionRequest: { to: '0x1231deb6f5749ef6ce6943a275a1d3e7486f4eae', chainId: 42161, data: '0x1794958f', value: '0x0' },
  });
  const read = (body: unknown) => readStep(quoteStep.parse(body), req);

  it('reads amounts, time, fees (our integrator share excluded) and gas', () => {
    const e = read(raw());
    expect(e).toMatchObject({
      srcAmount: 50_000_000n,
      dstAmount: 49_712_345n,
      dstAmountMin: 49_463_783n,
      estimatedSeconds: 26,
      providerFeeUsd: 0.22,
      gasUsd: 0.03,
    });
    expect(e.context).toEqual({
      tool: 'mayan',
      transactionRequest: { to: '0x1231deb6f5749ef6ce6943a275a1d3e7486f4eae', chainId: 42161, data: '0x1794958f', value: '0' },
      approvalAddress: '0x1231deb6f5749ef6ce6943a275a1d3e7486f4eae',
    });
  });

  it('uses only SUM gas entries when LI.FI gives one', () => {
    const body = raw();
    body.estimate.gasCosts.push({ type: 'SUM', amount: '2', amountUSD: '0.03' });
    expect(gasUsd(quoteStep.parse(body))).toBe(0.03);
    expect(providerFeeUsd(quoteStep.parse({ ...body, estimate: { ...body.estimate, feeCosts: [] } }))).toBeUndefined();
  });

  it('exact output: a guaranteed minimum below the amount asked is refused', () => {
    const exact = { ...req, tradeType: 'EXACT_OUTPUT' as const };
    expect(readStep(quoteStep.parse(raw()), { ...exact, amount: 49_463_783n }).dstAmountMin).toBe(49_463_783n);
    expect(() => readStep(quoteStep.parse(raw()), { ...exact, amount: 49_463_784n })).toThrow(/guarantees/);
  });

  it.each([
    ['the service Solana id instead of LI.FI’s', raw({ toChainId: 7565164 })],
    ['a minimum above the output', raw({ toAmountMin: '49712346' })],
    ['a different input than asked', raw({ fromAmount: '50000001' })],
  ])('refuses %s → PROVIDER_ERROR', (_n, body) => {
    expect(() => read(body)).toThrow(ApiError);
    try {
      read(body);
    } catch (e) {
      expect((e as ApiError).code).toBe('PROVIDER_ERROR');
    }
  });
});
