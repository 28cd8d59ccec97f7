import type { RpcClients } from '../assets/service.js';
import { ApiError } from '../errors.js';
import { capabilities, type Provider, type ProviderId, type ProviderTx, type StoredQuote, type TokenRef } from '../providers/types.js';
import { directEvmTransfer } from './payer-quote.js';
import { splTransferTx } from './solana-transfer.js';
import { sessionReference } from './solana-reference.js';

/**
 * The session quote's direct option (a plain transfer of the settlement token on the settlement chain) is a quote
 * like any other: stored under its own `q_` id, built by `POST /v1/orders` (into the session-tagged transfer) and
 * reported by `POST /v1/orders/{quoteId}/submitted`, so the payer flow of every quote works for it too. This is the
 * "provider" that builds it; it quotes nothing and is never part of a fan-out. Its orders are followed on chain
 * (tracksStatus false: the order poller reads the source transaction's outcome).
 */
export const DIRECT_PROVIDER = 'direct' as ProviderId;

export interface DirectQuoteInput {
  sessionId: string;
  vm: 'evm' | 'svm';
  token: TokenRef;
  recipient: string;
  sender: string;
  amount: bigint;
  /** Unix seconds. */
  expiresAt: number;
  nowMs: number;
}

/** The stored quote of a direct transfer (its id is set by the quote store). */
export function directStoredQuote(q: DirectQuoteInput): Omit<StoredQuote, 'quoteId'> {
  return {
    provider: DIRECT_PROVIDER,
    request: {
      src: q.token,
      dst: q.token,
      srcVm: q.vm,
      dstVm: q.vm,
      tradeType: 'EXACT_INPUT',
      amount: q.amount,
      sender: q.sender,
      recipient: q.recipient,
      slippageBps: 0,
      fees: { ourFeeBps: 0, partnerFeeBps: 0, recipients: {} },
    },
    quote: {
      srcAmount: q.amount,
      dstAmount: q.amount,
      dstAmountMin: q.amount,
      estimatedSeconds: 0,
      ourFeeBps: 0,
      partnerFeeBps: 0,
      expiresAt: q.expiresAt,
      context: { sessionId: q.sessionId },
    },
    createdAt: q.nowMs,
    channel: 'api',
  };
}

export function directProvider(d: { rpc: Pick<RpcClients, 'solana'> }): Provider {
  return {
    id: DIRECT_PROVIDER,
    capabilities: capabilities({}),
    supportsRoute: () => false,
    quote: () => Promise.reject(new ApiError('NO_ROUTE', 'direct transfers are quoted by the checkout session quote endpoint')),
    async build(stored: StoredQuote): Promise<ProviderTx> {
      const r = stored.request;
      const sessionId = String(stored.quote.context.sessionId ?? '');
      if (!sessionId) throw new ApiError('QUOTE_NOT_FOUND', `Quote ${stored.quoteId} names no checkout session`);
      if (r.srcVm === 'evm') return directEvmTransfer({ chainId: r.src.chainId, token: r.src.address, recipient: r.recipient, amount: r.amount, sessionId });
      const { blockhash } = await d.rpc.solana().getLatestBlockhash('confirmed');
      return {
        vm: 'svm',
        serializedTx: splTransferTx({
          from: r.sender,
          to: r.recipient,
          mint: r.src.address,
          amount: r.amount,
          decimals: r.src.decimals,
          recentBlockhash: blockhash,
          reference: sessionReference(sessionId),
        }),
      };
    },
    status: () => Promise.reject(new ApiError('ORDER_NOT_FOUND', 'direct transfers are followed on chain')),
  };
}
