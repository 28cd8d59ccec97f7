import type { OrderState } from '../types.js';

/**
 * How a mined mock order ends, by the amount paid (so a developer can try every outcome): ending in 4002 →
 * failed (nothing is sent), 4001 → refunded to the sender, anything else → filled.
 */
export function mockOutcome(paid: bigint): Extract<OrderState, 'filled' | 'refunded' | 'failed'> {
  const s = paid.toString();
  if (s.endsWith('4002')) return 'failed';
  if (s.endsWith('4001')) return 'refunded';
  return 'filled';
}
