-- Invoices, their per-account numbering and the email outbox.
--  * a number is unique per account and mode, and set exactly when the invoice has left draft;
--  * a paid invoice has its paying session and paid_at; a void one its voided_at.
CREATE TYPE "invoice_status" AS ENUM ('draft', 'open', 'paid', 'void');

CREATE TABLE "invoices" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "status" "invoice_status" NOT NULL DEFAULT 'draft',
    "number" TEXT,
    "amount" TEXT NOT NULL,
    "settle_chain_id" INTEGER NOT NULL,
    "settle_token" TEXT NOT NULL,
    "settle_symbol" TEXT NOT NULL,
    "settle_decimals" INTEGER NOT NULL,
    "recipient" TEXT NOT NULL,
    "line_items" JSONB NOT NULL,
    "customer_email" TEXT,
    "customer_name" TEXT,
    "merchant_name" TEXT,
    "reply_to" TEXT,
    "memo" TEXT,
    "due_at" TIMESTAMPTZ(3),
    "session_id" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "paid_at" TIMESTAMPTZ(3),
    "receipt_sent_at" TIMESTAMPTZ(3),
    "voided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "invoices_amount_check" CHECK ("amount" ~ '^[0-9]{1,78}$' AND "amount"::numeric > 0),
    CONSTRAINT "invoices_number_check" CHECK (
        ("status" = 'draft' AND "number" IS NULL)
        OR ("status" IN ('open', 'paid') AND "number" IS NOT NULL AND "sent_at" IS NOT NULL)
        OR "status" = 'void'
    ),
    CONSTRAINT "invoices_paid_check" CHECK ("status" <> 'paid' OR ("paid_at" IS NOT NULL AND "session_id" IS NOT NULL)),
    CONSTRAINT "invoices_void_check" CHECK ("status" <> 'void' OR "voided_at" IS NOT NULL)
);
CREATE UNIQUE INDEX "invoices_account_id_livemode_number_key" ON "invoices"("account_id", "livemode", "number");
CREATE INDEX "invoices_account_id_livemode_created_at_id_idx" ON "invoices"("account_id", "livemode", "created_at" DESC, "id" DESC);
CREATE INDEX "invoices_account_id_livemode_status_created_at_id_idx" ON "invoices"("account_id", "livemode", "status", "created_at" DESC, "id" DESC);

CREATE TABLE "invoice_counters" (
    "account_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "last_number" INTEGER NOT NULL,
    CONSTRAINT "invoice_counters_pkey" PRIMARY KEY ("account_id", "livemode"),
    CONSTRAINT "invoice_counters_last_number_check" CHECK ("last_number" >= 1)
);

CREATE TABLE "email_messages" (
    "id" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "invoice_id" TEXT,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "from_name" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "reply_to" TEXT,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "email_messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "email_messages_kind_check" CHECK ("kind" IN ('invoice', 'receipt')),
    CONSTRAINT "email_messages_status_check" CHECK ("status" IN ('pending', 'sent', 'captured', 'failed'))
);
CREATE INDEX "email_messages_status_next_attempt_at_idx" ON "email_messages"("status", "next_attempt_at");
CREATE INDEX "email_messages_invoice_id_seq_idx" ON "email_messages"("invoice_id", "seq");
CREATE INDEX "email_messages_created_at_idx" ON "email_messages"("created_at");
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
