import type { ProviderFactory } from '../registry.js';
import { ZeroExProvider } from './adapter.js';

/** `0x` from config: ZEROEX_API_URL, ZEROEX_API_KEY (0x answers 401 without a key). */
export const createZeroExProvider: ProviderFactory = (config, { clock, log }) => {
  if (!config.ZEROEX_API_KEY) log.warn({ provider: '0x' }, 'ZEROEX_API_KEY is not set: 0x rejects keyless requests, its quotes will fail');
  return new ZeroExProvider({ baseUrl: config.ZEROEX_API_URL, apiKey: config.ZEROEX_API_KEY, clock });
};
