import type { Clock } from '../clock.js';
import type { CheckoutConfig } from './config.js';
import type { AssetsService } from '../assets/service.js';
import type { RpcClients } from '../assets/service.js';
import type { QuoteService } from '../quotes/service.js';
import { quoteParamsSchema } from '../quotes/input.js';
import { ApiError } from '../errors.js';
import { parseInput } from '../validation.js';
import { isAddressFor, normalize } from './addresses.js';
import type { PayerQuoteRequest } from './input.js';
import { directEvmTransfer, searchPayerQuotes } from './payer-quote.js';
import { SETTLEMENT_CHAINS } from './settlement.js';
import { splTransferTx } from './solana-transfer.js';
import type { CheckoutSessions } from './sessions.js';
import type { DirectQuote, PayerQuoteResponse } from './views.js';
import type { QuoteLinks } from './quote-links.js';
import { directStoredQuote } from './direct-provider.js';
import { sessionReference } from './solana-reference.js';

/** How long a direct Solana transfer quote is offered: a blockhash is valid for 150 blocks, ~60 s at 400 ms. */
const SOLANA_BLOCKHASH_MS = 60_000;

export interface PayerQuotesDeps {
  config: Pick<CheckoutConfig, 'CHECKOUT_MAX_OVERPAY_BPS'>;
  clock: Clock;
  assets: Pick<AssetsService, 'resolveChain' | 'resolveToken' | 'prices'>;
  quotes: Pick<QuoteService, 'quote' | 'issue'>;
  /** A recent blockhash for direct Solana transfers. */
  rpc: Pick<RpcClients, 'solana'>;
  sessions: Pick<CheckoutSessions, 'load' | 'assertTakesPayments'>;
  /** Records which session the quotes handed out pay (checkout's own record, read when one is reported). */
  links: Pick<QuoteLinks, 'link'>;
}

/** POST /v1/checkout/sessions/{id}/quote (public): what a payer can send to pay an open session. */
export class PayerQuotes {
  constructor(private readonly d: PayerQuotesDeps) {}

  /** CONFLICT unless the session is open; FORBIDDEN while its merchant is suspended. */
  async quote(id: string, input: PayerQuoteRequest): Promise<PayerQuoteResponse> {
    const { assets, clock, config } = this.d;
    const { session } = await this.d.sessions.load(id);
    if (session.status !== 'open') throw new ApiError('CONFLICT', `Checkout session ${id} is ${session.status}; it takes no payment`);
    await this.d.sessions.assertTakesPayments(session);
    const srcChain = assets.resolveChain(input.srcChain, 'srcChain');
    const srcToken = await assets.resolveToken(srcChain.id, input.srcToken, 'srcToken');
    const due = BigInt(session.amount);
    const settlement = { chainId: session.settleChainId, token: session.settleToken, symbol: session.settleSymbol, decimals: session.settleDecimals };
    const head = { sessionId: id, amountDue: session.amount, settlement, recipient: session.recipient };

    const settleVm = SETTLEMENT_CHAINS[session.settleChainId]!.vm;
    if (srcChain.id === session.settleChainId && normalize(settleVm, srcToken.address) === session.settleToken) {
      const sender = input.sender.trim();
      if (!isAddressFor(settleVm, sender)) throw new ApiError('INVALID_PARAMS', `sender: must be a valid ${srcChain.name} address`, { field: 'sender' });
      const payer = normalize(settleVm, sender);
      // A Solana transaction carries a recent blockhash that lapses after ~150 blocks (60-90 s): fetch a fresh
      // quote after that. An EVM transfer stays valid for the session's life.
      const expiresAt = Math.floor(Math.min(session.expiresAt.getTime(), settleVm === 'svm' ? clock.now() + SOLANA_BLOCKHASH_MS : Infinity) / 1000);
      // The tagged transfer (EVM) or the transfer carrying the session's Solana Pay reference: the evidence the
      // verifier requires (verify/evidence.ts). Stored as a quote, so POST /v1/orders builds the same thing.
      const tx =
        settleVm === 'evm'
          ? directEvmTransfer({ chainId: session.settleChainId, token: session.settleToken, recipient: session.recipient, amount: due, sessionId: id })
          : {
              vm: 'svm' as const,
              serializedTx: splTransferTx({
                from: payer,
                to: session.recipient,
                mint: session.settleToken,
                amount: due,
                decimals: session.settleDecimals,
                recentBlockhash: (await this.d.rpc.solana().getLatestBlockhash('confirmed')).blockhash,
                reference: sessionReference(id),
              }),
            };
      const token = { chainId: session.settleChainId, address: session.settleToken, symbol: session.settleSymbol, decimals: session.settleDecimals };
      const quoteId = await this.d.quotes.issue(
        directStoredQuote({ sessionId: id, vm: settleVm, token, recipient: session.recipient, sender: payer, amount: due, expiresAt, nowMs: clock.now() }),
      );
      await this.d.links.link(id, [{ quoteId, expiresAt }]);
      const direct: DirectQuote = {
        method: 'direct_transfer',
        quoteId,
        provider: 'direct',
        srcAmount: session.amount,
        dstAmount: session.amount,
        dstAmountMin: session.amount,
        estimatedSeconds: 0,
        fees: { ourFeeBps: 0 },
        overpayBps: 0,
        overpayBasis: 'usd',
        expiresAt,
        tx,
        ...(settleVm === 'svm' ? { reference: sessionReference(id) } : {}),
      };
      return { ...head, direct: true, best: direct, quotes: [direct], errors: [] };
    }

    const settleId = `${session.settleChainId}:${session.settleToken}`;
    const srcId = `${srcChain.id}:${srcToken.address}`;
    const prices = await assets.prices([srcId, settleId]).catch(() => ({}) as Record<string, number>);
    const { quotes, errors } = await searchPayerQuotes((params) => this.d.quotes.quote(parseInput(quoteParamsSchema, params), { auth: null, channel: 'api' }), {
      base: {
        srcChain: String(srcChain.id),
        srcToken: srcToken.address,
        dstChain: String(session.settleChainId),
        dstToken: session.settleToken,
        sender: input.sender,
        recipient: session.recipient,
        channel: 'api' as const,
      },
      due,
      dueDecimals: session.settleDecimals,
      srcDecimals: srcToken.decimals,
      srcPriceUsd: prices[srcId] ?? srcToken.priceUsd,
      duePriceUsd: prices[settleId],
      maxOverpayBps: config.CHECKOUT_MAX_OVERPAY_BPS,
    });
    // Before the payer sees a quote id: a quote reported or submitted later finds its session through this link.
    await this.d.links.link(id, quotes);
    return { ...head, direct: false, best: quotes[0]!, quotes, errors };
  }
}
