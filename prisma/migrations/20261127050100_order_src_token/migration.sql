-- Orders keep their source token (address or mint), so volume and partner fees can be summed per token (a
-- partner's earnings, src/orders/service.ts `partnerEarnings`). Null on orders recorded before.
ALTER TABLE "orders" ADD COLUMN "src_token" TEXT;

CREATE INDEX "orders_partner_id_livemode_status_idx" ON "orders"("partner_id", "livemode", "status");
