-- Quotes and orders: partner registry, quote store, order records.
CREATE TABLE "partners" (
    "id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "fee_bps" INTEGER NOT NULL DEFAULT 0,
    "max_fee_bps" INTEGER NOT NULL DEFAULT 0,
    "fee_recipient_evm" TEXT,
    "fee_recipient_svm" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "partners_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "partners_id_check" CHECK ("id" ~ '^[a-z0-9-]{1,32}$'),
    CONSTRAINT "partners_kind_check" CHECK ("kind" IN ('label', 'fee')),
    CONSTRAINT "partners_fee_check" CHECK ("fee_bps" >= 0 AND "max_fee_bps" >= 0 AND "fee_bps" <= "max_fee_bps" AND "max_fee_bps" <= 10000)
);

CREATE TABLE "partner_keys" (
    "api_key_id" TEXT NOT NULL,
    "partner_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "partner_keys_pkey" PRIMARY KEY ("api_key_id")
);
CREATE INDEX "partner_keys_partner_id_idx" ON "partner_keys"("partner_id");
ALTER TABLE "partner_keys" ADD CONSTRAINT "partner_keys_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "quotes" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "drop_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "quotes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "quotes_drop_at_idx" ON "quotes"("drop_at");

CREATE TABLE "orders" (
    "quote_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "account_id" TEXT,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "src_chain_id" INTEGER NOT NULL,
    "dst_chain_id" INTEGER NOT NULL,
    "amount" TEXT NOT NULL,
    "dst_amount" TEXT NOT NULL,
    "src_tx_hash" TEXT NOT NULL,
    "dst_tx_hash" TEXT,
    "tracking_id" TEXT NOT NULL,
    "provider_state" TEXT,
    "our_fee_bps" INTEGER NOT NULL,
    "partner_fee_bps" INTEGER NOT NULL,
    "partner_id" TEXT,
    "checkout_session_id" TEXT,
    "deposit_address_id" TEXT,
    "limit_order_id" TEXT,
    "poll_count" INTEGER NOT NULL DEFAULT 0,
    "next_poll_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finalized_at" TIMESTAMPTZ(3),
    CONSTRAINT "orders_pkey" PRIMARY KEY ("quote_id"),
    CONSTRAINT "orders_status_check" CHECK ("status" IN ('submitted', 'filled', 'refunded', 'failed')),
    CONSTRAINT "orders_amounts_check" CHECK ("amount" ~ '^[0-9]+$' AND "dst_amount" ~ '^[0-9]+$'),
    CONSTRAINT "orders_fees_check" CHECK ("our_fee_bps" >= 0 AND "partner_fee_bps" >= 0)
);
CREATE UNIQUE INDEX "orders_src_chain_id_src_tx_hash_key" ON "orders"("src_chain_id", "src_tx_hash");
CREATE INDEX "orders_status_next_poll_at_idx" ON "orders"("status", "next_poll_at");
CREATE INDEX "orders_account_id_livemode_submitted_at_idx" ON "orders"("account_id", "livemode", "submitted_at");
CREATE INDEX "orders_provider_tracking_id_idx" ON "orders"("provider", "tracking_id");
