-- The merchant's resolutions of checkout sessions in `needs_review` (src/checkout/review.ts), one row per move:
-- `accept` (the payment under review pays the session: needs_review → paid) or `reopen` (needs_review → open).
-- An audit trail: rows are only ever inserted. Who did it is the API key id (kept as text, not a foreign key:
-- the trail outlives the key); why is the merchant's note (1 to 500 characters).
CREATE TABLE "checkout_reviews" (
    "id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "payment_id" TEXT,
    "review_reason" TEXT,
    "payment_reason" TEXT,
    "api_key_id" TEXT NOT NULL,
    "from_status" "checkout_session_status" NOT NULL,
    "to_status" "checkout_session_status" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "checkout_reviews_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "checkout_reviews_action_check" CHECK ("action" IN ('accept', 'reopen')),
    CONSTRAINT "checkout_reviews_note_check" CHECK (char_length("note") BETWEEN 1 AND 500),
    -- The only moves out of review: accepting pays the session with a named payment; reopening opens it.
    CONSTRAINT "checkout_reviews_move_check" CHECK (
        "from_status" = 'needs_review'
        AND (("action" = 'accept' AND "to_status" = 'paid' AND "payment_id" IS NOT NULL) OR ("action" = 'reopen' AND "to_status" = 'open'))
    )
);
CREATE INDEX "checkout_reviews_session_id_idx" ON "checkout_reviews"("session_id");
ALTER TABLE "checkout_reviews" ADD CONSTRAINT "checkout_reviews_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "checkout_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "checkout_reviews" ADD CONSTRAINT "checkout_reviews_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "checkout_payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Append-only: a resolution, once recorded, is never changed (rows go only with their session, which is never deleted).
CREATE FUNCTION "checkout_reviews_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'checkout_reviews is append-only';
END;
$$;
CREATE TRIGGER "checkout_reviews_no_update" BEFORE UPDATE ON "checkout_reviews" FOR EACH ROW EXECUTE FUNCTION "checkout_reviews_append_only"();
