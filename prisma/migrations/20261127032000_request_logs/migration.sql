-- Request logs and usage (src/request-logs/): one row per API request of an account, written in batches off the
-- request path and kept REQUEST_LOG_RETENTION_DAYS; and the daily roll-up per (account, mode, day, route, status),
-- added to by every instance's batches (INSERT … ON CONFLICT DO UPDATE SET count = count + EXCLUDED.count) and
-- kept USAGE_RETENTION_DAYS. No foreign key to accounts: a batch must not fail for one row, and both tables
-- are swept by age.
CREATE TABLE "request_logs" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "method" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "latency_ms" DOUBLE PRECISION NOT NULL,
    "request_id" TEXT NOT NULL,
    "credential_id" TEXT,
    "client_ip" TEXT,
    "user_agent" TEXT,
    "error_code" TEXT,
    CONSTRAINT "request_logs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "request_logs_account_id_livemode_created_at_id_idx" ON "request_logs"("account_id", "livemode", "created_at" DESC, "id" DESC);
CREATE INDEX "request_logs_account_id_livemode_request_id_idx" ON "request_logs"("account_id", "livemode", "request_id");
CREATE INDEX "request_logs_created_at_idx" ON "request_logs"("created_at");

CREATE TABLE "usage_daily" (
    "account_id" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "day" DATE NOT NULL,
    "route" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "count" BIGINT NOT NULL,
    "error_count" BIGINT NOT NULL,
    "latency_sum_ms" DOUBLE PRECISION NOT NULL,
    "latency_max_ms" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "usage_daily_pkey" PRIMARY KEY ("account_id", "livemode", "day", "route", "status")
);
CREATE INDEX "usage_daily_day_idx" ON "usage_daily"("day");
