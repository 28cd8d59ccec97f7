import type { ProviderFactory } from '../registry.js';
import { LifiProvider } from './adapter.js';

/** `lifi` from config: LIFI_API_URL, LIFI_API_KEY (optional: keyless quotes have a small quota), LIFI_INTEGRATOR. */
export const createLifiProvider: ProviderFactory = (config, { clock }) =>
  new LifiProvider({ apiUrl: config.LIFI_API_URL, apiKey: config.LIFI_API_KEY, integrator: config.LIFI_INTEGRATOR, clock });
