import type { ProviderFactory } from './registry.js';
import type { ProviderId } from './types.js';
import { createDebridgeProvider } from './debridge/index.js';
import { createJupiterProvider } from './jupiter/index.js';
import { createKyberSwapProvider } from './kyberswap/index.js';
import { createLifiProvider } from './lifi/index.js';
import { createMockProvider } from './mock/index.js';
import { createRelayProvider } from './relay/index.js';
import { createZeroExProvider } from './zeroex/index.js';

/** Every provider id and its factory (each provider's index.ts): an id without an adapter does not type-check. */
export const providerFactories: Record<ProviderId, ProviderFactory> = {
  relay: createRelayProvider,
  debridge: createDebridgeProvider,
  lifi: createLifiProvider,
  jupiter: createJupiterProvider,
  '0x': createZeroExProvider,
  kyberswap: createKyberSwapProvider,
  mock: createMockProvider,
};
