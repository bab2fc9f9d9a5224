-- Builds run as durable jobs: `attempt` is the job attempt that owns the build, and every write of a
-- build is conditional on it, so a process that lost the build to a takeover changes nothing.
ALTER TABLE data_model_builds ADD COLUMN attempt integer NOT NULL DEFAULT 0;
-- Builds left building by a process of the version before have no job that would finish them.
UPDATE data_model_builds
  SET status = 'failed', error_text = 'server restarted', finished_at = now(), updated_at = now()
  WHERE status = 'building';
