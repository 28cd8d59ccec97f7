import { describe, expect, it } from 'vitest';
import { DebridgeChainTable } from '../../../src/providers/debridge/chains.js';
import { bpsToPercent, debridgeFeeParams } from '../../../src/providers/debridge/fees.js';
import { fromDebridgeToken, toDebridgeToken } from '../../../src/providers/debridge/mapping.js';
import { isNativeToken } from '../../../src/providers/native-tokens.js';
import type { FeeRequest } from '../../../src/providers/types.js';

const FEE_EVM = '0x1111111111111111111111111111111111111111';
const FEE_SOL = 'FeeRecipient1111111111111111111111111111111';

describe('deBridge chain ids', () => {
  const t = new DebridgeChainTable();
  it.each([
    [1, 1],
    [42161, 42161],
    [7565164, 7565164],
    [100, 100000002],
    [146, 100000014],
    [143, 100000030],
  ])('service %i ↔ deBridge %i', (service, debridge) => {
    expect(t.debridgeId(service)).toBe(debridge);
    expect(t.serviceId(debridge)).toBe(service);
  });

  it('has no id for chains it does not serve, and none for TRON', () => {
    expect(t.debridgeId(250)).toBeUndefined();
    expect(t.serviceId(100)).toBeUndefined(); // 100 is not a deBridge id; Gnosis is 100000002
    expect(t.learn(100000026, 728126428)).toBeUndefined();
  });

  it('learns new chains from supported-chains-info without shadowing known ones', () => {
    const learned = new DebridgeChainTable([[1, 1]]);
    expect(learned.learn(100000099, 31337)).toBe(31337);
    expect(learned.debridgeId(31337)).toBe(100000099);
    expect(learned.learn(7565164, 7565164)).toBe(7565164);
    expect(learned.learn(100000098, 1)).toBeUndefined(); // 1 already maps to deBridge id 1
    expect(learned.debridgeId(1)).toBe(1);
  });
});

describe('deBridge native-token translation', () => {
  it.each([
    ['svm', 'So11111111111111111111111111111111111111112', '11111111111111111111111111111111'],
    ['svm', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
    ['evm', '0x0000000000000000000000000000000000000000', '0x0000000000000000000000000000000000000000'],
    ['evm', '0xAF88d065e77c8cC2239327C5EDb3A432268e5831', '0xaf88d065e77c8cc2239327c5edb3a432268e5831'],
  ] as const)('%s %s → %s', (vm, ours, theirs) => {
    expect(toDebridgeToken(vm, ours)).toBe(theirs);
    expect(fromDebridgeToken(vm, theirs)).toBe(vm === 'evm' ? ours.toLowerCase() : ours);
  });

  it('reads 0xEeee… as EVM native', () => {
    expect(fromDebridgeToken('evm', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')).toBe('0x0000000000000000000000000000000000000000');
  });

  it('knows the native coins', () => {
    expect(isNativeToken('svm', 'So11111111111111111111111111111111111111112')).toBe(true);
    expect(isNativeToken('svm', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(false);
    expect(isNativeToken('evm', '0x0000000000000000000000000000000000000000')).toBe(true);
  });
});

describe('deBridge affiliate fee parameters', () => {
  it.each([
    [1, '0.01'],
    [5, '0.05'],
    [10, '0.1'],
    [30, '0.3'],
    [100, '1'],
    [150, '1.5'],
    [1000, '10'],
  ])('%i bps → %s %%', (bps, pct) => expect(bpsToPercent(bps)).toBe(pct));

  const fees = (f: Partial<FeeRequest>): FeeRequest => ({ ourFeeBps: 30, partnerFeeBps: 0, recipients: { evm: FEE_EVM, svm: FEE_SOL }, ...f });

  it.each([
    [
      'our fee to the EVM recipient',
      fees({}),
      'evm',
      4242,
      { ourFeeBps: 30, partnerFeeBps: 0, query: { affiliateFeePercent: '0.3', affiliateFeeRecipient: FEE_EVM, referralCode: '4242' } },
    ],
    [
      'our + partner fee, Solana source',
      fees({ partnerFeeBps: 20 }),
      'svm',
      4242,
      { ourFeeBps: 30, partnerFeeBps: 20, query: { affiliateFeePercent: '0.5', affiliateFeeRecipient: FEE_SOL, referralCode: '4242' } },
    ],
    [
      'no referral code → the affiliate fee is not enabled: none asked, none reported',
      fees({}),
      'evm',
      undefined,
      { ourFeeBps: 0, partnerFeeBps: 0, query: {} },
    ],
    [
      'no recipient for the source VM → no fee',
      fees({ recipients: { evm: FEE_EVM } }),
      'svm',
      4242,
      { ourFeeBps: 0, partnerFeeBps: 0, query: { referralCode: '4242' } },
    ],
    ['zero fees → no fee params', fees({ ourFeeBps: 0 }), 'evm', 4242, { ourFeeBps: 0, partnerFeeBps: 0, query: { referralCode: '4242' } }],
    [
      'capped at deBridge’s 10 %',
      fees({ ourFeeBps: 900, partnerFeeBps: 300 }),
      'evm',
      4242,
      { ourFeeBps: 900, partnerFeeBps: 100, query: { affiliateFeePercent: '10', affiliateFeeRecipient: FEE_EVM, referralCode: '4242' } },
    ],
  ] as const)('%s', (_name, f, vm, referral, expected) => {
    expect(debridgeFeeParams(f, vm, referral)).toEqual(expected);
  });
});
