import type { ProviderId, Vm } from '../providers/types.js';

/** A chain as GET /v1/chains and GraphQL `chains` return it. */
export interface Chain {
  id: number;
  slug: string;
  name: string;
  vm: Vm;
  nativeSymbol: string;
  nativeDecimals: number;
  logoURI?: string;
  explorerTx: string;
  explorerAddress: string;
  providers: ProviderId[];
  popular: boolean;
}

/** A token as clients see it. `address` follows the service convention (EVM lower-case; native = zero address / wSOL mint). */
export interface Token {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  logoURI?: string;
  priceUsd?: number;
  verified: boolean;
  popular: boolean;
}

/** A token as held in the merged list: the public fields plus what ordering needs. */
export interface ListedToken extends Token {
  /** USD liquidity / market size signal from the source, used only for ordering. */
  liquidityUsd?: number;
}

/** One non-zero balance of a wallet, with its USD value when priced. */
export interface BalanceItem extends Token {
  amount: string;
  valueUsd?: number;
}

export interface ChainFailure {
  chainId: number;
  message: string;
}

export interface BalancesResponse {
  address: string;
  vm: Vm;
  balances: BalanceItem[];
  totalUsd: number;
  errors: ChainFailure[];
}
