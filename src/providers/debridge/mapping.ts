import { VersionedTransaction } from '@solana/web3.js';
import { ApiError } from '../../errors.js';
import { fromSystemProgramNative, isNativeToken, toSystemProgramNative } from '../native-tokens.js';
import type { ProviderQuote, ProviderTx, QuoteRequest, StoredQuote, TokenRef, Vm } from '../types.js';
import type { DebridgeChainTable } from './chains.js';
import type { DebridgeFeeParams } from './fees.js';
import type { CreateTxResponse } from './schemas.js';

const fail = (m: string) => new ApiError('PROVIDER_ERROR', `debridge: ${m}`);

/** Service token address → deBridge's (native SOL: wrapped-SOL mint → System Program id, as deBridge's own example sends it). */
export const toDebridgeToken = toSystemProgramNative;
/** deBridge token address → service convention (EVM lower-case, zero address for 0xEeee…, wSOL mint for SOL). */
export const fromDebridgeToken = fromSystemProgramNative;

/**
 * Query for `GET /v1.0/dln/order/create-tx`, full variant (recipient and both authorities present, so the
 * answer carries a ready transaction and an order id).
 *
 * - EXACT_INPUT: `srcChainTokenInAmount` = amount, `dstChainTokenOutAmount=auto` (market rate solvers fill).
 * - EXACT_OUTPUT: `srcChainTokenInAmount=auto`, `dstChainTokenOutAmount` = amount (a fixed take amount).
 * - `prependOperatingExpenses=false`: the sender pays exactly the input it asked for; the solver's expense
 *   comes out of the output instead of being added on top (keeps EXACT_INPUT exact).
 * - No slippage parameter exists: a DLN order is a fixed-price intent.
 * - The destination authority (may cancel an unfilled order) is the sender when it can control an address on
 *   the destination VM, otherwise the recipient (the only destination-VM address we know).
 */
export function buildCreateTxQuery(req: QuoteRequest, chains: DebridgeChainTable, fees: DebridgeFeeParams): Record<string, string> {
  const srcChainId = chains.debridgeId(req.src.chainId);
  const dstChainId = chains.debridgeId(req.dst.chainId);
  if (srcChainId === undefined || dstChainId === undefined) throw new ApiError('NO_ROUTE', 'debridge does not serve this chain pair');
  if (srcChainId === dstChainId) throw new ApiError('NO_ROUTE', 'debridge DLN only bridges between different chains');
  const exactOut = req.tradeType === 'EXACT_OUTPUT';
  return {
    srcChainId: String(srcChainId),
    srcChainTokenIn: toDebridgeToken(req.srcVm, req.src.address),
    srcChainTokenInAmount: exactOut ? 'auto' : req.amount.toString(),
    dstChainId: String(dstChainId),
    dstChainTokenOut: toDebridgeToken(req.dstVm, req.dst.address),
    dstChainTokenOutAmount: exactOut ? req.amount.toString() : 'auto',
    dstChainTokenOutRecipient: req.recipient,
    srcChainOrderAuthorityAddress: req.sender,
    dstChainOrderAuthorityAddress: req.srcVm === req.dstVm ? req.sender : req.recipient,
    senderAddress: req.sender,
    prependOperatingExpenses: 'false',
    ...fees.query,
  };
}

/**
 * The query build re-sends: the one stored at quote time, except that an EXACT_OUTPUT order is re-created
 * for exactly the quoted input (the amount the wallet approves) with a market-rate output.
 */
export function buildTimeQuery(stored: StoredQuote, query: Record<string, string>): Record<string, string> {
  return stored.request.tradeType === 'EXACT_OUTPUT'
    ? { ...query, srcChainTokenInAmount: stored.quote.srcAmount.toString(), dstChainTokenOutAmount: 'auto' }
    : query;
}

/**
 * A create-tx answer as our quote. EXACT_INPUT: a DLN order delivers its take amount or nothing; the floor is
 * what build accepts when it re-creates it. EXACT_OUTPUT: DLN computed the input for exactly `amount`; build
 * re-creates the order with a fixed input and a market-rate output, so that input is padded by the slippage
 * and the recipient gets at least `amount`, and any surplus.
 */
