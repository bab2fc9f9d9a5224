CREATE TABLE data_model_branches (
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  name text NOT NULL,
  parent_branch text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (deployment_id, name)
);

CREATE TABLE data_model_dev_sessions (
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  credential_id integer NOT NULL,
  branch_name text NOT NULL,
  parent_branch text NOT NULL,
  is_active boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (deployment_id, credential_id)
);

CREATE TABLE data_model_builds (
  id serial PRIMARY KEY,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  branch_name text NOT NULL,
  commit_oid text NOT NULL,
  status text NOT NULL CHECK (status IN ('none', 'building', 'built', 'failed', 'cancelled', 'stopped')),
  error_text text,
  files_hash text,
  cubes_count integer,
  views_count integer,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX data_model_builds_branch ON data_model_builds (deployment_id, branch_name, id);

CREATE INDEX data_model_builds_building ON data_model_builds (status) WHERE status = 'building';

CREATE TABLE data_model_upload_transactions (
  id text PRIMARY KEY,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  credential_id integer NOT NULL,
  branch_name text NOT NULL,
  total_bytes bigint NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE data_model_upload_files (
  transaction_id text NOT NULL REFERENCES data_model_upload_transactions(id) ON DELETE CASCADE,
  file_name text NOT NULL,
  hash text NOT NULL,
  size integer NOT NULL,
  PRIMARY KEY (transaction_id, file_name)
);

CREATE TABLE data_model_git_remotes (
  deployment_id integer PRIMARY KEY REFERENCES deployments(id) ON DELETE CASCADE,
  repository_url text NOT NULL,
  branch text NOT NULL,
  installation_id text,
  owner text,
  repo text,
  token_encrypted text,
  updated_at timestamptz NOT NULL DEFAULT now()
)
