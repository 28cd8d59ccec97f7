import type { Clock } from '../../clock.js';
import { ApiError, isApiError } from '../../errors.js';
import type { Logger } from '../../log.js';
import { parseProviderBody, providerFetch, type ProviderResponse } from '../http.js';
import { type OrderState, type Provider, type ProviderChain, type ProviderOrderStatus, type ProviderQuote, type ProviderTx, type QuoteRequest, type StoredQuote, type ProviderCapabilities, capabilities } from '../types.js';
import { DebridgeChainTable } from './chains.js';
import { BUILD_GONE_CODES, debridgeErrorCode } from './errors.js';
import { debridgeFeeParams } from './fees.js';
import { buildCreateTxQuery } from './request.js';
import { readEstimate, readTransaction } from './response.js';
import {
  createTxResponse,
  debridgeContext,
  debridgeErrorBody,
  orderIdsResponse,
  orderStatusResponse,
  statsOrderResponse,
  supportedChainsResponse,
  type CreateTxResponse,
} from './schemas.js';
import { combineOrderStates, HEX32_RE, mapDebridgeOrderState, SOLANA_SIGNATURE_RE } from './status.js';

export interface DebridgeOptions {
  /** Order creation host, e.g. https://dln.debridge.finance (paths under /v1.0). */
  apiUrl: string;
  /** Order tracking host (stats API, paths under /api). */
  statsApiUrl: string;
  accessToken?: string;
  referralCode?: number;
  /** How long a quote may be built after it was made; build re-requests anyway. */
  quoteTtlSeconds?: number;
  /** Time source for expiresAt (the app clock, so tests can control it). */
  clock?: Clock;
  log?: Logger;
}

/** How many orders of one source transaction we look up (ours create one; more is someone else's tx). */
const MAX_ORDERS_PER_TX = 5;

/**
 * deBridge DLN (bridge protocol role). Quote and build both call `create-tx`: the quote stores the exact
 * query, build re-sends it for a fresh order (DLN quotes go stale fast) and refuses it when the fresh
 * price is worse than the quote promised.
 */
export class DebridgeProvider implements Provider {
  readonly id = 'debridge' as const;
  readonly capabilities: ProviderCapabilities = capabilities({ tracksStatus: true, exactOutput: true });
  private readonly chainTable = new DebridgeChainTable();
  private readonly now: () => number;

  constructor(private readonly o: DebridgeOptions) {
    this.now = o.clock ? () => o.clock!.now() : Date.now;
  }

  supportsRoute(req: Pick<QuoteRequest, 'src' | 'dst' | 'srcVm' | 'dstVm'>): boolean {
    const s = this.chainTable.debridgeId(req.src.chainId);
    const d = this.chainTable.debridgeId(req.dst.chainId);
    return s !== undefined && d !== undefined && s !== d;
  }

  async quote(req: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    // Destination calls are the intent relayer's alone (spec 4.2 POST rule 2); never drop them silently.
    if (req.calls?.length) throw new ApiError('NO_ROUTE', 'debridge does not run destination calls');
    const fees = debridgeFeeParams(req.fees, req.srcVm, this.o.referralCode);
    const query = buildCreateTxQuery(req, this.chainTable, fees);
    const body = await this.createTx(query, signal);
    const exactOut = req.tradeType === 'EXACT_OUTPUT';
    const est = readEstimate(body, req, this.chainTable, exactOut ? { minDst: req.amount } : { src: req.amount });
    // Fail at quote time rather than at build time if the answer carries no usable transaction.
    readTransaction(body, req);
    const keep = 10_000n - BigInt(Math.max(0, Math.min(9_999, req.slippageBps)));
    let srcAmount: bigint;
    let dstAmount: bigint;
    let dstAmountMin: bigint;
    if (exactOut) {
      // DLN computed the input for exactly `amount`. Build re-creates the order with a fixed input (the one
      // the wallet approves) and a market-rate output, so that input is padded by the slippage: the
      // recipient gets at least `amount`, and any surplus.
      srcAmount = (est.srcAmount * 10_000n + keep - 1n) / keep;
      dstAmount = (est.dstAmount * srcAmount) / est.srcAmount;
      dstAmountMin = req.amount;
    } else {
      // A DLN order delivers its take amount or nothing; the floor is what build accepts when it re-creates it.
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
      expiresAt: Math.floor(this.now() / 1000) + (this.o.quoteTtlSeconds ?? 60),
      context: { query, ...(body.orderId ? { orderId: body.orderId } : {}) },
    };
  }

