import { compareText } from './compare-text.js';
import type { DbtColumn, DbtModel, DbtProject } from './dbt-project.types.js';
import {
  asObject,
  childPath,
  fail,
  listField,
  type ManifestObject,
  objectEntries,
  objectField,
  optionalObjectField,
  requiredStringField,
  stringField,
  stringListField,
  textField,
  versionField,
} from './manifest-fields.js';
import { type ManifestModel, ManifestModelIndex } from './manifest-model-index.js';
import { readManifestTestFacts } from './manifest-test-facts.js';

/** Manifest schemas written by dbt 1.0 (v4) to dbt 1.12 (v12). */
const firstSupportedVersion = 4;
const lastSupportedVersion = 12;
const schemaVersionPattern = /\/manifest\/v(\d+)\.json$/;

/**
 * Reads a parsed `manifest.json` of any dbt 1.x schema version into the project the sync maps to cubes.
 * Only what the mapping uses is checked; anything malformed there throws a DbtManifestError naming
 * the JSON path. Fields added or dropped between schema versions are read where they exist.
 */
export function readDbtManifest(json: unknown): DbtProject {
  const manifest = asObject(json, '');
  const metadata = objectField(manifest, 'metadata', ' (a dbt manifest.json starts with `metadata`)');
  checkSchemaVersion(metadata);
  const nodes = objectField(manifest, 'nodes', ' (a dbt manifest.json lists its models under `nodes`)');
  const semanticRelations = readSemanticModelRelations(manifest);
  const models: ManifestModel[] = [];
  const tests: Array<[string, ManifestObject]> = [];
  for (const [id, node] of objectEntries(nodes)) {
    const resourceType = requiredStringField(node, 'resource_type');
    if (resourceType === 'model') models.push(readModelNode(id, node, semanticRelations.get(id) ?? null));
    else if (resourceType === 'test') tests.push([id, node]);
  }
  const index = new ManifestModelIndex(models);
  const facts = readManifestTestFacts(tests, index);
  const project: DbtModel[] = models.map((model) => {
    const modelFacts = facts.get(model.id);
    return {
      ...model.model,
      primaryKey: primaryKeyOf(model, modelFacts?.uniqueAndNotNull ?? []),
      relationships: modelFacts?.relationships ?? [],
    };
  });
  return {
    name: textField(metadata, 'project_name'),
    models: project.sort((left, right) => compareText(left.name, right.name)),
    stats: {
      models: models.length,
      sources: Object.keys(optionalObjectField(manifest, 'sources').value).length,
      macros: Object.keys(optionalObjectField(manifest, 'macros').value).length,
    },
  };
}

function checkSchemaVersion(metadata: ManifestObject): void {
  const url = requiredStringField(metadata, 'dbt_schema_version');
  const path = childPath(metadata.path, 'dbt_schema_version');
  const version = Number(schemaVersionPattern.exec(url)?.[1]);
  if (!Number.isInteger(version)) {
    fail(path, `expected a dbt manifest schema like .../manifest/v12.json, got ${JSON.stringify(url)}`);
  }
  if (version < firstSupportedVersion || version > lastSupportedVersion) {
    fail(
      path,
      `manifest schema v${version} is not supported; dbt 1.x writes v${firstSupportedVersion} to v${lastSupportedVersion}`,
    );
  }
}

