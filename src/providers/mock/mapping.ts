import { decodeAbiParameters, encodeAbiParameters, encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { EVM_NATIVE, type EvmTxRequest, type ProviderQuote, type QuoteRequest, type StoredQuote } from '../types.js';
import { mockErrors } from './errors.js';
import { inputFor, MOCK_SPREAD_BPS, outputFor, usdPrice } from './pricing.js';
import { aggregate3Abi, FEE_TRAILER_PARAMS, MAGIC, MAGIC_FEES, type mockContext, MULTICALL3, TRAILER_PARAMS } from './schemas.js';
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

/** A fee the maker pays out of the input at fill: an amount of the input token to one recipient. */
interface MockFeeLeg {
  leg: 'service_fee' | 'partner_fee';
  recipient: string;
  amount: bigint;
}

interface MockOrder {
  dstChainId: number;
  dstToken: string;
  recipient: string;
  dstAmount: bigint;
  feeBps: number;
  fees: MockFeeLeg[];
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const isEvmAddress = (s: string | undefined): s is string => !!s && /^0x[0-9a-fA-F]{40}$/.test(s) && s !== ZERO_ADDRESS;

/**
 * The fees a mock order pays out at fill, each floor(srcAmount × bps / 10000) of the input token at the rate the
 * quote carried: the service fee to our EVM recipient, the partner fee to the partner's (or, when the partner has
 * none, to ours, as the same-chain aggregators do). A fee without a recipient stays with the maker, as it always did.
 */
function mockFeeLegs(stored: Pick<StoredQuote, 'request' | 'quote'>): MockFeeLeg[] {
  const { fees } = stored.request;
  const ours = isEvmAddress(fees.recipients.evm) ? fees.recipients.evm.toLowerCase() : undefined;
  const theirs = isEvmAddress(fees.partnerRecipients?.evm) ? fees.partnerRecipients.evm.toLowerCase() : ours;
  const amount = (bps: number) => (stored.quote.srcAmount * BigInt(bps)) / 10_000n;
  const legs: MockFeeLeg[] = [];
  if (ours && amount(stored.quote.ourFeeBps) > 0n) legs.push({ leg: 'service_fee', recipient: ours, amount: amount(stored.quote.ourFeeBps) });
  if (theirs && amount(stored.quote.partnerFeeBps) > 0n) legs.push({ leg: 'partner_fee', recipient: theirs, amount: amount(stored.quote.partnerFeeBps) });
  return legs;
}

/**
 * The user's transaction: a native input is sent straight to the maker; an ERC-20 input is pulled through
 * Multicall3 (`aggregate3` → `transferFrom(sender, maker, amount)`), so the wallet approves Multicall3 first.
 * Either way the order trailer follows the calldata.
 */
export function mockTransaction(stored: StoredQuote, ctx: z.output<typeof mockContext>, maker: string): EvmTxRequest {
  const { request: r, quote: q } = stored;
  const order = [BigInt(r.dst.chainId), r.dst.address as Hex, r.recipient as Hex, q.dstAmount, BigInt(ctx.feeBps)] as const;
  const legs = mockFeeLegs(stored);
  const leg = (name: MockFeeLeg['leg']) => legs.find((l) => l.leg === name);
  const trailer = legs.length
    ? encodeAbiParameters(FEE_TRAILER_PARAMS, [
        ...order,
        (leg('service_fee')?.recipient ?? ZERO_ADDRESS) as Hex,
        leg('service_fee')?.amount ?? 0n,
        (leg('partner_fee')?.recipient ?? ZERO_ADDRESS) as Hex,
        leg('partner_fee')?.amount ?? 0n,
      ]).slice(2) + MAGIC_FEES
    : encodeAbiParameters(TRAILER_PARAMS, [...order]).slice(2) + MAGIC;
  if (r.src.address === EVM_NATIVE) return { vm: 'evm', chainId: r.src.chainId, to: maker.toLowerCase(), data: `0x${trailer}`, value: q.srcAmount.toString() };
  const pull = encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [r.sender as Hex, maker as Hex, q.srcAmount] });
  const data = encodeFunctionData({
    abi: aggregate3Abi,
    functionName: 'aggregate3',
    args: [[{ target: r.src.address as Hex, allowFailure: false, callData: pull }]],
  });
  return { vm: 'evm', chainId: r.src.chainId, to: MULTICALL3.toLowerCase(), data: data + trailer, value: '0', spender: MULTICALL3.toLowerCase() };
}

/** The order a mined transaction's input carries (with its fee legs), or undefined when it is not a mock order. */
export function readOrder(input: string): MockOrder | undefined {
  const hex = input.startsWith('0x') ? input.slice(2) : input;
  const withFees = hex.endsWith(MAGIC_FEES);
  if (!withFees && !hex.endsWith(MAGIC)) return undefined;
  const words = withFees ? 9 : 5;
  const end = hex.length - MAGIC.length;
  if (end < words * 64) return undefined;
  const body = `0x${hex.slice(end - words * 64, end)}` as Hex;
  if (!withFees) {
    const [dstChainId, dstToken, recipient, dstAmount, feeBps] = decodeAbiParameters(TRAILER_PARAMS, body);
    return { dstChainId: Number(dstChainId), dstToken: dstToken.toLowerCase(), recipient, dstAmount, feeBps: Number(feeBps), fees: [] };
  }
  const [dstChainId, dstToken, recipient, dstAmount, feeBps, serviceTo, service, partnerTo, partner] = decodeAbiParameters(FEE_TRAILER_PARAMS, body);
  const fees: MockFeeLeg[] = [];
  if (service > 0n) fees.push({ leg: 'service_fee', recipient: serviceTo.toLowerCase(), amount: service });
  if (partner > 0n) fees.push({ leg: 'partner_fee', recipient: partnerTo.toLowerCase(), amount: partner });
  return { dstChainId: Number(dstChainId), dstToken: dstToken.toLowerCase(), recipient, dstAmount, feeBps: Number(feeBps), fees };
}
