import { z } from 'zod';
import { ApiError } from '../../errors.js';
import { systemClock, type Clock } from '../../clock.js';
import { parseProviderBody, providerFetch } from '../http.js';
import { nativePriceUsd, roundUsd, sameChainSeconds, slippageKeepingFloor, supportsSameChainEvm, usdOf } from '../same-chain-evm.js';
import { type EvmTxRequest, type Provider, type ProviderCapabilities, type ProviderChain, type ProviderOrderStatus, type ProviderQuote, type QuoteRequest, type StoredQuote, capabilities } from '../types.js';
import { classifyZeroExError, fromZeroExToken, toZeroExToken, ZEROEX_CHAIN_IDS, zeroExFeeParams } from './mapping.js';
import { zeroExPriceBody, zeroExQuoteBody, type ZeroExPrice, type ZeroExQuote } from './schemas.js';

export interface ZeroExOptions {
  baseUrl: string;
  apiKey?: string;
  clock?: Clock;
}

/** How long an indicative price stays buildable; build fetches a firm /quote anyway. */
const QUOTE_TTL_SECONDS = 60;

const contextSchema = z.object({ chainId: z.number().int(), query: z.record(z.string(), z.string()) });

/**
 * 0x Swap API v2, AllowanceHolder flow: `/swap/allowance-holder/price` when quoting, a firm
 * `/swap/allowance-holder/quote` (same query) when building. Same-chain EVM only; nothing to track off-chain.
 */
export class ZeroExProvider implements Provider {
  readonly id = '0x' as const;
  readonly capabilities: ProviderCapabilities = capabilities({});
  private readonly clock: Clock;

  constructor(private readonly o: ZeroExOptions) {
    this.clock = o.clock ?? systemClock;
  }

  supportsRoute(req: Pick<QuoteRequest, 'src' | 'dst' | 'srcVm' | 'dstVm'>): boolean {
    return supportsSameChainEvm(req, ZEROEX_CHAIN_IDS);
  }

  async chains(): Promise<ProviderChain[]> {
    return [...ZEROEX_CHAIN_IDS].map((chainId) => ({ chainId }));
  }