export function readQuote(
  body: CreateTxResponse,
  req: QuoteRequest,
  chains: DebridgeChainTable,
  fees: DebridgeFeeParams,
  query: Record<string, string>,
  expiresAt: number,
): ProviderQuote {
  const exactOut = req.tradeType === 'EXACT_OUTPUT';
  const est = readEstimate(body, req, chains, exactOut ? { minDst: req.amount } : { src: req.amount });
  // Fail at quote time rather than at build time if the answer carries no usable transaction.
  readTransaction(body, req);
  const keep = 10_000n - BigInt(Math.max(0, Math.min(9_999, req.slippageBps)));
  let srcAmount: bigint;
  let dstAmount: bigint;
  let dstAmountMin: bigint;
  if (exactOut) {
    srcAmount = (est.srcAmount * 10_000n + keep - 1n) / keep;
    dstAmount = (est.dstAmount * srcAmount) / est.srcAmount;
    dstAmountMin = req.amount;
  } else {
    srcAmount = est.srcAmount;
    dstAmount = est.dstAmount;
    dstAmountMin = (est.dstAmount * keep) / 10_000n;
  }
  return {
    srcAmount,
    dstAmount,
    dstAmountMin,
    estimatedSeconds: est.estimatedSeconds,
    ourFeeBps: fees.ourFeeBps,
    partnerFeeBps: fees.partnerFeeBps,
    ...(est.providerFeeUsd !== undefined ? { providerFeeUsd: est.providerFeeUsd } : {}),
    expiresAt,
    context: { query, ...(body.orderId ? { orderId: body.orderId } : {}) },
  };
}

/**
 * A re-created order as our BuiltTx: it must take exactly the quoted input, and is refused (QUOTE_NOT_FOUND)
 * when its output is below the quote's minimum.
 */
export function readBuild(body: CreateTxResponse, stored: StoredQuote, chains: DebridgeChainTable): ProviderTx {
  const est = readEstimate(body, stored.request, chains, { src: stored.quote.srcAmount });
  if (est.dstAmount < stored.quote.dstAmountMin)
    throw new ApiError('QUOTE_NOT_FOUND', `debridge now offers ${est.dstAmount}, below the quote's minimum ${stored.quote.dstAmountMin}; request a new quote`);
  return readTransaction(body, stored.request);
}

interface DebridgeEstimate {
  srcAmount: bigint;
  dstAmount: bigint;
  estimatedSeconds: number;
  providerFeeUsd?: number;
}

/**
 * Reads a create-tx answer against the request it answers. The tokens and chains must be the ones asked
 * for (translated back to our conventions); `expect.src` is the exact input the order must take and
 * `expect.minDst` the least it must deliver. Anything else is a PROVIDER_ERROR, never a quote.
 */
function readEstimate(body: CreateTxResponse, req: QuoteRequest, chains: DebridgeChainTable, expect: { src?: bigint; minDst?: bigint }): DebridgeEstimate {
  const { srcChainTokenIn: tin, dstChainTokenOut: tout } = body.estimation;
  checkToken('srcChainTokenIn', tin, req.src, req.srcVm, chains);
  checkToken('dstChainTokenOut', tout, req.dst, req.dstVm, chains);
  if (tin.amount <= 0n || tout.amount <= 0n) throw fail('answered a zero amount');
  if (expect.src !== undefined && tin.amount !== expect.src) throw fail(`would spend ${tin.amount} instead of ${expect.src}`);
  if (expect.minDst !== undefined && tout.amount < expect.minDst) throw fail(`would deliver ${tout.amount}, less than the ${expect.minDst} asked`);
  return {
    srcAmount: tin.amount,
    dstAmount: tout.amount,
    estimatedSeconds: Math.ceil(body.order.approximateFulfillmentDelay),
    providerFeeUsd: providerFeeUsd(body, req),
  };
}

