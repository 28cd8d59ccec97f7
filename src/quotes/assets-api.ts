/**
 * The slice of the assets service (src/assets, built by the assets engineer) that quoting needs.
 * Kept as a structural type so this domain compiles and tests against the contract, not the file.
 */
interface ChainInfo {
  id: number;
  slug: string;
  name: string;
  vm: 'evm' | 'svm';
  nativeSymbol: string;
  nativeDecimals: number;
}

export interface TokenInfo {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  priceUsd?: number;
  verified?: boolean;
  popular?: boolean;
}

export interface AssetsApi {
  /** Throws UNSUPPORTED_CHAIN. */
  resolveChain(ref: string | number, field?: string): ChainInfo;
  /** Throws UNSUPPORTED_TOKEN / INVALID_PARAMS. */
  resolveToken(chainId: number, ref: string, field?: string): Promise<TokenInfo>;
}
