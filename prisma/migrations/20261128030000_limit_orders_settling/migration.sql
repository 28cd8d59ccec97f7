-- The limit-order poller also looks at orders closed in the last 15 minutes (a fill the provider lists late):
-- this index finds those among every closed order ever made.
CREATE INDEX "limit_orders_status_finalized_at_idx" ON "limit_orders"("status", "finalized_at");
