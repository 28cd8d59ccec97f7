-- The public platform status (src/status/): per-minute signal samples (added to by every instance), hourly
-- roll-ups (the 90-day bars), incidents and maintenance posted by operators, and probe leases.
CREATE TABLE "status_minute_samples" (
    "component" TEXT NOT NULL,
    "minute" TIMESTAMPTZ(3) NOT NULL,
    "total" INTEGER NOT NULL,
    "failed" INTEGER NOT NULL,
    "timeouts" INTEGER NOT NULL,
    "slow" INTEGER NOT NULL,
    "lag_ms" INTEGER NOT NULL,
    CONSTRAINT "status_minute_samples_pkey" PRIMARY KEY ("component", "minute")
);
CREATE INDEX "status_minute_samples_minute_idx" ON "status_minute_samples"("minute");

CREATE TABLE "status_hourly" (
    "component" TEXT NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "operational" INTEGER NOT NULL,
    "degraded" INTEGER NOT NULL,
    "partial" INTEGER NOT NULL,
    "major" INTEGER NOT NULL,
    "maintenance" INTEGER NOT NULL,
    "no_data" INTEGER NOT NULL,
    CONSTRAINT "status_hourly_pkey" PRIMARY KEY ("component", "hour")
);
CREATE INDEX "status_hourly_hour_idx" ON "status_hourly"("hour");

CREATE TABLE "status_incidents" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "components" JSONB NOT NULL,
    "scheduled_start_at" TIMESTAMPTZ(3),
    "scheduled_end_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "status_incidents_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "status_incidents_created_at_id_idx" ON "status_incidents"("created_at", "id");
CREATE INDEX "status_incidents_ended_at_idx" ON "status_incidents"("ended_at");

CREATE TABLE "status_incident_updates" (
    "id" TEXT NOT NULL,
    "incident_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "status_incident_updates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "status_incident_updates_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "status_incidents"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "status_incident_updates_incident_id_created_at_idx" ON "status_incident_updates"("incident_id", "created_at");

CREATE TABLE "status_probe_leases" (
    "target" TEXT NOT NULL,
    "next_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "status_probe_leases_pkey" PRIMARY KEY ("target")
);