function checkToken(field: string, t: { address: string; chainId: number }, want: TokenRef, vm: Vm, chains: DebridgeChainTable) {
  if (chains.serviceId(t.chainId) !== want.chainId) throw fail(`${field} is on chain ${t.chainId}, not the chain asked`);
  const got = fromDebridgeToken(vm, t.address);
  const expected = vm === 'evm' ? want.address.toLowerCase() : want.address;
  if (got !== expected) throw fail(`${field} is ${t.address}, not the token asked`);
}

/** USD per base unit of a token in the estimation, when deBridge priced it. */
function unitUsd(t: { amount: bigint; approximateUsdValue?: number } | undefined): number | undefined {
  if (!t || t.approximateUsdValue === undefined || t.amount <= 0n) return undefined;
  return t.approximateUsdValue / Number(t.amount);
}

/**
 * deBridge's own costs in USD: the protocol fee, solver margin and operating expenses from `costsDetails`
 * (their USD value when given, else priced with the estimation's own token prices), plus the flat `fixFee`
 * when the input is the source chain's native coin (else its price is unknown here). Our affiliate fee is
 * not a provider fee and is not counted. Undefined when nothing could be priced.
 */
function providerFeeUsd(body: CreateTxResponse, req: QuoteRequest): number | undefined {
  const e = body.estimation;
  const priced = [e.srcChainTokenIn, e.srcChainTokenOut, e.dstChainTokenOut].filter((t) => t !== undefined);
  const priceOf = (address: string) => unitUsd(priced.find((t) => t.address.toLowerCase() === address.toLowerCase()));
  let total = 0;
  let any = false;
  for (const c of e.costsDetails ?? []) {
    if (!['DlnProtocolFee', 'TakerMargin', 'EstimatedOperatingExpenses'].includes(c.type)) continue;
    let usd = c.payload?.feeApproximateUsdValue;
    if (usd === undefined && c.payload?.feeAmount !== undefined) {
      const p = priceOf(c.tokenIn);
      if (p !== undefined) usd = Number(c.payload.feeAmount) * p;
    }
    if (usd !== undefined && Number.isFinite(usd)) {
      total += usd;
      any = true;
    }
  }
  if (isNativeToken(req.srcVm, req.src.address)) {
    const p = unitUsd(e.srcChainTokenIn) ?? (req.src.priceUsd !== undefined ? req.src.priceUsd / 10 ** req.src.decimals : undefined);
    if (p !== undefined) {
      total += Number(body.fixFee) * p;
      any = true;
    }
  }
  return any ? Math.round(total * 1e4) / 1e4 : undefined;
}

/**
 * The transaction in a full create-tx answer, as our BuiltTx. EVM: to/data/value as given; `value` may carry
 * the flat fee plus (native input) the input amount, never more; the spender to approve for an ERC-20 input
 * is `tx.to`. Solana: `tx.data` is 0x-hex of a serialized VersionedTransaction; we hand it on as base64
 * after checking it deserializes.
 */
function readTransaction(body: CreateTxResponse, req: QuoteRequest): ProviderTx {
  const tx = body.tx;
  if (!('data' in tx)) throw fail('answered without a transaction');
  if (req.srcVm === 'svm') {
    const bytes = Buffer.from(tx.data.slice(2), 'hex');
    try {
      VersionedTransaction.deserialize(bytes);
    } catch {
      throw fail('answered a Solana transaction that does not deserialize');
    }
    return { vm: 'svm', serializedTx: bytes.toString('base64') };
  }
  if (!tx.to) throw fail('answered an EVM transaction without `to`');
  const native = isNativeToken(req.srcVm, req.src.address);
  const value = tx.value ?? 0n;
  const ceiling = body.fixFee + (native ? body.estimation.srcChainTokenIn.amount : 0n);
  if (value > ceiling) throw fail(`transaction value ${value} exceeds the flat fee${native ? ' plus the input' : ''} (${ceiling})`);
  return {
    vm: 'evm',
    chainId: req.src.chainId,
    to: tx.to.toLowerCase(),
    data: tx.data,
    value: value.toString(),
    ...(native ? {} : { spender: tx.to.toLowerCase() }),
  };
}
