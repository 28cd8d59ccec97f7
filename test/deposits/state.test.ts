import { describe, expect, it } from 'vitest';
import { check, CHECKOUT_ADDRESS_PAIRS, DETECTION, nextCheckDelayMs, planCheckoutAddress, sandboxOutcome, scaledDstAmount } from '../../src/deposits/state.js';
import { amountWorth, priceEstimate, usdValue } from '../../src/deposits/service.js';

const MIN = 60_000;
const H = 60 * MIN;

describe('deposit addresses: pure rules', () => {
  it.each([
    // sinceActivity, inFlight, expected
    [0, false, 15_000],
    [9 * MIN, false, 15_000],
    [10 * MIN, false, 60_000],
    [59 * MIN, false, 60_000],
    [H, false, 5 * MIN],
    [6 * H - 1, false, 5 * MIN],
    [6 * H, false, 15 * MIN],
    [30 * 24 * H, false, 15 * MIN],
    [30 * 24 * H, true, 15_000],
    [2 * H, true, 15_000],
  ])('detection curve: %i ms since activity, in flight %s → %i ms', (since, inFlight, ms) => {
    expect(nextCheckDelayMs(since, inFlight)).toBe(ms);
  });

  it('the curve never checks less often than every 15 minutes, and never more often than every 15 s', () => {
    for (let t = 0; t < 48 * H; t += 7 * MIN) {
      for (const f of [true, false]) {
        const d = nextCheckDelayMs(t, f);
        expect(d).toBeGreaterThanOrEqual(DETECTION.fastMs);
        expect(d).toBeLessThanOrEqual(DETECTION.idleMs);
      }
    }
  });

  it.each([
    ['25000000', 'filled'],
    ['25004001', 'refunded'],
    ['4001', 'refunded'],
    ['25004002', 'failed'],
    ['40010', 'filled'],
    ['24001', 'refunded'],
    ['1', 'filled'],
  ])('sandbox outcome of %s: %s', (amount, outcome) => {
    expect(sandboxOutcome(amount)).toBe(outcome);
  });

  it.each([
    [{ status: 'active', reusable: true, depositCount: 5 }, 'simulate', true],
    [{ status: 'active', reusable: false, depositCount: 0 }, 'simulate', true],
    [{ status: 'active', reusable: false, depositCount: 1 }, 'simulate', false],
    [{ status: 'active', reusable: false, depositCount: 1 }, 'deposit', false],
    [{ status: 'active', reusable: false, depositCount: 1 }, 'refresh', true],
    [{ status: 'disabled', reusable: true, depositCount: 0 }, 'refresh', false],
    [{ status: 'disabled', reusable: true, depositCount: 0 }, 'simulate', false],
    [{ status: 'disabled', reusable: true, depositCount: 0 }, 'disable', true],
    [{ status: 'active', reusable: true, depositCount: 0 }, 'disable', true],
  ] as const)('%o %s → allowed %s', (state, action, ok) => {
    expect(check(state, action).ok).toBe(ok);
  });

  it('a deposit is priced like the estimate (fees fixed at creation), rounded down', () => {
    expect(scaledDstAmount(50_000_000n, { amount: '100000000', dstAmount: '99800000' })).toBe(49_900_000n);
    expect(scaledDstAmount(3n, { amount: '2', dstAmount: '1' })).toBe(1n);
    expect(scaledDstAmount(5n, { amount: '0', dstAmount: '1' })).toBe(0n);
  });

  it('USD worth and amounts worth a USD value', () => {
    expect(usdValue(990_000n, 6, 1)).toBeCloseTo(0.99);
    expect(usdValue(10n ** 18n, 18, 3000)).toBeCloseTo(3000);
    expect(usdValue(1n, 6, undefined)).toBeUndefined();
    expect(amountWorth(100, 6, 1)).toBe(100_000_000n);
    expect(amountWorth(100, 18, 4000)).toBe(25_000_000_000_000_000n);
    expect(amountWorth(100, 6, undefined)).toBe(100_000_000n);
  });

  it('tokens priced far below a cent are valued exactly: no false AMOUNT_TOO_SMALL, no division by zero (a 500) in the estimate', () => {
    // 10^12 whole tokens of 18 decimals at 1e-9 USD each are worth 1000 USD.
    expect(usdValue(10n ** 30n, 18, 1e-9)).toBeCloseTo(1000);
    expect(amountWorth(100, 18, 1e-9)).toBe(10n ** 29n);
    const usdc = { chainId: 1, address: '0x1', symbol: 'USDC', decimals: 6 };
    const tiny = { chainId: 1, address: '0x2', symbol: 'TINY', decimals: 18 };
    const fees = { ourFeeBps: 0, partnerFeeBps: 0, recipients: {} };
    expect(priceEstimate({ src: usdc, dst: tiny, amount: 1_000_000n, fees }, [1, 1e-9], true).dstAmount).toBe((10n ** 27n).toString());
    expect(priceEstimate({ src: tiny, dst: usdc, amount: 10n ** 27n, fees }, [1e-9, 1], true).dstAmount).toBe('1000000');
  });

  it('price estimate: value in the destination token less fees, 0.5% minimum; decimals alone without prices', () => {
    const usdc = (chainId: number) => ({ chainId, address: '0x', symbol: 'USDC', decimals: 6 });
    const fees = { ourFeeBps: 20, partnerFeeBps: 30, recipients: {} };
    expect(priceEstimate({ src: usdc(8453), dst: usdc(42161), amount: 100_000_000n, fees }, [1, 1], false)).toEqual({
      amount: '100000000',
      dstAmount: '99500000',
      dstAmountMin: '99002500',
      estimatedSeconds: 30,
    });
    const eth = { chainId: 1, address: '0x0', symbol: 'ETH', decimals: 18 };
    expect(priceEstimate({ src: usdc(1), dst: eth, amount: 3_000_000_000n, fees: { ...fees, partnerFeeBps: 0 } }, [1, 3000], true).dstAmount).toBe(
      '998000000000000000',
    );
    expect(
      priceEstimate({ src: eth, dst: usdc(1), amount: 10n ** 18n, fees: { ...fees, ourFeeBps: 0, partnerFeeBps: 0 } }, [undefined, 1], true).dstAmount,
    ).toBe('1000000');
  });

  describe('pay by transfer: the addresses of one checkout session', () => {
    const row = (chainId: number, token: string, depositCount = 0, status = 'active') => ({
      id: `${chainId}:${token}:${status}:${depositCount}`,
      chainId,
      token,
      depositCount,
      status,
    });
    const pair = { chainId: 42161, token: '0xusdc' };

    it('the bound is 3 pairs', () => expect(CHECKOUT_ADDRESS_PAIRS).toBe(3));

    it.each([
      ['no address yet', [], 'create'],
      ["the pair's unused address: reused", [row(42161, '0xusdc')], 'reuse'],
      ["the pair's used address (its payment failed): replaced", [row(42161, '0xusdc', 1)], 'create+replace'],
      ['two other pairs', [row(8453, '0xusdc'), row(10, '0xusdc')], 'create'],
      ['three other pairs: full', [row(8453, '0xusdc'), row(10, '0xusdc'), row(1, '0xusdt')], 'full'],
      ['three other pairs, used ones count too: full', [row(8453, '0xusdc', 1), row(10, '0xusdc', 1), row(1, '0xusdt')], 'full'],
      ['three pairs including this one, unused: reused', [row(8453, '0xusdc'), row(10, '0xusdc'), row(42161, '0xusdc')], 'reuse'],
      [
        'three pairs including this one, used: replaced (the count stays 3)',
        [row(8453, '0xusdc'), row(10, '0xusdc'), row(42161, '0xusdc', 1)],
        'create+replace',
      ],
      [
        'disabled addresses count for nothing',
        [row(8453, '0xusdc', 0, 'disabled'), row(10, '0xusdc', 0, 'disabled'), row(1, '0xusdt', 1, 'disabled'), row(42161, '0xusdc', 0, 'disabled')],
        'create',
      ],
      ['the same token on another chain is another pair', [row(8453, '0xusdc'), row(10, '0xusdc'), row(1, '0xusdc')], 'full'],
    ] as const)('%s → %s', (_what, rows, expected) => {
      const plan = planCheckoutAddress(rows, pair);
      const got = plan.kind === 'create' && plan.replaces ? 'create+replace' : plan.kind;
      expect(got).toBe(expected);
      if (plan.kind === 'reuse') expect(plan.address).toMatchObject(pair);
      if (plan.kind === 'create' && plan.replaces) expect(plan.replaces).toMatchObject({ ...pair, status: 'active' });
      if (plan.kind === 'full') expect(plan.pairs).toBe(CHECKOUT_ADDRESS_PAIRS);
    });
  });
});
