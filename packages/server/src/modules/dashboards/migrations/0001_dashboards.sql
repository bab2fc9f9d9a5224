-- Dashboards published from workbooks: one per workbook, each publish a version whose config and report
-- snapshots never change afterwards. A dashboard goes with its workbook (and the workbook with its
-- deployment). Snapshots keep the report id without a foreign key: a published version outlives the
-- report it froze.
CREATE TABLE dashboards (
  id serial PRIMARY KEY,
  account_id integer NOT NULL,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  workbook_id integer NOT NULL UNIQUE REFERENCES workbooks(id) ON DELETE CASCADE,
  public_id text NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  allow_embed boolean NOT NULL DEFAULT false,
  restrict_data_download boolean NOT NULL DEFAULT false,
  title text,
  description text,
  created_by_user_id integer,
  latest_version_number integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- publicId is unique in the account, as reports' are.
CREATE UNIQUE INDEX dashboards_public_id ON dashboards (account_id, public_id);
CREATE INDEX dashboards_deployment ON dashboards (deployment_id, id);

CREATE TABLE dashboard_versions (
  id serial PRIMARY KEY,
  dashboard_id integer NOT NULL REFERENCES dashboards(id) ON DELETE CASCADE,
  version_number integer NOT NULL,
  config jsonb NOT NULL,
  -- sha256 of the canonical JSON of the published config: what ai-widget-thread's checksum is compared to.
  checksum text NOT NULL,
  title text,
  description text,
  created_by_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (dashboard_id, version_number)
);

CREATE TABLE dashboard_report_snapshots (
  id serial PRIMARY KEY,
  version_id integer NOT NULL REFERENCES dashboard_versions(id) ON DELETE CASCADE,
  report_id integer NOT NULL,
  report_version_number integer NOT NULL,
  is_source_report boolean NOT NULL,
  name text,
  title text,
  description text,
  kind text,
  json_query jsonb,
  sql_query text,
  spec jsonb,
  meta jsonb,
  preferences jsonb,
  period_comparisons jsonb,
  fill_missing_rows jsonb,
  UNIQUE (version_id, report_id)
);
