import type { Clock } from '../clock.js';
import type { Prisma } from '../db/client.js';
import type { Prisma as P } from '../db/generated/client.js';
import { type QuoteRecord, QUOTE_RETENTION_MS } from '../quotes/service.js';

/** Past the quote store's own retention: instances' clocks may differ a little, and a link costs nothing. */
const LINK_MARGIN_MS = 60 * 60_000;

type Db = Prisma | P.TransactionClient;

/**
 * Which checkout session a quote pays, in checkout's own table (checkout_quote_links). The payer quote
 * endpoint links every quote it hands out; a routed payment reported (or submitted) for one of them finds its
 * session here. The quotes themselves know nothing of checkout.
 */
export class QuoteLinks {
  constructor(private readonly d: { prisma: Prisma; clock: Clock }) {}

  /** Links quotes (id and expiry in unix seconds, as handed out) to the session they were made for. */
  async link(sessionId: string, quotes: ReadonlyArray<{ quoteId: string; expiresAt: number }>): Promise<void> {
    if (!quotes.length) return;
    const now = this.d.clock.now();
    await this.d.prisma.checkoutQuoteLink.createMany({
      data: quotes.map((q) => ({
        quoteId: q.quoteId,
        sessionId,
        dropAt: new Date(q.expiresAt * 1000 + QUOTE_RETENTION_MS + LINK_MARGIN_MS),
        createdAt: new Date(now),
      })),
      skipDuplicates: true,
    });
  }

  /**
   * The session `quote` pays, if any. A quote issued before links existed (the deploy that added them) may be
   * reported after it: its record still carries the session id, read here as the fallback. Chosen over
   * migrating those ids: the Redis quote store cannot be migrated by SQL, and the records are gone minutes
   * after the deploy anyway (QUOTE_RETENTION_MS past their quotes' expiry).
   */
  async sessionOf(quote: QuoteRecord, db: Db = this.d.prisma): Promise<string | undefined> {
    const link = await db.checkoutQuoteLink.findUnique({ where: { quoteId: quote.quoteId }, select: { sessionId: true } });
    return link?.sessionId ?? quote.legacyCheckoutSessionId;
  }

  /** Deletes links past `drop_at`; returns how many. */
  async sweep(): Promise<number> {
    const { count } = await this.d.prisma.checkoutQuoteLink.deleteMany({ where: { dropAt: { lt: new Date(this.d.clock.now()) } } });
    return count;
  }
}
