import { ApiError, invalidParams } from '../../errors.js';
import { systemClock, type Clock } from '../../clock.js';
import { isSuccess, parseProviderBody, providerFetch } from '../http.js';
import {
  SOLANA_CHAIN_ID,
  type Provider,
  type ProviderCapabilities,
  type ProviderChain,
  type ProviderOrderStatus,
  type ProviderQuote,
  type QuoteRequest,
  type StoredQuote,
  type SvmTxRequest,
  capabilities,
} from '../types.js';
import { jupiterExecuteRejection, jupiterOrderError } from './errors.js';
import { isSolanaAddress, jupiterReferral, orderQuery, readOrder, toJupiterMint } from './mapping.js';
import { jupiterContext, ultraExecuteBody, ultraOrderBody } from './schemas.js';
import { jupiterExecuteState, jupiterOrderStatus } from './status.js';
import { decodeVersionedTransaction, isSignature } from './transaction.js';

export interface JupiterOptions {
  baseUrl: string;
  apiKey?: string;
  clock?: Clock;
}

/**
 * Jupiter Ultra: `GET /ultra/v1/order` (with `taker`, so the answer carries the unsigned transaction and its
 * `requestId`), build hands that transaction to the wallet, `POST /ultra/v1/execute` lands the signed bytes.
 * Solana → Solana only; nothing to track off-chain.
 */
export class JupiterProvider implements Provider {
  readonly id = 'jupiter' as const;
  readonly capabilities: ProviderCapabilities = capabilities({ submitViaApi: true });
  private readonly clock: Clock;

  constructor(private readonly o: JupiterOptions) {
    this.clock = o.clock ?? systemClock;
  }

  supportsRoute(req: Pick<QuoteRequest, 'src' | 'dst' | 'srcVm' | 'dstVm'>): boolean {
    return (
      req.srcVm === 'svm' &&
      req.dstVm === 'svm' &&
      req.src.chainId === SOLANA_CHAIN_ID &&
      req.dst.chainId === SOLANA_CHAIN_ID &&
      toJupiterMint(req.src.address) !== toJupiterMint(req.dst.address)
    );
  }

  async chains(): Promise<ProviderChain[]> {
    return [{ chainId: SOLANA_CHAIN_ID, name: 'Solana' }];
  }

  async quote(req: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    if (req.tradeType !== 'EXACT_INPUT') throw new ApiError('NO_ROUTE', 'jupiter Ultra quotes exact input only');
    if (!isSolanaAddress(req.sender)) throw invalidParams('sender', 'must be a base58 Solana address');
    if (!isSolanaAddress(req.recipient)) throw invalidParams('recipient', 'must be a base58 Solana address');
    const referral = jupiterReferral(req.fees);
    const query = orderQuery(req, referral);
    const res = await providerFetch(this.o.baseUrl, '/ultra/v1/order', { provider: 'jupiter', signal, query, headers: this.headers() });
    if (!isSuccess(res)) throw jupiterOrderError(res.status, res.json);
    const body = parseProviderBody('jupiter', ultraOrderBody, res.json);
    return readOrder(body, req, referral, Math.floor(this.clock.now() / 1000));
  }

  /** The transaction Ultra returned with the quote; it must go back through `submit` with the same requestId. */
  async build(stored: StoredQuote): Promise<SvmTxRequest> {
    const ctx = jupiterContext.safeParse(stored.quote.context);
    if (!ctx.success) throw new ApiError('QUOTE_NOT_FOUND', 'quote has no jupiter transaction to build from');
    return { vm: 'svm', serializedTx: ctx.data.transaction, submitViaApi: true };
  }

  /** Forwards the wallet-signed bytes exactly as received; Jupiter lands them and answers with the signature. */
  async submit(stored: StoredQuote, signedTransaction: string, signal: AbortSignal): Promise<{ txHash: string }> {
    const ctx = jupiterContext.safeParse(stored.quote.context);
    if (!ctx.success) throw new ApiError('QUOTE_NOT_FOUND', 'quote has no jupiter request id to submit with');
    if (!decodeVersionedTransaction(signedTransaction)) throw invalidParams('signedTransaction', 'must be a base64 serialized Solana versioned transaction');
    const res = await providerFetch(this.o.baseUrl, '/ultra/v1/execute', {
      provider: 'jupiter',
      signal,
      method: 'POST',
      body: { signedTransaction, requestId: ctx.data.requestId },
      headers: this.headers(),
    });
    if (!isSuccess(res)) throw jupiterExecuteRejection(res.json, res.status);
    const body = parseProviderBody('jupiter', ultraExecuteBody, res.json);
    if (jupiterExecuteState(body.status) !== 'filled') throw jupiterExecuteRejection(body, res.status);
    if (!body.signature || !isSignature(body.signature)) throw new ApiError('PROVIDER_ERROR', 'jupiter reported success without a valid signature');
    return { txHash: body.signature };
  }

  async status(): Promise<ProviderOrderStatus> {
    return jupiterOrderStatus();
  }

  private headers() {
    return { 'x-api-key': this.o.apiKey };
  }
}
