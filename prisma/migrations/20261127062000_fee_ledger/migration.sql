-- The fee ledger (src/ledger/, docs/ledger.md): double entry, append-only. Every order that reaches `filled` posts
-- its service fee and its partner fee, each as one transaction of two entries, in the transaction that fills the
-- order; an operator corrects only by reversing a transaction (a new transaction with the entries negated).
CREATE TABLE "ledger_transactions" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "leg" TEXT NOT NULL,
    "source_key" TEXT,
    "reverses_id" TEXT,
    "reason" TEXT,
    "actor" TEXT,
    "livemode" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_transactions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_transactions_kind_check" CHECK ("kind" IN ('fee', 'reversal')),
    CONSTRAINT "ledger_transactions_leg_check" CHECK ("leg" IN ('service_fee', 'partner_fee')),
    -- A reversal names what it reverses and why; a fee transaction does neither.
    CONSTRAINT "ledger_transactions_reversal_check" CHECK (("kind" = 'reversal') = ("reverses_id" IS NOT NULL) AND ("kind" = 'reversal') = ("reason" IS NOT NULL))
);

-- One fee transaction per fill and leg (a replayed fill writes nothing), one reversal per transaction.
CREATE UNIQUE INDEX "ledger_transactions_order_id_leg_kind_key" ON "ledger_transactions"("order_id", "leg", "kind");
CREATE UNIQUE INDEX "ledger_transactions_reverses_id_key" ON "ledger_transactions"("reverses_id");
-- Anyone may report a transaction hash under their own quote (migration 20261126061000_payment_evidence), so two
-- orders can be filled by one source transaction: its fees are posted for the first only. Limit-order fills and
-- deposits name their order or address in the key (one keeper transaction fills several limit orders; one transfer
-- may pay several deposit addresses).
CREATE UNIQUE INDEX "ledger_transactions_source_key_leg_key" ON "ledger_transactions"("source_key", "leg") WHERE "kind" = 'fee';
CREATE INDEX "ledger_transactions_created_at_id_idx" ON "ledger_transactions"("created_at", "id");
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_reverses_id_fkey" FOREIGN KEY ("reverses_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

CREATE TABLE "ledger_entries" (
    "id" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "leg" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "partner_id" TEXT,
    "chain_id" INTEGER NOT NULL,
    "token" TEXT,
    "decimals" INTEGER,
    "amount" NUMERIC(78, 0) NOT NULL,
    "usd_value" NUMERIC(38, 6),
    "price_usd" DOUBLE PRECISION,
    "price_source" TEXT,
    "livemode" BOOLEAN NOT NULL,
    "provider" TEXT NOT NULL,
    "src_chain_id" INTEGER NOT NULL,
    "dst_chain_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_entries_kind_check" CHECK ("kind" IN ('fee', 'reversal')),
    CONSTRAINT "ledger_entries_leg_check" CHECK ("leg" IN ('service_fee', 'partner_fee')),
    CONSTRAINT "ledger_entries_account_check" CHECK ("account" ~ '^(payer_volume|service_revenue|partner_payable:[a-z0-9_-]{1,32})$'),
    -- Zero-amount legs are not written.
    CONSTRAINT "ledger_entries_amount_check" CHECK ("amount" <> 0),
    CONSTRAINT "ledger_entries_price_check" CHECK (
      ("price_source" IS NULL AND "price_usd" IS NULL AND "usd_value" IS NULL)
      OR ("price_source" IN ('defillama', 'jupiter', 'token_list', 'usd_peg') AND "price_usd" IS NOT NULL AND "usd_value" IS NOT NULL))
);

CREATE UNIQUE INDEX "ledger_entries_transaction_id_account_key" ON "ledger_entries"("transaction_id", "account");
CREATE INDEX "ledger_entries_created_at_id_idx" ON "ledger_entries"("created_at", "id");
CREATE INDEX "ledger_entries_livemode_account_chain_id_token_created_at_idx" ON "ledger_entries"("livemode", "account", "chain_id", "token", "created_at");
CREATE INDEX "ledger_entries_partner_id_created_at_idx" ON "ledger_entries"("partner_id", "created_at");
CREATE INDEX "ledger_entries_order_id_idx" ON "ledger_entries"("order_id");
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Append-only, as the audit log (append_only() of migration 20261127060000_admin_audit_log).
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "append_only"();
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "append_only"();
-- TRUNCATE skips row triggers: refused too.
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "append_only"();
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "append_only"();
