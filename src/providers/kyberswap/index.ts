import type { ProviderFactory } from '../registry.js';
import { KyberSwapProvider } from './adapter.js';

/** `kyberswap` from config: KYBERSWAP_API_URL, KYBERSWAP_CLIENT_ID (sent as `x-client-id` and build `source`). */
export const createKyberSwapProvider: ProviderFactory = (config, { clock }) =>
  new KyberSwapProvider({ baseUrl: config.KYBERSWAP_API_URL, clientId: config.KYBERSWAP_CLIENT_ID, clock });
