-- What SCIM keeps of the users and groups an identity provider provisions, beside identity's own rows:
-- the provider's id of each (externalId) and a user's name as given and family name.
CREATE TABLE scim_users (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  external_id text,
  given_name text,
  family_name text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX scim_users_external_id ON scim_users (account_id, external_id);

CREATE TABLE scim_groups (
  group_id integer PRIMARY KEY REFERENCES user_groups(id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  external_id text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX scim_groups_external_id ON scim_groups (account_id, external_id);
