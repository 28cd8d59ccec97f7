-- Account suspension (src/accounts/, docs/admin.md "Suspension"): set and cleared by the operator. While set, every
-- API key and dashboard session of the account is refused with 403 and payers get no new quotes for its sessions.
ALTER TABLE "accounts" ADD COLUMN "suspended_at" TIMESTAMPTZ(3);
ALTER TABLE "accounts" ADD COLUMN "suspended_reason" TEXT;
