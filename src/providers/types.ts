import type { ErrorCode } from '../errors.js';

/** Provider ids on the wire are the providers' own short names. */
export const PROVIDER_IDS = ['relay', 'debridge', 'lifi', 'jupiter', '0x', 'kyberswap', 'mock'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
/** Loaded by default; `mock` needs MOCK_PROVIDER=1 too. */
export const DEFAULT_PROVIDERS: ProviderId[] = ['relay', 'debridge', 'lifi', 'jupiter', '0x', 'kyberswap'];

export type Vm = 'evm' | 'svm';
export const SOLANA_CHAIN_ID = 7565164;
/** Service conventions for native coins: zero address on EVM, wrapped-SOL mint on Solana. */
export const EVM_NATIVE = '0x0000000000000000000000000000000000000000';
export const SOL_NATIVE_MINT = 'So11111111111111111111111111111111111111112';

export interface TokenRef {
  chainId: number;
  address: string; // service convention (see EVM_NATIVE / SOL_NATIVE_MINT); EVM addresses lower-case
  symbol: string;
  decimals: number;
  priceUsd?: number;
}

/** Fees to apply, decided by src/quotes/fees.ts before the fan-out. */
export interface FeeRequest {
  /** Our service fee in bps of the input amount. */
  ourFeeBps: number;
  /** Partner (integrator) fee in bps, 0 when none. */
  partnerFeeBps: number;
  partnerId?: string;
  /** Where fees are paid, per VM. Missing recipient → the provider cannot carry that fee. */
  recipients: { evm?: string; svm?: string };
  partnerRecipients?: { evm?: string; svm?: string };
}

export interface DestinationCall {
  to: string;
  data: string;
  value: string;
}

export interface QuoteRequest {
  src: TokenRef;
  dst: TokenRef;
  srcVm: Vm;
  dstVm: Vm;
  /** EXACT_INPUT: `amount` is what the sender pays. EXACT_OUTPUT: `amount` is what must arrive. */
  tradeType: 'EXACT_INPUT' | 'EXACT_OUTPUT';
  amount: bigint;
  sender: string;
  recipient: string;
  slippageBps: number;
  fees: FeeRequest;
  /** USD worth of destination native gas to deliver (only on cross-chain routes to an EVM chain whose output token is not its native coin). */
  gasOnArrivalUsd?: number;
  calls?: DestinationCall[];
  /** Gas limit for all destination calls together, from the simulation (providers that take one, e.g. Relay's `txsGasLimit`). */
  callsGasLimit?: number;
}

export interface ProviderQuote {
  srcAmount: bigint;
  dstAmount: bigint;
  dstAmountMin: bigint;
  estimatedSeconds: number;
  /** Fees the provider actually carries for this quote (may be lower than requested, or 0). */
  ourFeeBps: number;
  partnerFeeBps: number;
  providerFeeUsd?: number;
  gasUsd?: number;
  /** Unix seconds. */
  expiresAt: number;
  gasOnArrival?: { chainId: number; token: string; amount: string; amountUsd?: number };
  calls?: { items: DestinationCall[]; executor: string; executed: boolean; simulation?: { ok: boolean; gasUsed: string; leftover: string } };
  /** With `simulate: true`: the built source transaction (after its approval) ran from `sender` without reverting, using this much gas. */
  simulation?: { gasUsed: string };
  /** Provider-specific data that build() needs later (JSON-serialisable; stored with the quote). */
  context: Record<string, unknown>;
}

/** A quote as stored under its quoteId: the request, the provider's answer, and who asked. */
export interface StoredQuote {
  quoteId: string;
  provider: ProviderId;
  request: QuoteRequest;
  quote: ProviderQuote;
  createdAt: number; // epoch ms
  channel?: string;
  accountId?: string;
  mode?: 'test' | 'live';
}

export interface EvmTxRequest {
  vm: 'evm';
  chainId: number;
  to: string;
  data: string;
  value: string;
  /** Address that must be allowed to pull the ERC-20 input (the engine adds `approval` when short). */
  spender?: string;
}
export interface SvmTxRequest {
  vm: 'svm';
  serializedTx: string;
  submitViaApi?: boolean;
}
export type ProviderTx = EvmTxRequest | SvmTxRequest;

export type OrderState = 'pending' | 'filled' | 'refunded' | 'failed' | 'unknown';
export interface ProviderOrderStatus {
  state: OrderState;
  srcTxHash?: string;
  dstTxHash?: string;
}

export interface ProviderChain {
  chainId: number; // service ids (Solana = 7565164)
  name?: string;
}

export interface ProviderCapabilities {
  gasOnArrival: boolean;
  destinationCalls: boolean;
  depositAddresses: boolean;
  /** Transactions go through `submit` instead of the wallet's own broadcast. */
  submitViaApi: boolean;
  /** Whether `status` can tell anything (else always `unknown`). */
  tracksStatus: boolean;
  /** Can quote EXACT_OUTPUT natively. */
  exactOutput: boolean;
}

/** An adapter's capabilities: each states only what it can do; anything unnamed (or added later) is off. */
export const capabilities = (can: Partial<ProviderCapabilities>): ProviderCapabilities => ({
  gasOnArrival: false,
  destinationCalls: false,
  depositAddresses: false,
  submitViaApi: false,
  tracksStatus: false,
  exactOutput: false,
  ...can,
});

/** One adapter per provider, each speaking the provider's real HTTP API (src/providers/<name>/). */
export interface Provider {
  id: ProviderId;
  capabilities: ProviderCapabilities;
  /** Cheap, synchronous check before the fan-out (chains and VM combinations it serves). */
  supportsRoute(req: Pick<QuoteRequest, 'src' | 'dst' | 'srcVm' | 'dstVm'>): boolean;
  quote(req: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote>;
  build(stored: StoredQuote, signal: AbortSignal): Promise<ProviderTx>;
  status(id: string, signal: AbortSignal): Promise<ProviderOrderStatus>;
  submit?(stored: StoredQuote, signedTransaction: string, signal: AbortSignal): Promise<{ txHash: string }>;
  /** The id `status` is asked with for an order of this quote (e.g. Relay's request id); default: the source tx hash. */
  trackingId?(stored: StoredQuote, srcTxHash: string): string;
  chains?(signal: AbortSignal): Promise<ProviderChain[]>;
  /** With `capabilities.destinationCalls`: the contract that makes the destination calls on `chainId` (their `msg.sender`). */
  callsExecutor?(chainId: number, signal: AbortSignal): Promise<string>;
}

/** A provider that failed while the quote request as a whole succeeded (the quote response lists it under `errors`). */
export interface ProviderFailure {
  provider: ProviderId;
  code: Extract<
    ErrorCode,
    | 'PROVIDER_ERROR'
    | 'PROVIDER_TIMEOUT'
    | 'RATE_LIMITED'
    | 'NO_ROUTE'
    | 'INVALID_PARAMS'
    | 'AMOUNT_TOO_SMALL'
    | 'AMOUNT_TOO_LARGE'
    | 'UNSUPPORTED_TOKEN'
    | 'SIMULATION_FAILED'
  >;
  message: string;
}
