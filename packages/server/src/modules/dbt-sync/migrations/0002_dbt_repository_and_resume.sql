-- The dbt repository a deployment's git-sourced syncs read, and what a sync needs to be resumed by
-- another process after the one running it stopped.
CREATE TABLE dbt_repositories (
  deployment_id integer PRIMARY KEY REFERENCES deployments(id) ON DELETE CASCADE,
  repository_url text NOT NULL,
  branch text NOT NULL,
  token_encrypted text,
  webhook_secret_encrypted text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE dbt_sync_runs
  ADD COLUMN author_name text NOT NULL DEFAULT 'Platform',
  ADD COLUMN author_email text NOT NULL DEFAULT 'platform@localhost',
  ADD COLUMN attempts integer NOT NULL DEFAULT 1,
  ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now();

-- An uploaded manifest, kept until its run ends so that a resumed run reads the same project.
CREATE TABLE dbt_sync_manifests (
  run_id integer PRIMARY KEY REFERENCES dbt_sync_runs(id) ON DELETE CASCADE,
  manifest text NOT NULL
);
