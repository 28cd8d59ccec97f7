import type { ProviderFactory } from './registry.js';
import type { ProviderId } from './types.js';
import type { Clock } from '../clock.js';
import { createJupiterProvider } from './jupiter/index.js';
import { createZeroExProvider } from './zeroex/index.js';
import { createKyberSwapProvider } from './kyberswap/index.js';

/** One line per adapter: its id and how to build it from config. */
export const providerFactories: Partial<Record<ProviderId, ProviderFactory>> = {
  jupiter: (c, _log, deps?: { clock?: Clock }) => createJupiterProvider(c, deps?.clock),
  '0x': (c, log, deps?: { clock?: Clock }) => createZeroExProvider(c, log, deps?.clock),
  kyberswap: (c, _log, deps?: { clock?: Clock }) => createKyberSwapProvider(c, deps?.clock),
};
