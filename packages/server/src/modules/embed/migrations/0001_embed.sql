-- Signed embedding (API-NOTES.md "Embedding"): the host application's customers (embed tenants), their
-- groups, the users who opened embedded dashboards, who may open which workbook's dashboard, and the
-- sessions a host generated and not yet exchanged for a token.

CREATE TABLE embed_tenants (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  display_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, name)
);

CREATE TABLE embed_groups (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES embed_tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, name)
);

-- An embed user is an external chat user (one pool with the Chat API's, one cap) in one tenant; a user
-- the host sends with another tenant moves there. Deleting the chat user (its expiry) removes the row.
CREATE TABLE embed_users (
  chat_user_id integer PRIMARY KEY REFERENCES chat_users(id) ON DELETE CASCADE,
  tenant_id integer REFERENCES embed_tenants(id) ON DELETE CASCADE,
  display_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX embed_users_tenant ON embed_users (tenant_id);

CREATE TABLE embed_group_members (
  group_id integer NOT NULL REFERENCES embed_groups(id) ON DELETE CASCADE,
  chat_user_id integer NOT NULL REFERENCES chat_users(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, chat_user_id)
);

CREATE INDEX embed_group_members_user ON embed_group_members (chat_user_id);

-- Who may open a workbook's dashboard embedded: every embed user (no tenant, no group), one tenant (a
-- tenant, no group) or one of its groups (both). One rule per target; `none` refuses.
CREATE TABLE embed_access (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  workbook_id integer NOT NULL REFERENCES workbooks(id) ON DELETE CASCADE,
  tenant_id integer REFERENCES embed_tenants(id) ON DELETE CASCADE,
  group_id integer REFERENCES embed_groups(id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('read', 'none')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (group_id IS NULL OR tenant_id IS NOT NULL)
);

CREATE UNIQUE INDEX embed_access_target ON embed_access (
  workbook_id, coalesce(tenant_id, 0), coalesce(group_id, 0)
);

-- Generated sessions: only the hash of the id is kept; `exchanged_at` makes the exchange single use.
CREATE TABLE embed_sessions (
  id_hash text PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  claims jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  exchanged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX embed_sessions_expiry ON embed_sessions (expires_at);
