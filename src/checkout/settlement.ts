/**
 * Supported settlement pairs: USDC on Ethereum, Arbitrum, Base, Optimism, BNB Chain, Polygon and
 * Solana; USDT on Ethereum, Arbitrum, BNB Chain and Solana. Addresses are the issuers' canonical contracts
 * (native Circle USDC, not bridged variants); Binance-Peg tokens on BNB Chain have 18 decimals.
 */
export const SOLANA_CHAIN_ID = 7565164;

export interface SettlementToken {
  chainId: number;
  vm: 'evm' | 'svm';
  symbol: 'USDC' | 'USDT';
  /** EVM: lower-case address; Solana: mint (base58, case-sensitive). */
  token: string;
  decimals: number;
}

const evm = (chainId: number, symbol: 'USDC' | 'USDT', address: string, decimals: number): SettlementToken => ({
  chainId,
  vm: 'evm',
  symbol,
  token: address.toLowerCase(),
  decimals,
});

export const SETTLEMENT_TOKENS: readonly SettlementToken[] = [
  evm(1, 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6),
  evm(42161, 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6),
  evm(8453, 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6),
  evm(10, 'USDC', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6),
  evm(56, 'USDC', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18),
  evm(137, 'USDC', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6),
  { chainId: SOLANA_CHAIN_ID, vm: 'svm', symbol: 'USDC', token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6 },
  evm(1, 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
  evm(42161, 'USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6),
  evm(56, 'USDT', '0x55d398326f99059fF775485246999027B3197955', 18),
  { chainId: SOLANA_CHAIN_ID, vm: 'svm', symbol: 'USDT', token: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', decimals: 6 },
];

/** The pair for a chain id and a token reference (symbol, case-insensitive, or address/mint), or undefined. */
export function findSettlementToken(chainId: number, tokenRef: string): SettlementToken | undefined {
  const ref = tokenRef.trim();
  return SETTLEMENT_TOKENS.find(
    (t) => t.chainId === chainId && (t.symbol === ref.toUpperCase() || (t.vm === 'evm' ? t.token === ref.toLowerCase() : t.token === ref)),
  );
}

/** Settlement chains, with the slugs and names the assets registry uses for them. */
export const SETTLEMENT_CHAINS: Readonly<Record<number, { slug: string; name: string; vm: 'evm' | 'svm' }>> = {
  1: { slug: 'ethereum', name: 'Ethereum', vm: 'evm' },
  10: { slug: 'optimism', name: 'Optimism', vm: 'evm' },
  56: { slug: 'bsc', name: 'BNB Chain', vm: 'evm' },
  137: { slug: 'polygon', name: 'Polygon', vm: 'evm' },
  8453: { slug: 'base', name: 'Base', vm: 'evm' },
  42161: { slug: 'arbitrum', name: 'Arbitrum One', vm: 'evm' },
  [SOLANA_CHAIN_ID]: { slug: 'solana', name: 'Solana', vm: 'svm' },
};

/** A settlement chain id from an id or slug (string or number), or undefined when it is not one. */
export function findSettlementChain(ref: string | number): number | undefined {
  const s = String(ref).trim().toLowerCase();
  if (/^[0-9]+$/.test(s)) return SETTLEMENT_CHAINS[Number(s)] ? Number(s) : undefined;
  const hit = Object.entries(SETTLEMENT_CHAINS).find(([, c]) => c.slug === s);
  return hit ? Number(hit[0]) : undefined;
}
