-- A remote connected through the GitHub App: fetched with an installation token minted when needed,
-- never stored (token_encrypted stays null).
ALTER TABLE data_model_git_remotes ADD COLUMN uses_installation_token boolean NOT NULL DEFAULT false;
