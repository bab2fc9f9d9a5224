-- A catalog.json uploaded with the manifest: its column types fill the ones the manifest lacks.
ALTER TABLE dbt_sync_manifests ADD COLUMN catalog text;
