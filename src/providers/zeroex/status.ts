import type { ProviderOrderStatus } from '../types.js';

/**
 * A 0x swap settles in its own transaction: the Swap API has no order or status endpoint, so there is no
 * provider state to map. `status` answers `unknown` (capabilities.tracksStatus is off) and the order poller
 * takes the outcome from the transaction receipt.
 */
export const zeroExOrderStatus = (): ProviderOrderStatus => ({ state: 'unknown' });
