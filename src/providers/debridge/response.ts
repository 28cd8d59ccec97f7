import { VersionedTransaction } from '@solana/web3.js';
import { ApiError } from '../../errors.js';
import type { ProviderTx, QuoteRequest, TokenRef, Vm } from '../types.js';
import type { DebridgeChainTable } from './chains.js';
import type { CreateTxResponse } from './schemas.js';
import { fromDebridgeToken, isNativeToken } from './tokens.js';

const fail = (m: string) => new ApiError('PROVIDER_ERROR', `debridge: ${m}`);

export interface DebridgeEstimate {
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
export function readEstimate(
  body: CreateTxResponse,
  req: QuoteRequest,
  chains: DebridgeChainTable,
  expect: { src?: bigint; minDst?: bigint },
): DebridgeEstimate {
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
export function providerFeeUsd(body: CreateTxResponse, req: QuoteRequest): number | undefined {
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
export function readTransaction(body: CreateTxResponse, req: QuoteRequest): ProviderTx {
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
