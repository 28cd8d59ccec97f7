import { EVM_NATIVE, SOLANA_CHAIN_ID, SOL_NATIVE_MINT } from '../providers/types.js';

export interface CuratedToken {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
}

type Row = [symbol: string, name: string, address: string, decimals: number];

/**
 * Curated tokens per chain (native coin, USDC, USDT, wrapped native, majors) with their real contract
 * addresses and decimals. These are the symbols clients may use as token references (instead of an address); they are
 * `popular` and `verified`. Note USDC and USDT have 18 decimals on BNB Chain.
 */
const ROWS: Record<number, Row[]> = {
  1: [
    ['ETH', 'Ether', EVM_NATIVE, 18],
    ['USDC', 'USD Coin', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6],
    ['USDT', 'Tether USD', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6],
    ['WETH', 'Wrapped Ether', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18],
    ['DAI', 'Dai Stablecoin', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 18],
    ['WBTC', 'Wrapped BTC', '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 8],
    ['LINK', 'ChainLink Token', '0x514910771AF9Ca656af840dff83E8264EcF986CA', 18],
    ['UNI', 'Uniswap', '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', 18],
    ['MKR', 'Maker', '0x9f8F72aA9304c8B593d555F12eF6589cC3A579A2', 18],
  ],
  10: [
    ['ETH', 'Ether', EVM_NATIVE, 18],
    ['USDC', 'USD Coin', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6],
    ['USDT', 'Tether USD', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6],
    ['WETH', 'Wrapped Ether', '0x4200000000000000000000000000000000000006', 18],
    ['DAI', 'Dai Stablecoin', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18],
    ['WBTC', 'Wrapped BTC', '0x68f180fcCe6836688e9084f035309E29Bf0A2095', 8],
    ['OP', 'Optimism', '0x4200000000000000000000000000000000000042', 18],
  ],
  56: [
    ['BNB', 'BNB', EVM_NATIVE, 18],
    ['USDC', 'USD Coin', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18],
    ['USDT', 'Tether USD', '0x55d398326f99059fF775485246999027B3197955', 18],
    ['WBNB', 'Wrapped BNB', '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', 18],
    ['ETH', 'Binance-Peg Ethereum Token', '0x2170Ed0880ac9A755fd29B2688956BD959F933F8', 18],
    ['BTCB', 'Binance-Peg BTCB Token', '0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c', 18],
    ['DAI', 'Binance-Peg Dai Token', '0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3', 18],
  ],
  137: [
    ['POL', 'Polygon Ecosystem Token', EVM_NATIVE, 18],
    ['USDC', 'USD Coin', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6],
    ['USDC.e', 'USD Coin (PoS)', '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', 6],
    ['USDT', 'Tether USD', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6],
    ['WPOL', 'Wrapped Polygon Ecosystem Token', '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 18],
    ['WETH', 'Wrapped Ether', '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 18],
    ['DAI', 'Dai Stablecoin', '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', 18],
    ['WBTC', 'Wrapped BTC', '0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6', 8],
  ],
  8453: [
    ['ETH', 'Ether', EVM_NATIVE, 18],
    ['USDC', 'USD Coin', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6],
    ['USDbC', 'USD Base Coin', '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', 6],
    ['USDT', 'Tether USD', '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', 6],
    ['WETH', 'Wrapped Ether', '0x4200000000000000000000000000000000000006', 18],
    ['DAI', 'Dai Stablecoin', '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 18],
    ['cbBTC', 'Coinbase Wrapped BTC', '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 8],
  ],
  42161: [
    ['ETH', 'Ether', EVM_NATIVE, 18],
    ['USDC', 'USD Coin', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6],
    ['USDC.e', 'Bridged USDC', '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', 6],
    ['USDT', 'Tether USD', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6],
    ['WETH', 'Wrapped Ether', '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 18],
    ['DAI', 'Dai Stablecoin', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18],
    ['WBTC', 'Wrapped BTC', '0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', 8],
    ['ARB', 'Arbitrum', '0x912CE59144191C1204E64559FE8253a0e49E6548', 18],
  ],
  43114: [
    ['AVAX', 'Avalanche', EVM_NATIVE, 18],
    ['USDC', 'USD Coin', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 6],
    ['USDT', 'Tether USD', '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', 6],
    ['WAVAX', 'Wrapped AVAX', '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', 18],
    ['WETH.e', 'Wrapped Ether', '0x49D5c2BdFfac6CE2BFdB6640F4F80f226bc10bAB', 18],
    ['BTC.b', 'Bitcoin', '0x152b9d0FdC40C096757F570A51E494bd4b943E50', 8],
  ],
  59144: [
    ['ETH', 'Ether', EVM_NATIVE, 18],
    ['USDC', 'USD Coin', '0x176211869cA2b568f2A7D4EE941E073a821EE1ff', 6],
    ['USDT', 'Tether USD', '0xA219439258ca9da29E9Cc4cE5596924745e12B93', 6],
    ['WETH', 'Wrapped Ether', '0xe5D7C2a44FfDDf6b295A15c148167daaAf5Cf34f', 18],
  ],
  534352: [
    ['ETH', 'Ether', EVM_NATIVE, 18],
    ['USDC', 'USD Coin', '0x06eFdBFf2a14a7c8E15944D1F4A48F9F95F663A4', 6],
    ['USDT', 'Tether USD', '0xf55BEC9cafDbE8730f096Aa55dad6D22d44099Df', 6],
    ['WETH', 'Wrapped Ether', '0x5300000000000000000000000000000000000004', 18],
  ],
  [SOLANA_CHAIN_ID]: [
    ['SOL', 'Solana', SOL_NATIVE_MINT, 9],
    ['USDC', 'USD Coin', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6],
    ['USDT', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6],
    ['JUP', 'Jupiter', 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 6],
    ['BONK', 'Bonk', 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 5],
    ['JitoSOL', 'Jito Staked SOL', 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn', 9],
    ['mSOL', 'Marinade staked SOL', 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So', 9],
  ],
};

/**
 * Symbols that name the same curated token: wrapped SOL is the native coin's address on Solana, and Polygon's
 * gas coin was called MATIC before its migration to POL.
 */
const ALIASES: Record<number, Record<string, string>> = { [SOLANA_CHAIN_ID]: { WSOL: 'SOL' }, 137: { MATIC: 'POL', WMATIC: 'WPOL' } };

export const CURATED_TOKENS: readonly CuratedToken[] = Object.entries(ROWS).flatMap(([chainId, rows]) =>
  rows.map(([symbol, name, address, decimals]) => ({
    chainId: Number(chainId),
    // Service convention: EVM addresses lower-case; Solana mints are case-sensitive and kept.
    address: address.startsWith('0x') ? address.toLowerCase() : address,
    symbol,
    name,
    decimals,
  })),
);

const bySymbol = new Map<string, CuratedToken>();
const byAddress = new Map<string, CuratedToken>();
for (const t of CURATED_TOKENS) {
  bySymbol.set(`${t.chainId}:${t.symbol.toUpperCase()}`, t);
  byAddress.set(`${t.chainId}:${t.address}`, t);
}
for (const [chainId, aliases] of Object.entries(ALIASES)) {
  for (const [alias, target] of Object.entries(aliases)) bySymbol.set(`${chainId}:${alias}`, bySymbol.get(`${chainId}:${target}`)!);
}

/** Symbols are matched case-insensitively ("usdc" = "USDC"); each curated symbol is unique per chain. */
export const curatedBySymbol = (chainId: number, symbol: string) => bySymbol.get(`${chainId}:${symbol.toUpperCase()}`);
export const curatedByAddress = (chainId: number, address: string) => byAddress.get(`${chainId}:${address}`);
