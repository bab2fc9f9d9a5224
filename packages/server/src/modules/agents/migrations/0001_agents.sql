CREATE TABLE agents (
  id uuid PRIMARY KEY,
  account_id integer NOT NULL,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  name text NOT NULL,
  instructions text,
  model_provider text CHECK (model_provider IN ('builtin', 'openai-compatible', 'anthropic')),
  model_base_url text,
  model_name text,
  model_api_key_encrypted text,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX agents_deployment ON agents (deployment_id, created_at);

-- At most one default per deployment, whatever the interleaving of writers.
CREATE UNIQUE INDEX agents_deployment_default ON agents (deployment_id) WHERE is_default;

CREATE TABLE agent_api_keys (
  id serial PRIMARY KEY,
  agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  account_id integer NOT NULL,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  token_prefix text NOT NULL,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX agent_api_keys_agent ON agent_api_keys (agent_id);

CREATE TABLE deployment_chat_auth (
  deployment_id integer PRIMARY KEY REFERENCES deployments(id) ON DELETE CASCADE,
  is_enabled boolean NOT NULL DEFAULT false,
  secret_encrypted text,
  jwks_url text,
  issuer text,
  audience text,
  updated_at timestamptz NOT NULL DEFAULT now()
)