function readModelNode(id: string, node: ManifestObject, semanticRelation: string | null): ManifestModel {
  const baseName = requiredStringField(node, 'name', ' (every model needs a name)');
  const version = versionField(node, 'version');
  const latestVersion = versionField(node, 'latest_version');
  // dbt names every version's relation `<name>_v<version>`; `ref('name')` means the latest version, so
  // that one keeps the plain name and the others are told apart by their version.
  const name = version === null || version === latestVersion ? baseName : `${baseName}_v${version}`;
  const config = optionalObjectField(node, 'config');
  const columnEntries = objectEntries(optionalObjectField(node, 'columns'));
  const columns = columnEntries.map(([key, column]) => readColumn(key, column));
  const columnKey = columnEntries.flatMap(([key, column]) =>
    constraintsOf(column).some((constraint) => constraint.type === 'primary_key')
      ? [stringField(column, 'name') ?? key]
      : [],
  );
  const modelKey = constraintsOf(node).flatMap((constraint) =>
    constraint.type === 'primary_key' ? constraint.columns : [],
  );
  return {
    id,
    path: node.path,
    baseName,
    packageName: stringField(node, 'package_name'),
    version,
    latestVersion,
    declaredKey: modelKey.length > 0 ? modelKey : columnKey,
    model: {
      name,
      materialized: stringField(config, 'materialized') ?? 'view',
      relationName: stringField(node, 'relation_name') ?? builtRelationName(node, semanticRelation),
      description: textField(node, 'description'),
      columns,
      primaryKey: [],
      relationships: [],
    },
  };
}

function readColumn(key: string, column: ManifestObject): DbtColumn {
  const name = stringField(column, 'name') ?? key;
  if (name.trim() === '') fail(childPath(column.path, 'name'), 'must not be empty');
  return {
    name,
    description: textField(column, 'description'),
    dataType: textField(column, 'data_type'),
    tags: stringListField(column, 'tags'),
  };
}

/** `constraints` of a model (v9+: `{type, columns}`) or of a column (`{type}`). */
function constraintsOf(owner: ManifestObject): Array<{ type: string; columns: string[] }> {
  return listField(owner, 'constraints').map((item) => {
    const constraint = asObject(item.value, item.path);
    return { type: requiredStringField(constraint, 'type'), columns: stringListField(constraint, 'columns') };
  });
}

/**
 * Older manifests and ephemeral models have no `relation_name`: it is built the way dbt quotes it on
 * PostgreSQL and DuckDB, or taken from a semantic model's `node_relation`, or is the bare alias.
 */
function builtRelationName(node: ManifestObject, semanticRelation: string | null): string {
  const identifier = stringField(node, 'alias') ?? requiredStringField(node, 'name');
  const schema = stringField(node, 'schema');
  if (schema !== null) {
    const parts = [stringField(node, 'database'), schema, identifier].filter((part) => part !== null);
    return parts.map((part) => `"${part.replaceAll('"', '""')}"`).join('.');
  }
  return semanticRelation ?? identifier;
}

/** `semantic_models.*.node_relation.relation_name` by the model it is built on (manifest v10+). */
function readSemanticModelRelations(manifest: ManifestObject): Map<string, string> {
  const relations = new Map<string, string>();
  for (const [, semanticModel] of objectEntries(optionalObjectField(manifest, 'semantic_models'))) {
    const relationName = stringField(optionalObjectField(semanticModel, 'node_relation'), 'relation_name');
    const dependencies = stringListField(optionalObjectField(semanticModel, 'depends_on'), 'nodes');
    const [modelId] = dependencies.filter((dependency) => dependency.startsWith('model.'));
    if (relationName !== null && modelId !== undefined) relations.set(modelId, relationName);
  }
  return relations;
}

/**
 * Declared keys win (a model's primary-key constraint, else its columns' constraints), then columns
 * tagged `primary_key`, then the first documented column tested both `unique` and `not_null` (several
 * such columns are each a key on its own, not one key together).
 */
function primaryKeyOf(model: ManifestModel, uniqueAndNotNull: readonly string[]): string[] {
  if (model.declaredKey.length > 0) return [...new Set(model.declaredKey)];
  const tagged = model.model.columns.filter((column) => column.tags.includes('primary_key'));
  if (tagged.length > 0) return tagged.map((column) => column.name);
  const documented = model.model.columns.map((column) => column.name);
  const tested = [...uniqueAndNotNull].sort(
    (left, right) => rank(documented, left) - rank(documented, right) || compareText(left, right),
  );
  return tested.slice(0, 1);
}

function rank(documented: readonly string[], column: string): number {
  const position = documented.indexOf(column);
  return position === -1 ? documented.length : position;
}
