import { ApiError } from '../../errors.js';
import { planEvmFees, roundUsd, sameChainSeconds, type FeePlan } from '../same-chain-evm.js';
import { EVM_NATIVE, type EvmTxRequest, type FeeRequest, type ProviderQuote, type QuoteRequest, type StoredQuote } from '../types.js';
import type { KyberBuild, KyberContext, KyberRoutes } from './schemas.js';

/** Request/response mapping for the KyberSwap Aggregator API v1 (docs/providers/kyberswap.md). */

export const KYBER_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
/** MetaAggregationRouterV2, the same on every chain: the only address a user is asked to approve for KyberSwap. */
const KYBER_ROUTER = '0x6131B5fae19EA4f9D964eAc0408E4408b66337b5';
/** KyberSwap documents no cap on the integrator fee; the service cap (150 bps) applies before we get here. */
const KYBER_MAX_FEE_BPS = 10_000;
/** Kyber caps slippageTolerance at 2000 bps unless `ignoreCappedSlippage` is set. */
const KYBER_SLIPPAGE_CAP_BPS = 2000;

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

/** Kyber asks not to keep routes longer than a few seconds; build re-prices the stored route anyway. */
const QUOTE_TTL_SECONDS = 30;
/** Deadline written into the router call (Kyber's own default is 20 minutes). */
const DEADLINE_SECONDS = 20 * 60;

/** `GET /{chain}/api/v1/routes` query: exact input, optimised net of gas, our fee, the user as `origin`. */
export function routesQuery(req: QuoteRequest, fee: KyberFeeParams): Record<string, string> {
  return {
    tokenIn: toKyberToken(req.src.address),
    tokenOut: toKyberToken(req.dst.address),
    amountIn: req.amount.toString(),
    gasInclude: 'true',
    ...fee.query,
    origin: req.sender,
  };
}

/** A router other than Kyber's own would have the user approve an unknown contract. */
function checkRouter(address: string): void {
  if (address.toLowerCase() !== KYBER_ROUTER.toLowerCase()) throw new ApiError('PROVIDER_ERROR', `kyberswap named an unexpected router ${address}`);
}

/**
 * A `/routes` answer as our quote: the pair and input asked, Kyber's router, our fee carried only when Kyber
 * echoes it. `rawSummary` is the summary as received, stored for build: zod drops keys we don't read and Kyber
 * checks the whole object.
 */
export function readRoutes(
  body: KyberRoutes,
  rawSummary: Record<string, unknown>,
  req: QuoteRequest,
  fee: KyberFeeParams,
  slug: string,
  nowSeconds: number,
): ProviderQuote {
  const s = body.data.routeSummary;
  if (fromKyberToken(s.tokenIn) !== req.src.address.toLowerCase() || fromKyberToken(s.tokenOut) !== req.dst.address.toLowerCase()) {
    throw new ApiError('PROVIDER_ERROR', 'kyberswap answered for a different token pair');
  }
  if (BigInt(s.amountIn) !== req.amount) throw new ApiError('PROVIDER_ERROR', 'kyberswap answered for a different input amount');
  checkRouter(body.data.routerAddress);

  const chainId = req.src.chainId;
  const carried = fee.plan.entries.length > 0 && kyberFeeEchoMatches(fee.query, s.extraFee);
  const amountOut = BigInt(s.amountOut);
  const gasUsd = [s.gasUsd, s.l1FeeUsd].filter((n): n is number => n !== undefined && Number.isFinite(n)).reduce((a, b) => a + b, 0);
  return {
    srcAmount: req.amount,
    dstAmount: amountOut,
    dstAmountMin: kyberMinAmountOut(amountOut, req.slippageBps),
    estimatedSeconds: sameChainSeconds(chainId),
    ourFeeBps: carried ? fee.plan.ourFeeBps : 0,
    partnerFeeBps: carried ? fee.plan.partnerFeeBps : 0,
    ...(s.gasUsd !== undefined && Number.isFinite(gasUsd) ? { gasUsd: roundUsd(gasUsd) } : {}),
    expiresAt: nowSeconds + QUOTE_TTL_SECONDS,
    context: { chainId, slug, routeSummary: rawSummary, routerAddress: body.data.routerAddress },
  };
}

/** `POST /{chain}/api/v1/route/build` body: the stored summary verbatim, our slippage (Kyber's default is 0), a deadline. */
export function buildBody(ctx: KyberContext, req: QuoteRequest, slippageBps: number, nowSeconds: number, clientId: string) {
  return {
    routeSummary: ctx.routeSummary,
    sender: req.sender,
    recipient: req.recipient,
    origin: req.sender,
    slippageTolerance: slippageBps,
    ...(slippageBps > KYBER_SLIPPAGE_CAP_BPS ? { ignoreCappedSlippage: true } : {}),
    deadline: nowSeconds + DEADLINE_SECONDS,
    source: clientId,
  };
}

/** A built route must be for Kyber's router, the same input, and an output not below the quoted minimum. */
export function checkBuild(d: KyberBuild, stored: StoredQuote): void {
  checkRouter(d.routerAddress);
  if (BigInt(d.amountIn) !== BigInt(stored.request.amount)) throw new ApiError('PROVIDER_ERROR', 'kyberswap built a transaction for a different input amount');
  if (BigInt(d.amountOut) < BigInt(stored.quote.dstAmountMin)) {
    throw new ApiError('QUOTE_NOT_FOUND', 'kyberswap price moved below the quoted minimum; request a new quote');
  }
}

/** The built route as our BuiltTx: value is the input for a native sell and 0 otherwise; the router is the spender. */
export function readTransaction(d: KyberBuild, req: QuoteRequest, chainId: number): EvmTxRequest {
  const sellsNative = req.src.address.toLowerCase() === EVM_NATIVE;
  if (d.transactionValue !== (sellsNative ? d.amountIn : '0')) {
    throw new ApiError('PROVIDER_ERROR', `kyberswap returned a transaction value (${d.transactionValue}) that does not match the input`);
  }
  return {
    vm: 'evm',
    chainId,
    to: d.routerAddress,
    data: d.data,
    value: d.transactionValue,
    ...(sellsNative ? {} : { spender: d.routerAddress.toLowerCase() }),
  };
}
