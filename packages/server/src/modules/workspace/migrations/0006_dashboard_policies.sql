-- Resource policies on dashboards (API-NOTES.md: "Resource policies apply to dashboards as to reports").
-- The dashboards table belongs to the dashboards module, whose migrations run after these, so a grant
-- names its dashboard without a foreign key; it also names the dashboard's workbook, with one: a
-- dashboard is deleted only with its workbook (or its deployment), so the cascade from the workbook
-- removes the dashboard's grants and no module reads another's tables to clean up.
ALTER TABLE resource_policies ADD COLUMN dashboard_id integer;
ALTER TABLE resource_policies ADD COLUMN dashboard_workbook_id integer REFERENCES workbooks(id) ON DELETE CASCADE;

ALTER TABLE resource_policies DROP CONSTRAINT resource_policies_check;
ALTER TABLE resource_policies ADD CONSTRAINT resource_policies_one_item
  CHECK (num_nonnulls(folder_id, workbook_id, report_id, dashboard_id) = 1
    AND (dashboard_id IS NULL) = (dashboard_workbook_id IS NULL));

DROP INDEX resource_policies_subject;
CREATE UNIQUE INDEX resource_policies_subject ON resource_policies
  ((coalesce(folder_id, 0)), (coalesce(workbook_id, 0)), (coalesce(report_id, 0)), (coalesce(dashboard_id, 0)),
  subject_type, subject_id);
CREATE INDEX resource_policies_dashboard ON resource_policies (dashboard_id) WHERE dashboard_id IS NOT NULL;
