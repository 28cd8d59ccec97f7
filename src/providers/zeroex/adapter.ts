import { ApiError } from '../../errors.js';
import { systemClock, type Clock } from '../../clock.js';
import { isSuccess, parseProviderBody, providerFetch } from '../http.js';
import { slippageKeepingFloor, supportsSameChainEvm } from '../same-chain-evm.js';
import {
  type EvmTxRequest,
  type Provider,
  type ProviderCapabilities,
  type ProviderChain,
  type ProviderOrderStatus,
  type ProviderQuote,
  type QuoteRequest,
  type StoredQuote,
  capabilities,
} from '../types.js';
import { zeroExError } from './errors.js';
import { checkEcho, priceQuery, readPrice, readTransaction, ZEROEX_CHAIN_IDS, zeroExFeeParams, toZeroExToken } from './mapping.js';
import { zeroExContext, zeroExPriceBody, zeroExQuoteBody, type ZeroExQuote } from './schemas.js';
import { zeroExOrderStatus } from './status.js';

export interface ZeroExOptions {
  baseUrl: string;
  apiKey?: string;
  clock?: Clock;
}

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
    const fee = zeroExFeeParams(req.fees, toZeroExToken(req.src.chainId, req.src.address));
    const query = priceQuery(req, fee);
    const body = parseProviderBody('0x', zeroExPriceBody, await this.call('/swap/allowance-holder/price', query, signal, 'quote'));
    if (!body.liquidityAvailable) throw new ApiError('NO_ROUTE', '0x has no liquidity for this pair and amount');
    return readPrice(body, req, fee, query, Math.floor(this.clock.now() / 1000));
  }

  /**
   * Firm quote with the stored query. The transaction's floor (`minBuyAmount`, below which it reverts) must not be
   * below the quote's `dstAmountMin`: when the firm price came back a little worse, the firm quote is asked again
   * with the slippage narrowed to keep that floor; an answer that cannot keep it cannot be built.
   */
  async build(stored: StoredQuote, signal: AbortSignal): Promise<EvmTxRequest> {
    const ctx = zeroExContext.safeParse(stored.quote.context);
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
    return readTransaction(body, chainId);
  }

  /** `/swap/allowance-holder/quote` for the stored request: liquid, the same pair and amount, output not below the quoted minimum. */
  private async firmQuote(stored: StoredQuote, query: Record<string, string>, signal: AbortSignal): Promise<ZeroExQuote> {
    const body = parseProviderBody('0x', zeroExQuoteBody, await this.call('/swap/allowance-holder/quote', query, signal, 'build'));
    if (!body.liquidityAvailable) throw new ApiError('QUOTE_NOT_FOUND', '0x can no longer fill this quote (no liquidity); request a new quote');
    checkEcho(stored.request, body);
    if (BigInt(body.buyAmount) < BigInt(stored.quote.dstAmountMin)) {
      throw new ApiError('QUOTE_NOT_FOUND', '0x price moved below the quoted minimum; request a new quote');
    }
    return body;
  }

  async status(): Promise<ProviderOrderStatus> {
    return zeroExOrderStatus();
  }

  private async call(path: string, query: Record<string, string>, signal: AbortSignal, phase: 'quote' | 'build'): Promise<unknown> {
    const res = await providerFetch(this.o.baseUrl, path, {
      provider: '0x',
      signal,
      query,
      headers: { '0x-api-key': this.o.apiKey, '0x-version': 'v2' },
    });
    if (!isSuccess(res)) throw zeroExError(res.status, res.json, phase);
    return res.json;
  }
}
