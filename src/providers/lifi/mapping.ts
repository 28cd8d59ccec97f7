import { VersionedTransaction } from '@solana/web3.js';
import { ApiError } from '../../errors.js';
import { fromSystemProgramNative, isNativeToken, toSystemProgramNative } from '../native-tokens.js';
import type { ProviderQuote, ProviderTx, QuoteRequest, TokenRef, Vm } from '../types.js';
import { fromLifiChainId, toLifiChainId } from './chains.js';
import type { LifiFeeParams } from './fees.js';
import type { LifiContext, QuoteStep } from './schemas.js';

const fail = (m: string) => new ApiError('PROVIDER_ERROR', `lifi: ${m}`);

/** Service token address → LI.FI's (native SOL: wrapped-SOL mint → System Program id; LI.FI's wSOL is the ordinary mint). */
export const toLifiToken = toSystemProgramNative;
/**
 * LI.FI token address → service convention. LI.FI's Token objects use the zero address for EVM native
 * coins; tool payloads sometimes use 0xEeee…, so both read as native.
 */
export const fromLifiToken = fromSystemProgramNative;

/** 50 → "0.005": LI.FI slippage is a decimal fraction (0–1). */
export function bpsToSlippage(bps: number): string {
  const b = Math.max(0, Math.min(10_000, Math.trunc(bps)));
  const s = String(b).padStart(5, '0');
  const frac = s.slice(-4).replace(/0+$/, '');
  const whole = String(Number(s.slice(0, -4)));
  return frac ? `${whole}.${frac}` : whole;
}

/**
 * The `toAmount` to ask for so that the exact output is what LI.FI guarantees: its `toAmountMin` is
 * `toAmount` less the slippage, so the request is grossed up by the slippage (rounded up).
 */
export function grossUpForSlippage(amount: bigint, slippageBps: number): bigint {
  const keep = 10_000n - BigInt(Math.max(0, Math.min(9_999, Math.trunc(slippageBps))));
  return (amount * 10_000n + keep - 1n) / keep;
}

/**
 * `GET /v1/quote` (EXACT_INPUT, `fromAmount`) or `GET /v1/quote/toAmount` (EXACT_OUTPUT, `toAmount`
 * grossed up so the guaranteed minimum covers the exact amount).
 * Chains as LI.FI ids, native coins in LI.FI's spelling, `toAddress` always sent (needed across VMs),
 * `order=CHEAPEST` since the service ranks by output itself.
 */
export function buildQuoteRequest(req: QuoteRequest, fees: LifiFeeParams): { path: string; query: Record<string, string> } {
  const exactOut = req.tradeType === 'EXACT_OUTPUT';
  return {
    path: exactOut ? '/v1/quote/toAmount' : '/v1/quote',
    query: {
      fromChain: String(toLifiChainId(req.src.chainId)),
      toChain: String(toLifiChainId(req.dst.chainId)),
      fromToken: toLifiToken(req.srcVm, req.src.address),
      toToken: toLifiToken(req.dstVm, req.dst.address),
      ...(exactOut ? { toAmount: grossUpForSlippage(req.amount, req.slippageBps).toString() } : { fromAmount: req.amount.toString() }),
      fromAddress: req.sender,
      toAddress: req.recipient,
      slippage: bpsToSlippage(req.slippageBps),
      order: 'CHEAPEST',
      ...fees.query,
    },
  };
}

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

/** A quote Step as our quote; the ready transaction travels in `context`, so build needs no second request. */
export function readQuote(step: QuoteStep, req: QuoteRequest, fees: LifiFeeParams, expiresAt: number): ProviderQuote {
  const est = readStep(step, req);
  return {
    srcAmount: est.srcAmount,
    dstAmount: est.dstAmount,
    dstAmountMin: est.dstAmountMin,
    estimatedSeconds: est.estimatedSeconds,
    ourFeeBps: fees.ourFeeBps,
    partnerFeeBps: fees.partnerFeeBps,
    ...(est.providerFeeUsd !== undefined ? { providerFeeUsd: est.providerFeeUsd } : {}),
    ...(est.gasUsd !== undefined ? { gasUsd: est.gasUsd } : {}),
    expiresAt,
    context: est.context as unknown as Record<string, unknown>,
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
