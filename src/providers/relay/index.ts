import { Connection } from '@solana/web3.js';
import type { ProviderFactory } from '../registry.js';
import { RelayProvider } from './adapter.js';

/** `relay` from config: RELAY_API_URL, RELAY_API_KEY (optional; `/requests/v3` needs it), BRAND as referrer, SOLANA_RPC_URL to build Solana transactions. */
export const createRelayProvider: ProviderFactory = (config, { clock }) => {
  let connection: Connection | undefined;
  return new RelayProvider({
    baseUrl: config.RELAY_API_URL,
    apiKey: config.RELAY_API_KEY,
    referrer: config.BRAND,
    solanaRpc: () => (connection ??= new Connection(config.SOLANA_RPC_URL, { commitment: 'confirmed' })),
    now: () => clock.now(),
  });
};
