-- A counter per deployment that moves whenever one of its resource policies is granted, changed or
-- revoked (cascades included: a folder, workbook or report deleted with its grants), so each process
-- keeps a deployment's grants in memory and re-reads them only when the counter moved: a content request
-- reads the two counters (this one and the folder tree's) in one query instead of the caller's grants.
-- No foreign key, for the reason given in 0002: a deployment's deletion cascades to its grants, whose
-- trigger must not insert a row for the deployment being deleted (the EXISTS guard skips it).
CREATE TABLE resource_policy_versions (
  deployment_id integer PRIMARY KEY,
  version bigint NOT NULL
);

-- The body is one line: the migration runner splits statements at semicolons that end a line.
CREATE FUNCTION resource_policies_changed() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE changed_deployment integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.deployment_id ELSE NEW.deployment_id END; BEGIN INSERT INTO resource_policy_versions AS versions (deployment_id, version) SELECT changed_deployment, 1 WHERE EXISTS (SELECT 1 FROM deployments WHERE id = changed_deployment) ON CONFLICT (deployment_id) DO UPDATE SET version = versions.version + 1; RETURN NULL; END $$;

CREATE TRIGGER resource_policies_changed
  AFTER INSERT OR DELETE OR UPDATE ON resource_policies
  FOR EACH ROW EXECUTE FUNCTION resource_policies_changed();
