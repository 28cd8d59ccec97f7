import { ApiError } from '../../errors.js';
import { isSuccess, parseProviderBody, providerFetch } from '../http.js';
import {
  type Provider,
  type ProviderCapabilities,
  type ProviderChain,
  type ProviderOrderStatus,
  type ProviderQuote,
  type ProviderTx,
  type QuoteRequest,
  type StoredQuote,
  capabilities,
} from '../types.js';
import { fromRelayChainId, RELAY_DEFAULT_CHAINS, RELAY_SOLANA_CHAIN_ID } from './chains.js';
import { relayError } from './errors.js';
import { evmTransaction, mainTransaction, quoteBody, readQuote } from './mapping.js';
import { chainsResponse, quoteResponse, requestsResponse, statusResponse, type RelayStep } from './schemas.js';
import { buildSolanaTx, type SolanaRpc } from './solana.js';
import { relayOrderStatus } from './status.js';

/**
 * Relay (intent relayer): POST /quote/v2, GET /intents/status/v3, GET /requests/v3, GET /chains.
 * The only provider with gas on arrival (`topupGas`), destination calls (`txs`) and deposit addresses.
 */

export interface RelayOptions {
  baseUrl: string;
  apiKey?: string;
  referrer: string;
  solanaRpc?: () => SolanaRpc;
  now?: () => number;
}

/** A destination chain Relay lists without a multicaller is looked up again (one `/chains` read) at most this often. */
const EXECUTOR_MISS_TTL_MS = 10 * 60_000;

export class RelayProvider implements Provider {
  readonly id = 'relay' as const;
  readonly capabilities: ProviderCapabilities = capabilities({
    gasOnArrival: true,
    destinationCalls: true,
    depositAddresses: true,
    tracksStatus: true,
    exactOutput: true,
  });
  private chainIds = new Set(RELAY_DEFAULT_CHAINS);
  /** Relay's multicaller per chain (from `/chains` `contracts.multicaller`): it makes the destination `txs`. */
  private executors = new Map<number, string>();
  /** When `/chains` was last read (ms): a chain without a multicaller does not trigger a re-read before MISS_TTL. */
  private executorsReadAt = -Infinity;
  private now: () => number;

  constructor(private o: RelayOptions) {
    this.now = o.now ?? Date.now;
  }

  private headers() {
    return { 'x-api-key': this.o.apiKey };
  }

  supportsRoute(req: Pick<QuoteRequest, 'src' | 'dst'>): boolean {
    return this.chainIds.has(req.src.chainId) && this.chainIds.has(req.dst.chainId);
  }

  async quote(req: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    const { body, ourFeeBps, partnerFeeBps } = quoteBody(req, this.o.referrer);
    const res = await providerFetch(this.o.baseUrl, '/quote/v2', { provider: 'relay', signal, method: 'POST', body, headers: this.headers() });
    if (!isSuccess(res)) throw relayError(res.status, res.json);
    const q = parseProviderBody('relay', quoteResponse, res.json);
    return readQuote(q, req, { ourFeeBps, partnerFeeBps }, Math.floor(this.now() / 1000));
  }

  async build(stored: StoredQuote, _signal: AbortSignal): Promise<ProviderTx> {
    const steps = (stored.quote.context.steps ?? []) as RelayStep[];
    const main = mainTransaction(steps);
    if (main.vm === 'evm') return evmTransaction(main, stored.request.src.chainId);
    if (!this.o.solanaRpc) throw new ApiError('PROVIDER_ERROR', 'relay: no Solana RPC configured to build this transaction');
    try {
      return { vm: 'svm', serializedTx: await buildSolanaTx(main, stored.request.sender, this.o.solanaRpc()) };
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError('PROVIDER_ERROR', 'relay: could not assemble the Solana transaction (RPC unavailable?)', undefined, { cause: err });
    }
  }

  trackingId(stored: StoredQuote, srcTxHash: string): string {
    return typeof stored.quote.context.requestId === 'string' ? stored.quote.context.requestId : srcTxHash;
  }

  /** `id` is Relay's request id, or the source deposit tx hash (looked up through /requests/v3, which needs a key). */
  async status(id: string, signal: AbortSignal): Promise<ProviderOrderStatus> {
    const res = await providerFetch(this.o.baseUrl, '/intents/status/v3', { provider: 'relay', signal, query: { requestId: id }, headers: this.headers() });
    if (isSuccess(res)) {
      const s = parseProviderBody('relay', statusResponse, res.json);
      return relayOrderStatus(s.status, s.inTxHashes[0], s.txHashes[0]);
    }
    const unknownId = res.status === 404 || res.status === 400;
    if (!unknownId) throw relayError(res.status, res.json);
    if (this.o.apiKey) {
      const r = await providerFetch(this.o.baseUrl, '/requests/v3', { provider: 'relay', signal, query: { depositTxHash: id }, headers: this.headers() });
      if (!isSuccess(r)) throw relayError(r.status, r.json);
      const row = parseProviderBody('relay', requestsResponse, r.json).requests[0];
      if (row) {
        const hash = (t?: { hash?: string; txHash?: string }) => t?.hash ?? t?.txHash;
        return relayOrderStatus(row.status, hash(row.data?.inTxs?.[0]), hash(row.data?.outTxs?.[0]));
      }
    }
    throw new ApiError('ORDER_NOT_FOUND', `relay does not know order ${id}`);
  }

  /** The multicaller that runs destination `txs` on `chainId`; read from `/chains` (once, then cached). */
  async callsExecutor(chainId: number, signal: AbortSignal): Promise<string> {
    if (!this.executors.has(chainId) && this.now() - this.executorsReadAt >= EXECUTOR_MISS_TTL_MS) await this.chains(signal);
    const executor = this.executors.get(chainId);
    if (!executor) throw new ApiError('NO_ROUTE', `relay: no destination-call executor (multicaller) listed for chain ${chainId}`);
    return executor;
  }

  async chains(signal: AbortSignal): Promise<ProviderChain[]> {
    const res = await providerFetch(this.o.baseUrl, '/chains', { provider: 'relay', signal, headers: this.headers() });
    if (!isSuccess(res)) throw relayError(res.status, res.json);
    const list = parseProviderBody('relay', chainsResponse, res.json)
      // Solana is the only non-EVM chain we route; Relay's other VMs (Eclipse, Bitcoin…) are not ours.
      .chains.filter((c) => !c.disabled && (c.vmType === 'evm' || c.id === RELAY_SOLANA_CHAIN_ID));
    this.executorsReadAt = this.now();
    for (const c of list)
      if (c.contracts?.multicaller && /^0x[0-9a-fA-F]{40}$/.test(c.contracts.multicaller)) this.executors.set(c.id, c.contracts.multicaller.toLowerCase());
    const chains = list.map((c) => ({ chainId: fromRelayChainId(c.id), name: c.displayName ?? c.name }));
    if (chains.length) this.chainIds = new Set(chains.map((c) => c.chainId));
    return chains;
  }
}
