-- The chat thread each AI widget of a dashboard shows (POST .../dashboard/ai-widget-thread). Kept beside
-- the versions, not in them: attaching a thread creates no version and leaves the published config and
-- its checksum as they are; reading a dashboard merges the thread into the widget's `config.threadId`.
-- A publish keeps the threads of the AI widgets its config still has and drops the others.
CREATE TABLE dashboard_ai_threads (
  dashboard_id integer NOT NULL REFERENCES dashboards(id) ON DELETE CASCADE,
  widget_id text NOT NULL,
  thread_id text NOT NULL,
  updated_by_user_id integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dashboard_id, widget_id)
);
