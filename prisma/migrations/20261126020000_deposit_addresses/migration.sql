-- Deposit addresses (beta) and the deposits seen at them.
--  * a deposit is recorded once per provider deposit id (exactly once across instances);
--  * a one-time address carries its amount; a disabled one its disabled_at.
CREATE TABLE "deposit_addresses" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "provider" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "token_symbol" TEXT NOT NULL,
    "token_decimals" INTEGER NOT NULL,
    "dst_chain_id" INTEGER NOT NULL,
    "dst_token" TEXT NOT NULL,
    "dst_symbol" TEXT NOT NULL,
    "dst_decimals" INTEGER NOT NULL,
    "recipient" TEXT NOT NULL,
    "refund_to" TEXT NOT NULL,
    "reusable" BOOLEAN NOT NULL,
    "amount" TEXT,
    "our_fee_bps" INTEGER NOT NULL,
    "integrator_fee_bps" INTEGER NOT NULL,
    "integrator" TEXT,
    "label" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "estimate" JSONB NOT NULL,
    "provider_ref" TEXT,
    "deposit_count" INTEGER NOT NULL DEFAULT 0,
    "last_deposit_at" TIMESTAMPTZ(3),
    "next_check_at" TIMESTAMPTZ(3) NOT NULL,
    "last_checked_at" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "deposit_addresses_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deposit_addresses_status_check" CHECK ("status" IN ('active', 'disabled')),
    CONSTRAINT "deposit_addresses_amount_check" CHECK ("amount" IS NULL OR ("amount" ~ '^[0-9]{1,78}$' AND "amount"::numeric > 0)),
    CONSTRAINT "deposit_addresses_one_time_check" CHECK ("reusable" OR "amount" IS NOT NULL),
    CONSTRAINT "deposit_addresses_disabled_check" CHECK ("status" <> 'disabled' OR "disabled_at" IS NOT NULL),
    CONSTRAINT "deposit_addresses_fees_check" CHECK ("our_fee_bps" >= 0 AND "integrator_fee_bps" >= 0)
);
CREATE INDEX "deposit_addresses_account_id_livemode_created_at_id_idx" ON "deposit_addresses"("account_id", "livemode", "created_at" DESC, "id" DESC);
CREATE INDEX "deposit_addresses_status_next_check_at_idx" ON "deposit_addresses"("status", "next_check_at");

CREATE TABLE "deposits" (
    "id" TEXT NOT NULL,
    "deposit_address_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_deposit_id" TEXT NOT NULL,
    "quote_id" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "src_tx_hash" TEXT NOT NULL,
    "detected_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "deposits_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deposits_amount_check" CHECK ("amount" ~ '^[0-9]{1,78}$'),
    CONSTRAINT "deposits_deposit_address_id_fkey" FOREIGN KEY ("deposit_address_id") REFERENCES "deposit_addresses"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "deposits_provider_provider_deposit_id_key" ON "deposits"("provider", "provider_deposit_id");
CREATE UNIQUE INDEX "deposits_quote_id_key" ON "deposits"("quote_id");
CREATE INDEX "deposits_deposit_address_id_detected_at_idx" ON "deposits"("deposit_address_id", "detected_at" DESC);

-- Orders of one deposit address, newest first (GET /v1/orders?depositAddressId=, the address's recent deposits).
CREATE INDEX "orders_deposit_address_id_submitted_at_idx" ON "orders"("deposit_address_id", "submitted_at" DESC);
