-- Refunds target one payment (default: the paying one), so extra payments (a second payment to a paid
-- session, an underpayment under review) can be returned too. Each payment caps its own refunds at what it
-- delivered; the session's `amount_refunded` keeps counting the paying payment's refunds only (it stays at
-- most the session's `amount_received`, which is that payment's).
ALTER TABLE "checkout_payments" ADD COLUMN "amount_refunded" TEXT NOT NULL DEFAULT '0';
ALTER TABLE "checkout_payments" ADD CONSTRAINT "checkout_payments_amount_refunded_check" CHECK (
    "amount_refunded" ~ '^[0-9]{1,78}$'
    AND "amount_refunded"::numeric <= COALESCE("amount_received", '0')::numeric
);

ALTER TABLE "checkout_refunds" ADD COLUMN "payment_id" TEXT;
CREATE INDEX "checkout_refunds_payment_id_idx" ON "checkout_refunds"("payment_id");
ALTER TABLE "checkout_refunds" ADD CONSTRAINT "checkout_refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "checkout_payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Refunds made so far were all of the paying payment.
UPDATE "checkout_refunds" r SET "payment_id" = p."id"
  FROM "checkout_payments" p WHERE p."session_id" = r."session_id" AND p."status" = 'succeeded';
UPDATE "checkout_payments" p SET "amount_refunded" = s."amount_refunded"
  FROM "checkout_sessions" s WHERE s."id" = p."session_id" AND p."status" = 'succeeded';
