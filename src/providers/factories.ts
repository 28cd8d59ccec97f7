import type { ProviderFactory } from './registry.js';
import type { ProviderId } from './types.js';
import { createRelayProvider } from './relay/adapter.js';
import { createMockProvider } from './mock/adapter.js';
import { systemClock } from '../clock.js';
import { DebridgeProvider } from './debridge/adapter.js';
import { LifiProvider } from './lifi/adapter.js';
import type { Clock } from '../clock.js';
import { createJupiterProvider } from './jupiter/index.js';
import { createZeroExProvider } from './zeroex/index.js';
import { createKyberSwapProvider } from './kyberswap/index.js';

/** One line per adapter: its id and how to build it from config. */
export const providerFactories: Partial<Record<ProviderId, ProviderFactory>> = {
  relay: (c, log, deps?: { clock?: Clock }) => createRelayProvider(c, log, deps),
  mock: (c, log, deps?: { clock?: Clock }) => createMockProvider(c, log, { clock: deps?.clock ?? systemClock }),
  debridge: (c, log, deps?: { clock?: Clock }) =>
    new DebridgeProvider({
      apiUrl: c.DEBRIDGE_API_URL,
      statsApiUrl: c.DEBRIDGE_STATS_API_URL,
      accessToken: c.DEBRIDGE_ACCESS_TOKEN,
      referralCode: c.DEBRIDGE_REFERRAL_CODE,
      log,
      clock: deps?.clock,
    }),
  jupiter: (c, _log, deps?: { clock?: Clock }) => createJupiterProvider(c, deps?.clock),
  '0x': (c, log, deps?: { clock?: Clock }) => createZeroExProvider(c, log, deps?.clock),
  kyberswap: (c, _log, deps?: { clock?: Clock }) => createKyberSwapProvider(c, deps?.clock),
  lifi: (c, _log, deps?: { clock?: Clock }) =>
    new LifiProvider({ apiUrl: c.LIFI_API_URL, apiKey: c.LIFI_API_KEY, integrator: c.LIFI_INTEGRATOR, clock: deps?.clock }),
};
