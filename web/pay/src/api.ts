/** Calls to the service's own /v1 API (same origin). Errors carry the API's stable code. */
export class ApiFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as { error?: { code: string; message: string } };
  if (!res.ok) throw new ApiFailure(data.error?.code ?? 'INTERNAL', data.error?.message ?? `HTTP ${res.status}`);
  return data as T;
}

export interface Session {
  id: string;
  status: 'open' | 'processing' | 'paid' | 'needs_review' | 'expired';
  amount: string;
  settlement: { chainId: number; token: string; symbol: string; decimals: number };
  recipient: string;
  description: string | null;
  merchantName: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: string;
  payment: { srcTxHash: string; dstTxHash: string | null } | null;
}

export interface Chain {
  id: number;
  slug: string;
  name: string;
  vm: 'evm' | 'svm';
  nativeSymbol: string;
  explorerTx: string;
}

export interface Token {
  chainId: number;
  address: string;
  symbol: string;
  decimals: number;
  amount?: string;
}

export interface EvmTx {
  vm: 'evm';
  chainId: number;
  to: string;
  data: string;
  value: string;
  approval?: { token: string; spender: string; amount: string };
}

export interface SvmTx {
  vm: 'svm';
  serializedTx: string;
  submitViaApi?: boolean;
}

export interface PayerQuote {
  method: 'direct_transfer' | 'exact_output' | 'input_search';
  quoteId: string | null;
  provider: string;
  srcAmount: string;
  dstAmountMin: string;
  estimatedSeconds: number;
  overpayBps: number;
  overpayBasis: 'usd' | 'output';
  fees: { ourFeeBps: number; providerFeeUsd?: number; gasUsd?: number };
  /** Unix seconds; a direct Solana transfer lapses with its blockhash (~60 s). */
  expiresAt?: number;
  tx?: EvmTx | SvmTx;
}

export interface PayerQuoteResponse {
  direct: boolean;
  best: PayerQuote;
  quotes: PayerQuote[];
}
