-- The secret of a remote URL's userinfo (`https://user:secret@host`), encrypted; repository_url keeps the
-- URL with `[ENCRYPTED]` in its place. Rows written before keep their URL until their next write, and
-- every read masks it.
ALTER TABLE data_model_git_remotes ADD COLUMN repository_url_secret_encrypted text;
