import { ApiError } from '../../errors.js';
import { planEvmFees, type FeePlan } from '../same-chain-evm.js';
import { EVM_NATIVE, type FeeRequest } from '../types.js';

/** Pure request/response mapping for the 0x Swap API v2 (see /work/shared/providers/zeroex.md). */

export const ZEROEX_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
/** On Mantle 0x addresses native MNT by this token instead of 0xEeee…. */
export const ZEROEX_MANTLE_NATIVE = '0xdeaddeaddeaddeaddeaddeaddeaddeaddead0000';
const MANTLE = 5000;
/** 0x's default cap on the integrator fee. */
export const ZEROEX_MAX_FEE_BPS = 1000;

/** Swap API chains per the 0x docs (Aug 2026). */
export const ZEROEX_CHAIN_IDS: ReadonlySet<number> = new Set([
  1, 10, 56, 130, 137, 143, 146, 480, 999, 2741, 4217, 4663, 5000, 8453, 9745, 42161, 43114, 57073, 59144, 80094, 534352,
]);

/** Service token address (zero address = native) → 0x's `sellToken`/`buyToken`. */
export function toZeroExToken(chainId: number, address: string): string {
  if (address.toLowerCase() !== EVM_NATIVE) return address.toLowerCase();
  return chainId === MANTLE ? ZEROEX_MANTLE_NATIVE : ZEROEX_NATIVE;
}

/** 0x token address (any case) → service convention (lower-case, zero address for native). */
export function fromZeroExToken(chainId: number, address: string): string {
  const a = address.toLowerCase();
  if (a === ZEROEX_NATIVE.toLowerCase()) return EVM_NATIVE;
  if (chainId === MANTLE && a === ZEROEX_MANTLE_NATIVE) return EVM_NATIVE;
  return a;
}

export interface ZeroExFeeParams {
  plan: FeePlan;
  /** `swapFeeRecipient`, `swapFeeBps`, `swapFeeToken`, or nothing when no fee is carried. */
  query: Record<string, string>;
}

/**
 * Our fee is in bps of the input, so it is taken in the sell token (`swapFeeToken` = sellToken); several recipients
 * go comma-separated with matching bps.
 */
export function zeroExFeeParams(fees: FeeRequest, sellToken: string): ZeroExFeeParams {
  const plan = planEvmFees(fees, ZEROEX_MAX_FEE_BPS);
  if (!plan.entries.length) return { plan, query: {} };
  return {
    plan,
    query: {
      swapFeeRecipient: plan.entries.map((e) => e.recipient).join(','),
      swapFeeBps: plan.entries.map((e) => String(e.bps)).join(','),
      swapFeeToken: sellToken,
    },
  };
}

export interface ZeroExErrorBody {
  name?: string;
  message?: string;
  data?: { zid?: string; details?: { field?: string; reason?: string }[] };
}

/** A 4xx answer of the Swap API → our error code (5xx and 429 are handled by providerFetch). */
export function classifyZeroExError(status: number, body: unknown, phase: 'quote' | 'build' = 'quote'): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as ZeroExErrorBody;
  const name = typeof b.name === 'string' ? b.name : undefined;
  const text = typeof b.message === 'string' ? b.message : '';
  const details = Array.isArray(b.data?.details) ? b.data.details.map((d) => `${d?.field}: ${d?.reason}`).join('; ') : '';
  const msg = `0x: ${[name, text, details].filter(Boolean).join(' - ') || `HTTP ${status}`}`;
  if (status === 401) return new ApiError('PROVIDER_ERROR', `0x rejected the API key (${text || 'HTTP 401'})`);
  switch (name) {
    case 'INPUT_INVALID':
    case 'RECIPIENT_NOT_SUPPORTED':
      return new ApiError('INVALID_PARAMS', msg);
    case 'TOKEN_NOT_SUPPORTED':
    case 'BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE':
    case 'SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE':
    case 'XSTOCKS_NOT_AUTHORIZED':
      return new ApiError('UNSUPPORTED_TOKEN', msg);
    case 'SWAP_VALIDATION_FAILED':
    case 'TAKER_NOT_AUTHORIZED_FOR_TRADE':
    case 'RECIPIENT_NOT_AUTHORIZED_FOR_TRADE':
      return new ApiError(phase === 'build' ? 'QUOTE_NOT_FOUND' : 'NO_ROUTE', msg);
    default:
      return new ApiError('PROVIDER_ERROR', msg);
  }
}
