import { ApiError } from '../../errors.js';
import { systemClock, type Clock } from '../../clock.js';
import { isSuccess, parseProviderBody, providerFetch, type ProviderResponse } from '../http.js';
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
import { carriesKyberError, kyberError } from './errors.js';
import {
  buildBody,
  checkBuild,
  KYBER_CHAIN_IDS,
  KYBER_CHAIN_SLUGS,
  kyberFeeParams,
  kyberMinAmountOut,
  readRoutes,
  readTransaction,
  routesQuery,
} from './mapping.js';
import { kyberBuildBody, kyberContext, kyberRoutesBody, type KyberBuild, type KyberContext } from './schemas.js';
import { kyberOrderStatus } from './status.js';

export interface KyberSwapOptions {
  baseUrl: string;
  clientId: string;
  clock?: Clock;
}

/**
 * KyberSwap Aggregator API v1: `GET /{chain}/api/v1/routes` when quoting, `POST /{chain}/api/v1/route/build` with
 * the stored `routeSummary` (verbatim: it carries a checksum) when building. Same-chain EVM only.
 */
export class KyberSwapProvider implements Provider {
  readonly id = 'kyberswap' as const;
  readonly capabilities: ProviderCapabilities = capabilities({});
  private readonly clock: Clock;

  constructor(private readonly o: KyberSwapOptions) {
    this.clock = o.clock ?? systemClock;
  }

  supportsRoute(req: Pick<QuoteRequest, 'src' | 'dst' | 'srcVm' | 'dstVm'>): boolean {
    return supportsSameChainEvm(req, KYBER_CHAIN_IDS);
  }

  async chains(): Promise<ProviderChain[]> {
    return [...KYBER_CHAIN_IDS].map((chainId) => ({ chainId }));
  }

  async quote(req: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    if (req.tradeType !== 'EXACT_INPUT') throw new ApiError('NO_ROUTE', 'kyberswap is only asked for exact-input quotes');
    const slug = KYBER_CHAIN_SLUGS[req.src.chainId];
    if (!slug) throw new ApiError('NO_ROUTE', 'kyberswap does not serve this chain');
    const fee = kyberFeeParams(req.fees);
    const res = await providerFetch(this.o.baseUrl, `/${slug}/api/v1/routes`, {
      provider: 'kyberswap',
      signal,
      query: routesQuery(req, fee),
      headers: this.headers(),
    });
    const raw = this.ok(res, 'quote');
    const body = parseProviderBody('kyberswap', kyberRoutesBody, raw);
    const rawSummary = (raw as { data: { routeSummary: Record<string, unknown> } }).data.routeSummary;
    return readRoutes(body, rawSummary, req, fee, slug, Math.floor(this.clock.now() / 1000));
  }

  /**
   * Builds the stored route. The router's floor is the built `amountOut` less `slippageTolerance`; it must not fall
   * below the quote's `dstAmountMin`. When the built output came back a little lower, the route is built again with
   * the slippage narrowed to keep that floor; an output below the minimum itself cannot be built.
   */
  async build(stored: StoredQuote, signal: AbortSignal): Promise<EvmTxRequest> {
    const ctx = kyberContext.safeParse(stored.quote.context);
    if (!ctx.success) throw new ApiError('QUOTE_NOT_FOUND', 'quote has no kyberswap route to build from');
    const floor = BigInt(stored.quote.dstAmountMin);
    let slippage = stored.request.slippageBps;
    let d = await this.buildOnce(ctx.data, stored, slippage, signal);
    if (kyberMinAmountOut(BigInt(d.amountOut), slippage) < floor) {
      const narrowed = slippageKeepingFloor(BigInt(d.amountOut), floor);
      if (narrowed === undefined) throw new ApiError('QUOTE_NOT_FOUND', 'kyberswap price moved below the quoted minimum; request a new quote');
      slippage = Math.min(narrowed, slippage);
      d = await this.buildOnce(ctx.data, stored, slippage, signal);
      if (kyberMinAmountOut(BigInt(d.amountOut), slippage) < floor)
        throw new ApiError('QUOTE_NOT_FOUND', 'kyberswap can no longer guarantee the quoted minimum; request a new quote');
    }
    return readTransaction(d, stored.request, ctx.data.chainId);
  }

  /** `POST /{chain}/api/v1/route/build` with the stored summary: Kyber's router, the same input, output not below the quoted minimum. */
  private async buildOnce(ctx: KyberContext, stored: StoredQuote, slippageBps: number, signal: AbortSignal): Promise<KyberBuild> {
    const body = buildBody(ctx, stored.request, slippageBps, Math.floor(this.clock.now() / 1000), this.o.clientId);
    const res = await providerFetch(this.o.baseUrl, `/${ctx.slug}/api/v1/route/build`, {
      provider: 'kyberswap',
      signal,
      method: 'POST',
      body,
      headers: this.headers(),
    });
    const d = parseProviderBody('kyberswap', kyberBuildBody, this.ok(res, 'build')).data;
    checkBuild(d, stored);
    return d;
  }

  async status(): Promise<ProviderOrderStatus> {
    return kyberOrderStatus();
  }

  private headers() {
    return { 'x-client-id': this.o.clientId };
  }

  /** Kyber answers errors as HTTP 4xx with `{code, message}`; a 200 with a non-zero code is an error too. */
  private ok(res: ProviderResponse, phase: 'quote' | 'build'): unknown {
    if (!isSuccess(res) || carriesKyberError(res.json)) throw kyberError(res.status, res.json, phase);
    return res.json;
  }
}
