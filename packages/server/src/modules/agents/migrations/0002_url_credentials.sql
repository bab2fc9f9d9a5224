-- The secret of a base URL's userinfo (`https://user:secret@host`), encrypted; model_base_url keeps the
-- URL with `[ENCRYPTED]` in its place. Rows written before keep their URL until their next write, and
-- every read masks it.
ALTER TABLE agents ADD COLUMN model_base_url_secret_encrypted text;
