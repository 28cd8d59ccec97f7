import type { Config } from '../../config.js';
import type { Clock } from '../../clock.js';
import { KyberSwapProvider } from './adapter.js';

/** `kyberswap` from config: KYBERSWAP_API_URL, KYBERSWAP_CLIENT_ID (sent as `x-client-id` and build `source`). */
export function createKyberSwapProvider(config: Config, clock?: Clock): KyberSwapProvider {
  return new KyberSwapProvider({ baseUrl: config.KYBERSWAP_API_URL, clientId: config.KYBERSWAP_CLIENT_ID, clock });
}
