-- A deployment's platform-token custom check: the URL the platform POSTs `{token}` to. Stored like
-- jwks_url: masked, the secret of its userinfo encrypted in the next column.
ALTER TABLE deployment_chat_auth ADD COLUMN custom_check_url text;
ALTER TABLE deployment_chat_auth ADD COLUMN custom_check_url_secret_encrypted text;
