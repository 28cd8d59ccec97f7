import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, pad } from 'viem';
import { checkEvmPayment, decodeTransfers, TRANSFER_TOPIC, type EvmLog, type EvmTxEvidence } from '../../src/checkout/verify/evm-rules.js';
import { checkSolanaPayment, tokenDelta, type SolanaTxEvidence } from '../../src/checkout/verify/solana-rules.js';

const USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const DAI = '0x50c5725949a6f0c72e6c4a641f24049a917db0cb';
const MERCHANT = '0x1111111111111111111111111111111111111111';
const PAYER = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const CREATED = 1_700_000_000_500; // ms

const transfer = (token: string, from: string, to: string, value: bigint): EvmLog => ({
  address: token,
  topics: [TRANSFER_TOPIC, pad(from as `0x${string}`), pad(to as `0x${string}`)],
  data: encodeAbiParameters([{ type: 'uint256' }], [value]),
});
const tx = (logs: EvmLog[], over: Partial<EvmTxEvidence> = {}): EvmTxEvidence => ({
  status: 'success',
  from: PAYER,
  blockTimestamp: 1_700_000_010n,
  logs,
  ...over,
});
const want = { token: USDC, recipient: MERCHANT, amount: 1_000_000n, createdAtMs: CREATED, blockTimeToleranceMs: 0 };

