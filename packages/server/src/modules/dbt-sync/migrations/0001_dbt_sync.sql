CREATE TABLE dbt_sync_runs (
  id serial PRIMARY KEY,
  sync_job_id uuid NOT NULL UNIQUE,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED')),
  stage text NOT NULL,
  percent_complete integer NOT NULL DEFAULT 0,
  trigger text NOT NULL,
  source text NOT NULL,
  branch_name text NOT NULL,
  git_ref text,
  cancel_requested boolean NOT NULL DEFAULT false,
  error_message text,
  generated_files jsonb,
  manifest_stats jsonb,
  cube_count integer,
  logs jsonb NOT NULL DEFAULT '[]'::jsonb,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

CREATE INDEX dbt_sync_runs_deployment ON dbt_sync_runs (deployment_id, id);
CREATE INDEX dbt_sync_runs_running ON dbt_sync_runs (status) WHERE status = 'RUNNING';
