import type { StoredQuote } from '../providers/types.js';

/**
 * A stored quote as the quote store hands it back. Quote records written before checkout kept its own quote
 * links (migration 20261124140000_checkout_quote_links) carry the checkout session they were made for, and a
 * quote issued before the deploy may be reported after it: `legacyCheckoutSessionId` surfaces that id, read
 * only (nothing writes it any more), so checkout can still credit the session. Such records are gone
 * QUOTE_RETENTION_MS after their quotes expire; the field can go one release later.
 */
export interface QuoteRecord extends StoredQuote {
  legacyCheckoutSessionId?: string;
}
