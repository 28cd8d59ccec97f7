import { describe, expect, it } from 'vitest';
import { initialInput, nextInput, outputOvershootBps, overpayBps } from '../../src/checkout/overpay.js';
import { searchPayerQuotes, directEvmTransfer } from '../../src/checkout/payer-quote.js';
import type { QuoteResponse, QuoteView } from '../../src/quotes/service.js';
import { ApiError } from '../../src/errors.js';
import { decodeFunctionData, erc20Abi } from 'viem';

describe('overpay math', () => {
  it('initial input is the due worth in the source token plus the buffer', () => {
    // 100 USDC (6 dp) due, source DAI (18 dp) at 1 USD, 1% buffer → 101 DAI.
    expect(initialInput({ due: 100_000_000n, dueDecimals: 6, duePriceUsd: 1, srcDecimals: 18, srcPriceUsd: 1, bufferBps: 100 })).toBe(101n * 10n ** 18n);
    // ETH at 2500 USD: 100 USD = 0.04 ETH, +1% = 0.0404 ETH.
    expect(initialInput({ due: 100_000_000n, dueDecimals: 6, duePriceUsd: 1, srcDecimals: 18, srcPriceUsd: 2500, bufferBps: 100 })).toBe(
      40_400_000_000_000_000n,
    );
  });
  it('next input rescales by the observed rate and rounds up', () => {
    expect(nextInput(1000n, 900n, 1000n, 0)).toBe(1112n); // ceil(1000*1000/900)
    expect(nextInput(1000n, 1100n, 1000n, 0)).toBe(910n);
    expect(nextInput(1000n, 0n, 1000n)).toBe(2000n);
  });
  it('overpay in bps of the amount due, from prices or from the output overshoot', () => {
    expect(overpayBps({ srcAmount: 103n * 10n ** 18n, srcDecimals: 18, srcPriceUsd: 1, due: 100_000_000n, dueDecimals: 6, duePriceUsd: 1 })).toBe(300);
    expect(overpayBps({ srcAmount: 99n * 10n ** 18n, srcDecimals: 18, srcPriceUsd: 1, due: 100_000_000n, dueDecimals: 6, duePriceUsd: 1 })).toBe(-100);
    expect(outputOvershootBps(1_005_000n, 1_000_000n)).toBe(50);
  });
});

/**
 * A fake market: 1 source unit (18 dp) buys `rate` settlement units (6 dp) per 1e18, minus fee; minimum output
 * is the expected output minus slippage. `exact` providers also answer exact-output requests.
 */
function market(providers: Array<{ id: string; rateBps: bigint; feeBps: bigint; slipBps: bigint; exact: boolean }>) {
  const calls: Array<{ amount?: string; dstAmount?: string }> = [];
  const out = (p: (typeof providers)[number], src: bigint) => {
    const dst = (src * p.rateBps * (10_000n - p.feeBps)) / (10n ** 12n * 10_000n * 10_000n);
    return { dst, min: (dst * (10_000n - p.slipBps)) / 10_000n };
  };
  const view = (id: string, src: bigint, dst: bigint, min: bigint): QuoteView => ({
    quoteId: `q_${id}_${calls.length}`,
    provider: id,
    srcAmount: src.toString(),
    dstAmount: dst.toString(),
    dstAmountMin: min.toString(),
    estimatedSeconds: 10,
    fees: { ourFeeBps: 20 },
    expiresAt: 0,
  });
  const fn = async (params: any): Promise<QuoteResponse> => {
    calls.push({ amount: params.amount, dstAmount: params.dstAmount });
    const quotes: QuoteView[] = [];
    for (const p of providers) {
      if (params.dstAmount !== undefined) {
        if (!p.exact) continue;
        const want = BigInt(params.dstAmount);
        // Invert, then bump until the minimum covers the request (what a provider's exact-output mode does).
        let src = (want * 10n ** 12n * 10_000n * 10_000n * 10_000n) / (p.rateBps * (10_000n - p.feeBps) * (10_000n - p.slipBps));
        while (out(p, src).min < want) src += 10n ** 9n;
        const { dst, min } = out(p, src);
        quotes.push(view(p.id, src, dst, min));
      } else {
        const src = BigInt(params.amount);
        const { dst, min } = out(p, src);
        quotes.push(view(p.id, src, dst, min));
      }
    }
    if (!quotes.length) throw new ApiError('NO_ROUTE', 'No loaded provider supports this route as exact output');
    return { best: quotes[0]!, quotes, errors: [] };
  };
  return { fn, calls };
}

