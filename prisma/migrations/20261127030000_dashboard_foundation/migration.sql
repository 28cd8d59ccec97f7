-- The dashboard's foundation: restricted and expiring API keys, team members by wallet, sign-in challenges and
-- cookie sessions (src/accounts/, src/auth/).
ALTER TABLE "api_keys" ADD COLUMN "expires_at" TIMESTAMPTZ(3);
ALTER TABLE "api_keys" ADD COLUMN "scopes" JSONB;
ALTER TABLE "api_keys" ADD COLUMN "rolled_from_id" TEXT;

CREATE TABLE "members" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "chain_type" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "invited_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "joined_at" TIMESTAMPTZ(3),
    CONSTRAINT "members_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "members_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "members_account_id_chain_type_address_key" ON "members"("account_id", "chain_type", "address");
CREATE INDEX "members_chain_type_address_idx" ON "members"("chain_type", "address");

CREATE TABLE "sign_in_challenges" (
    "nonce" TEXT NOT NULL,
    "chain_type" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "chain_id" INTEGER,
    "message" TEXT NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "sign_in_challenges_pkey" PRIMARY KEY ("nonce")
);
CREATE INDEX "sign_in_challenges_expires_at_idx" ON "sign_in_challenges"("expires_at");

CREATE TABLE "dashboard_sessions" (
    "id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "chain_type" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'test',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "user_agent" TEXT,
    "ip_address" TEXT,
    CONSTRAINT "dashboard_sessions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "dashboard_sessions_token_hash_key" ON "dashboard_sessions"("token_hash");
CREATE INDEX "dashboard_sessions_chain_type_address_idx" ON "dashboard_sessions"("chain_type", "address");
CREATE INDEX "dashboard_sessions_expires_at_idx" ON "dashboard_sessions"("expires_at");
