-- Checkout sessions, their payments (attempts) and refunds. Money rules live in constraints:
--  * one transaction (per chain) can be reported for one payment only, and deliver one payment only;
--  * a session has at most one succeeded payment;
--  * refunds never exceed what the session received.
CREATE TYPE "checkout_session_status" AS ENUM ('open', 'processing', 'paid', 'needs_review', 'expired');
CREATE TYPE "checkout_payment_status" AS ENUM ('verifying', 'succeeded', 'failed', 'rejected');
CREATE TYPE "checkout_refund_status" AS ENUM ('pending', 'submitted', 'succeeded', 'failed', 'canceled');

CREATE TABLE "checkout_sessions" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "status" "checkout_session_status" NOT NULL DEFAULT 'open',
    "amount" TEXT NOT NULL,
    "settle_chain_id" INTEGER NOT NULL,
    "settle_token" TEXT NOT NULL,
    "settle_symbol" TEXT NOT NULL,
    "settle_decimals" INTEGER NOT NULL,
    "recipient" TEXT NOT NULL,
    "description" TEXT,
    "merchant_name" TEXT,
    "reference" TEXT,
    "metadata" JSONB,
    "success_url" TEXT,
    "cancel_url" TEXT,
    "invoice_id" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "review_reason" TEXT,
    "amount_received" TEXT,
    "amount_refunded" TEXT NOT NULL DEFAULT '0',
    "paid_at" TIMESTAMPTZ(3),
    "expired_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "checkout_sessions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "checkout_sessions_amount_check" CHECK ("amount" ~ '^[0-9]{1,78}$' AND "amount"::numeric > 0),
    CONSTRAINT "checkout_sessions_amount_received_check" CHECK ("amount_received" IS NULL OR "amount_received" ~ '^[0-9]{1,78}$'),
    CONSTRAINT "checkout_sessions_amount_refunded_check" CHECK (
        "amount_refunded" ~ '^[0-9]{1,78}$'
        AND "amount_refunded"::numeric <= COALESCE("amount_received", '0')::numeric
    ),
    CONSTRAINT "checkout_sessions_paid_check" CHECK ("status" <> 'paid' OR ("paid_at" IS NOT NULL AND "amount_received" IS NOT NULL))
);
CREATE INDEX "checkout_sessions_account_id_livemode_created_at_id_idx" ON "checkout_sessions"("account_id", "livemode", "created_at" DESC, "id" DESC);
CREATE INDEX "checkout_sessions_status_expires_at_idx" ON "checkout_sessions"("status", "expires_at");

CREATE TABLE "checkout_payments" (
    "id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" "checkout_payment_status" NOT NULL DEFAULT 'verifying',
    "payer" TEXT NOT NULL,
    "src_chain_id" INTEGER NOT NULL,
    "src_token" TEXT,
    "src_amount" TEXT,
    "src_tx_hash" TEXT NOT NULL,
    "quote_id" TEXT,
    "provider" TEXT,
    "settle_chain_id" INTEGER NOT NULL,
    "delivery_tx_hash" TEXT,
    "amount_received" TEXT,
    "block_number" BIGINT,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "settled_at" TIMESTAMPTZ(3),
    CONSTRAINT "checkout_payments_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "checkout_payments_kind_check" CHECK ("kind" IN ('direct', 'routed'))
);
CREATE UNIQUE INDEX "checkout_payments_quote_id_key" ON "checkout_payments"("quote_id");
-- One transaction can never pay two sessions: it is reported once, and it delivers once.
CREATE UNIQUE INDEX "checkout_payments_src_chain_id_src_tx_hash_key" ON "checkout_payments"("src_chain_id", "src_tx_hash");
CREATE UNIQUE INDEX "checkout_payments_settle_chain_id_delivery_tx_hash_key" ON "checkout_payments"("settle_chain_id", "delivery_tx_hash");
-- A session is paid once.
CREATE UNIQUE INDEX "checkout_payments_one_success_per_session" ON "checkout_payments"("session_id") WHERE "status" = 'succeeded';
CREATE INDEX "checkout_payments_status_idx" ON "checkout_payments"("status");
CREATE INDEX "checkout_payments_session_id_idx" ON "checkout_payments"("session_id");
ALTER TABLE "checkout_payments" ADD CONSTRAINT "checkout_payments_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "checkout_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "checkout_refunds" (
    "id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "status" "checkout_refund_status" NOT NULL DEFAULT 'pending',
    "amount" TEXT NOT NULL,
    "reason" TEXT,
    "chain_id" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "tx_hash" TEXT,
    "failure" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "succeeded_at" TIMESTAMPTZ(3),
    CONSTRAINT "checkout_refunds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "checkout_refunds_amount_check" CHECK ("amount" ~ '^[0-9]{1,78}$' AND "amount"::numeric > 0)
);
CREATE UNIQUE INDEX "checkout_refunds_chain_id_tx_hash_key" ON "checkout_refunds"("chain_id", "tx_hash");
CREATE INDEX "checkout_refunds_session_id_idx" ON "checkout_refunds"("session_id");
CREATE INDEX "checkout_refunds_status_idx" ON "checkout_refunds"("status");
ALTER TABLE "checkout_refunds" ADD CONSTRAINT "checkout_refunds_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "checkout_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
