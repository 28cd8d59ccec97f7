import bs58 from 'bs58';
import { z } from 'zod';
import { ApiError, invalidParams } from '../../errors.js';
import { systemClock, type Clock } from '../../clock.js';
import { parseProviderBody, providerFetch } from '../http.js';
import { SOL_NATIVE_MINT, SOLANA_CHAIN_ID, type Provider, type ProviderCapabilities, type ProviderChain, type ProviderOrderStatus, type ProviderQuote, type QuoteRequest, type StoredQuote, type SvmTxRequest, capabilities } from '../types.js';
import {
  classifyJupiterOrderError,
  classifyJupiterOrderErrorCode,
  isSolanaAddress,
  JUPITER_REFERRAL_CUT,
  jupiterExecuteRejection,
  jupiterReferral,
  takerLamports,
  toJupiterMint,
} from './mapping.js';
import { ultraExecuteBody, ultraOrderBody } from './schemas.js';
import { assertUltraTransaction, decodeVersionedTransaction } from './transaction.js';

export interface JupiterOptions {
  baseUrl: string;
  apiKey?: string;
  clock?: Clock;
}

/** The order's transaction carries a recent blockhash (~60-90 s of life); leave time to sign and submit. */
const QUOTE_TTL_SECONDS = 30;
/** Ultra lands the transaction itself and answers once it is confirmed. */
const ESTIMATED_SECONDS = 5;

