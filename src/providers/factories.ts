import type { ProviderFactory } from './registry.js';
import type { ProviderId } from './types.js';

/** One line per adapter: its id and how to build it from config. */
export const providerFactories: Partial<Record<ProviderId, ProviderFactory>> = {};
