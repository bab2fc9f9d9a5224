-- The secret of a chat-auth JWKS URL's userinfo, encrypted; jwks_url keeps the URL with `[ENCRYPTED]` in
-- its place (as 0002 does for an agent's base URL).
ALTER TABLE deployment_chat_auth ADD COLUMN jwks_url_secret_encrypted text;
