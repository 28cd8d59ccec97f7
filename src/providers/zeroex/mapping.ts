import { ApiError } from '../../errors.js';
import { nativePriceUsd, planEvmFees, roundUsd, sameChainSeconds, usdOf, type FeePlan } from '../same-chain-evm.js';
import { EVM_NATIVE, type EvmTxRequest, type FeeRequest, type ProviderQuote, type QuoteRequest } from '../types.js';
import type { ZeroExPrice, ZeroExQuote } from './schemas.js';

/** Request/response mapping for the 0x Swap API v2, allowance-holder flow (docs/providers/zeroex.md). */

export const ZEROEX_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
/** On Mantle 0x addresses native MNT by this token instead of 0xEeee…. */
export const ZEROEX_MANTLE_NATIVE = '0xdeaddeaddeaddeaddeaddeaddeaddeaddead0000';
const MANTLE = 5000;
/** 0x's default cap on the integrator fee. */
const ZEROEX_MAX_FEE_BPS = 1000;

/** Swap API chains per the 0x docs (as of 2026-08). */
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

/** How long an indicative price stays buildable; build fetches a firm /quote anyway. */
const QUOTE_TTL_SECONDS = 60;

/** The `/price` query, sent again unchanged for the firm `/quote` at build time. */
export function priceQuery(req: QuoteRequest, fee: ZeroExFeeParams): Record<string, string> {
  const chainId = req.src.chainId;
  const query: Record<string, string> = {
    chainId: String(chainId),
    sellToken: toZeroExToken(chainId, req.src.address),
    buyToken: toZeroExToken(chainId, req.dst.address),
    sellAmount: req.amount.toString(),
    taker: req.sender,
    slippageBps: String(req.slippageBps),
    ...fee.query,
  };
  if (req.recipient.toLowerCase() !== req.sender.toLowerCase()) query.recipient = req.recipient;
  return query;
}

/** An answer must be for the pair and sell amount asked, with a floor not above the expected output. */
export function checkEcho(req: QuoteRequest, body: ZeroExPrice): void {
  const chainId = req.src.chainId;
  if (fromZeroExToken(chainId, body.sellToken) !== req.src.address.toLowerCase() || fromZeroExToken(chainId, body.buyToken) !== req.dst.address.toLowerCase()) {
    throw new ApiError('PROVIDER_ERROR', '0x answered for a different token pair');
  }
  if (BigInt(body.sellAmount) !== req.amount) throw new ApiError('PROVIDER_ERROR', '0x answered for a different sell amount');
  if (BigInt(body.minBuyAmount) > BigInt(body.buyAmount)) throw new ApiError('PROVIDER_ERROR', '0x answered with minBuyAmount above buyAmount');
}

/**
 * A liquid `/price` answer as our quote. 0x reports the integrator fee it will take; no entry means our fee
 * parameters were not applied. 0x's own fee and the network fee are priced with the request's token prices.
 */
export function readPrice(body: ZeroExPrice, req: QuoteRequest, fee: ZeroExFeeParams, query: Record<string, string>, nowSeconds: number): ProviderQuote {
  checkEcho(req, body);
  const chainId = req.src.chainId;
  const carried = fee.plan.entries.length > 0 && (body.fees?.integratorFee || body.fees?.integratorFees?.length);
  const zeroExFee = body.fees?.zeroExFee;
  const feeToken = zeroExFee && [req.src, req.dst].find((t) => toZeroExToken(chainId, t.address).toLowerCase() === zeroExFee.token.toLowerCase());
  const providerFeeUsd = zeroExFee && feeToken ? usdOf(BigInt(zeroExFee.amount), feeToken) : undefined;
  const native = nativePriceUsd(req);
  const networkWei = body.totalNetworkFee ?? (body.gas && body.gasPrice ? (BigInt(body.gas) * BigInt(body.gasPrice)).toString() : undefined);
  const gasUsd = native && networkWei ? (Number(networkWei) / 10 ** native.decimals) * native.priceUsd : undefined;
  return {
    srcAmount: BigInt(body.sellAmount),
    dstAmount: BigInt(body.buyAmount),
    dstAmountMin: BigInt(body.minBuyAmount),
    estimatedSeconds: sameChainSeconds(chainId),
    ourFeeBps: carried ? fee.plan.ourFeeBps : 0,
    partnerFeeBps: carried ? fee.plan.partnerFeeBps : 0,
    ...(providerFeeUsd !== undefined ? { providerFeeUsd: roundUsd(providerFeeUsd) } : {}),
    ...(gasUsd !== undefined ? { gasUsd: roundUsd(gasUsd) } : {}),
    expiresAt: nowSeconds + QUOTE_TTL_SECONDS,
    context: { chainId, query, zid: body.zid ?? null },
  };
}

/**
 * A firm `/quote` transaction as our BuiltTx. Its value must be the sell amount for a native sell and 0
 * otherwise. Only what 0x names as the spender (AllowanceHolder) is approved, never `transaction.to`.
 */
export function readTransaction(body: ZeroExQuote, chainId: number): EvmTxRequest {
  const tx = body.transaction;
  const sellsNative = fromZeroExToken(chainId, body.sellToken) === EVM_NATIVE;
  if (tx.value !== (sellsNative ? body.sellAmount : '0'))
    throw new ApiError('PROVIDER_ERROR', `0x returned a transaction value (${tx.value}) that does not match the sell amount`);
  const spender = sellsNative ? undefined : (body.issues?.allowance?.spender ?? body.allowanceTarget ?? undefined);
  if (!sellsNative && !spender) throw new ApiError('PROVIDER_ERROR', '0x returned no allowance target for an ERC-20 sell');
  return { vm: 'evm', chainId, to: tx.to, data: tx.data, value: tx.value, ...(spender ? { spender: spender.toLowerCase() } : {}) };
}
