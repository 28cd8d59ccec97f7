import { orderStateFrom, type ProviderStateTable } from '../state-table.js';
import type { OrderState, ProviderOrderStatus } from '../types.js';

/**
 * A Jupiter swap settles in its own Solana transaction: Ultra has no order-status endpoint, so `status`
 * answers `unknown` (capabilities.tracksStatus is off) and the order poller takes the outcome from the chain.
 * The one state Ultra does report is `/execute`'s `status` for the signed transaction it landed.
 */
const JUPITER_EXECUTE_STATES: ProviderStateTable = {
  Success: 'filled',
  Failed: 'failed',
};

export const jupiterExecuteState = (status: string): OrderState => orderStateFrom(JUPITER_EXECUTE_STATES, status);

export const jupiterOrderStatus = (): ProviderOrderStatus => ({ state: 'unknown' });
