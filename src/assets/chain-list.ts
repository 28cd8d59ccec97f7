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
  { id: 100, slug: 'gnosis', name: 'Gnosis', vm: 'evm', nativeSymbol: 'XDAI', nativeDecimals: 18, explorerTx: 'https://gnosisscan.io/tx/', explorerAddress: 'https://gnosisscan.io/address/', popular: false, llamaChain: 'xdai', nativeCoingeckoId: 'xdai' },
  { id: 5000, slug: 'mantle', name: 'Mantle', vm: 'evm', nativeSymbol: 'MNT', nativeDecimals: 18, explorerTx: 'https://mantlescan.xyz/tx/', explorerAddress: 'https://mantlescan.xyz/address/', popular: false, llamaChain: 'mantle', nativeCoingeckoId: 'mantle' },
  { id: 146, slug: 'sonic', name: 'Sonic', vm: 'evm', nativeSymbol: 'S', nativeDecimals: 18, explorerTx: 'https://sonicscan.org/tx/', explorerAddress: 'https://sonicscan.org/address/', popular: false, llamaChain: 'sonic', nativeCoingeckoId: 'sonic-3' },
  { id: 80094, slug: 'berachain', name: 'Berachain', vm: 'evm', nativeSymbol: 'BERA', nativeDecimals: 18, explorerTx: 'https://berascan.com/tx/', explorerAddress: 'https://berascan.com/address/', popular: false, llamaChain: 'berachain', nativeCoingeckoId: 'berachain-bera' },
  { id: 130, slug: 'unichain', name: 'Unichain', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://uniscan.xyz/tx/', explorerAddress: 'https://uniscan.xyz/address/', popular: false, llamaChain: 'unichain', nativeCoingeckoId: 'ethereum' },
  { id: 81457, slug: 'blast', name: 'Blast', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://blastscan.io/tx/', explorerAddress: 'https://blastscan.io/address/', popular: false, llamaChain: 'blast', nativeCoingeckoId: 'ethereum' },
  { id: 42220, slug: 'celo', name: 'Celo', vm: 'evm', nativeSymbol: 'CELO', nativeDecimals: 18, explorerTx: 'https://celoscan.io/tx/', explorerAddress: 'https://celoscan.io/address/', popular: false, llamaChain: 'celo', nativeCoingeckoId: 'celo' },
  { id: 34443, slug: 'mode', name: 'Mode', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://modescan.io/tx/', explorerAddress: 'https://modescan.io/address/', popular: false, llamaChain: 'mode', nativeCoingeckoId: 'ethereum' },
  { id: 7777777, slug: 'zora', name: 'Zora', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://explorer.zora.energy/tx/', explorerAddress: 'https://explorer.zora.energy/address/', popular: false, llamaChain: 'zora', nativeCoingeckoId: 'ethereum' },
  { id: 57073, slug: 'ink', name: 'Ink', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://explorer.inkonchain.com/tx/', explorerAddress: 'https://explorer.inkonchain.com/address/', popular: false, llamaChain: 'ink', nativeCoingeckoId: 'ethereum' },
  { id: 480, slug: 'worldchain', name: 'World Chain', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://worldscan.org/tx/', explorerAddress: 'https://worldscan.org/address/', popular: false, llamaChain: 'wc', nativeCoingeckoId: 'ethereum' },
  { id: 167000, slug: 'taiko', name: 'Taiko', vm: 'evm', nativeSymbol: 'ETH', nativeDecimals: 18, explorerTx: 'https://taikoscan.io/tx/', explorerAddress: 'https://taikoscan.io/address/', popular: false, llamaChain: 'taiko', nativeCoingeckoId: 'ethereum' },
  { id: 1329, slug: 'sei', name: 'Sei', vm: 'evm', nativeSymbol: 'SEI', nativeDecimals: 18, explorerTx: 'https://seitrace.com/tx/', explorerAddress: 'https://seitrace.com/address/', popular: false, llamaChain: 'sei', nativeCoingeckoId: 'sei-network' },
  { id: 999, slug: 'hyperevm', name: 'HyperEVM', vm: 'evm', nativeSymbol: 'HYPE', nativeDecimals: 18, explorerTx: 'https://hyperevmscan.io/tx/', explorerAddress: 'https://hyperevmscan.io/address/', popular: false, llamaChain: 'hyperliquid', nativeCoingeckoId: 'hyperliquid' },
  { id: 25, slug: 'cronos', name: 'Cronos', vm: 'evm', nativeSymbol: 'CRO', nativeDecimals: 18, explorerTx: 'https://cronoscan.com/tx/', explorerAddress: 'https://cronoscan.com/address/', popular: false, llamaChain: 'cronos', nativeCoingeckoId: 'crypto-com-chain' },
  { id: 1284, slug: 'moonbeam', name: 'Moonbeam', vm: 'evm', nativeSymbol: 'GLMR', nativeDecimals: 18, explorerTx: 'https://moonscan.io/tx/', explorerAddress: 'https://moonscan.io/address/', popular: false, llamaChain: 'moonbeam', nativeCoingeckoId: 'moonbeam' },
  { id: 1088, slug: 'metis', name: 'Metis', vm: 'evm', nativeSymbol: 'METIS', nativeDecimals: 18, explorerTx: 'https://andromeda-explorer.metis.io/tx/', explorerAddress: 'https://andromeda-explorer.metis.io/address/', popular: false, llamaChain: 'metis', nativeCoingeckoId: 'metis-token' },
  { id: SOLANA_CHAIN_ID, slug: 'solana', name: 'Solana', vm: 'svm', nativeSymbol: 'SOL', nativeDecimals: 9, explorerTx: 'https://solscan.io/tx/', explorerAddress: 'https://solscan.io/account/', popular: true, nativeCoingeckoId: 'solana' },
];

/**
 * Which chains each provider serves, from the provider facts (docs/providers/<name>.md), used until (or whenever)
 * a provider's own `chains()` answer is unavailable. `across` (quote-only, disabled) is listed for completeness.
 */
const ALL_EVM = [1, 10, 56, 137, 8453, 42161, 43114, 59144, 534352];
export const STATIC_PROVIDER_CHAINS: Readonly<Partial<Record<ProviderId, readonly number[]>>> = {
  relay: [...ALL_EVM, SOLANA_CHAIN_ID],
  lifi: [...ALL_EVM, SOLANA_CHAIN_ID],
  debridge: [1, 10, 56, 137, 8453, 42161, 43114, 59144, 100, 146, 80094, 999, 25, SOLANA_CHAIN_ID],
  jupiter: [SOLANA_CHAIN_ID],
  '0x': [...ALL_EVM, 80094, 999, 57073, 5000, 146, 130, 480],
  kyberswap: [1, 10, 56, 137, 8453, 42161, 43114, 59144, 146, 80094, 130, 999],
  across: [1, 10, 137, 8453, 42161, 59144, 534352],
  mock: [8453],
};
