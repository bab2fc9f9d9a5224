-- A branch may serve a staging environment of its deployment (API-NOTES.md "Environments of a deployment").
ALTER TABLE data_model_branches
  ADD COLUMN is_staging_environment_enabled boolean NOT NULL DEFAULT false;
