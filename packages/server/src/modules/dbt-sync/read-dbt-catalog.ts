import { DbtManifestError } from './dbt-manifest-error.js';
import type { DbtProject } from './dbt-project.types.js';
import { asObject, objectEntries, objectField, optionalObjectField, stringField } from './manifest-fields.js';

/** Column types by model name, then by lower-cased column name (warehouses differ in case). */
export type DbtCatalogTypes = ReadonlyMap<string, ReadonlyMap<string, string>>;

const catalogSchemaPattern = /\/catalog\/v\d+\.json$/;

/**
 * Reads the column types of a parsed `catalog.json` (what `dbt docs generate` writes: the warehouse's
 * own description of each model's relation). Only models are read; a malformed catalog throws a
 * DbtManifestError whose message starts with `catalog.json` and the JSON path.
 */
export function readDbtCatalog(json: unknown): DbtCatalogTypes {
  try {
    const catalog = asObject(json, '');
    const metadata = objectField(catalog, 'metadata', ' (a dbt catalog.json starts with `metadata`)');
    const schema = stringField(metadata, 'dbt_schema_version');
    if (schema !== null && !catalogSchemaPattern.test(schema)) {
      throw new DbtManifestError(`metadata.dbt_schema_version: ${schema} is not a catalog schema`);
    }
    const types = new Map<string, Map<string, string>>();
    for (const [id, node] of objectEntries(objectField(catalog, 'nodes'))) {
      const [resourceType, , ...nameParts] = id.split('.');
      if (resourceType !== 'model' || nameParts.length === 0) continue;
      const columns = new Map<string, string>();
      for (const [name, column] of objectEntries(optionalObjectField(node, 'columns'))) {
        const type = stringField(column, 'type');
        if (type !== null) columns.set(name.toLowerCase(), type);
      }
      types.set(nameParts.join('.'), columns);
    }
    return types;
  } catch (error) {
    if (error instanceof DbtManifestError) {
      throw new DbtManifestError(`catalog.json: ${error.message.replace(/^the manifest: /, '')}`);
    }
    throw error;
  }
}

/**
 * The project with the catalog's types given to documented columns that declare no `data_type`: a
 * declared type wins, and columns the catalog has but the docs do not are not added (only documented
 * columns become dimensions).
 */
export function withCatalogTypes(project: DbtProject, types: DbtCatalogTypes): DbtProject {
  return {
    ...project,
    models: project.models.map((model) => {
      const columns = types.get(model.name);
      if (!columns) return model;
      return {
        ...model,
        columns: model.columns.map((column) =>
          column.dataType === null
            ? { ...column, dataType: columns.get(column.name.toLowerCase()) ?? null }
            : column,
        ),
      };
    }),
  };
}
