import { SOLANA_CHAIN_ID } from '../types.js';

/** LI.FI's own Solana id (ASCII of "sol" + 1099710); every EVM chain keeps its native id. */
export const LIFI_SOLANA_CHAIN_ID = 1151111081099710;

/** Service chain id → LI.FI chain id. */
export function toLifiChainId(serviceChainId: number): number {
  return serviceChainId === SOLANA_CHAIN_ID ? LIFI_SOLANA_CHAIN_ID : serviceChainId;
}

/** LI.FI chain id → service chain id; LI.FI never says 7565164, so that id is no chain of theirs. */
export function fromLifiChainId(lifiChainId: number): number | undefined {
  if (lifiChainId === SOLANA_CHAIN_ID) return undefined;
  return lifiChainId === LIFI_SOLANA_CHAIN_ID ? SOLANA_CHAIN_ID : lifiChainId;
}

/**
 * Service chain ids LI.FI is known to serve before `GET /v1/chains` has been read (the documented
 * chain table plus long-standing EVM chains). `chains()` replaces this with the live list, so a
 * quota-limited provider is not asked about chains it does not have.
 */
export const LIFI_SEED_CHAINS: readonly number[] = [1, 10, 56, 100, 137, 8453, 42161, 43114, SOLANA_CHAIN_ID, 324, 59144, 534352, 5000, 81457, 42220, 146, 130];
