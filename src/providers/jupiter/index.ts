import type { ProviderFactory } from '../registry.js';
import { JupiterProvider } from './adapter.js';

/** `jupiter` (Ultra swap) from config: JUPITER_API_URL, JUPITER_API_KEY (optional: keyless calls are allowed at a low rate). */
export const createJupiterProvider: ProviderFactory = (config, { clock }) =>
  new JupiterProvider({ baseUrl: config.JUPITER_API_URL, apiKey: config.JUPITER_API_KEY, clock });
