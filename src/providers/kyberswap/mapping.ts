import { ApiError, type ErrorCode } from '../../errors.js';
import { planEvmFees, type FeePlan } from '../same-chain-evm.js';
import { EVM_NATIVE, type FeeRequest } from '../types.js';

/** Pure request/response mapping for the KyberSwap Aggregator API v1 (see /work/shared/providers/kyberswap.md). */

export const KYBER_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
/** MetaAggregationRouterV2, the same on every chain: the only address a user is asked to approve for KyberSwap. */
export const KYBER_ROUTER = '0x6131B5fae19EA4f9D964eAc0408E4408b66337b5';
/** KyberSwap documents no cap on the integrator fee; the service cap (150 bps) applies before we get here. */
const KYBER_MAX_FEE_BPS = 10_000;
/** Kyber caps slippageTolerance at 2000 bps unless `ignoreCappedSlippage` is set. */
export const KYBER_SLIPPAGE_CAP_BPS = 2000;

/** Chain slug (first path segment) per chain id; Mantle is left out (no longer ticked for the aggregator). */
export const KYBER_CHAIN_SLUGS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  10: 'optimism',
  56: 'bsc',
  130: 'unichain',
  137: 'polygon',
  143: 'monad',
  146: 'sonic',
  999: 'hyperevm',
  2020: 'ronin',
  4326: 'megaeth',
  4663: 'robinhood',
  8453: 'base',
  9745: 'plasma',
  42161: 'arbitrum',
  42793: 'etherlink',
  43114: 'avalanche',
  59144: 'linea',
  80094: 'berachain',
};
export const KYBER_CHAIN_IDS: ReadonlySet<number> = new Set(Object.keys(KYBER_CHAIN_SLUGS).map(Number));

export function toKyberToken(address: string): string {
  return address.toLowerCase() === EVM_NATIVE ? KYBER_NATIVE : address.toLowerCase();
}

export function fromKyberToken(address: string): string {
  const a = address.toLowerCase();
  return a === KYBER_NATIVE.toLowerCase() ? EVM_NATIVE : a;
}

export interface KyberFeeParams {
  plan: FeePlan;
  /** `feeAmount`, `chargeFeeBy`, `isInBps`, `feeReceiver` (comma lists), or nothing when no fee is carried. */
  query: Record<string, string>;
}

/** Our fee is in bps of the input: charged in the input currency, as bps. */
export function kyberFeeParams(fees: FeeRequest): KyberFeeParams {
  const plan = planEvmFees(fees, KYBER_MAX_FEE_BPS);
  if (!plan.entries.length) return { plan, query: {} };
  return {
    plan,
    query: {
      feeAmount: plan.entries.map((e) => String(e.bps)).join(','),
      chargeFeeBy: 'currency_in',
      isInBps: 'true',
      feeReceiver: plan.entries.map((e) => e.recipient).join(','),
    },
  };
}

/** Kyber's echo of the fee config matches what we asked for (receivers compared case-insensitively). */
export function kyberFeeEchoMatches(
  asked: Record<string, string>,
  echo: { feeAmount?: string; chargeFeeBy?: string; isInBps?: boolean; feeReceiver?: string } | undefined,
): boolean {
  if (!asked.feeAmount) return true;
  if (!echo) return false;
  return (
    echo.feeAmount === asked.feeAmount &&
    echo.chargeFeeBy === asked.chargeFeeBy &&
    echo.isInBps === true &&
    (echo.feeReceiver ?? '').toLowerCase() === asked.feeReceiver.toLowerCase()
  );
}

/** The floor the router enforces for `slippageTolerance` bps (rounded down, as the contract does). */
export function kyberMinAmountOut(amountOut: bigint, slippageBps: number): bigint {
  return (amountOut * BigInt(10_000 - slippageBps)) / 10_000n;
}

export interface KyberErrorBody {
  code?: number;
  message?: string;
  details?: unknown;
}

const QUOTE_CODES: Record<number, ErrorCode> = {
  4000: 'INVALID_PARAMS',
  4005: 'AMOUNT_TOO_SMALL',
  4007: 'AMOUNT_TOO_SMALL',
  4008: 'NO_ROUTE',
  4009: 'AMOUNT_TOO_LARGE',
  4010: 'NO_ROUTE',
  4011: 'UNSUPPORTED_TOKEN',
  4221: 'NO_ROUTE',
  4222: 'NO_ROUTE',
  40011: 'NO_ROUTE',
};
/** At build time these mean the stored route can no longer be turned into a transaction. */
const BUILD_GONE = new Set([4000, 4002, 4008, 4010, 4222, 40011]);

/** A non-2xx (or code ≠ 0) answer → our error code; 429 and 5xx are handled by providerFetch. */
export function classifyKyberError(status: number, body: unknown, phase: 'quote' | 'build' = 'quote'): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as KyberErrorBody;
  if (status === 404 && typeof b.code !== 'number') return new ApiError(phase === 'build' ? 'QUOTE_NOT_FOUND' : 'NO_ROUTE', 'kyberswap does not serve this chain');
  const code = typeof b.code === 'number' ? b.code : undefined;
  const msg = `kyberswap: ${[code, b.message, violations(b.details)].filter((x) => x !== undefined && x !== '').join(' - ') || `HTTP ${status}`}`;
  if (code === undefined) return new ApiError('PROVIDER_ERROR', msg);
  if (phase === 'build' && BUILD_GONE.has(code)) return new ApiError('QUOTE_NOT_FOUND', `${msg}; request a new quote`);
  return new ApiError(QUOTE_CODES[code] ?? 'PROVIDER_ERROR', msg);
}

function violations(details: unknown): string {
  if (!Array.isArray(details)) return '';
  const out: string[] = [];
  for (const d of details) {
    const fv = (d as { fieldViolations?: { field?: string; description?: string }[] })?.fieldViolations;
    if (Array.isArray(fv)) for (const v of fv) out.push(`${v?.field}: ${v?.description}`);
  }
  return out.join('; ');
}
