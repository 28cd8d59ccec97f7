import type { ProviderFactory } from '../registry.js';
import { DebridgeProvider } from './adapter.js';

/** `debridge` from config: DEBRIDGE_API_URL, DEBRIDGE_STATS_API_URL, DEBRIDGE_ACCESS_TOKEN and DEBRIDGE_REFERRAL_CODE (both optional). */
export const createDebridgeProvider: ProviderFactory = (config, { clock, log }) =>
  new DebridgeProvider({
    apiUrl: config.DEBRIDGE_API_URL,
    statsApiUrl: config.DEBRIDGE_STATS_API_URL,
    accessToken: config.DEBRIDGE_ACCESS_TOKEN,
    referralCode: config.DEBRIDGE_REFERRAL_CODE,
    log,
    clock,
  });
