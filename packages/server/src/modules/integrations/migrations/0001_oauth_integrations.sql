-- OAuth 2.0 clients of other services (a warehouse, a spreadsheet tool), one per provider and account.
CREATE TABLE oauth_integrations (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('generic', 'snowflake', 'google', 'github')),
  client_id text NOT NULL,
  client_secret_encrypted text NOT NULL,
  authorization_url text NOT NULL,
  token_url text NOT NULL,
  revocation_url text,
  scopes jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, name)
);

-- Connections started and not yet completed: the state is single use, so only its hash is kept.
CREATE TABLE oauth_authorization_requests (
  state_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  integration_id integer NOT NULL REFERENCES oauth_integrations(id) ON DELETE CASCADE,
  code_verifier_encrypted text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX oauth_authorization_requests_expiry ON oauth_authorization_requests (expires_at);

-- One connection per user and integration; the tokens are encrypted, and cleared once unusable.
CREATE TABLE user_oauth_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  integration_id integer NOT NULL REFERENCES oauth_integrations(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('active', 'expired', 'revoked')),
  access_token_encrypted text,
  refresh_token_encrypted text,
  access_token_expires_at timestamptz,
  scopes jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, integration_id)
);

CREATE INDEX user_oauth_tokens_integration ON user_oauth_tokens (integration_id);
