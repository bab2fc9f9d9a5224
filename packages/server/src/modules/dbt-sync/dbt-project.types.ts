/**
 * A dbt project as the sync reads it, whichever way it came: a `manifest.json` (any dbt 1.x schema
 * version) or the project's own `dbt_project.yml`, model SQL files and schema YAML. The cube files are
 * generated from this alone, so both sources give the same files for the same project.
 */
export interface DbtProject {
  /** `name` of dbt_project.yml, or the manifest's `metadata.project_name` when present. */
  name: string | null;
  /** dbt models, sorted by name; ephemeral ones included (the mapping skips them). */
  models: DbtModel[];
  /** Counts for the sync result's `manifestStats`. */
  stats: { models: number; sources: number; macros: number };
}

export interface DbtModel {
  /** The model's name (unique in the project): the cube's name. */
  name: string;
  /** `ephemeral`, `view`, `table`, `incremental`, … */
  materialized: string;
  /** How the warehouse names it (`"db"."schema"."table"` or `schema.table`): the cube's `sql_table`. */
  relationName: string;
  description: string | null;
  /** Documented columns in the order they are documented. */
  columns: DbtColumn[];
  /** Columns that make the primary key (constraints, a `primary_key` tag, or `unique` + `not_null` tests). */
  primaryKey: string[];
  /** `relationships` tests on this model's columns: many rows here to one row there. */
  relationships: DbtRelationship[];
}

export interface DbtColumn {
  name: string;
  description: string | null;
  /** The warehouse data type when documented (`data_type`), else null. */
  dataType: string | null;
  tags: string[];
}

export interface DbtRelationship {
  /** The column of this model. */
  column: string;
  /** The model referred to (its name). */
  toModel: string;
  /** Its column (the `field` of the test). */
  toColumn: string;
}
