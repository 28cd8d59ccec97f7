-- One row per quote response: its quotes share the request and caller context, and each quote id is the
-- set id plus the quote's rank (src/quotes/quote-id.ts). The payload is our own JSON, never queried in SQL,
-- so it is kept as text (no jsonb conversion on the quote path). `quotes` (one row per quote) is still read
-- and swept for the ids it holds; nothing writes it any more.
CREATE TABLE "quote_sets" (
    "id" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "drop_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "quote_sets_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "quote_sets_drop_at_idx" ON "quote_sets"("drop_at");
