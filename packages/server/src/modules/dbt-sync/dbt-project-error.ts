/**
 * A dbt project the sync cannot read: no `dbt_project.yml`, malformed YAML, two models with one name, …
 * The message names the file (and the YAML line when known) so the sync's error and logs point at the fix.
 */
export class DbtProjectError extends Error {
  override readonly name = 'DbtProjectError';
}
