CREATE TABLE oidc_token_configs (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  audience text NOT NULL,
  target_env_var text NOT NULL,
  -- Null: every deployment of the account. Ids of deleted deployments stay and cover nothing.
  deployment_ids integer[],
  is_enabled boolean NOT NULL DEFAULT true,
  lifetime_seconds integer NOT NULL CHECK (lifetime_seconds BETWEEN 300 AND 3600),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX oidc_token_configs_account ON oidc_token_configs (account_id, id);

-- The keys that sign workload tokens. The private key is encrypted with the platform's SecretBox and
-- cleared when the key is retired; the public key stays published until every token it signed expired.
CREATE TABLE oidc_signing_keys (
  kid text PRIMARY KEY,
  algorithm text NOT NULL,
  public_jwk text NOT NULL,
  private_jwk_encrypted text,
  created_at timestamptz NOT NULL,
  retired_at timestamptz
);

-- One current key, whatever the interleaving of processes that create one.
CREATE UNIQUE INDEX oidc_signing_keys_current ON oidc_signing_keys ((true)) WHERE retired_at IS NULL;
