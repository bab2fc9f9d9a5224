-- The tokens made for environments of deployments: what they were made with, never the token itself.
CREATE TABLE environment_tokens (
  id serial PRIMARY KEY,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  environment_id text NOT NULL,
  token_suffix text NOT NULL,
  security_context jsonb NOT NULL,
  scopes jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by_credential_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX environment_tokens_environment ON environment_tokens (deployment_id, environment_id, id);
