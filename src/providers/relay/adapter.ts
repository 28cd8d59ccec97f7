import { Connection } from '@solana/web3.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { parseProviderBody, providerFetch } from '../http.js';
import { type Provider, type ProviderCapabilities, type ProviderChain, type ProviderOrderStatus, type ProviderQuote, type ProviderTx, type QuoteRequest, type StoredQuote, type OrderState, capabilities } from '../types.js';
import { fromRelayChainId, RELAY_DEFAULT_CHAINS, RELAY_SOLANA_CHAIN_ID, toRelayChainId, toRelayCurrency } from './chains.js';
import { relayError } from './errors.js';
import { buildSolanaTx, type SolanaRpc } from './solana.js';
import { mainTransaction, requestIdOf } from './steps.js';
import { chainsResponse, errorBody, quoteResponse, requestsResponse, statusResponse, type RelayStep } from './wire.js';

/**
 * Relay (intent relayer): POST /quote/v2, GET /intents/status/v3, GET /requests/v3, GET /chains.
 * The only provider with gas on arrival (`topupGas`), destination calls (`txs`) and deposit addresses.
 * Fees travel as `appFees` (bps of the input, EVM recipients only).
 */

/** Relay quotes carry no expiry; its fills are priced at quote time, so we keep them short. */
export const RELAY_QUOTE_TTL_S = 60;

export interface RelayOptions {
  baseUrl: string;
  apiKey?: string;
  referrer: string;
  solanaRpc?: () => SolanaRpc;
  now?: () => number;
}

const STATE: Record<string, OrderState> = {
  waiting: 'pending',
  depositing: 'pending',
  pending: 'pending',
  submitted: 'pending',
  delayed: 'pending',
  success: 'filled',
  failure: 'failed',
  refund: 'refunded',
  refunded: 'refunded',
  fallback: 'refunded', // v1 spelling
};
export const relayState = (s: string): OrderState => STATE[s] ?? 'unknown';

export class RelayProvider implements Provider {
  readonly id = 'relay' as const;
  readonly capabilities: ProviderCapabilities = capabilities({ gasOnArrival: true, destinationCalls: true, depositAddresses: true, tracksStatus: true, exactOutput: true });
  private chainIds = new Set(RELAY_DEFAULT_CHAINS);
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

  /** The quote body Relay's /quote/v2 takes for our request. */
  quoteBody(req: QuoteRequest) {
    const appFees: { recipient: string; fee: string }[] = [];
    let ourFeeBps = 0;
    let partnerFeeBps = 0;
    // appFees recipients must be EVM addresses even on non-EVM routes (relay.md).
    if (req.fees.ourFeeBps > 0 && req.fees.recipients.evm) {
      appFees.push({ recipient: req.fees.recipients.evm, fee: String(req.fees.ourFeeBps) });
      ourFeeBps = req.fees.ourFeeBps;
    }
    if (req.fees.partnerFeeBps > 0 && req.fees.partnerRecipients?.evm) {
      appFees.push({ recipient: req.fees.partnerRecipients.evm, fee: String(req.fees.partnerFeeBps) });
      partnerFeeBps = req.fees.partnerFeeBps;
    }
    const body: Record<string, unknown> = {
      user: req.sender,
      recipient: req.recipient,
      originChainId: toRelayChainId(req.src.chainId),
      destinationChainId: toRelayChainId(req.dst.chainId),
      originCurrency: toRelayCurrency(req.src.chainId, req.src.address),
      destinationCurrency: toRelayCurrency(req.dst.chainId, req.dst.address),
      amount: req.amount.toString(),
      tradeType: req.tradeType,
      slippageTolerance: String(req.slippageBps),
      refundTo: req.sender, // without it automatic refunds may be disabled (relay.md)
      referrer: this.o.referrer,
    };
    if (appFees.length) body.appFees = appFees;
    if (req.gasOnArrivalUsd !== undefined) {
      body.topupGas = true;
      body.topupGasAmount = String(Math.round(req.gasOnArrivalUsd * 1e6)); // USD with 6 decimals
    }
    if (req.calls?.length) body.txs = req.calls.map((c) => ({ to: c.to, data: c.data, value: c.value }));
    return { body, ourFeeBps, partnerFeeBps };
  }

