-- The people chat threads belong to: external users (named by the caller's `externalId`) and account users
-- (`internalId`, their e-mail). Serial ids are never reused, so a user provisioned again after expiring
-- does not inherit the threads of the removed row.
CREATE TABLE chat_users (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  external_id text,
  internal_id text,
  email text,
  is_ephemeral boolean NOT NULL,
  -- Only ephemeral users expire; an expired row is removed the next time the account provisions a user.
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((external_id IS NULL) <> (internal_id IS NULL)),
  CHECK (is_ephemeral = (expires_at IS NOT NULL))
);

CREATE UNIQUE INDEX chat_users_account_external ON chat_users (account_id, external_id)
  WHERE external_id IS NOT NULL;
CREATE UNIQUE INDEX chat_users_account_internal ON chat_users (account_id, internal_id)
  WHERE internal_id IS NOT NULL;
CREATE INDEX chat_users_expiry ON chat_users (account_id, expires_at) WHERE is_ephemeral;
