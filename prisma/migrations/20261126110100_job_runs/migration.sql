-- The last run of each scheduled job anywhere in the cluster (whichever instance held its lock), so every
-- instance can report how late a job is (hotelpay_job_lag_seconds, docs/deploy.md "Metrics").
CREATE TABLE "job_runs" (
    "name" TEXT NOT NULL,
    "last_started_at" TIMESTAMPTZ(6) NOT NULL,
    "last_finished_at" TIMESTAMPTZ(6),
    "last_success_at" TIMESTAMPTZ(6),
    "last_error" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("name")
);
