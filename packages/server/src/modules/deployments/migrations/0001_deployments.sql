CREATE TABLE deployments (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  creation_step text NOT NULL DEFAULT 'project'
    CHECK (creation_step IN ('project', 'upload', 'schema', 'github', 'ssh', 'databases', 'ready', 'demo')),
  cloud_provider text NOT NULL CHECK (cloud_provider IN ('cubecloud', 'aws', 'gcp')),
  creation_method text NOT NULL CHECK (creation_method IN ('upload', 'cubecloud', 'github', 'ssh')),
  deploy_mode text NOT NULL CHECK (deploy_mode IN ('git', 'cli')),
  region text NOT NULL,
  release_channel text NOT NULL DEFAULT 'latest' CHECK (release_channel IN ('latest', 'release')),
  release_channel_version text,
  deploy_branch_name text NOT NULL DEFAULT 'main',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX deployments_account_name ON deployments (account_id, name);

CREATE TABLE deployment_env_vars (
  id serial PRIMARY KEY,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  name text NOT NULL,
  value_encrypted text NOT NULL,
  is_secret boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (deployment_id, name)
);

CREATE TABLE deployment_logs (
  id bigserial PRIMARY KEY,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  date timestamptz NOT NULL DEFAULT now(),
  source text NOT NULL CHECK (source IN ('production', 'dev')),
  container text NOT NULL,
  pod text NOT NULL,
  message text NOT NULL
);

CREATE INDEX deployment_logs_deployment_id ON deployment_logs (deployment_id, id);