  async quote(req: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    const { body, ourFeeBps, partnerFeeBps } = this.quoteBody(req);
    const res = await providerFetch(this.o.baseUrl, '/quote/v2', { provider: 'relay', signal, method: 'POST', body, headers: this.headers() });
    if (res.status !== 200) throw relayError(res.status, errorBody.safeParse(res.json).data);
    const q = parseProviderBody('relay', quoteResponse, res.json);
    const requestId = requestIdOf(q.steps);
    if (!requestId) throw new ApiError('PROVIDER_ERROR', 'relay: quote carries no requestId');
    // Validate now that the steps can be built, so an unbuildable route never reaches a user as a quote.
    mainTransaction(q.steps);
    const out = q.details.currencyOut;
    const topup = q.details.currencyGasTopup;
    // `relayer` is relayerGas + relayerService (relay.md): take it whole, or its parts when it is absent.
    const providerFeeUsd = sumUsd(q.fees, ['relayer']) ?? sumUsd(q.fees, ['relayerGas', 'relayerService']);
    const gasUsd = q.fees.gas?.amountUsd;
    return {
      srcAmount: BigInt(q.details.currencyIn.amount),
      dstAmount: BigInt(out.amount),
      dstAmountMin: BigInt(out.minimumAmount ?? out.amount),
      estimatedSeconds: Math.max(0, Math.round(q.details.timeEstimate ?? 0)),
      ourFeeBps,
      partnerFeeBps,
      ...(providerFeeUsd !== undefined ? { providerFeeUsd } : {}),
      ...(gasUsd !== undefined ? { gasUsd } : {}),
      expiresAt: Math.floor(this.now() / 1000) + RELAY_QUOTE_TTL_S,
      ...(topup && BigInt(topup.amount) > 0n && req.gasOnArrivalUsd !== undefined
        ? { gasOnArrival: { chainId: req.dst.chainId, token: '0x0000000000000000000000000000000000000000', amount: topup.amount, ...(topup.amountUsd !== undefined ? { amountUsd: topup.amountUsd } : {}) } }
        : {}),
      context: { requestId, steps: q.steps.map(compactStep) },
    };
  }

  async build(stored: StoredQuote, _signal: AbortSignal): Promise<ProviderTx> {
    const steps = (stored.quote.context.steps ?? []) as RelayStep[];
    const main = mainTransaction(steps);
    if (main.vm === 'evm') {
      const chainId = fromRelayChainId(main.tx.chainId);
      if (chainId !== stored.request.src.chainId) throw new ApiError('PROVIDER_ERROR', 'relay: transaction is for another chain than the quote');
      return { vm: 'evm', chainId, to: main.tx.to.toLowerCase(), data: main.tx.data, value: main.tx.value, ...(main.spender ? { spender: main.spender } : {}) };
    }
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
    if (res.status === 200) {
      const s = parseProviderBody('relay', statusResponse, res.json);
      return withHashes(relayState(s.status), s.inTxHashes[0], s.txHashes[0]);
    }
    if (res.status !== 404 && res.status !== 400) throw relayError(res.status, errorBody.safeParse(res.json).data);
    if (this.o.apiKey) {
      const r = await providerFetch(this.o.baseUrl, '/requests/v3', { provider: 'relay', signal, query: { depositTxHash: id }, headers: this.headers() });
      if (r.status !== 200) throw relayError(r.status, errorBody.safeParse(r.json).data);
      const row = parseProviderBody('relay', requestsResponse, r.json).requests[0];
      if (row) {
        const hash = (t?: { hash?: string; txHash?: string }) => t?.hash ?? t?.txHash;
        return withHashes(relayState(row.status), hash(row.data?.inTxs?.[0]), hash(row.data?.outTxs?.[0]));
      }
    }
    throw new ApiError('ORDER_NOT_FOUND', `relay does not know order ${id}`);
  }

  async chains(signal: AbortSignal): Promise<ProviderChain[]> {
    const res = await providerFetch(this.o.baseUrl, '/chains', { provider: 'relay', signal, headers: this.headers() });
    if (res.status !== 200) throw relayError(res.status, errorBody.safeParse(res.json).data);
    const chains = parseProviderBody('relay', chainsResponse, res.json)
      // Solana is the only non-EVM chain we route; Relay's other VMs (Eclipse, Bitcoin…) are not ours.
      .chains.filter((c) => !c.disabled && (c.vmType === 'evm' || c.id === RELAY_SOLANA_CHAIN_ID))
      .map((c) => ({ chainId: fromRelayChainId(c.id), name: c.displayName ?? c.name }));
    if (chains.length) this.chainIds = new Set(chains.map((c) => c.chainId));
    return chains;
  }
}

const withHashes = (state: OrderState, src?: string, dst?: string): ProviderOrderStatus => ({
  state,
  ...(src ? { srcTxHash: src } : {}),
  ...(dst ? { dstTxHash: dst } : {}),
});

function sumUsd(fees: Record<string, { amountUsd?: number } | undefined>, keys: string[]): number | undefined {
  let total: number | undefined;
  for (const k of keys) {
    const v = fees[k]?.amountUsd;
    if (v !== undefined && Number.isFinite(v)) total = (total ?? 0) + v;
  }
  return total === undefined ? undefined : Math.round(total * 1e6) / 1e6;
}

/** Keeps what build needs from a step (no UI texts). */
const compactStep = (s: RelayStep) => ({ id: s.id, kind: s.kind, requestId: s.requestId, items: s.items.map((i) => ({ data: i.data })) });

export function createRelayProvider(config: Config, _log: Logger, deps?: { clock?: Clock }): RelayProvider {
  let connection: Connection | undefined;
  return new RelayProvider({
    baseUrl: config.RELAY_API_URL,
    apiKey: config.RELAY_API_KEY,
    referrer: config.BRAND,
    solanaRpc: () => (connection ??= new Connection(config.SOLANA_RPC_URL, { commitment: 'confirmed' })),
    now: deps?.clock ? () => deps.clock!.now() : undefined,
  });
}