const contextSchema = z.object({ requestId: z.string().min(1), transaction: z.string().min(1) });

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
    return req.srcVm === 'svm' && req.dstVm === 'svm' && req.src.chainId === SOLANA_CHAIN_ID && req.dst.chainId === SOLANA_CHAIN_ID && toJupiterMint(req.src.address) !== toJupiterMint(req.dst.address);
  }

  async chains(): Promise<ProviderChain[]> {
    return [{ chainId: SOLANA_CHAIN_ID, name: 'Solana' }];
  }

  async quote(req: QuoteRequest, signal: AbortSignal): Promise<ProviderQuote> {
    if (req.tradeType !== 'EXACT_INPUT') throw new ApiError('NO_ROUTE', 'jupiter Ultra quotes exact input only');
    if (!isSolanaAddress(req.sender)) throw invalidParams('sender', 'must be a base58 Solana address');
    if (!isSolanaAddress(req.recipient)) throw invalidParams('recipient', 'must be a base58 Solana address');
    const inputMint = toJupiterMint(req.src.address);
    const outputMint = toJupiterMint(req.dst.address);
    const referral = jupiterReferral(req.fees);
    const query: Record<string, string> = { inputMint, outputMint, amount: req.amount.toString(), taker: req.sender, ...referral.query };
    if (req.recipient !== req.sender) query.receiver = req.recipient;

    const res = await providerFetch(this.o.baseUrl, '/ultra/v1/order', { provider: 'jupiter', signal, query, headers: this.headers() });
    if (res.status < 200 || res.status > 299) throw classifyJupiterOrderError(res.status, res.json);
    const body = parseProviderBody('jupiter', ultraOrderBody, res.json);
    if (body.inputMint !== inputMint || body.outputMint !== outputMint) throw new ApiError('PROVIDER_ERROR', 'jupiter answered for a different token pair');
    if (BigInt(body.inAmount) !== req.amount) throw new ApiError('PROVIDER_ERROR', 'jupiter answered for a different input amount');
    if (BigInt(body.otherAmountThreshold) > BigInt(body.outAmount)) throw new ApiError('PROVIDER_ERROR', 'jupiter answered with a minimum above the output');
    if (!body.transaction) throw classifyJupiterOrderErrorCode(body.errorCode, body.errorMessage);
    assertUltraTransaction(body.transaction, req.sender);

    // Without a referral token account for `feeMint` Jupiter silently falls back to its default fee: then ours is not carried.
    const carried = referral.query.referralFee !== undefined && body.feeBps === Number(referral.query.referralFee);
    const feeBps = body.feeBps ?? body.platformFee?.feeBps;
    const swapUsd = body.swapUsdValue ?? body.inUsdValue ?? undefined;
    const jupiterBps = feeBps === undefined ? undefined : carried ? feeBps * JUPITER_REFERRAL_CUT : feeBps;
    const providerFeeUsd = swapUsd !== undefined && jupiterBps !== undefined ? (swapUsd * jupiterBps) / 10_000 : undefined;
    const solUsd = this.solPriceUsd(req, body);
    const lamports = takerLamports({ ...body, taker: req.sender });
    const gasUsd = solUsd !== undefined ? (lamports / 1e9) * solUsd : undefined;

    const now = Math.floor(this.clock.now() / 1000);
    const rfqExpiry = body.expireAt !== undefined && body.expireAt !== null ? Number(body.expireAt) : NaN;
    return {
      srcAmount: req.amount,
      dstAmount: BigInt(body.outAmount),
      dstAmountMin: BigInt(body.otherAmountThreshold),
      estimatedSeconds: ESTIMATED_SECONDS,
      ourFeeBps: carried ? referral.ourFeeBps : 0,
      partnerFeeBps: carried ? referral.partnerFeeBps : 0,
      ...(providerFeeUsd !== undefined ? { providerFeeUsd: round(providerFeeUsd) } : {}),
      ...(gasUsd !== undefined ? { gasUsd: round(gasUsd) } : {}),
      expiresAt: Number.isFinite(rfqExpiry) ? Math.min(now + QUOTE_TTL_SECONDS, rfqExpiry) : now + QUOTE_TTL_SECONDS,
      context: { requestId: body.requestId, transaction: body.transaction, router: body.router ?? null, feeBps: feeBps ?? null },
    };
  }

  /** The transaction Ultra returned with the quote; it must go back through `submit` with the same requestId. */
  async build(stored: StoredQuote): Promise<SvmTxRequest> {
    const ctx = contextSchema.safeParse(stored.quote.context);
    if (!ctx.success) throw new ApiError('QUOTE_NOT_FOUND', 'quote has no jupiter transaction to build from');
    return { vm: 'svm', serializedTx: ctx.data.transaction, submitViaApi: true };
  }

  /** Forwards the wallet-signed bytes exactly as received; Jupiter lands them and answers with the signature. */
  async submit(stored: StoredQuote, signedTransaction: string, signal: AbortSignal): Promise<{ txHash: string }> {
    const ctx = contextSchema.safeParse(stored.quote.context);
    if (!ctx.success) throw new ApiError('QUOTE_NOT_FOUND', 'quote has no jupiter request id to submit with');
    if (!decodeVersionedTransaction(signedTransaction)) throw invalidParams('signedTransaction', 'must be a base64 serialized Solana versioned transaction');
    const res = await providerFetch(this.o.baseUrl, '/ultra/v1/execute', {
      provider: 'jupiter',
      signal,
      method: 'POST',
      body: { signedTransaction, requestId: ctx.data.requestId },
      headers: this.headers(),
    });
    if (res.status < 200 || res.status > 299) throw jupiterExecuteRejection(res.json, res.status);
    const body = parseProviderBody('jupiter', ultraExecuteBody, res.json);
    if (body.status !== 'Success') throw jupiterExecuteRejection(body, res.status);
    if (!body.signature || !isSignature(body.signature)) throw new ApiError('PROVIDER_ERROR', 'jupiter reported success without a valid signature');
    return { txHash: body.signature };
  }

  async status(): Promise<ProviderOrderStatus> {
    return { state: 'unknown' };
  }

  private headers() {
    return { 'x-api-key': this.o.apiKey };
  }

  /** SOL/USD from the request's token prices, else from Jupiter's own USD value of a SOL leg. */
  private solPriceUsd(req: QuoteRequest, body: z.output<typeof ultraOrderBody>): number | undefined {
    for (const t of [req.src, req.dst]) if (t.address === SOL_NATIVE_MINT && t.priceUsd !== undefined) return t.priceUsd;
    if (body.inputMint === SOL_NATIVE_MINT && body.inUsdValue && body.inAmount !== '0') return body.inUsdValue / (Number(body.inAmount) / 1e9);
    if (body.outputMint === SOL_NATIVE_MINT && body.outUsdValue && body.outAmount !== '0') return body.outUsdValue / (Number(body.outAmount) / 1e9);
    return undefined;
  }
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function isSignature(s: string): boolean {
  try {
    return bs58.decode(s).length === 64;
  } catch {
    return false;
  }
}
