import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { isSuccess, parseProviderBody, providerFetch, type ProviderResponse } from '../http.js';
import {
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
import { fromLifiChainId, LIFI_SEED_CHAINS } from './chains.js';
import { lifiError } from './errors.js';
import { lifiFeeParams } from './fees.js';
import { buildQuoteRequest, readQuote, readTransaction } from './mapping.js';
import { chainsResponse, lifiContext, quoteStep, statusResponse } from './schemas.js';
import { lifiState } from './status.js';

export interface LifiOptions {
  /** e.g. https://li.quest (paths under /v1). */
  apiUrl: string;
  apiKey?: string;
  integrator: string;
  /** How long the quote's ready transaction is offered for building. */
  quoteTtlSeconds?: number;
  /** Time source for expiresAt (the app clock, so tests can control it). */
  clock?: Clock;
}

/** Transfer ids LI.FI's status accepts: EVM tx hashes, Solana signatures, LI.FI transaction ids. */
const STATUS_ID_RE = /^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,90})$/;

/**
 * LI.FI (multi-route aggregator role). `/v1/quote` answers a single best route with a ready transaction,
 * so build needs no second request (LI.FI's keyless quota is 75 quotes per 2 h: do not spend it twice).
 */
export class LifiProvider implements Provider {
  readonly id = 'lifi' as const;
  readonly capabilities: ProviderCapabilities = capabilities({ tracksStatus: true, exactOutput: true });
  private known = new Set<number>(LIFI_SEED_CHAINS);
  private readonly now: () => number;

  constructor(private readonly o: LifiOptions) {
    this.now = o.clock ? () => o.clock!.now() : Date.now;
  }

  supportsRoute(req: Pick<QuoteRequest, 'src' | 'dst' | 'srcVm' | 'dstVm'>): boolean {
    return this.known.has(req.src.chainId) && this.known.has(req.dst.chainId);
  }

  async quote(req: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    // Destination calls are Relay's alone; quoting without them would drop them silently.
    if (req.calls?.length) throw new ApiError('NO_ROUTE', 'lifi does not run destination calls');
    const fees = lifiFeeParams(req.fees, req.srcVm, this.o.integrator);
    const { path, query } = buildQuoteRequest(req, fees);
    const res = await this.get(path, signal, query);
    if (!isSuccess(res)) throw lifiError(res.status, res.json);
    const step = parseProviderBody('lifi', quoteStep, res.json);
    return readQuote(step, req, fees, Math.floor(this.now() / 1000) + (this.o.quoteTtlSeconds ?? 60));
  }

  async build(stored: StoredQuote, _signal: AbortSignal): Promise<ProviderTx> {
    const ctx = lifiContext.safeParse(stored.quote.context);
    if (!ctx.success) throw new ApiError('QUOTE_NOT_FOUND', 'lifi quote has no buildable transaction; request a new quote');
    return readTransaction(ctx.data, stored.request);
  }

  /** `id` is the source tx hash (what the order engine tracks when an adapter names no tracking id); LI.FI also accepts its own transfer id. */
  async status(id: string, signal: AbortSignal): Promise<ProviderOrderStatus> {
    if (!STATUS_ID_RE.test(id)) throw new ApiError('INVALID_PARAMS', 'id: expected a source transaction hash', { field: 'id' });
    const res = await this.get('/v1/status', signal, { txHash: id });
    // An unknown hash is normally 200 + NOT_FOUND; a 404 answer is documented but unconfirmed: same meaning.
    if (res.status === 404) throw new ApiError('ORDER_NOT_FOUND', 'lifi does not know this transaction');
    if (!isSuccess(res)) throw lifiError(res.status, res.json);
    const body = parseProviderBody('lifi', statusResponse, res.json);
    const state = lifiState(body.status, body.substatus);
    if (state === null) throw new ApiError('ORDER_NOT_FOUND', `lifi does not know this transaction (${body.status})`);
    return {
      state,
      ...(body.sending?.txHash ? { srcTxHash: body.sending.txHash } : {}),
      ...(body.receiving?.txHash ? { dstTxHash: body.receiving.txHash } : {}),
    };
  }

  /** `GET /v1/chains?chainTypes=EVM,SVM` (without chainTypes only EVM chains come back). */
  async chains(signal: AbortSignal): Promise<ProviderChain[]> {
    const res = await this.get('/v1/chains', signal, { chainTypes: 'EVM,SVM' });
    if (!isSuccess(res)) throw lifiError(res.status, res.json);
    const body = parseProviderBody('lifi', chainsResponse, res.json);
    const out: ProviderChain[] = [];
    for (const c of body.chains) {
      const chainId = c.chainType === 'EVM' || c.chainType === 'SVM' ? fromLifiChainId(c.id) : undefined;
      if (chainId !== undefined) out.push({ chainId, ...(c.name ? { name: c.name } : {}) });
    }
    if (out.length) this.known = new Set(out.map((c) => c.chainId));
    return out;
  }

  private get(path: string, signal: AbortSignal, query: Record<string, string>): Promise<ProviderResponse> {
    return providerFetch(this.o.apiUrl, path, {
      provider: 'lifi',
      signal,
      query,
      headers: { 'x-lifi-api-key': this.o.apiKey, 'x-lifi-integrator': this.o.integrator },
    });
  }
}
