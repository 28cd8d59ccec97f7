import type { ProviderOrderStatus } from '../types.js';

/**
 * A KyberSwap swap settles in its own transaction through Kyber's router: the Aggregator API has no order or
 * status endpoint, so there is no provider state to map. `status` answers `unknown` (capabilities.tracksStatus
 * is off) and the order poller takes the outcome from the transaction receipt.
 */
export const kyberOrderStatus = (): ProviderOrderStatus => ({ state: 'unknown' });
