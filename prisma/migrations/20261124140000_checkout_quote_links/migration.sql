-- Which checkout session a quote handed out by the payer quote endpoint pays. Checkout keeps this itself; the
-- quote set used to carry it (`checkoutSessionId` in quote_sets.payload / the Redis record). Sets written
-- before this migration still carry it and are read as a fallback until they are dropped (src/quotes/record.ts).
-- A link outlives its quote (drop_at), so any report the quote store still accepts finds its session.
CREATE TABLE "checkout_quote_links" (
    "quote_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "drop_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "checkout_quote_links_pkey" PRIMARY KEY ("quote_id")
);
CREATE INDEX "checkout_quote_links_session_id_idx" ON "checkout_quote_links"("session_id");
CREATE INDEX "checkout_quote_links_drop_at_idx" ON "checkout_quote_links"("drop_at");
ALTER TABLE "checkout_quote_links" ADD CONSTRAINT "checkout_quote_links_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "checkout_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
