/**
 * Blocks (the paying block included) a payment needs before it is trusted, per EVM settlement chain. Chosen
 * to sit beyond the chain's practical reorg depth at a wait of well under a minute on L2s; operators override
 * with CHECKOUT_CONFIRMATIONS. Solana uses a commitment level instead (CHECKOUT_SOLANA_COMMITMENT).
 */
const DEFAULT_CONFIRMATIONS: Record<number, number> = {
  1: 6, // Ethereum, 12 s blocks: ~72 s
  10: 10, // Optimism, 2 s blocks
  56: 15, // BNB Chain, ~0.75 s blocks
  137: 64, // Polygon PoS, 2 s blocks; historically the deepest reorgs of the set
  8453: 10, // Base, 2 s blocks
  42161: 20, // Arbitrum One, ~0.25 s blocks
};
const FALLBACK = 12;

export function confirmationsFor(chainId: number, overrides: Record<number, number> | undefined): number {
  return overrides?.[chainId] ?? DEFAULT_CONFIRMATIONS[chainId] ?? FALLBACK;
}
