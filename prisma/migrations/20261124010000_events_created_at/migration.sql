-- The retention sweep (src/events/retention.ts) finds old events by creation time across accounts.
CREATE INDEX "events_created_at_idx" ON "events"("created_at");
