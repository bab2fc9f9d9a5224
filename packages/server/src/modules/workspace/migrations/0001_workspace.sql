-- Workspace content of a deployment: folders, workbooks, reports, the spreadsheet placements of reports
-- and the resource policies that grant users and groups rights on one item (and what a folder holds).
-- Rows go with their deployment; a folder's contents go with the folder (a recursive delete is one
-- statement); a report's placements and policies go with the report.
CREATE TABLE content_folders (
  id serial PRIMARY KEY,
  account_id integer NOT NULL,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  parent_id integer REFERENCES content_folders(id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  created_by_user_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Sibling names are unique; the root is parent 0 here so that two root folders cannot share a name.
CREATE UNIQUE INDEX content_folders_sibling_name ON content_folders (deployment_id, (coalesce(parent_id, 0)), name);
CREATE INDEX content_folders_parent ON content_folders (deployment_id, parent_id, id);

CREATE TABLE workbooks (
  id serial PRIMARY KEY,
  account_id integer NOT NULL,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  folder_id integer REFERENCES content_folders(id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text,
  owner_user_id integer NOT NULL,
  meta jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_shared boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX workbooks_slug ON workbooks (deployment_id, slug) WHERE slug IS NOT NULL;
CREATE INDEX workbooks_folder ON workbooks (deployment_id, folder_id, id);

CREATE TABLE reports (
  id serial PRIMARY KEY,
  account_id integer NOT NULL,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  public_id text NOT NULL,
  workbook_id integer REFERENCES workbooks(id) ON DELETE CASCADE,
  folder_id integer REFERENCES content_folders(id) ON DELETE CASCADE,
  name text NOT NULL,
  title text,
  description text,
  kind text NOT NULL DEFAULT 'table' CHECK (kind IN ('vega', 'table', 'kpi', 'html', 'map')),
  json_query jsonb,
  sql_query text,
  -- A Vega-Lite document: an object, or the JSON text a client sent as a string (kept as a jsonb string).
  spec jsonb,
  meta jsonb NOT NULL DEFAULT '{}'::jsonb,
  preferences jsonb,
  period_comparisons jsonb NOT NULL DEFAULT '[]'::jsonb,
  fill_missing_rows jsonb,
  owner_user_id integer NOT NULL,
  version_number integer NOT NULL DEFAULT 1,
  last_viewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (json_query IS NULL OR sql_query IS NULL)
);

-- publicId is unique in the account, as API-NOTES.md decides.
CREATE UNIQUE INDEX reports_public_id ON reports (account_id, public_id);
CREATE INDEX reports_folder ON reports (deployment_id, folder_id, id);
CREATE INDEX reports_workbook ON reports (deployment_id, workbook_id, id);
CREATE INDEX reports_updated ON reports (deployment_id, updated_at, id);
CREATE INDEX reports_name ON reports (deployment_id, name, id);

CREATE TABLE report_placements (
  id serial PRIMARY KEY,
  report_id integer NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
  external_workbook_id text NOT NULL,
  result_location text NOT NULL,
  end_result_cell text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (report_id, external_workbook_id, result_location)
);

CREATE INDEX report_placements_external ON report_placements (external_workbook_id);

-- One grant of `view`, `edit` or `manage` to a user or a group on exactly one folder, workbook or report.
-- Users and groups are the identity module's: their ids are never reused, and that module's deletions
-- remove their grants through the workspace's service.
CREATE TABLE resource_policies (
  id serial PRIMARY KEY,
  account_id integer NOT NULL,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  folder_id integer REFERENCES content_folders(id) ON DELETE CASCADE,
  workbook_id integer REFERENCES workbooks(id) ON DELETE CASCADE,
  report_id integer REFERENCES reports(id) ON DELETE CASCADE,
  subject_type text NOT NULL CHECK (subject_type IN ('user', 'group')),
  subject_id integer NOT NULL,
  action text NOT NULL CHECK (action IN ('view', 'edit', 'manage')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(folder_id, workbook_id, report_id) = 1)
);

CREATE UNIQUE INDEX resource_policies_subject ON resource_policies
  ((coalesce(folder_id, 0)), (coalesce(workbook_id, 0)), (coalesce(report_id, 0)), subject_type, subject_id);
CREATE INDEX resource_policies_deployment ON resource_policies (deployment_id, subject_type, subject_id);
