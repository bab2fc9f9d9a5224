-- dbt syncs run as durable jobs: the job's heartbeat replaces the run's own. A run left RUNNING by a
-- process of the version before has no job that would end it, so it ends here with the reason.
UPDATE dbt_sync_runs
  SET status = 'FAILED', error_message = 'the server was upgraded while the sync ran; start it again',
    completed_at = now(), updated_at = now()
  WHERE status = 'RUNNING';
ALTER TABLE dbt_sync_runs DROP COLUMN heartbeat_at;
