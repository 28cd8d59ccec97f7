-- The fee the provider reports taking on a limit-order fill (raw integer units of fee_mint), as it reports it.
-- Whether that figure covers only the provider's own fee or also the integrator fee the order carries is not
-- settled, so the order's fee rates (our_fee_bps, partner_fee_bps) are kept beside it unchanged.
ALTER TABLE "orders" ADD COLUMN "fill_fee_amount" TEXT;
ALTER TABLE "orders" ADD COLUMN "fill_fee_mint" TEXT;
ALTER TABLE "orders" ADD CONSTRAINT "orders_fill_fee_amount_check" CHECK ("fill_fee_amount" IS NULL OR "fill_fee_amount" ~ '^[0-9]{1,78}$');