  async quote(req: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    if (req.tradeType !== 'EXACT_INPUT') throw new ApiError('NO_ROUTE', '0x is only asked for exact-input quotes');
    const chainId = req.src.chainId;
    const sellToken = toZeroExToken(chainId, req.src.address);
    const fee = zeroExFeeParams(req.fees, sellToken);
    const query: Record<string, string> = {
      chainId: String(chainId),
      sellToken,
      buyToken: toZeroExToken(chainId, req.dst.address),
      sellAmount: req.amount.toString(),
      taker: req.sender,
      slippageBps: String(req.slippageBps),
      ...fee.query,
    };
    if (req.recipient.toLowerCase() !== req.sender.toLowerCase()) query.recipient = req.recipient;

    const body = parseProviderBody('0x', zeroExPriceBody, await this.call('/swap/allowance-holder/price', query, signal, 'quote'));
    if (!body.liquidityAvailable) throw new ApiError('NO_ROUTE', '0x has no liquidity for this pair and amount');
    this.checkEcho(req, body);

    // 0x reports the integrator fee it will take; no entry means our fee parameters were not applied.
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
      expiresAt: Math.floor(this.clock.now() / 1000) + QUOTE_TTL_SECONDS,
      context: { chainId, query, zid: body.zid ?? null },
    };
  }

  /**
   * Firm quote with the stored query. The transaction's floor (`minBuyAmount`, below which it reverts) must not be
   * below the quote's `dstAmountMin`: when the firm price came back a little worse, the firm quote is asked again
   * with the slippage narrowed to keep that floor; an answer that cannot keep it cannot be built.
   */
  async build(stored: StoredQuote, signal: AbortSignal): Promise<EvmTxRequest> {
    const ctx = contextSchema.safeParse(stored.quote.context);
    if (!ctx.success) throw new ApiError('QUOTE_NOT_FOUND', 'quote has no 0x context to build from');
    const { chainId, query } = ctx.data;
    const floor = BigInt(stored.quote.dstAmountMin);
    let body = await this.firmQuote(stored, query, signal);
    if (BigInt(body.minBuyAmount) < floor) {
      const narrowed = slippageKeepingFloor(BigInt(body.buyAmount), floor);
      if (narrowed === undefined) throw new ApiError('QUOTE_NOT_FOUND', '0x price moved below the quoted minimum; request a new quote');
      body = await this.firmQuote(stored, { ...query, slippageBps: String(Math.min(narrowed, Number(query.slippageBps ?? narrowed))) }, signal);
      if (BigInt(body.minBuyAmount) < floor) throw new ApiError('QUOTE_NOT_FOUND', '0x can no longer guarantee the quoted minimum; request a new quote');
    }
    const tx = body.transaction;
    const sellsNative = fromZeroExToken(chainId, body.sellToken) === '0x0000000000000000000000000000000000000000';
    if (tx.value !== (sellsNative ? body.sellAmount : '0')) throw new ApiError('PROVIDER_ERROR', `0x returned a transaction value (${tx.value}) that does not match the sell amount`);
    // Approve only what 0x names as the spender (AllowanceHolder), never transaction.to on the Permit2/Settler flow.
    const spender = sellsNative ? undefined : (body.issues?.allowance?.spender ?? body.allowanceTarget ?? undefined);
    if (!sellsNative && !spender) throw new ApiError('PROVIDER_ERROR', '0x returned no allowance target for an ERC-20 sell');
    return { vm: 'evm', chainId, to: tx.to, data: tx.data, value: tx.value, ...(spender ? { spender: spender.toLowerCase() } : {}) };
  }

  /** `/swap/allowance-holder/quote` for the stored request: liquid, the same pair and amount, output not below the quoted minimum. */
  private async firmQuote(stored: StoredQuote, query: Record<string, string>, signal: AbortSignal): Promise<ZeroExQuote> {
    const body = parseProviderBody('0x', zeroExQuoteBody, await this.call('/swap/allowance-holder/quote', query, signal, 'build'));
    if (!body.liquidityAvailable) throw new ApiError('QUOTE_NOT_FOUND', '0x can no longer fill this quote (no liquidity); request a new quote');
    this.checkEcho(stored.request, body);
    if (BigInt(body.buyAmount) < BigInt(stored.quote.dstAmountMin)) {
      throw new ApiError('QUOTE_NOT_FOUND', '0x price moved below the quoted minimum; request a new quote');
    }
    return body;
  }

  async status(): Promise<ProviderOrderStatus> {
    return { state: 'unknown' };
  }

  private checkEcho(req: QuoteRequest, body: ZeroExPrice): void {
    const chainId = req.src.chainId;
    if (fromZeroExToken(chainId, body.sellToken) !== req.src.address.toLowerCase() || fromZeroExToken(chainId, body.buyToken) !== req.dst.address.toLowerCase()) {
      throw new ApiError('PROVIDER_ERROR', '0x answered for a different token pair');
    }
    if (BigInt(body.sellAmount) !== req.amount) throw new ApiError('PROVIDER_ERROR', '0x answered for a different sell amount');
    if (BigInt(body.minBuyAmount) > BigInt(body.buyAmount)) throw new ApiError('PROVIDER_ERROR', '0x answered with minBuyAmount above buyAmount');
  }

  private async call(path: string, query: Record<string, string>, signal: AbortSignal, phase: 'quote' | 'build'): Promise<unknown> {
    const res = await providerFetch(this.o.baseUrl, path, {
      provider: '0x',
      signal,
      query,
      headers: { '0x-api-key': this.o.apiKey, '0x-version': 'v2' },
    });
    if (res.status < 200 || res.status > 299) throw classifyZeroExError(res.status, res.json, phase);
    return res.json;
  }
}
