import type { Clock } from '../../clock.js';
import { ApiError, isApiError } from '../../errors.js';
import type { Logger } from '../../log.js';
import { isSuccess, parseProviderBody, providerFetch, type ProviderResponse } from '../http.js';
import {
  type OrderState,
  type Provider,
  type ProviderChain,
  type ProviderOrderStatus,
  type ProviderQuote,
  type ProviderTx,
  type QuoteRequest,
  type StoredQuote,
  type ProviderCapabilities,
  capabilities,
} from '../types.js';
import { DebridgeChainTable } from './chains.js';
import { BUILD_GONE_CODES, debridgeError } from './errors.js';
import { debridgeFeeParams } from './fees.js';
import { buildCreateTxQuery, buildTimeQuery, readBuild, readQuote } from './mapping.js';
import {
  createTxResponse,
  debridgeContext,
  orderIdsResponse,
  orderStatusResponse,
  statsOrderResponse,
  supportedChainsResponse,
  type CreateTxResponse,
} from './schemas.js';
import { combineOrderStates, debridgeState, HEX32_RE, SOLANA_SIGNATURE_RE } from './status.js';

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
    // Destination calls are Relay's alone; quoting without them would drop them silently.
    if (req.calls?.length) throw new ApiError('NO_ROUTE', 'debridge does not run destination calls');
    const fees = debridgeFeeParams(req.fees, req.srcVm, this.o.referralCode);
    const query = buildCreateTxQuery(req, this.chainTable, fees);
    const body = await this.createTx(query, signal);
    return readQuote(body, req, this.chainTable, fees, query, Math.floor(this.now() / 1000) + (this.o.quoteTtlSeconds ?? 60));
  }

  /**
   * Re-creates the order (DLN quotes go stale fast) for exactly the quoted input, the amount the wallet
   * approves, with a market-rate output; refuses it (QUOTE_NOT_FOUND) when that output is below the
   * quote's minimum or deBridge can no longer create it.
   */
  async build(stored: StoredQuote, signal: AbortSignal): Promise<ProviderTx> {
    const ctx = parseProviderBody('debridge', debridgeContext, stored.quote.context);
    let body: CreateTxResponse;
    try {
      body = await this.createTx(buildTimeQuery(stored, ctx.query), signal);
    } catch (err) {
      if (isApiError(err) && BUILD_GONE_CODES.has(err.code))
        throw new ApiError('QUOTE_NOT_FOUND', `debridge can no longer build this quote (${err.message}); request a new quote`);
      throw err;
    }
    return readBuild(body, stored, this.chainTable);
  }

  /** `id` is a DLN order id or a source tx hash (EVM hex or Solana signature); both 0x forms look alike. */
  async status(id: string, signal: AbortSignal): Promise<ProviderOrderStatus> {
    if (SOLANA_SIGNATURE_RE.test(id)) return this.statusByTx(id, signal);
    if (!HEX32_RE.test(id)) throw new ApiError('INVALID_PARAMS', 'id: expected a deBridge order id or a source transaction hash', { field: 'id' });
    const byTx = await this.orderIdsOf(id, signal);
    if (byTx.length) return this.statusOfOrders(byTx, id, signal);
    const state = await this.orderState(id, signal);
    if (state === 'None') throw new ApiError('ORDER_NOT_FOUND', 'debridge does not know this order');
    return this.withHashes(id, debridgeState(state), undefined, signal);
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
    const state = combineOrderStates(states.map(debridgeState));
    return ids.length === 1 ? this.withHashes(ids[0], state, srcTxHash, signal) : { state, srcTxHash };
  }

  /** `GET /v1.0/dln/tx/{hash}/order-ids`; an unknown hash (empty list or an error id) is no orders. */
  private async orderIdsOf(hash: string, signal: AbortSignal): Promise<string[]> {
    const res = await this.get(this.o.apiUrl, `/v1.0/dln/tx/${encodeURIComponent(hash)}/order-ids`, signal);
    if (res.status === 404) return [];
    if (!isSuccess(res)) {
      const code = debridgeError(res.status, res.json).code;
      if (code === 'ORDER_NOT_FOUND' || code === 'INVALID_PARAMS') return [];
      this.ensureOk(res);
    }
    return parseProviderBody('debridge', orderIdsResponse, res.json).orderIds;
  }

  /** `GET /v1.0/dln/order/{id}/status` → the raw DLN state; unknown order → ORDER_NOT_FOUND. */
  private async orderState(orderId: string, signal: AbortSignal): Promise<string> {
    const res = await this.get(this.o.apiUrl, `/v1.0/dln/order/${encodeURIComponent(orderId)}/status`, signal);
    if (!isSuccess(res)) {
      const err = debridgeError(res.status, res.json);
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
      if (!isSuccess(res)) return base;
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
    if (!isSuccess(res)) throw debridgeError(res.status, res.json);
  }
}
