-- The secret of a repository URL's userinfo (`https://user:secret@host`), encrypted; repository_url keeps
-- the URL with `[ENCRYPTED]` in its place. Rows written before keep their URL until their next write,
-- and every read masks it.
ALTER TABLE dbt_repositories ADD COLUMN repository_url_secret_encrypted text;
