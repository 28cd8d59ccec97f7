import { VersionedTransaction } from '@solana/web3.js';
import { ApiError } from '../../errors.js';
import type { ProviderTx, QuoteRequest, TokenRef, Vm } from '../types.js';
import { fromLifiChainId, toLifiChainId } from './chains.js';
import type { LifiContext, QuoteStep } from './schemas.js';
import { fromLifiToken, isNativeToken } from './tokens.js';

const fail = (m: string) => new ApiError('PROVIDER_ERROR', `lifi: ${m}`);

export interface LifiEstimate {
  srcAmount: bigint;
  dstAmount: bigint;
  dstAmountMin: bigint;
  estimatedSeconds: number;
  providerFeeUsd?: number;
  gasUsd?: number;
  context: LifiContext;
}

/**
 * Reads a quote Step against the request. The chains and tokens must be the ones asked (translated back),
 * EXACT_INPUT must spend exactly the input, EXACT_OUTPUT must guarantee the output (its minimum covers it),
 * and the minimum cannot exceed the expectation; otherwise PROVIDER_ERROR.
 */
export function readStep(step: QuoteStep, req: QuoteRequest): LifiEstimate {
  const a = step.action;
  const e = step.estimate;
  checkSide('fromToken', a.fromChainId, a.fromToken.address, req.src, req.srcVm);
  checkSide('toToken', a.toChainId, a.toToken.address, req.dst, req.dstVm);
  if (e.fromAmount <= 0n || e.toAmount <= 0n || e.toAmountMin <= 0n) throw fail('answered a zero amount');
  if (e.toAmountMin > e.toAmount) throw fail('answered a minimum above the expected output');
  if (req.tradeType === 'EXACT_INPUT' && e.fromAmount !== req.amount) throw fail(`would spend ${e.fromAmount} instead of the ${req.amount} asked`);
  if (req.tradeType === 'EXACT_OUTPUT' && e.toAmountMin < req.amount) throw fail(`guarantees ${e.toAmountMin}, less than the exact ${req.amount} asked`);
  const tr = step.transactionRequest;
  if (req.srcVm === 'evm') {
    if (!tr.to) throw fail('answered an EVM transaction without `to`');
    if (tr.chainId !== undefined && tr.chainId !== toLifiChainId(req.src.chainId)) throw fail('answered a transaction for another chain');
    if (!/^0x[0-9a-fA-F]*$/.test(tr.data)) throw fail('answered non-hex calldata');
    if (!isNativeToken(req.srcVm, req.src.address) && !e.approvalAddress) throw fail('answered no approvalAddress for an ERC-20 input');
  } else {
    checkSolanaTx(tr.data);
  }
  return {
    srcAmount: e.fromAmount,
    dstAmount: e.toAmount,
    dstAmountMin: e.toAmountMin,
    estimatedSeconds: Math.ceil(e.executionDuration),
    ...optional('providerFeeUsd', providerFeeUsd(step)),
    ...optional('gasUsd', gasUsd(step)),
    context: {
      tool: step.tool,
      transactionRequest: {
        ...(tr.to ? { to: tr.to.toLowerCase() } : {}),
        data: tr.data,
        ...(tr.value !== undefined ? { value: tr.value.toString() } : {}),
        ...(tr.chainId !== undefined ? { chainId: tr.chainId } : {}),
      },
      ...(e.approvalAddress ? { approvalAddress: e.approvalAddress.toLowerCase() } : {}),
      ...(step.transactionId ? { transactionId: step.transactionId } : {}),
    },
  };
}

function optional<K extends string>(k: K, v: number | undefined): Partial<Record<K, number>> {
  return v === undefined ? {} : ({ [k]: v } as Record<K, number>);
}

function checkSide(field: string, lifiChainId: number, address: string, want: TokenRef, vm: Vm) {
  if (fromLifiChainId(lifiChainId) !== want.chainId) throw fail(`${field} is on chain ${lifiChainId}, not the chain asked`);
  const expected = vm === 'evm' ? want.address.toLowerCase() : want.address;
  if (fromLifiToken(vm, address) !== expected) throw fail(`${field} is ${address}, not the token asked`);
}

function checkSolanaTx(base64: string) {
  try {
    VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  } catch {
    throw fail('answered a Solana transaction that does not deserialize');
  }
}

/**
 * LI.FI's fees in USD. A fee cost that bundles the integrator fee (`feeSplit`) counts only LI.FI's part:
 * our own fee is not a provider fee.
 */
export function providerFeeUsd(step: QuoteStep): number | undefined {
  let total = 0;
  let any = false;
  for (const f of step.estimate.feeCosts ?? []) {
    if (f.amountUSD === undefined || !Number.isFinite(f.amountUSD)) continue;
    let usd = f.amountUSD;
    const lifi = f.feeSplit?.lifiFee;
    const integ = f.feeSplit?.integratorFee;
    if (lifi !== undefined && integ !== undefined) {
      const sum = BigInt(lifi) + BigInt(integ);
      usd = sum > 0n ? (usd * Number(BigInt(lifi))) / Number(sum) : 0;
    }
    total += usd;
    any = true;
  }
  return any ? round4(total) : undefined;
}

/** Gas in USD: the `SUM` entries when LI.FI gives them, else the sum of all entries. */
export function gasUsd(step: QuoteStep): number | undefined {
  const costs = (step.estimate.gasCosts ?? []).filter((g) => g.amountUSD !== undefined && Number.isFinite(g.amountUSD));
  if (!costs.length) return undefined;
  const sums = costs.filter((g) => g.type === 'SUM');
  return round4((sums.length ? sums : costs).reduce((t, g) => t + (g.amountUSD ?? 0), 0));
}

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

/**
 * The stored transaction as our BuiltTx. EVM: the spender for an ERC-20 input is `approvalAddress`.
 * Solana: LI.FI's base64 serialized transaction, passed on as is (the wallet broadcasts it).
 */
export function readTransaction(ctx: LifiContext, req: QuoteRequest): ProviderTx {
  const tr = ctx.transactionRequest;
  if (req.srcVm === 'svm') {
    checkSolanaTx(tr.data);
    return { vm: 'svm', serializedTx: tr.data };
  }
  if (!tr.to) throw fail('stored transaction has no `to`');
  const native = isNativeToken(req.srcVm, req.src.address);
  if (!native && !ctx.approvalAddress) throw fail('stored quote has no approvalAddress for an ERC-20 input');
  return {
    vm: 'evm',
    chainId: req.src.chainId,
    to: tr.to,
    data: tr.data,
    value: tr.value ?? '0',
    ...(native ? {} : { spender: ctx.approvalAddress }),
  };
}
