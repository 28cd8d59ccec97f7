import { z } from 'zod';
import { ApiError } from '../../errors.js';
import { systemClock, type Clock } from '../../clock.js';
import { parseProviderBody, providerFetch } from '../http.js';
import { roundUsd, sameChainSeconds, slippageKeepingFloor, supportsSameChainEvm } from '../same-chain-evm.js';
import { EVM_NATIVE, type EvmTxRequest, type Provider, type ProviderCapabilities, type ProviderChain, type ProviderOrderStatus, type ProviderQuote, type QuoteRequest, type StoredQuote, capabilities } from '../types.js';
import {
  classifyKyberError,
  fromKyberToken,
  KYBER_CHAIN_IDS,
  KYBER_CHAIN_SLUGS,
  KYBER_ROUTER,
  KYBER_SLIPPAGE_CAP_BPS,
  kyberFeeEchoMatches,
  kyberFeeParams,
  kyberMinAmountOut,
  toKyberToken,
} from './mapping.js';
import { kyberBuildBody, kyberRoutesBody } from './schemas.js';

export interface KyberSwapOptions {
  baseUrl: string;
  clientId: string;
  clock?: Clock;
}

/** Kyber asks not to keep routes longer than a few seconds; build re-prices the stored route anyway. */
const QUOTE_TTL_SECONDS = 30;
/** Deadline written into the router call (Kyber's own default is 20 minutes). */
const DEADLINE_SECONDS = 20 * 60;

