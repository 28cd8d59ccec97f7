import type { ProviderQuote, QuoteRequest, StoredQuote } from '../providers/types.js';
import type { QuoteRecord } from './record.js';
import { timingSafeEqual } from 'node:crypto';
import { parseQuoteId, quoteIdOf, type SetQuoteId } from './quote-id.js';

/**
 * StoredQuote ⇄ JSON. Amounts are bigint in memory and integer strings at rest; the explicit field list
 * keeps a silent precision loss (bigint → number) impossible.
 */

type Json = Record<string, unknown>;

const requestToJson = (request: QuoteRequest): Json => ({ ...request, amount: request.amount.toString() });
const requestFromJson = (request: Json): QuoteRequest => ({ ...(request as unknown as QuoteRequest), amount: BigInt(request.amount as string) });

const quoteToJson = (quote: ProviderQuote): Json => ({
  ...quote,
  srcAmount: quote.srcAmount.toString(),
  dstAmount: quote.dstAmount.toString(),
  dstAmountMin: quote.dstAmountMin.toString(),
});
const quoteFromJson = (quote: Json): ProviderQuote => ({
  ...(quote as unknown as ProviderQuote),
  srcAmount: BigInt(quote.srcAmount as string),
  dstAmount: BigInt(quote.dstAmount as string),
  dstAmountMin: BigInt(quote.dstAmountMin as string),
});

/** A quote stored on its own (ids made before quote sets); read-only now. */
export function storedQuoteFromJson(j: Json): QuoteRecord {
  const { checkoutSessionId, ...rest } = j;
  const q: QuoteRecord = { ...(rest as unknown as StoredQuote), request: requestFromJson(j.request as Json), quote: quoteFromJson(j.quote as Json) };
  if (typeof checkoutSessionId === 'string') q.legacyCheckoutSessionId = checkoutSessionId;
  return q;
}

/** What every quote of one response shares; written once per set. */
const SHARED = ['request', 'createdAt', 'channel', 'accountId', 'mode'] as const;

/**
 * One response's quotes as one record. The quotes must be the set `setId` in rank order (quote i has id
 * quoteIdOf(setId, i, its tag)) and share the request and caller context; anything else is a programming error.
 */
export function quoteSetToJson(setId: string, quotes: StoredQuote[]): Json {
  const first = quotes[0];
  if (!first) throw new Error('a quote set needs at least one quote');
  const tags = quotes.map((q, i) => {
    const id = parseQuoteId(q.quoteId);
    if (id?.kind !== 'set' || id.setId !== setId || id.index !== i) throw new Error(`quote ${q.quoteId} is not quote ${i} of set ${setId}`);
    for (const k of SHARED) if (q[k] !== first[k]) throw new Error(`quote ${q.quoteId} does not share ${k} with its set`);
    return id.tag;
  });
  return {
    v: 1,
    request: requestToJson(first.request),
    createdAt: first.createdAt,
    channel: first.channel,
    accountId: first.accountId,
    mode: first.mode,
    quotes: quotes.map((q, i) => ({ tag: tags[i], provider: q.provider, quote: quoteToJson(q.quote) })),
  };
}

/** The quote `id` names out of its set's record; undefined when the set has no quote at that rank with that tag. */
export function quoteFromSetJson(j: Json, id: SetQuoteId): QuoteRecord | undefined {
  const entry = (j.quotes as Json[] | undefined)?.[id.index];
  if (!entry || typeof entry.tag !== 'string' || !sameTag(entry.tag, id.tag)) return undefined;
  const q: QuoteRecord = {
    quoteId: quoteIdOf(id.setId, id.index, id.tag),
    provider: entry.provider as StoredQuote['provider'],
    request: requestFromJson(j.request as Json),
    quote: quoteFromJson(entry.quote as Json),
    createdAt: j.createdAt as number,
  };
  // Optional context is left out when absent, as it was when the quote was made.
  if (j.channel !== undefined) q.channel = j.channel as string;
  if (j.accountId !== undefined) q.accountId = j.accountId as string;
  if (j.mode !== undefined) q.mode = j.mode as StoredQuote['mode'];
  if (typeof j.checkoutSessionId === 'string') q.legacyCheckoutSessionId = j.checkoutSessionId;
  return q;
}

/** Tag comparison in constant time: a quote id is a capability, so its check should not leak by timing. */
function sameTag(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
