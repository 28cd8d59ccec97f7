import { SOLANA_CHAIN_ID, type ProviderId } from '../providers/types.js';
import type { Chain } from './types.js';

export type ChainInfo = Omit<Chain, 'providers'> & {
  /** DefiLlama coins API chain prefix (`{prefix}:{address}`). */
  llamaChain?: string;
  /** CoinGecko id DefiLlama prices the native coin under (`coingecko:{id}`). */
  nativeCoingeckoId: string;
};

/**
 * Every chain the service knows how to serve: ids, slugs and native coins are the chains' real ones. Provider
 * chain lists decide which providers serve each (src/assets/chains.ts); a chain only a provider knows has no
 * RPC, explorer or native-coin facts here and is therefore not offered.
 */
export const STATIC_CHAINS: readonly ChainInfo[] = [
  { id: 1, slug: 'ethereum', name: 'Ethereum', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://etherscan.io/tx/', explorerAddress: 'https://etherscan.io/address/', popular: true, llamaChain: 'ethereum', nativeCoingeckoId: 'ethereum' },
  { id: 10, slug: 'optimism', name: 'Optimism', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://optimistic.etherscan.io/tx/', explorerAddress: 'https://optimistic.etherscan.io/address/', popular: true, llamaChain: 'optimism', nativeCoingeckoId: 'ethereum' },
  { id: 56, slug: 'bsc', name: 'BNB Chain', vm: 'evm', nativeSymbol: 'BNB', nativeDecimals: 18, explorerTx: 'https://bscscan.com/tx/', explorerAddress: 'https://bscscan.com/address/', popular: true, llamaChain: 'bsc', nativeCoingeckoId: 'binancecoin' },
  { id: 137, slug: 'polygon', name: 'Polygon', vm: 'evm', nativeSymbol: 'POL', nativeDecimals: 18, explorerTx: 'https://polygonscan.com/tx/', explorerAddress: 'https://polygonscan.com/address/', popular: true, llamaChain: 'polygon', nativeCoingeckoId: 'polygon-ecosystem-token' },
  { id: 8453, slug: 'base', name: 'Base', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://basescan.org/tx/', explorerAddress: 'https://basescan.org/address/', popular: true, llamaChain: 'base', nativeCoingeckoId: 'ethereum' },
  { id: 42161, slug: 'arbitrum', name: 'Arbitrum One', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://arbiscan.io/tx/', explorerAddress: 'https://arbiscan.io/address/', popular: true, llamaChain: 'arbitrum', nativeCoingeckoId: 'ethereum' },
  { id: 43114, slug: 'avalanche', name: 'Avalanche C-Chain', vm: 'evm', nativeSymbol: 'AVAX', nativeDecimals: 18, explorerTx: 'https://snowtrace.io/tx/', explorerAddress: 'https://snowtrace.io/address/', popular: true, llamaChain: 'avax', nativeCoingeckoId: 'avalanche-2' },
  { id: 59144, slug: 'linea', name: 'Linea', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://lineascan.build/tx/', explorerAddress: 'https://lineascan.build/address/', popular: false, llamaChain: 'linea', nativeCoingeckoId: 'ethereum' },
  { id: 534352, slug: 'scroll', name: 'Scroll', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://scrollscan.com/tx/', explorerAddress: 'https://scrollscan.com/address/', popular: false, llamaChain: 'scroll', nativeCoingeckoId: 'ethereum' },
  { id: SOLANA_CHAIN_ID, slug: 'solana', name: 'Solana', vm: 'svm', nativeSymbol: 'SOL', nativeDecimals: 9, explorerTx: 'https://solscan.io/tx/', explorerAddress: 'https://solscan.io/account/', popular: true, nativeCoingeckoId: 'solana' },
];

/**
 * Which chains each provider serves, from the provider facts (shared/providers/*.md), used until (or whenever)
 * a provider's own `chains()` answer is unavailable. `across` (quote-only, disabled) is listed for completeness.
 */
const ALL_EVM = [1, 10, 56, 137, 8453, 42161, 43114, 59144, 534352];
export const STATIC_PROVIDER_CHAINS: Readonly<Partial<Record<ProviderId, readonly number[]>>> = {
  relay: [...ALL_EVM, SOLANA_CHAIN_ID],
  lifi: [...ALL_EVM, SOLANA_CHAIN_ID],
  debridge: [1, 10, 56, 137, 8453, 42161, 43114, 59144, SOLANA_CHAIN_ID],
  jupiter: [SOLANA_CHAIN_ID],
  '0x': ALL_EVM,
  kyberswap: [1, 10, 56, 137, 8453, 42161, 43114, 59144],
  across: [1, 10, 137, 8453, 42161, 59144, 534352],
  mock: [8453],
};
