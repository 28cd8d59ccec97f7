import type { CheckoutPayment } from '../db/generated/client.js';

/**
 * How much of a payment can be refunded in total: what its delivery verifiably brought to the recipient.
 *  - the paying payment (`succeeded`): its `amountReceived`;
 *  - an extra payment that delivered funds but could not pay the session (`rejected`, e.g. `session_already_paid`,
 *    `underpaid`, `sender_mismatch`): its `amountReceived`, but only with its own delivery transaction recorded
 *    (unique per chain, so the same funds never count for two payments; `tx_already_used` has none) and not
 *    `mined_before_session` (that transaction was not made for this session);
 *  - anything else (verifying, failed): nothing arrived, or not yet.
 * Pure.
 */
export function refundableAmount(p: Pick<CheckoutPayment, 'status' | 'reason' | 'amountReceived' | 'deliveryTxHash'>): bigint {
  const received = p.amountReceived ? BigInt(p.amountReceived) : 0n;
  if (p.status === 'succeeded') return received;
  if (p.status === 'rejected' && p.deliveryTxHash && p.reason !== 'mined_before_session') return received;
  return 0n;
}
