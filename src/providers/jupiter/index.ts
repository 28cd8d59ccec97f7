import type { Config } from '../../config.js';
import type { Clock } from '../../clock.js';
import { JupiterProvider } from './adapter.js';

/** `jupiter` (Ultra swap) from config: JUPITER_API_URL, JUPITER_API_KEY (optional: keyless calls are allowed at a low rate). */
export function createJupiterProvider(config: Config, clock?: Clock): JupiterProvider {
  return new JupiterProvider({ baseUrl: config.JUPITER_API_URL, apiKey: config.JUPITER_API_KEY, clock });
}
