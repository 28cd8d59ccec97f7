-- Subscriptions, their billed periods and test clocks.
--  * a period is invoiced at most once: primary key (subscription_id, period_index), and an invoice bills one period;
--  * test clocks are test mode only, and so are the subscriptions attached to them;
--  * reminder emails join the outbox's kinds.
CREATE TYPE "subscription_status" AS ENUM ('trialing', 'active', 'past_due', 'canceled');

CREATE TABLE "test_clocks" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT,
    "frozen_time" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ready',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "test_clocks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "test_clocks_test_mode_check" CHECK ("livemode" = false),
    CONSTRAINT "test_clocks_status_check" CHECK ("status" IN ('ready', 'advancing'))
);
CREATE INDEX "test_clocks_account_id_livemode_created_at_id_idx" ON "test_clocks"("account_id", "livemode", "created_at" DESC, "id" DESC);

CREATE TABLE "subscriptions" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "status" "subscription_status" NOT NULL,
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "customer_email" TEXT NOT NULL,
    "customer_name" TEXT,
    "merchant_name" TEXT,
    "reply_to" TEXT,
    "settle_chain_id" INTEGER NOT NULL,
    "settle_token" TEXT NOT NULL,
    "settle_symbol" TEXT NOT NULL,
    "settle_decimals" INTEGER NOT NULL,
    "recipient" TEXT NOT NULL,
    "line_items" JSONB NOT NULL,
    "amount" TEXT NOT NULL,
    "interval" TEXT NOT NULL,
    "interval_count" INTEGER NOT NULL,
    "days_until_due" INTEGER NOT NULL,
    "metadata" JSONB NOT NULL,
    "test_clock_id" TEXT,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "trial_end_at" TIMESTAMPTZ(3),
    "billing_anchor" TIMESTAMPTZ(3) NOT NULL,
    "current_period_index" INTEGER,
    "current_period_start" TIMESTAMPTZ(3),
    "current_period_end" TIMESTAMPTZ(3),
    "next_action_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "cancellation_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "subscriptions_amount_check" CHECK ("amount" ~ '^[0-9]{1,78}$' AND "amount"::numeric > 0),
    CONSTRAINT "subscriptions_interval_check" CHECK ("interval" IN ('day', 'week', 'month', 'year') AND "interval_count" >= 1),
    CONSTRAINT "subscriptions_days_until_due_check" CHECK ("days_until_due" >= 0),
    CONSTRAINT "subscriptions_clock_test_mode_check" CHECK ("test_clock_id" IS NULL OR "livemode" = false),
    CONSTRAINT "subscriptions_canceled_check" CHECK ("status" <> 'canceled' OR ("canceled_at" IS NOT NULL AND "next_action_at" IS NULL))
);
CREATE INDEX "subscriptions_account_id_livemode_created_at_id_idx" ON "subscriptions"("account_id", "livemode", "created_at" DESC, "id" DESC);
CREATE INDEX "subscriptions_account_id_livemode_status_created_at_id_idx" ON "subscriptions"("account_id", "livemode", "status", "created_at" DESC, "id" DESC);
CREATE INDEX "subscriptions_next_action_at_idx" ON "subscriptions"("next_action_at");
CREATE INDEX "subscriptions_test_clock_id_idx" ON "subscriptions"("test_clock_id");
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_test_clock_id_fkey" FOREIGN KEY ("test_clock_id") REFERENCES "test_clocks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "subscription_periods" (
    "subscription_id" TEXT NOT NULL,
    "period_index" INTEGER NOT NULL,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "invoice_id" TEXT NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "past_due_at" TIMESTAMPTZ(3),
    "reminder1_at" TIMESTAMPTZ(3),
    "reminder2_at" TIMESTAMPTZ(3),
    "voided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "subscription_periods_pkey" PRIMARY KEY ("subscription_id", "period_index"),
    CONSTRAINT "subscription_periods_index_check" CHECK ("period_index" >= 0 AND "end_at" > "start_at")
);
CREATE UNIQUE INDEX "subscription_periods_invoice_id_key" ON "subscription_periods"("invoice_id");
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_kind_check";
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_kind_check" CHECK ("kind" IN ('invoice', 'receipt', 'reminder'));