  /**
   * Re-creates the order (DLN quotes go stale fast) for exactly the quoted input, the amount the wallet
   * approves, with a market-rate output; refuses it (QUOTE_NOT_FOUND) when that output is below the
   * quote's minimum or deBridge can no longer create it.
   */
  async build(stored: StoredQuote, signal: AbortSignal): Promise<ProviderTx> {
    const ctx = parseProviderBody('debridge', debridgeContext, stored.quote.context);
    const req = stored.request;
    const query =
      req.tradeType === 'EXACT_OUTPUT'
        ? { ...ctx.query, srcChainTokenInAmount: stored.quote.srcAmount.toString(), dstChainTokenOutAmount: 'auto' }
        : ctx.query;
    let body: CreateTxResponse;
    try {
      body = await this.createTx(query, signal);
    } catch (err) {
      if (isApiError(err) && BUILD_GONE_CODES.has(err.code))
        throw new ApiError('QUOTE_NOT_FOUND', `debridge can no longer build this quote (${err.message}); request a new quote`);
      throw err;
    }
    const est = readEstimate(body, req, this.chainTable, { src: stored.quote.srcAmount });
    if (est.dstAmount < stored.quote.dstAmountMin)
      throw new ApiError('QUOTE_NOT_FOUND', `debridge now offers ${est.dstAmount}, below the quote's minimum ${stored.quote.dstAmountMin}; request a new quote`);
    return readTransaction(body, req);
  }

  /** `id` is a DLN order id or a source tx hash (EVM hex or Solana signature); both 0x forms look alike. */
  async status(id: string, signal: AbortSignal): Promise<ProviderOrderStatus> {
    if (SOLANA_SIGNATURE_RE.test(id)) return this.statusByTx(id, signal);
    if (!HEX32_RE.test(id)) throw new ApiError('INVALID_PARAMS', 'id: expected a deBridge order id or a source transaction hash', { field: 'id' });
    const byTx = await this.orderIdsOf(id, signal);
    if (byTx.length) return this.statusOfOrders(byTx, id, signal);
    const state = await this.orderState(id, signal);
    if (state === 'None') throw new ApiError('ORDER_NOT_FOUND', 'debridge does not know this order');
    return this.withHashes(id, mapDebridgeOrderState(state), undefined, signal);
  }

  async chains(signal: AbortSignal): Promise<ProviderChain[]> {
    const res = await this.get(this.o.apiUrl, '/v1.0/supported-chains-info', signal);
    this.ensureOk(res);
    const body = parseProviderBody('debridge', supportedChainsResponse, res.json);
    const out: ProviderChain[] = [];
    for (const c of body.chains) {
      const chainId = this.chainTable.learn(c.chainId, c.originalChainId);
      if (chainId !== undefined) out.push({ chainId, ...(c.chainName ? { name: c.chainName } : {}) });
    }
    return out;
  }

  private async statusByTx(hash: string, signal: AbortSignal): Promise<ProviderOrderStatus> {
    const ids = await this.orderIdsOf(hash, signal);
    if (!ids.length) throw new ApiError('ORDER_NOT_FOUND', 'debridge has no order for this transaction (yet)');
    return this.statusOfOrders(ids, hash, signal);
  }

  private async statusOfOrders(ids: string[], srcTxHash: string, signal: AbortSignal): Promise<ProviderOrderStatus> {
    const states = await Promise.all(ids.slice(0, MAX_ORDERS_PER_TX).map((o) => this.orderState(o, signal)));
    const state = combineOrderStates(states.map(mapDebridgeOrderState));
    return ids.length === 1 ? this.withHashes(ids[0], state, srcTxHash, signal) : { state, srcTxHash };
  }

