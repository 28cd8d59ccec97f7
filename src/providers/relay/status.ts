import { orderStateFrom, type ProviderStateTable } from '../state-table.js';
import type { OrderState, ProviderOrderStatus } from '../types.js';

/**
 * Relay request states (`GET /intents/status/v3` and `GET /requests/v3` rows) → ours. `delayed` is listed
 * in Relay's docs but not its schema; `fallback` is the deprecated v1 name of `refund`.
 */
const RELAY_STATES: ProviderStateTable = {
  waiting: 'pending',
  depositing: 'pending',
  pending: 'pending',
  submitted: 'pending',
  delayed: 'pending',
  success: 'filled',
  failure: 'failed',
  refund: 'refunded',
  refunded: 'refunded',
  fallback: 'refunded',
};

export const relayState = (s: string): OrderState => orderStateFrom(RELAY_STATES, s);

/** A Relay state and the first origin (deposit) and destination (fill) hashes as our order status. */
export const relayOrderStatus = (state: string, srcTxHash?: string, dstTxHash?: string): ProviderOrderStatus => ({
  state: relayState(state),
  ...(srcTxHash ? { srcTxHash } : {}),
  ...(dstTxHash ? { dstTxHash } : {}),
});
