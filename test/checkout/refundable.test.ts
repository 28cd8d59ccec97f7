import { describe, expect, it } from 'vitest';
import { refundableAmount } from '../../src/checkout/refundable.js';

describe('refundableAmount', () => {
  const tx = `0x${'11'.repeat(32)}`;
  it.each([
    ['succeeded', null, '5000000', tx, 5_000_000n],
    ['rejected', 'session_already_paid', '5000000', tx, 5_000_000n],
    ['rejected', 'underpaid', '4000000', tx, 4_000_000n],
    ['rejected', 'sender_mismatch', '5000000', tx, 5_000_000n],
    ['rejected', 'tx_already_used', '5000000', null, 0n],
    ['rejected', 'mined_before_session', '5000000', tx, 0n],
    ['rejected', 'no_settlement_transfer', null, null, 0n],
    ['rejected', 'delivery_not_seen', null, null, 0n],
    ['failed', 'tx_not_found', null, null, 0n],
    ['verifying', null, null, null, 0n],
  ] as const)('%s %s (received %s) → %s', (status, reason, amountReceived, deliveryTxHash, want) => {
    expect(refundableAmount({ status, reason, amountReceived, deliveryTxHash })).toBe(want);
  });
});
