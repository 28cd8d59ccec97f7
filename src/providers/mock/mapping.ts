import { decodeAbiParameters, encodeAbiParameters, encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { EVM_NATIVE, type EvmTxRequest, type ProviderQuote, type QuoteRequest, type StoredQuote } from '../types.js';
import { mockErrors } from './errors.js';
import { inputFor, MOCK_SPREAD_BPS, outputFor, usdPrice } from './pricing.js';
import { aggregate3Abi, MAGIC, type mockContext, MULTICALL3, TRAILER_PARAMS } from './schemas.js';
import type { z } from 'zod';

/** Pure request/answer mapping of the mock: its deterministic quote, the transaction it builds, and the order trailer. */

/** A quote at the deterministic price; the maker sends exactly `dstAmount`, so slippage cannot occur. */
export function mockQuote(req: QuoteRequest, maker: string, nowSeconds: number): ProviderQuote {
  const su = usdPrice(req.src);
  const du = usdPrice(req.dst);
  if (!su || !du) throw mockErrors.noPrice(!su ? req.src.symbol : req.dst.symbol);
  const feeBps = req.fees.ourFeeBps + req.fees.partnerFeeBps + MOCK_SPREAD_BPS;
  const src = { decimals: req.src.decimals, usd: su };
  const dst = { decimals: req.dst.decimals, usd: du };
  const srcAmount = req.tradeType === 'EXACT_INPUT' ? req.amount : inputFor(req.amount, src, dst, feeBps);
  const dstAmount = req.tradeType === 'EXACT_INPUT' ? outputFor(req.amount, src, dst, feeBps) : req.amount;
  if (dstAmount <= 0n) throw mockErrors.tooSmall();
  return {
    srcAmount,
    dstAmount,
    dstAmountMin: dstAmount,
    estimatedSeconds: req.src.chainId === req.dst.chainId ? 5 : 30,
    ourFeeBps: req.fees.ourFeeBps,
    partnerFeeBps: req.fees.partnerFeeBps,
    expiresAt: nowSeconds + 120,
    context: { maker, feeBps },
  };
}

interface MockOrder {
  dstChainId: number;
  dstToken: string;
  recipient: string;
  dstAmount: bigint;
  feeBps: number;
}

/**
 * The user's transaction: a native input is sent straight to the maker; an ERC-20 input is pulled through
 * Multicall3 (`aggregate3` → `transferFrom(sender, maker, amount)`), so the wallet approves Multicall3 first.
 * Either way the order trailer follows the calldata.
 */
export function mockTransaction(stored: StoredQuote, ctx: z.output<typeof mockContext>, maker: string): EvmTxRequest {
  const { request: r, quote: q } = stored;
  const trailer =
    encodeAbiParameters(TRAILER_PARAMS, [BigInt(r.dst.chainId), r.dst.address as Hex, r.recipient as Hex, q.dstAmount, BigInt(ctx.feeBps)]).slice(2) + MAGIC;
  if (r.src.address === EVM_NATIVE) return { vm: 'evm', chainId: r.src.chainId, to: maker.toLowerCase(), data: `0x${trailer}`, value: q.srcAmount.toString() };
  const pull = encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [r.sender as Hex, maker as Hex, q.srcAmount] });
  const data = encodeFunctionData({
    abi: aggregate3Abi,
    functionName: 'aggregate3',
    args: [[{ target: r.src.address as Hex, allowFailure: false, callData: pull }]],
  });
  return { vm: 'evm', chainId: r.src.chainId, to: MULTICALL3.toLowerCase(), data: data + trailer, value: '0', spender: MULTICALL3.toLowerCase() };
}

/** The order a mined transaction's input carries, or undefined when it is not a mock order. */
export function readOrder(input: string): MockOrder | undefined {
  const hex = input.startsWith('0x') ? input.slice(2) : input;
  if (!hex.endsWith(MAGIC) || hex.length < MAGIC.length + 5 * 64) return undefined;
  const [dstChainId, dstToken, recipient, dstAmount, feeBps] = decodeAbiParameters(
    TRAILER_PARAMS,
    `0x${hex.slice(hex.length - MAGIC.length - 5 * 64, hex.length - MAGIC.length)}`,
  );
  return { dstChainId: Number(dstChainId), dstToken: dstToken.toLowerCase(), recipient, dstAmount, feeBps: Number(feeBps) };
}
