import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import { ApiError, isApiError } from '../errors.js';
import type { QuoteResponse, QuoteView } from '../quotes/service.js';
import type { ProviderFailure } from '../providers/types.js';
import type { QuoteParamsInput } from '../quotes/input.js';
import { tagCalldata } from './verify/evidence.js';
import { initialInput, nextInput, outputOvershootBps, overpayBps } from './overpay.js';

/**
 * Payer quotes for a checkout session. Method, per provider:
 *
 * 1. Exact output: one fan-out with `dstAmount` = the amount due; providers that quote exact output natively
 *    answer with the input they need (their `dstAmountMin` is at least the amount due).
 * 2. Input search, for every provider (those without exact output included): start from the due amount's
 *    USD worth in the source token plus 1% (or, without prices, from the cheapest exact-output input) and ask
 *    for exact-input quotes. Each route's observed rate gives the input it needs (input x due / dstAmountMin,
 *    +0.05%). The next round asks at the largest need among routes not yet covered (ignoring routes that would
 *    overpay beyond the cap anyway); once all are covered, one round steps down to the cheapest route's need.
 *    At most 3 rounds, stopping once a step is under 0.05%. Each provider keeps its cheapest quote whose
 *    `dstAmountMin` covers the amount due.
 * 3. The overpay cap (CHECKOUT_MAX_OVERPAY_BPS, default 300 = ~3%): the source amount's USD value over the
 *    amount due's value, fees and slippage included; without prices, the expected output's overshoot over the
 *    amount due. Quotes above it are dropped. What is left is sorted by what the payer sends, then speed.
 *
 * Every quote comes from the quote service, so the API fee (channel `api`, 20 bps) and provider fees are in
 * its amounts, and each is stored under its own quoteId for POST /v1/orders; checkout links the ones it hands
 * out to the session (quote-links.ts).
 */
export type QuoteFn = (params: QuoteParamsInput) => Promise<QuoteResponse>;

export interface PayerQuote extends QuoteView {
  method: 'exact_output' | 'input_search';
  /** Overpay in bps of the amount due: USD value sent over USD value due (`usd`), or, without prices, the expected output over the amount due (`output`, fees not included). */
  overpayBps: number;
  overpayBasis: 'usd' | 'output';
}

export interface SearchInput {
  base: Omit<QuoteParamsInput, 'amount' | 'dstAmount'>;
  due: bigint;
  dueDecimals: number;
  srcDecimals: number;
  /** USD prices when known. */
  srcPriceUsd?: number;
  duePriceUsd?: number;
  maxOverpayBps: number;
  rounds?: number;
}

const MIN_STEP_BPS = 5n;

function isNoRoute(err: unknown) {
  return isApiError(err) && (err.code === 'NO_ROUTE' || err.code === 'AMOUNT_TOO_SMALL' || err.code === 'AMOUNT_TOO_LARGE');
}

