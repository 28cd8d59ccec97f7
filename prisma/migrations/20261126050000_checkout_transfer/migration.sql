-- Checkout "pay by transfer": a one-time deposit address made for a checkout session records the session it pays
-- (its deposits' orders carry it too, as orders.checkout_session_id).
ALTER TABLE "deposit_addresses" ADD COLUMN "checkout_session_id" TEXT;
CREATE INDEX "deposit_addresses_checkout_session_id_idx" ON "deposit_addresses"("checkout_session_id");
