-- Sign-in without an API key (docs/sign-in.md): an SSO sign-in or a CLI's device authorization is a
-- credential of the user, kept as an api_keys row of its own kind. Its token is never shown (only a random
-- hash is stored), so it is reached only through its web session or OAuth tokens; API key lists skip it.
-- Everything that follows keys (role changes, deactivation, deletion, the credential cache) follows it too.
ALTER TABLE api_keys ADD COLUMN kind text NOT NULL DEFAULT 'api-key' CHECK (kind IN ('api-key', 'sso', 'device'));

-- The OAuth device authorization grant (RFC 8628): codes kept as hashes, single-use, 15 minutes.
CREATE TABLE device_authorizations (
  id serial PRIMARY KEY,
  device_code_hash text NOT NULL UNIQUE,
  user_code text NOT NULL UNIQUE,
  client_id text NOT NULL,
  scope text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'redeemed')),
  -- The grant's key, made on approval with the approver's rights.
  api_key_id integer REFERENCES api_keys(id) ON DELETE CASCADE,
  poll_interval_seconds integer NOT NULL,
  last_polled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- OAuth tokens of a sign-in grant (an api_keys row of kind `device`): hashes only. A refresh token is
-- used once; its successor names it, so presenting a used one revokes the whole grant (token theft).
CREATE TABLE oauth_tokens (
  id serial PRIMARY KEY,
  api_key_id integer NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
  token_hash text NOT NULL UNIQUE,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX oauth_tokens_api_key ON oauth_tokens (api_key_id);

-- SSO sign-ins in flight: the PKCE verifier, state and nonce of one authorization request, single-use.
CREATE TABLE sso_sign_in_requests (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  state_hash text NOT NULL UNIQUE,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  next_path text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
