import type { ProviderQuote, QuoteRequest, StoredQuote } from '../providers/types.js';

/**
 * StoredQuote ⇄ JSON. Amounts are bigint in memory and integer strings at rest; the explicit field list
 * keeps a silent precision loss (bigint → number) impossible.
 */

type Json = Record<string, unknown>;

export function storedQuoteToJson(q: StoredQuote): Json {
  const { request, quote } = q;
  return {
    ...q,
    request: { ...request, amount: request.amount.toString() },
    quote: {
      ...quote,
      srcAmount: quote.srcAmount.toString(),
      dstAmount: quote.dstAmount.toString(),
      dstAmountMin: quote.dstAmountMin.toString(),
    },
  };
}

export function storedQuoteFromJson(j: Json): StoredQuote {
  const request = j.request as Json;
  const quote = j.quote as Json;
  return {
    ...(j as unknown as StoredQuote),
    request: { ...(request as unknown as QuoteRequest), amount: BigInt(request.amount as string) },
    quote: {
      ...(quote as unknown as ProviderQuote),
      srcAmount: BigInt(quote.srcAmount as string),
      dstAmount: BigInt(quote.dstAmount as string),
      dstAmountMin: BigInt(quote.dstAmountMin as string),
    },
  };
}