describe('EVM payment rules', () => {
  it('decodes only ERC-20 Transfer logs', () => {
    const nft: EvmLog = { address: USDC, topics: [TRANSFER_TOPIC, pad(PAYER), pad(MERCHANT), pad('0x01')], data: '0x' };
    const other: EvmLog = {
      address: USDC,
      topics: [`0x${'11'.repeat(32)}`, pad(PAYER), pad(MERCHANT)],
      data: encodeAbiParameters([{ type: 'uint256' }], [5n]),
    };
    expect(decodeTransfers([nft, other, transfer(USDC, PAYER, MERCHANT, 7n)])).toEqual([{ token: USDC, from: PAYER, to: MERCHANT, value: 7n }]);
  });

  it.each<[string, EvmTxEvidence, Partial<typeof want> & { payer?: string }, unknown]>([
    ['exact amount', tx([transfer(USDC, PAYER, MERCHANT, 1_000_000n)]), {}, { verdict: 'paid', received: 1_000_000n }],
    [
      'overpaid across two logs',
      tx([transfer(USDC, OTHER, MERCHANT, 600_000n), transfer(USDC, OTHER, MERCHANT, 500_000n)]),
      {},
      { verdict: 'paid', received: 1_100_000n },
    ],
    [
      'checksummed addresses',
      tx([transfer(USDC, PAYER, MERCHANT, 1_000_000n)]),
      { token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', recipient: MERCHANT.toUpperCase().replace('0X', '0x') },
      { verdict: 'paid', received: 1_000_000n },
    ],
    ['reverted', tx([transfer(USDC, PAYER, MERCHANT, 1_000_000n)], { status: 'reverted' }), {}, { verdict: 'failed', reason: 'tx_reverted' }],
    ['underpaid', tx([transfer(USDC, PAYER, MERCHANT, 999_999n)]), {}, { verdict: 'review', reason: 'underpaid', received: 999_999n }],
    ['another token', tx([transfer(DAI, PAYER, MERCHANT, 10n ** 18n)]), {}, { verdict: 'review', reason: 'no_settlement_transfer', received: 0n }],
    ['to another address', tx([transfer(USDC, PAYER, OTHER, 1_000_000n)]), {}, { verdict: 'review', reason: 'no_settlement_transfer', received: 0n }],
    // A contract that is not the token emits a perfect-looking Transfer event: ignored.
    [
      'fake Transfer from another contract',
      tx([{ ...transfer(USDC, PAYER, MERCHANT, 1_000_000n), address: OTHER }]),
      {},
      { verdict: 'review', reason: 'no_settlement_transfer', received: 0n },
    ],
    [
      'mined before the session',
      tx([transfer(USDC, PAYER, MERCHANT, 1_000_000n)], { blockTimestamp: 1_699_999_999n }),
      {},
      { verdict: 'review', reason: 'mined_before_session', received: 1_000_000n },
    ],
    [
      'mined in the session second',
      tx([transfer(USDC, PAYER, MERCHANT, 1_000_000n)], { blockTimestamp: 1_700_000_000n }),
      {},
      { verdict: 'paid', received: 1_000_000n },
    ],
    // The producer's clock stamped the block 2 s before ours created the session: within the tolerance, it pays.
    [
      'block stamped within the tolerance before the session',
      tx([transfer(USDC, PAYER, MERCHANT, 1_000_000n)], { blockTimestamp: 1_699_999_998n }),
      { blockTimeToleranceMs: 2_000 },
      { verdict: 'paid', received: 1_000_000n },
    ],
    [
      'block stamped just past the tolerance',
      tx([transfer(USDC, PAYER, MERCHANT, 1_000_000n)], { blockTimestamp: 1_699_999_997n }),
      { blockTimeToleranceMs: 2_000 },
      { verdict: 'review', reason: 'mined_before_session', received: 1_000_000n },
    ],
    ['direct: from the payer', tx([transfer(USDC, PAYER, MERCHANT, 1_000_000n)]), { payer: PAYER }, { verdict: 'paid', received: 1_000_000n }],
    [
      'direct: payer compared case-insensitively',
      tx([transfer(USDC, PAYER, MERCHANT, 1_000_000n)], { from: OTHER }),
      { payer: PAYER.toUpperCase().replace('0X', '0x') },
      { verdict: 'paid', received: 1_000_000n },
    ],
    [
      'direct: someone else paid',
      tx([transfer(USDC, OTHER, MERCHANT, 1_000_000n)], { from: OTHER }),
      { payer: PAYER },
      { verdict: 'review', reason: 'sender_mismatch', received: 0n },
    ],
    // Only the payer's own transfers count: a transaction it signed that moves someone else's tokens (a relayer) does not pay.
    [
      'direct: payer signed a transaction moving tokens of another account',
      tx([transfer(USDC, OTHER, MERCHANT, 1_000_000n)], { from: PAYER }),
      { payer: PAYER },
      { verdict: 'review', reason: 'sender_mismatch', received: 0n },
    ],
    [
      'direct: payer part short, rest from others',
      tx([transfer(USDC, PAYER, MERCHANT, 400_000n), transfer(USDC, OTHER, MERCHANT, 600_000n)], { from: OTHER }),
      { payer: PAYER },
      { verdict: 'review', reason: 'sender_mismatch', received: 400_000n },
    ],
  ])('%s', (_name, evidence, over, expected) => {
    expect(checkEvmPayment(evidence, { ...want, ...over })).toEqual(expected);
  });
});

const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL_MERCHANT = 'Mer1111111111111111111111111111111111111111';
const SOL_PAYER = 'Pay1111111111111111111111111111111111111111';
const SOL_OTHER = 'Oth1111111111111111111111111111111111111111';
const bal = (accountIndex: number, owner: string, amount: bigint, mint = MINT) => ({ accountIndex, mint, owner, uiTokenAmount: { amount: amount.toString() } });
const stx = (pre: ReturnType<typeof bal>[], post: ReturnType<typeof bal>[], over: Partial<SolanaTxEvidence> = {}): SolanaTxEvidence => ({
  err: null,
  blockTime: 1_700_000_010,
  feePayer: SOL_PAYER,
  accountKeys: [SOL_PAYER],
  signers: [SOL_PAYER],
  preTokenBalances: pre,
  postTokenBalances: post,
  ...over,
});
const swant = { token: MINT, recipient: SOL_MERCHANT, amount: 1_000_000n, createdAtMs: CREATED, blockTimeToleranceMs: 0 };

describe('Solana payment rules', () => {
  it('sums deltas over every token account of the owner', () => {
    expect(
      tokenDelta(stx([bal(1, SOL_MERCHANT, 5n), bal(2, SOL_MERCHANT, 5n)], [bal(1, SOL_MERCHANT, 8n), bal(2, SOL_MERCHANT, 9n)]), SOL_MERCHANT, MINT),
    ).toBe(7n);
  });
  it.each<[string, SolanaTxEvidence, { payer?: string; blockTimeToleranceMs?: number }, unknown]>([
    [
      'new token account receives exactly',
      stx([bal(1, SOL_PAYER, 3_000_000n)], [bal(1, SOL_PAYER, 2_000_000n), bal(2, SOL_MERCHANT, 1_000_000n)]),
      {},
      { verdict: 'paid', received: 1_000_000n },
    ],
    [
      'direct from the payer',
      stx([bal(1, SOL_PAYER, 3_000_000n), bal(2, SOL_MERCHANT, 0n)], [bal(1, SOL_PAYER, 2_000_000n), bal(2, SOL_MERCHANT, 1_000_000n)]),
      { payer: SOL_PAYER },
      { verdict: 'paid', received: 1_000_000n },
    ],
    ['failed', stx([], [], { err: { InstructionError: [0, 'Custom'] } }), {}, { verdict: 'failed', reason: 'tx_reverted' }],
    ['underpaid', stx([bal(2, SOL_MERCHANT, 0n)], [bal(2, SOL_MERCHANT, 999_999n)]), {}, { verdict: 'review', reason: 'underpaid', received: 999_999n }],
    [
      'another mint',
      stx([bal(2, SOL_MERCHANT, 0n, 'Other111')], [bal(2, SOL_MERCHANT, 5_000_000n, 'Other111')]),
      {},
      { verdict: 'review', reason: 'no_settlement_transfer', received: 0n },
    ],
    [
      'recipient balance went down',
      stx([bal(2, SOL_MERCHANT, 5_000_000n)], [bal(2, SOL_MERCHANT, 1_000_000n)]),
      {},
      { verdict: 'review', reason: 'no_settlement_transfer', received: 0n },
    ],
    [
      'before the session',
      stx([bal(2, SOL_MERCHANT, 0n)], [bal(2, SOL_MERCHANT, 1_000_000n)], { blockTime: 1_699_999_000 }),
      {},
      { verdict: 'review', reason: 'mined_before_session', received: 1_000_000n },
    ],
    [
      'block time within the tolerance before the session',
      stx([bal(2, SOL_MERCHANT, 0n)], [bal(2, SOL_MERCHANT, 1_000_000n)], { blockTime: 1_699_999_000 }),
      { blockTimeToleranceMs: 1_000_000 },
      { verdict: 'paid', received: 1_000_000n },
    ],
    [
      'no block time',
      stx([bal(2, SOL_MERCHANT, 0n)], [bal(2, SOL_MERCHANT, 1_000_000n)], { blockTime: null }),
      {},
      { verdict: 'review', reason: 'block_time_unknown', received: 1_000_000n },
    ],
    [
      'direct, payer underpaid',
      stx([bal(1, SOL_PAYER, 3_000_000n), bal(2, SOL_MERCHANT, 0n)], [bal(1, SOL_PAYER, 2_000_001n), bal(2, SOL_MERCHANT, 999_999n)]),
      { payer: SOL_PAYER },
      { verdict: 'review', reason: 'underpaid', received: 999_999n },
    ],
    [
      'direct, a token from the payer and the rest from someone else',
      stx(
        [bal(1, SOL_PAYER, 3_000_000n), bal(3, SOL_OTHER, 1_000_000n), bal(2, SOL_MERCHANT, 0n)],
        [bal(1, SOL_PAYER, 2_999_999n), bal(3, SOL_OTHER, 0n), bal(2, SOL_MERCHANT, 1_000_001n)],
      ),
      { payer: SOL_PAYER },
      { verdict: 'review', reason: 'sender_mismatch', received: 1_000_001n },
    ],
    [
      'direct but the payer paid nothing',
      stx([bal(2, SOL_MERCHANT, 0n)], [bal(2, SOL_MERCHANT, 1_000_000n)]),
      { payer: SOL_PAYER },
      { verdict: 'review', reason: 'sender_mismatch', received: 1_000_000n },
    ],
  ])('%s', (_n, evidence, over, expected) => {
    expect(checkSolanaPayment(evidence, { ...swant, ...over })).toEqual(expected);
  });
});