const base = { srcChain: '8453', srcToken: 'DAI', dstChain: '8453', dstToken: 'USDC', sender: '0x1', recipient: '0x2' };
const due = 100_000_000n;

describe('payer quote search', () => {
  it('combines exact output and input search; every quote covers the amount due with a small overpay', async () => {
    const m = market([
      { id: 'exacty', rateBps: 10_000n, feeBps: 20n, slipBps: 50n, exact: true },
      { id: 'inputonly', rateBps: 10_010n, feeBps: 20n, slipBps: 50n, exact: false },
    ]);
    const r = await searchPayerQuotes(m.fn, { base, due, dueDecimals: 6, srcDecimals: 18, srcPriceUsd: 1, duePriceUsd: 1, maxOverpayBps: 300 });
    expect(r.quotes.map((q) => q.provider).sort()).toEqual(['exacty', 'inputonly']);
    for (const q of r.quotes) {
      expect(BigInt(q.dstAmountMin)).toBeGreaterThanOrEqual(due);
      expect(q.overpayBps).toBeGreaterThan(0);
      expect(q.overpayBps, JSON.stringify({ q, calls: m.calls })).toBeLessThan(100);
    }
    // Cheapest first.
    expect(BigInt(r.quotes[0]!.srcAmount)).toBeLessThanOrEqual(BigInt(r.quotes[1]!.srcAmount));
    expect(m.calls.filter((c) => c.amount).length).toBeLessThanOrEqual(3);
  });

  it('converges without prices, starting from the exact-output input', async () => {
    const m = market([
      { id: 'exacty', rateBps: 10_000n, feeBps: 20n, slipBps: 50n, exact: true },
      { id: 'inputonly', rateBps: 9_950n, feeBps: 20n, slipBps: 50n, exact: false },
    ]);
    const r = await searchPayerQuotes(m.fn, { base, due, dueDecimals: 6, srcDecimals: 18, maxOverpayBps: 300 });
    expect(r.quotes.map((q) => q.provider).sort()).toEqual(['exacty', 'inputonly']);
    for (const q of r.quotes) expect(BigInt(q.dstAmountMin)).toBeGreaterThanOrEqual(due);
  });

  it('works when no provider quotes exact output', async () => {
    const m = market([{ id: 'inputonly', rateBps: 10_000n, feeBps: 20n, slipBps: 50n, exact: false }]);
    const r = await searchPayerQuotes(m.fn, { base, due, dueDecimals: 6, srcDecimals: 18, srcPriceUsd: 1, maxOverpayBps: 300 });
    expect(r.quotes).toHaveLength(1);
    expect(r.quotes[0]!.method).toBe('input_search');
    expect(BigInt(r.quotes[0]!.dstAmountMin)).toBeGreaterThanOrEqual(due);
  });

  it('drops routes that overpay more than the cap; none left → NO_ROUTE', async () => {
    const m = market([
      { id: 'fair', rateBps: 10_000n, feeBps: 20n, slipBps: 50n, exact: true },
      { id: 'greedy', rateBps: 9_500n, feeBps: 20n, slipBps: 50n, exact: true },
    ]);
    const r = await searchPayerQuotes(m.fn, { base, due, dueDecimals: 6, srcDecimals: 18, srcPriceUsd: 1, maxOverpayBps: 300 });
    expect(r.quotes.map((q) => q.provider)).toEqual(['fair']);
    const g = market([{ id: 'greedy', rateBps: 9_500n, feeBps: 20n, slipBps: 50n, exact: true }]);
    await expect(searchPayerQuotes(g.fn, { base, due, dueDecimals: 6, srcDecimals: 18, srcPriceUsd: 1, maxOverpayBps: 300 })).rejects.toMatchObject({
      code: 'NO_ROUTE',
    });
  });
});

describe('direct transfer quote', () => {
  it('is an ERC-20 transfer of exactly the amount to the recipient, no value', () => {
    const tx = directEvmTransfer({
      chainId: 8453,
      token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      recipient: '0x1111111111111111111111111111111111111111',
      amount: 1234n,
    });
    expect(tx).toMatchObject({ vm: 'evm', chainId: 8453, to: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', value: '0' });
    expect(decodeFunctionData({ abi: erc20Abi, data: tx.data as `0x${string}` })).toEqual({
      functionName: 'transfer',
      args: ['0x1111111111111111111111111111111111111111', 1234n],
    });
  });
});