  /** `GET /v1.0/dln/tx/{hash}/order-ids`; an unknown hash (empty list or an error id) is no orders. */
  private async orderIdsOf(hash: string, signal: AbortSignal): Promise<string[]> {
    const res = await this.get(this.o.apiUrl, `/v1.0/dln/tx/${encodeURIComponent(hash)}/order-ids`, signal);
    if (res.status === 404) return [];
    if (res.status >= 400) {
      const code = this.errorOf(res).code;
      if (code === 'ORDER_NOT_FOUND' || code === 'INVALID_PARAMS') return [];
      this.ensureOk(res);
    }
    return parseProviderBody('debridge', orderIdsResponse, res.json).orderIds;
  }

  /** `GET /v1.0/dln/order/{id}/status` → the raw DLN state; unknown order → ORDER_NOT_FOUND. */
  private async orderState(orderId: string, signal: AbortSignal): Promise<string> {
    const res = await this.get(this.o.apiUrl, `/v1.0/dln/order/${encodeURIComponent(orderId)}/status`, signal);
    if (res.status >= 400) {
      const err = this.errorOf(res);
      if (res.status === 404 || err.code === 'ORDER_NOT_FOUND' || err.code === 'INVALID_PARAMS')
        throw new ApiError('ORDER_NOT_FOUND', 'debridge does not know this order');
      throw err;
    }
    return parseProviderBody('debridge', orderStatusResponse, res.json).status;
  }

  /**
   * Adds the transaction hashes from the stats API once an order is filled. That API's shape is only
   * known from third-party clients, so it enriches and never decides: if it fails, the state stands alone.
   */
  private async withHashes(orderId: string, state: OrderState, srcTxHash: string | undefined, signal: AbortSignal): Promise<ProviderOrderStatus> {
    const base: ProviderOrderStatus = { state, ...(srcTxHash ? { srcTxHash } : {}) };
    if (state !== 'filled') return base;
    try {
      const res = await this.get(this.o.statsApiUrl, `/api/Orders/${encodeURIComponent(orderId)}`, signal);
      if (res.status !== 200) return base;
      const r = statsOrderResponse.safeParse(res.json);
      if (!r.success) return base;
      const src = r.data.createdSrcEventMetadata?.transactionHash?.stringValue;
      const dst = r.data.fulfilledDstEventMetadata?.transactionHash?.stringValue;
      return { ...base, ...(!srcTxHash && src ? { srcTxHash: src } : {}), ...(dst ? { dstTxHash: dst } : {}) };
    } catch (err) {
      if (signal.aborted) throw err;
      this.o.log?.debug({ err, orderId }, 'debridge stats API lookup failed; status without tx hashes');
      return base;
    }
  }

  private async createTx(query: Record<string, string>, signal: AbortSignal): Promise<CreateTxResponse> {
    const res = await this.get(this.o.apiUrl, '/v1.0/dln/order/create-tx', signal, { ...query, accesstoken: this.o.accessToken });
    this.ensureOk(res);
    return parseProviderBody('debridge', createTxResponse, res.json);
  }

  private get(base: string, path: string, signal: AbortSignal, query?: Record<string, string | undefined>): Promise<ProviderResponse> {
    return providerFetch(base, path, { provider: 'debridge', signal, query });
  }

  private ensureOk(res: ProviderResponse) {
    if (res.status >= 400) throw this.errorOf(res);
  }

  /** A 4xx answer as an ApiError: by `errorId` when the body is deBridge's error shape. */
  private errorOf(res: ProviderResponse): ApiError {
    const parsed = debridgeErrorBody.safeParse(res.json);
    if (!parsed.success) return new ApiError('PROVIDER_ERROR', `debridge answered HTTP ${res.status}`);
    const { errorId, errorMessage } = parsed.data;
    return new ApiError(debridgeErrorCode(errorId), `debridge: ${errorId}${errorMessage ? ` (${errorMessage})` : ''}`);
  }
}
