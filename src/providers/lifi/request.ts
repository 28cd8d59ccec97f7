import type { QuoteRequest } from '../types.js';
import { toLifiChainId } from './chains.js';
import type { LifiFeeParams } from './fees.js';
import { toLifiToken } from './tokens.js';

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