const contextSchema = z.object({
  chainId: z.number().int(),
  slug: z.string().min(1),
  routeSummary: z.record(z.string(), z.unknown()),
  routerAddress: z.string(),
});

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
    const chainId = req.src.chainId;
    const slug = KYBER_CHAIN_SLUGS[chainId];
    if (!slug) throw new ApiError('NO_ROUTE', 'kyberswap does not serve this chain');
    const fee = kyberFeeParams(req.fees);
    const query: Record<string, string> = {
      tokenIn: toKyberToken(req.src.address),
      tokenOut: toKyberToken(req.dst.address),
      amountIn: req.amount.toString(),
      gasInclude: 'true',
      ...fee.query,
      origin: req.sender,
    };
    const res = await providerFetch(this.o.baseUrl, `/${slug}/api/v1/routes`, { provider: 'kyberswap', signal, query, headers: this.headers() });
    const raw = this.ok(res.status, res.json, 'quote');
    const body = parseProviderBody('kyberswap', kyberRoutesBody, raw);
    const s = body.data.routeSummary;
    if (fromKyberToken(s.tokenIn) !== req.src.address.toLowerCase() || fromKyberToken(s.tokenOut) !== req.dst.address.toLowerCase()) {
      throw new ApiError('PROVIDER_ERROR', 'kyberswap answered for a different token pair');
    }
    if (BigInt(s.amountIn) !== req.amount) throw new ApiError('PROVIDER_ERROR', 'kyberswap answered for a different input amount');
    this.checkRouter(body.data.routerAddress);

    const carried = fee.plan.entries.length > 0 && kyberFeeEchoMatches(fee.query, s.extraFee);
    const amountOut = BigInt(s.amountOut);
    const gasUsd = [s.gasUsd, s.l1FeeUsd].filter((n): n is number => n !== undefined && Number.isFinite(n)).reduce((a, b) => a + b, 0);
    return {
      srcAmount: req.amount,
      dstAmount: amountOut,
      dstAmountMin: kyberMinAmountOut(amountOut, req.slippageBps),
      estimatedSeconds: sameChainSeconds(chainId),
      ourFeeBps: carried ? fee.plan.ourFeeBps : 0,
      partnerFeeBps: carried ? fee.plan.partnerFeeBps : 0,
      ...(s.gasUsd !== undefined && Number.isFinite(gasUsd) ? { gasUsd: roundUsd(gasUsd) } : {}),
      expiresAt: Math.floor(this.clock.now() / 1000) + QUOTE_TTL_SECONDS,
      // The raw summary, not the parsed one: zod drops keys we don't read and Kyber checks the whole object.
      context: { chainId, slug, routeSummary: (raw as { data: { routeSummary: Record<string, unknown> } }).data.routeSummary, routerAddress: body.data.routerAddress },
    };
  }

  /**
   * Builds the stored route. The router's floor is the built `amountOut` less `slippageTolerance`; it must not fall
   * below the quote's `dstAmountMin`. When the built output came back a little lower, the route is built again with
   * the slippage narrowed to keep that floor; an output below the minimum itself cannot be built.
   */
  async build(stored: StoredQuote, signal: AbortSignal): Promise<EvmTxRequest> {
    const ctx = contextSchema.safeParse(stored.quote.context);
    if (!ctx.success) throw new ApiError('QUOTE_NOT_FOUND', 'quote has no kyberswap route to build from');
    const req = stored.request;
    const floor = BigInt(stored.quote.dstAmountMin);
    let slippage = req.slippageBps;
    let d = await this.buildOnce(ctx.data, stored, slippage, signal);
    if (kyberMinAmountOut(BigInt(d.amountOut), slippage) < floor) {
      const narrowed = slippageKeepingFloor(BigInt(d.amountOut), floor);
      if (narrowed === undefined) throw new ApiError('QUOTE_NOT_FOUND', 'kyberswap price moved below the quoted minimum; request a new quote');
      slippage = Math.min(narrowed, slippage);
      d = await this.buildOnce(ctx.data, stored, slippage, signal);
      if (kyberMinAmountOut(BigInt(d.amountOut), slippage) < floor) throw new ApiError('QUOTE_NOT_FOUND', 'kyberswap can no longer guarantee the quoted minimum; request a new quote');
    }
    const sellsNative = req.src.address.toLowerCase() === EVM_NATIVE;
    if (d.transactionValue !== (sellsNative ? d.amountIn : '0')) {
      throw new ApiError('PROVIDER_ERROR', `kyberswap returned a transaction value (${d.transactionValue}) that does not match the input`);
    }
    return { vm: 'evm', chainId: ctx.data.chainId, to: d.routerAddress, data: d.data, value: d.transactionValue, ...(sellsNative ? {} : { spender: d.routerAddress.toLowerCase() }) };
  }

  /** `POST /{chain}/api/v1/route/build` with the stored summary: Kyber's router, the same input, output not below the quoted minimum. */
  private async buildOnce(ctx: z.output<typeof contextSchema>, stored: StoredQuote, slippageBps: number, signal: AbortSignal) {
    const req = stored.request;
    const payload = {
      routeSummary: ctx.routeSummary,
      sender: req.sender,
      recipient: req.recipient,
      origin: req.sender,
      slippageTolerance: slippageBps,
      ...(slippageBps > KYBER_SLIPPAGE_CAP_BPS ? { ignoreCappedSlippage: true } : {}),
      deadline: Math.floor(this.clock.now() / 1000) + DEADLINE_SECONDS,
      source: this.o.clientId,
    };
    const res = await providerFetch(this.o.baseUrl, `/${ctx.slug}/api/v1/route/build`, { provider: 'kyberswap', signal, method: 'POST', body: payload, headers: this.headers() });
    const d = parseProviderBody('kyberswap', kyberBuildBody, this.ok(res.status, res.json, 'build')).data;
    this.checkRouter(d.routerAddress);
    if (BigInt(d.amountIn) !== BigInt(req.amount)) throw new ApiError('PROVIDER_ERROR', 'kyberswap built a transaction for a different input amount');
    if (BigInt(d.amountOut) < BigInt(stored.quote.dstAmountMin)) {
      throw new ApiError('QUOTE_NOT_FOUND', 'kyberswap price moved below the quoted minimum; request a new quote');
    }
    return d;
  }

  async status(): Promise<ProviderOrderStatus> {
    return { state: 'unknown' };
  }

  private headers() {
    return { 'x-client-id': this.o.clientId };
  }

  /** Kyber answers errors as HTTP 4xx with `{code, message}`; a 200 with a non-zero code is an error too. */
  private ok(status: number, json: unknown, phase: 'quote' | 'build'): unknown {
    const code = (json as { code?: unknown } | undefined)?.code;
    if (status < 200 || status > 299 || (typeof code === 'number' && code !== 0)) throw classifyKyberError(status, json, phase);
    return json;
  }

  /** A router other than Kyber's own would have the user approve an unknown contract. */
  private checkRouter(address: string): void {
    if (address.toLowerCase() !== KYBER_ROUTER.toLowerCase()) throw new ApiError('PROVIDER_ERROR', `kyberswap named an unexpected router ${address}`);
  }
}
