-- A counter per deployment that moves whenever its folder tree changes (a folder added, removed, renamed
-- or moved), so each process keeps the tree in memory and re-reads it only when the counter moved: a
-- request reads one row instead of every folder. A trigger keeps it, whoever writes the folders
-- (cascades included). No foreign key: a deployment's deletion cascades to its folders, whose trigger
-- must not insert a row for the deployment being deleted (the EXISTS guard skips it).
CREATE TABLE content_folder_tree_versions (
  deployment_id integer PRIMARY KEY,
  version bigint NOT NULL
);

-- The body is one line: the migration runner splits statements at semicolons that end a line.
CREATE FUNCTION content_folder_tree_changed() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE changed_deployment integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.deployment_id ELSE NEW.deployment_id END; BEGIN INSERT INTO content_folder_tree_versions AS versions (deployment_id, version) SELECT changed_deployment, 1 WHERE EXISTS (SELECT 1 FROM deployments WHERE id = changed_deployment) ON CONFLICT (deployment_id) DO UPDATE SET version = versions.version + 1; RETURN NULL; END $$;

CREATE TRIGGER content_folders_tree_changed
  AFTER INSERT OR DELETE OR UPDATE OF name, parent_id ON content_folders
  FOR EACH ROW EXECUTE FUNCTION content_folder_tree_changed();
