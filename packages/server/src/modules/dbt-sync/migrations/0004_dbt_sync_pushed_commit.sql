-- The commit a webhook push named: a redelivered (or replayed) push of a commit that is being synced, or
-- was synced, starts nothing. A failed or cancelled run leaves the index, so a redelivery can retry.
ALTER TABLE dbt_sync_runs ADD COLUMN pushed_commit text;
CREATE UNIQUE INDEX dbt_sync_runs_pushed_commit ON dbt_sync_runs (deployment_id, pushed_commit)
  WHERE pushed_commit IS NOT NULL AND status IN ('RUNNING', 'COMPLETED');
