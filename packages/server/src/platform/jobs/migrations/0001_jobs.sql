-- One row per background job of any kind (builds, dbt syncs, ...). A worker claims a job by moving
-- `attempt` on from the value it read (a compare-and-set), moves `heartbeat_at` while it runs, and
-- another process takes over a running job whose heartbeat is older than the lease.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
  attempt integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL CHECK (max_attempts > 0),
  heartbeat_at timestamptz,
  run_after timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE INDEX jobs_queued ON jobs (run_after, id) WHERE state = 'queued';
CREATE INDEX jobs_running ON jobs (heartbeat_at) WHERE state = 'running';
