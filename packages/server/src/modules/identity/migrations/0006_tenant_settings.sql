-- Tenant settings (API-NOTES.md "Identity, tenant, integrations"): one row per account once a setting is
-- written; an account without a row has every default. The SSO client secret is kept encrypted beside the
-- document, never inside it, so the document can be read and logged without it.
CREATE TABLE tenant_settings (
  account_id integer PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  sso_client_secret_encrypted text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
