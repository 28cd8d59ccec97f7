import { describe, expect, it } from 'vitest';
import {
  fromKyberToken,
  KYBER_CHAIN_SLUGS,
  KYBER_NATIVE,
  kyberFeeEchoMatches,
  kyberFeeParams,
  kyberMinAmountOut,
  toKyberToken,
} from '../../../src/providers/kyberswap/mapping.js';

const ZERO = '0x0000000000000000000000000000000000000000';
const USDC_MIXED = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const OURS = '0x3f4e1c2ab9d35b7fdd0ae6c8a1f92b4c7e5d0a11';
const PARTNER = '0x1111111111111111111111111111111111111111';

describe('KyberSwap native-token translation', () => {
  it.each([
    [ZERO, KYBER_NATIVE],
    [USDC_MIXED, USDC_MIXED.toLowerCase()],
  ])('service %s → kyber %s', (a, b) => expect(toKyberToken(a)).toBe(b));
  it.each([
    [KYBER_NATIVE, ZERO],
    ['0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', ZERO],
    [USDC_MIXED, USDC_MIXED.toLowerCase()],
  ])('kyber %s → service %s', (a, b) => expect(fromKyberToken(a)).toBe(b));
});

describe('KyberSwap chain slugs', () => {
  it.each([
    [1, 'ethereum'],
    [56, 'bsc'],
    [42161, 'arbitrum'],
    [8453, 'base'],
    [10, 'optimism'],
    [137, 'polygon'],
  ])('%i → %s', (id, slug) => expect(KYBER_CHAIN_SLUGS[id]).toBe(slug));
  it('Solana and unknown chains have no slug', () => {
    expect(KYBER_CHAIN_SLUGS[7565164]).toBeUndefined();
    expect(KYBER_CHAIN_SLUGS[5000]).toBeUndefined(); // Mantle no longer ticked for the aggregator
  });
});

describe('KyberSwap fee fields', () => {
  it.each([
    [
      'our fee',
      { ourFeeBps: 20, partnerFeeBps: 0, recipients: { evm: OURS } },
      { feeAmount: '20', chargeFeeBy: 'currency_in', isInBps: 'true', feeReceiver: OURS },
      [20, 0],
    ],
    [
      'our and partner fee to two receivers',
      { ourFeeBps: 20, partnerFeeBps: 15, recipients: { evm: OURS }, partnerRecipients: { evm: PARTNER } },
      { feeAmount: '20,15', chargeFeeBy: 'currency_in', isInBps: 'true', feeReceiver: `${OURS},${PARTNER}` },
      [20, 15],
    ],
    ['no recipient', { ourFeeBps: 20, partnerFeeBps: 0, recipients: {} }, {}, [0, 0]],
  ])('%s', (_n, fees, query, [our, partner]) => {
    const p = kyberFeeParams(fees);
    expect(p.query).toEqual(query);
    expect([p.plan.ourFeeBps, p.plan.partnerFeeBps]).toEqual([our, partner]);
  });

  const asked = { feeAmount: '20', chargeFeeBy: 'currency_in', isInBps: 'true', feeReceiver: OURS };
  it.each([
    ['exact echo', { feeAmount: '20', chargeFeeBy: 'currency_in', isInBps: true, feeReceiver: OURS }, true],
    ['receiver in another case', { feeAmount: '20', chargeFeeBy: 'currency_in', isInBps: true, feeReceiver: OURS.toUpperCase().replace('0X', '0x') }, true],
    ['missing echo', undefined, false],
    ['different amount', { feeAmount: '10', chargeFeeBy: 'currency_in', isInBps: true, feeReceiver: OURS }, false],
    ['not in bps', { feeAmount: '20', chargeFeeBy: 'currency_in', isInBps: false, feeReceiver: OURS }, false],
  ])('fee echo: %s', (_n, echo, ok) => expect(kyberFeeEchoMatches(asked, echo)).toBe(ok));
  it('nothing asked → nothing to check', () => expect(kyberFeeEchoMatches({}, undefined)).toBe(true));
});

describe('KyberSwap minimum output', () => {
  it.each([
    [1_000_000n, 50, 995_000n],
    [1_000_001n, 50, 995_000n],
    [999n, 1, 998n],
    [10n ** 24n, 5000, 5n * 10n ** 23n],
  ])('%s at %i bps → %s', (out, bps, min) => expect(kyberMinAmountOut(out, bps)).toBe(min));
});
