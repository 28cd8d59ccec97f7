-- Checkout "pay by transfer": a session's addresses are bounded and closed with it.
--  * one active address per (session, source chain, token): the pair's unused address is answered again
--    (src/deposits/state.ts planCheckoutAddress); the bound on distinct pairs per session is kept under the
--    session's row lock, this index guards the pair in the database itself;
--  * a session that can take no payment has no active address (they are disabled in the transaction that
--    closes it from now on).
-- Rows made before either rule: addresses of sessions that can take no payment any more are disabled, and of
-- several active addresses of one pair the one with a deposit (else the newest) stays active.
UPDATE "deposit_addresses" AS d SET "status" = 'disabled', "disabled_at" = CURRENT_TIMESTAMP, "updated_at" = CURRENT_TIMESTAMP
FROM "checkout_sessions" AS s
WHERE d."checkout_session_id" = s."id" AND d."status" = 'active' AND s."status" NOT IN ('open', 'processing');

WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY "checkout_session_id", "chain_id", "token" ORDER BY ("deposit_count" > 0) DESC, "created_at" DESC, "id" DESC) AS n
  FROM "deposit_addresses"
  WHERE "checkout_session_id" IS NOT NULL AND "status" = 'active'
)
UPDATE "deposit_addresses" SET "status" = 'disabled', "disabled_at" = CURRENT_TIMESTAMP, "updated_at" = CURRENT_TIMESTAMP
WHERE "id" IN (SELECT "id" FROM ranked WHERE n > 1);

CREATE UNIQUE INDEX "deposit_addresses_checkout_pair_active_key" ON "deposit_addresses"("checkout_session_id", "chain_id", "token")
WHERE "checkout_session_id" IS NOT NULL AND "status" = 'active';
