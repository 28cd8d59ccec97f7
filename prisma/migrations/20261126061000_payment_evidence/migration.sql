-- Payment integrity (issue #23). A report is a hint of where to look, not a claim on the transaction:
-- the same transaction may be reported for several sessions (by its payer, or by a stranger who copied its hash),
-- and only the session whose evidence it carries can be paid by it. So the hash is unique per session, not per
-- chain; the delivering transaction stays unique per chain (set only once a payment carries the evidence).
-- One hint per (session, transaction, quote): the same hash reported under another quote of the session (or as a
-- direct transfer, quote_id NULL) is another hint, judged under its own kind and quote.
DROP INDEX "checkout_payments_src_chain_id_src_tx_hash_key";
CREATE UNIQUE INDEX "checkout_payments_session_tx_quote_key" ON "checkout_payments"("session_id", "src_chain_id", "src_tx_hash", COALESCE("quote_id", ''));
CREATE INDEX "checkout_payments_src_chain_id_src_tx_hash_idx" ON "checkout_payments"("src_chain_id", "src_tx_hash");
-- When the payment was first seen on chain carrying the session's evidence (null: only reported so far).
ALTER TABLE "checkout_payments" ADD COLUMN "seen_at" TIMESTAMPTZ(3);

-- Every transaction built for a payer quote of a session (POST /v1/orders on a linked quote). A routed payment's
-- source transaction must be one of its session's builds. A (chain, fingerprint) belongs to one session only
-- (unique): a provider answering two sessions with byte-identical calldata would make the transaction
-- ambiguous, so the later build is refused (CONFLICT) and its payer re-quotes. The first build always comes
-- before its transaction is broadcast, so nobody can claim a transaction by building it afterwards.
CREATE TABLE "checkout_quote_builds" (
    "id" TEXT NOT NULL,
    "quote_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "vm" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "checkout_quote_builds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "checkout_quote_builds_vm_check" CHECK ("vm" IN ('evm', 'svm')),
    CONSTRAINT "checkout_quote_builds_value_check" CHECK ("value" ~ '^[0-9]+$')
);
CREATE UNIQUE INDEX "checkout_quote_builds_chain_id_fingerprint_key" ON "checkout_quote_builds"("chain_id", "fingerprint");
CREATE INDEX "checkout_quote_builds_quote_id_idx" ON "checkout_quote_builds"("quote_id");
CREATE INDEX "checkout_quote_builds_session_id_idx" ON "checkout_quote_builds"("session_id");
ALTER TABLE "checkout_quote_builds" ADD CONSTRAINT "checkout_quote_builds_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "checkout_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- Which quotes built which transaction (a quote may be built several times, and two quotes of one session may build
-- the same transaction): a routed payment reported under a quote is judged against that quote's builds only.
CREATE TABLE "checkout_quote_build_uses" (
    "quote_id" TEXT NOT NULL,
    "build_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "checkout_quote_build_uses_pkey" PRIMARY KEY ("quote_id", "build_id")
);
CREATE INDEX "checkout_quote_build_uses_build_id_idx" ON "checkout_quote_build_uses"("build_id");
ALTER TABLE "checkout_quote_build_uses" ADD CONSTRAINT "checkout_quote_build_uses_build_id_fkey" FOREIGN KEY ("build_id") REFERENCES "checkout_quote_builds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Payments reported before this migration were accepted under the earlier rules (the report moved the session):
-- they count as seen, so the verifier settles them as it did, without asking for evidence they could not carry.
UPDATE "checkout_payments" SET "seen_at" = "created_at";

-- An order is one quote's report. The same source transaction reported under another quote (anyone can report
-- any hash they saw on chain) no longer blocks the quote it was built for: orders of ordinary quotes are unique by
-- quote id only, and a checkout session counts a transaction only with its evidence. Limit-order fills keep their
-- own unique key.
DROP INDEX "orders_src_chain_id_src_tx_hash_key";
CREATE INDEX "orders_src_chain_id_src_tx_hash_idx" ON "orders"("src_chain_id", "src_tx_hash") WHERE "limit_order_id" IS NULL;
