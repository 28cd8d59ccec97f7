import { describe, expect, it } from 'vitest';
import { fromZeroExToken, toZeroExToken, zeroExFeeParams, ZEROEX_MANTLE_NATIVE, ZEROEX_NATIVE } from '../../../src/providers/zeroex/mapping.js';
import { planEvmFees, supportsSameChainEvm } from '../../../src/providers/same-chain-evm.js';
import type { FeeRequest } from '../../../src/providers/types.js';

const ZERO = '0x0000000000000000000000000000000000000000';
const USDC_MIXED = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const OURS = '0x3f4e1c2ab9d35b7fdd0ae6c8a1f92b4c7e5d0a11';
const PARTNER = '0x1111111111111111111111111111111111111111';

describe('0x native-token translation', () => {
  it.each([
    [1, ZERO, ZEROEX_NATIVE],
    [8453, ZERO, ZEROEX_NATIVE],
    [5000, ZERO, ZEROEX_MANTLE_NATIVE],
    [8453, USDC_MIXED, USDC_MIXED.toLowerCase()],
  ])('chain %i: service %s → 0x %s', (chainId, service, zeroEx) => {
    expect(toZeroExToken(chainId, service)).toBe(zeroEx);
  });

  it.each([
    [1, ZEROEX_NATIVE.toUpperCase().replace('0X', '0x'), ZERO],
    [1, '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', ZERO],
    [5000, ZEROEX_MANTLE_NATIVE, ZERO],
    [1, ZEROEX_MANTLE_NATIVE, ZEROEX_MANTLE_NATIVE], // only Mantle uses the 0xdead… placeholder
    [8453, USDC_MIXED, USDC_MIXED.toLowerCase()],
  ])('chain %i: 0x %s → service %s', (chainId, zeroEx, service) => {
    expect(fromZeroExToken(chainId, zeroEx)).toBe(service);
  });
});

const fees = (o: Partial<FeeRequest>): FeeRequest => ({ ourFeeBps: 30, partnerFeeBps: 0, recipients: { evm: OURS }, ...o });

describe('EVM fee plan', () => {
  it.each<[string, FeeRequest, number, { ourFeeBps: number; partnerFeeBps: number; entries: { recipient: string; bps: number }[] }]>([
    ['our fee only', fees({}), 1000, { ourFeeBps: 30, partnerFeeBps: 0, entries: [{ recipient: OURS, bps: 30 }] }],
    ['no recipient carries nothing', fees({ recipients: {} }), 1000, { ourFeeBps: 0, partnerFeeBps: 0, entries: [] }],
    ['malformed recipient carries nothing', fees({ recipients: { evm: 'nope' } }), 1000, { ourFeeBps: 0, partnerFeeBps: 0, entries: [] }],
    [
      'partner without own address is collected with ours',
      fees({ partnerFeeBps: 20 }),
      1000,
      { ourFeeBps: 30, partnerFeeBps: 20, entries: [{ recipient: OURS, bps: 50 }] },
    ],
    [
      'partner with own address gets its own entry',
      fees({ partnerFeeBps: 20, partnerRecipients: { evm: PARTNER } }),
      1000,
      {
        ourFeeBps: 30,
        partnerFeeBps: 20,
        entries: [
          { recipient: OURS, bps: 30 },
          { recipient: PARTNER, bps: 20 },
        ],
      },
    ],
    [
      'partner trimmed to the provider cap first',
      fees({ partnerFeeBps: 20, partnerRecipients: { evm: PARTNER } }),
      40,
      {
        ourFeeBps: 30,
        partnerFeeBps: 10,
        entries: [
          { recipient: OURS, bps: 30 },
          { recipient: PARTNER, bps: 10 },
        ],
      },
    ],
    ['zero fees send nothing', fees({ ourFeeBps: 0 }), 1000, { ourFeeBps: 0, partnerFeeBps: 0, entries: [] }],
    [
      'only a partner with its own address',
      fees({ ourFeeBps: 0, partnerFeeBps: 25, recipients: {}, partnerRecipients: { evm: PARTNER } }),
      1000,
      { ourFeeBps: 0, partnerFeeBps: 25, entries: [{ recipient: PARTNER, bps: 25 }] },
    ],
  ])('%s', (_name, input, cap, expected) => {
    expect(planEvmFees(input, cap)).toEqual(expected);
  });
});

describe('0x fee parameters', () => {
  it('sends swapFeeBps/swapFeeRecipient/swapFeeToken (the sell token: our fee is in bps of the input)', () => {
    expect(zeroExFeeParams(fees({ partnerFeeBps: 20, partnerRecipients: { evm: PARTNER } }), ZEROEX_NATIVE).query).toEqual({
      swapFeeRecipient: `${OURS},${PARTNER}`,
      swapFeeBps: '30,20',
      swapFeeToken: ZEROEX_NATIVE,
    });
  });
  it('sends nothing when no fee can be carried', () => {
    expect(zeroExFeeParams(fees({ recipients: {} }), ZEROEX_NATIVE).query).toEqual({});
  });
});

describe('same-chain EVM route support', () => {
  const t = (chainId: number, address: string) => ({ chainId, address, symbol: 'X', decimals: 18 });
  const chains = new Set([1, 8453]);
  it.each([
    ['same chain, served', { src: t(8453, ZERO), dst: t(8453, USDC_MIXED.toLowerCase()), srcVm: 'evm', dstVm: 'evm' }, true],
    ['cross-chain', { src: t(1, ZERO), dst: t(8453, USDC_MIXED.toLowerCase()), srcVm: 'evm', dstVm: 'evm' }, false],
    ['chain not served', { src: t(56, ZERO), dst: t(56, USDC_MIXED.toLowerCase()), srcVm: 'evm', dstVm: 'evm' }, false],
    ['same token', { src: t(1, ZERO), dst: t(1, ZERO), srcVm: 'evm', dstVm: 'evm' }, false],
    ['solana', { src: t(7565164, 'a'), dst: t(7565164, 'b'), srcVm: 'svm', dstVm: 'svm' }, false],
  ] as const)('%s', (_n, req, expected) => {
    expect(supportsSameChainEvm(req as never, chains)).toBe(expected);
  });
});
