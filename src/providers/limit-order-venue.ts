/**
 * What limit orders need from the venue that holds them (Jupiter Trigger today), as deposits need a deposit
 * provider: src/providers/jupiter/limit-orders.ts implements it and src/services.ts wires it. The domain sees
 * no provider module; amounts are raw integer strings as the venue reports them.
 */

interface VenueCreateOrder {
  inputMint: string;
  outputMint: string;
  maker: string;
  payer: string;
  makingAmount: bigint;
  takingAmount: bigint;
  /** Unix seconds. */
  expiredAt?: number;
  /** Integrator fee, only together with `feeAccount` (a referral token account). */
  feeBps?: number;
  feeAccount?: string;
}

interface VenueTrade {
  orderKey?: string;
  inputMint?: string;
  outputMint?: string;
  rawInputAmount: string;
  rawOutputAmount: string;
  feeMint?: string | null;
  rawFeeAmount?: string | null;
  txId: string;
  confirmedAt?: string | null;
  action?: string | null;
}

export interface VenueOrder {
  userPubkey: string;
  orderKey: string;
  inputMint: string;
  outputMint: string;
  rawMakingAmount: string;
  rawTakingAmount: string;
  rawRemainingMakingAmount: string;
  rawRemainingTakingAmount: string;
  expiredAt?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  status: string;
  openTx?: string | null;
  closeTx?: string | null;
  trades: VenueTrade[];
}

interface VenueTxs {
  requestId: string;
  transactions: string[];
}

export interface LimitOrderVenue {
  createOrder(req: VenueCreateOrder, signal: AbortSignal): Promise<{ requestId: string; transaction: string; order: string }>;
  execute(requestId: string, signedTransaction: string, signal: AbortSignal): Promise<{ signature: string }>;
  cancelOrder(maker: string, order: string, signal: AbortSignal): Promise<VenueTxs>;
  cancelOrders(maker: string, orders: string[], signal: AbortSignal): Promise<VenueTxs>;
  findOrder(user: string, orderKey: string, signal: AbortSignal): Promise<{ order: VenueOrder; active: boolean } | undefined>;
  /** Whether `s` is an address on the venue's chain (base58 Solana). */
  isAddress(s: string): boolean;
  /** The venue's name for a token address (the native token's mint). */
  mintOf(address: string): string;
  /** The accounts that must sign a base64 transaction; undefined when it does not decode. */
  requiredSigners(b64: string): string[] | undefined;
  /** The message bytes (base64) of a base64 transaction, what a signature covers; undefined when it does not decode. */
  messageOf(b64: string): string | undefined;
}
