-- A partner belongs to one account (src/partners/): its dashboard shows the profile and changes the fee settings
-- the operator allows. Set by `partners:set --account` or by linking the partner's first key; at most one partner
-- per account. Existing partners take the account of their linked keys where those keys all belong to one
-- account and no other partner claims that account; the others stay unowned until the operator names one.
ALTER TABLE "partners" ADD COLUMN "account_id" TEXT;

WITH owners AS (
    SELECT pk."partner_id", min(ak."account_id") AS "account_id"
    FROM "partner_keys" pk JOIN "api_keys" ak ON ak."id" = pk."api_key_id"
    GROUP BY pk."partner_id"
    HAVING count(DISTINCT ak."account_id") = 1
), single AS (
    SELECT "account_id", min("partner_id") AS "partner_id" FROM owners GROUP BY "account_id" HAVING count(*) = 1
)
UPDATE "partners" p SET "account_id" = single."account_id" FROM single WHERE p."id" = single."partner_id";

CREATE UNIQUE INDEX "partners_account_id_key" ON "partners"("account_id");
