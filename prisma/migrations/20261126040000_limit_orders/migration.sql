-- Solana limit orders (src/limit-orders/). Their fills are order records (`orders.limit_order_id`).
CREATE TABLE "limit_orders" (
    "id" TEXT NOT NULL,
    "account_id" TEXT,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "provider" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "maker" TEXT NOT NULL,
    "input_mint" TEXT NOT NULL,
    "output_mint" TEXT NOT NULL,
    "input_decimals" INTEGER NOT NULL,
    "output_decimals" INTEGER NOT NULL,
    "making_amount" TEXT NOT NULL,
    "taking_amount" TEXT NOT NULL,
    "filled_making_amount" TEXT NOT NULL DEFAULT '0',
    "filled_taking_amount" TEXT NOT NULL DEFAULT '0',
    "expires_at" TIMESTAMPTZ(3),
    "channel" TEXT NOT NULL,
    "our_fee_bps" INTEGER NOT NULL,
    "partner_fee_bps" INTEGER NOT NULL,
    "partner_id" TEXT,
    "provider_order_id" TEXT NOT NULL,
    "provider_status" TEXT,
    "request_id" TEXT NOT NULL,
    "pending_txs" JSONB NOT NULL,
    "pending_action" TEXT,
    "open_tx_hash" TEXT,
    "close_tx_hash" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "quiet_polls" INTEGER NOT NULL DEFAULT 0,
    "next_poll_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "finalized_at" TIMESTAMPTZ(3),
    CONSTRAINT "limit_orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "limit_orders_status_check" CHECK ("status" IN ('pending_signature', 'open', 'partially_filled', 'filled', 'cancelled', 'expired', 'failed')),
    CONSTRAINT "limit_orders_amounts_check" CHECK (
        "making_amount" ~ '^[0-9]{1,78}$' AND "taking_amount" ~ '^[0-9]{1,78}$'
        AND "filled_making_amount" ~ '^[0-9]{1,78}$' AND "filled_taking_amount" ~ '^[0-9]{1,78}$'
    )
);

CREATE UNIQUE INDEX "limit_orders_provider_provider_order_id_key" ON "limit_orders"("provider", "provider_order_id");
CREATE INDEX "limit_orders_status_next_poll_at_idx" ON "limit_orders"("status", "next_poll_at");
CREATE INDEX "limit_orders_account_id_livemode_created_at_idx" ON "limit_orders"("account_id", "livemode", "created_at");
CREATE INDEX "limit_orders_maker_created_at_idx" ON "limit_orders"("maker", "created_at");
CREATE INDEX "orders_limit_order_id_idx" ON "orders"("limit_order_id");
