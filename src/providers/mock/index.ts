import type { ProviderFactory } from '../registry.js';
import { MockProvider } from './adapter.js';

/** `mock` (local development only; the registry loads it only with MOCK_PROVIDER=1, never in production): MOCK_CHAINS and their RPC_URL_<id>. */
export const createMockProvider: ProviderFactory = (config, { clock, log }) =>
  new MockProvider({ chains: config.MOCK_CHAINS.map(Number).filter(Number.isInteger), rpcUrls: config.rpcUrls, clock, log });
