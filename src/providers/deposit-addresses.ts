import type { FeeRequest, Provider, TokenRef, Vm } from './types.js';

/**
 * The port of deposit-address providers (Relay in live mode, the sandbox in test mode), as ./types.ts is the port of
 * quote providers: src/deposits/ uses it, the adapters implement it, and neither side imports the other.
 */

/** An address's estimate for its route: what `amount` of the source token is expected to deliver, and how fast. */
export interface DepositEstimate {
  /** The source amount the estimate was made for (the one-time amount, or about 100 USD). */
  amount: string;
  dstAmount: string;
  dstAmountMin: string;
  estimatedSeconds: number;
}

/** What an address is created for: the route, its parties, its fees (fixed now) and the amount the estimate is for. */
export interface DepositRoute {
  src: TokenRef;
  dst: TokenRef;
  srcVm: Vm;
  dstVm: Vm;
  recipient: string;
  refundTo: string;
  /** false: a one-time address bound to exactly `amount` (Relay's strict mode). */
  reusable: boolean;
  amount: bigint;
  /** Checkout "pay by transfer": the exact amount the recipient must receive (the provider quotes exact output). */
  exactOutput?: bigint;
  fees: FeeRequest;
}

export interface CreatedAddress {
  address: string;
  /** The provider's handle of the address (Relay: the request id of the deposit-address quote). */
  providerRef?: string;
  /** The provider's own estimate; the service makes one from prices when absent. */
  estimate?: DepositEstimate;
  /** The fees the provider actually carries (may be lower than asked, e.g. no EVM fee recipient); default: as asked. */
  fees?: { ourFeeBps: number; partnerFeeBps: number };
}

/** A deposit the provider saw at an address. */
export interface DetectedDeposit {
  /** Unique per provider: a deposit is recorded once under this id, whichever instance sees it first. */
  providerDepositId: string;
  amount: string;
  /** The provider's expected output, when it says; else scaled from the address's estimate. */
  dstAmount?: string;
  srcTxHash: string;
  /** What the order poller asks the provider's status with. */
  trackingId: string;
}

/** The provider side of deposit addresses: Relay in live mode, the sandbox in test mode. */
export interface DepositProvider {
  id: string;
  supports(route: Pick<DepositRoute, 'src' | 'dst' | 'srcVm' | 'dstVm'>): boolean;
  create(route: DepositRoute, signal: AbortSignal): Promise<CreatedAddress>;
  /** Every deposit seen at the address (known ones included: the service skips them by id). */
  detect(
    a: { address: string; chainId: number; providerRef: string | null; reusable: boolean; amount: string | null },
    signal: AbortSignal,
  ): Promise<DetectedDeposit[]>;
  /** The order-status side, for the order poller (the sandbox is no quote provider, so it brings its own). */
  orders?: Provider;
}
