-- A report that belongs to a workbook lives where its workbook lives: its folder_id is always its
-- workbook's folder_id (docs/workspace.md). Two triggers hold the rule whoever writes the rows
-- (the API, a duplicate, a script): a report written with a workbook takes the workbook's folder, and
-- a workbook that moves takes its reports along in the same statement. So deleting a folder deletes
-- exactly what sits in it, and nothing that merely pointed at it.
UPDATE reports SET folder_id = workbooks.folder_id
  FROM workbooks
  WHERE reports.workbook_id = workbooks.id AND reports.folder_id IS DISTINCT FROM workbooks.folder_id;

-- FOR SHARE holds the workbook still until the report's transaction ends: a concurrent move of the
-- workbook waits for it, then moves this report too (or, when it moved first, this read sees where it
-- went). A workbook deleted meanwhile leaves no row: folder_id is then null and the workbook_id foreign
-- key refuses the write. The bodies are one line: the migration runner splits at semicolons ending a line.
CREATE FUNCTION report_takes_workbook_folder() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.workbook_id IS NOT NULL THEN NEW.folder_id := (SELECT folder_id FROM workbooks WHERE id = NEW.workbook_id FOR SHARE); END IF; RETURN NEW; END $$;

CREATE TRIGGER reports_take_workbook_folder
  BEFORE INSERT OR UPDATE OF workbook_id, folder_id ON reports
  FOR EACH ROW EXECUTE FUNCTION report_takes_workbook_folder();

CREATE FUNCTION workbook_moves_reports() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE reports SET folder_id = NEW.folder_id WHERE workbook_id = NEW.id AND folder_id IS DISTINCT FROM NEW.folder_id; RETURN NULL; END $$;

CREATE TRIGGER workbooks_move_reports
  AFTER UPDATE OF folder_id ON workbooks
  FOR EACH ROW WHEN (OLD.folder_id IS DISTINCT FROM NEW.folder_id)
  EXECUTE FUNCTION workbook_moves_reports();
