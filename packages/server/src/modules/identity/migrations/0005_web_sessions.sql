-- Web sign-in sessions (API-NOTES.md "Web sign-in"): the cookie's token is kept as a hash only; a session
-- acts as the API key it was made from and ends with it (deleting the key deletes its sessions).
CREATE TABLE web_sessions (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  api_key_id integer NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX web_sessions_api_key ON web_sessions (api_key_id);