export async function searchPayerQuotes(quote: QuoteFn, s: SearchInput): Promise<{ quotes: PayerQuote[]; errors: ProviderFailure[] }> {
  const best = new Map<string, PayerQuote>();
  const errors = new Map<string, ProviderFailure>();
  const failures: string[] = [];
  const prices = s.srcPriceUsd && s.srcPriceUsd > 0 ? { src: s.srcPriceUsd, due: s.duePriceUsd && s.duePriceUsd > 0 ? s.duePriceUsd : 1 } : undefined;
  const overpay = (q: QuoteView) =>
    prices
      ? overpayBps({
          srcAmount: BigInt(q.srcAmount),
          srcDecimals: s.srcDecimals,
          srcPriceUsd: prices.src,
          due: s.due,
          dueDecimals: s.dueDecimals,
          duePriceUsd: prices.due,
        })
      : outputOvershootBps(BigInt(q.dstAmount), s.due);
  const consider = (r: QuoteResponse, method: PayerQuote['method']) => {
    for (const e of r.errors) errors.set(e.provider, e);
    for (const q of r.quotes) {
      if (BigInt(q.dstAmountMin) < s.due) continue;
      const candidate: PayerQuote = { ...q, method, overpayBps: overpay(q), overpayBasis: prices ? 'usd' : 'output' };
      const prev = best.get(q.provider);
      if (!prev || BigInt(candidate.srcAmount) < BigInt(prev.srcAmount)) best.set(q.provider, candidate);
      errors.delete(q.provider);
    }
  };
  const attempt = async (params: QuoteParamsInput, method: PayerQuote['method']) => {
    try {
      const r = await quote(params);
      consider(r, method);
      return r;
    } catch (err) {
      if (!isNoRoute(err)) throw err;
      failures.push((err as Error).message);
      return undefined;
    }
  };

  const exactP = attempt({ ...s.base, dstAmount: s.due.toString() }, 'exact_output');
  let input: bigint | undefined = prices
    ? initialInput({ due: s.due, dueDecimals: s.dueDecimals, duePriceUsd: prices.due, srcDecimals: s.srcDecimals, srcPriceUsd: prices.src, bufferBps: 100 })
    : undefined;
  if (input === undefined) {
    const exact = await exactP;
    const cheapest = exact?.quotes.map((q) => BigInt(q.srcAmount)).sort((a, b) => (a < b ? -1 : 1))[0];
    input = cheapest;
  }
  for (let round = 0; input !== undefined && input > 0n && round < (s.rounds ?? 3); round++) {
    const r = await attempt({ ...s.base, amount: input.toString() }, 'input_search');
    if (!r?.quotes.length) break;
    const x: bigint = input;
    // What each route needs, from its observed rate at this input.
    const needs = r.quotes.map((q) => ({ provider: q.provider, need: nextInput(x, BigInt(q.dstAmountMin), s.due) }));
    const cheapest = needs.reduce((a, b) => (b.need < a ? b.need : a), needs[0]!.need);
    // Routes without a covering quote yet, unless they would overpay beyond the cap anyway.
    const open = needs.filter((n) => !best.has(n.provider) && n.need * 10_000n <= cheapest * (10_000n + BigInt(s.maxOverpayBps)));
    let next: bigint;
    if (open.length) next = open.reduce((a, b) => (b.need > a ? b.need : a), open[0]!.need);
    else {
      // Everyone is covered: one step down to the cheapest route's need, if that improves its own quote.
      const top = needs.find((n) => n.need === cheapest)!;
      const paid = BigInt(best.get(top.provider)?.srcAmount ?? x);
      if (cheapest >= paid || (paid - cheapest) * 10_000n <= paid * MIN_STEP_BPS) break;
      next = cheapest;
    }
    const step = next > x ? next - x : x - next;
    if (step * 10_000n <= x * MIN_STEP_BPS) break;
    input = next;
  }
  await exactP;

  const quotes = [...best.values()]
    .filter((q) => q.overpayBps <= s.maxOverpayBps)
    .sort((a, b) => {
      const d = BigInt(a.srcAmount) - BigInt(b.srcAmount);
      return d !== 0n ? (d < 0n ? -1 : 1) : a.estimatedSeconds - b.estimatedSeconds;
    });
  if (!quotes.length) {
    const over = [...best.values()].length;
    const why = over
      ? `every route overpays by more than ${s.maxOverpayBps / 100}%`
      : failures.length
        ? failures.join('; ')
        : 'no provider delivered the amount due';
    throw new ApiError('NO_ROUTE', `No route pays this session from this token: ${why}`, { errors: [...errors.values()] });
  }
  return { quotes, errors: [...errors.values()].sort((a, b) => a.provider.localeCompare(b.provider)) };
}

/**
 * Paying the settlement token on the settlement chain: an ERC-20 transfer of exactly the amount, no fee, with the
 * session's tag appended to its calldata (verify/evidence.ts): the token ignores it, the verifier requires it.
 * Without `sessionId` (refunds, sent by the merchant) the transfer is plain.
 */
export function directEvmTransfer(p: { chainId: number; token: string; recipient: string; amount: bigint; sessionId?: string }) {
  return {
    vm: 'evm' as const,
    chainId: p.chainId,
    to: p.token,
    data: withTag(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [p.recipient as Address, p.amount] }), p.sessionId),
    value: '0',
  };
}

const withTag = (data: Hex, sessionId: string | undefined): Hex => (sessionId ? tagCalldata(data, sessionId) : data);
