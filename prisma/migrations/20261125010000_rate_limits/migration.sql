-- Rate limits (src/ratelimit/). An operator may raise (or lower) one account's limits: every bucket's points are
-- multiplied by this factor. NULL means 1.
ALTER TABLE "accounts" ADD COLUMN "rate_limit_multiplier" DOUBLE PRECISION;
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_rate_limit_multiplier_check" CHECK ("rate_limit_multiplier" IS NULL OR ("rate_limit_multiplier" > 0 AND "rate_limit_multiplier" <= 1000));

-- The counters of rate-limiter-flexible's RateLimiterPostgres (used when DATABASE_URL is set and REDIS_URL is not),
-- in the layout it would create itself. Created here so several instances starting at once never race to create
-- it (the limiter runs with tableCreated: true). UNLOGGED: counters are worth no WAL write, and losing them in a
-- crash only resets the current windows. The library deletes rows an hour past `expire` every five minutes.
CREATE UNLOGGED TABLE "rate_limits" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,
    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits"("expire");
