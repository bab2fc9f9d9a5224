import { compareText } from './compare-text.js';
import type { DbtColumn, DbtModel, DbtProject, DbtRelationship } from './dbt-project.types.js';
import { DbtProjectError } from './dbt-project-error.js';
import { countMacros, readDocBlocks, readModelSqlConfig, renderDescription } from './read-dbt-model-sql.js';
import { findDbtProjectFile, folderConfigOf, readDbtProjectConfig } from './read-dbt-project-config.js';
import { type DbtColumnFacts, type DbtModelPatch, readDbtSchemaYaml } from './read-dbt-schema-yaml.js';

export { DbtProjectError } from './dbt-project-error.js';

/** dbt's default materialization. */
const defaultMaterialized = 'view';

interface ModelFile {
  name: string;
  path: string;
  sql: string;
  /** Folders between the model path and the file, for the folder-level configs. */
  folders: string[];
}

/**
 * Reads a dbt project from its repository files (path → text) when there is no `target/manifest.json`:
 * `dbt_project.yml`, the model SQL files, the schema YAML and the macros. dbt is not run, so what needs
 * Jinja evaluation or `profiles.yml` is approximated, as docs/dbt-sync.md ("Reading a dbt project without
 * a manifest") documents: a model's relation is `<schema>.<alias or name>`, the schema being the model's
 * configured `schema` if any, else the project name.
 */
export function readDbtProjectFiles(input: ReadonlyMap<string, string>): DbtProject {
  const files = new Map([...input].map(([path, text]) => [path.replace(/^(\.?\/)+/, ''), text] as const));
  const projectFile = findDbtProjectFile(files.keys());
  const project = readDbtProjectConfig(projectFile, files.get(projectFile) ?? '');
  const paths = [...files.keys()].sort();
  const modelPathOf = (path: string) => project.modelPaths.find((folder) => path.startsWith(folder));

  const patches = new Map<string, DbtModelPatch>();
  let sources = 0;
  for (const path of paths.filter((path) => /\.ya?ml$/i.test(path) && modelPathOf(path) !== undefined)) {
    const schemaFile = readDbtSchemaYaml(path, files.get(path) ?? '');
    sources += schemaFile.sourceTables;
    for (const patch of schemaFile.models) {
      const earlier = patches.get(patch.name);
      if (earlier) {
        throw new DbtProjectError(
          `Model ${patch.name} is described twice: in ${earlier.file} and in ${patch.file}`,
        );
      }
      patches.set(patch.name, patch);
    }
  }

  const modelFiles = paths.flatMap((path): ModelFile[] => {
    const modelPath = modelPathOf(path);
    if (modelPath === undefined || !path.endsWith('.sql')) return [];
    const segments = path.slice(modelPath.length).split('/');
    const name = (segments.pop() ?? '').slice(0, -'.sql'.length);
    return [{ name, path, sql: files.get(path) ?? '', folders: segments }];
  });
  const docBlocks = readDocBlocks(
    paths
      .filter((path) => path.startsWith(project.root) && path.endsWith('.md'))
      .map((path) => files.get(path) ?? ''),
  );

  const enabled = new Map<string, { file: ModelFile; model: Omit<DbtModel, 'relationships'> }>();
  for (const file of modelFiles) {
    const patch = patches.get(file.name);
    // dbt's precedence: dbt_project.yml folders, then the schema YAML `config:`, then `config()` in the SQL.
    const config = {
      ...folderConfigOf(project, file.folders, file.name),
      ...patch?.config,
      ...readModelSqlConfig(file.sql),
    };
    if (config.enabled === false) continue;
    const earlier = enabled.get(file.name);
    if (earlier) {
      throw new DbtProjectError(`Two models are named ${file.name}: ${earlier.file.path} and ${file.path}`);
    }
    enabled.set(file.name, {
      file,
      model: {
        name: file.name,
        materialized: config.materialized ?? defaultMaterialized,
        relationName: `${config.schema ?? project.name}.${config.alias ?? file.name}`,
        description: renderDescription(patch?.description, docBlocks),
        columns: columnsOf(patch).map((column) => toColumn(column, docBlocks)),
        primaryKey: primaryKeyOf(patch),
      },
    });
  }

  // A schema entry for a model without SQL (or a disabled one) is ignored, as dbt only warns about it.
  const models = [...enabled.values()]
    .map(
      ({ model }): DbtModel => ({
        ...model,
        relationships: relationshipsOf(patches.get(model.name), enabled),
      }),
    )
    .sort((left, right) => compareText(left.name, right.name));
  const macros = paths
    .filter((path) => path.endsWith('.sql') && project.macroPaths.some((folder) => path.startsWith(folder)))
    .reduce((count, path) => count + countMacros(files.get(path) ?? ''), 0);
  return { name: project.name, models, stats: { models: models.length, sources, macros } };
}

/** Documented columns in their order; a column documented twice keeps its first entry. */
function columnsOf(patch: DbtModelPatch | undefined): DbtColumnFacts[] {
  const seen = new Set<string>();
  return (patch?.columns ?? []).filter((column) => !seen.has(column.name) && seen.add(column.name));
}

function toColumn(column: DbtColumnFacts, docBlocks: ReadonlyMap<string, string>): DbtColumn {
  return {
    name: column.name,
    description: renderDescription(column.description, docBlocks),
    dataType: column.dataType ?? null,
    tags: column.tags,
  };
}

/**
 * The first rule that names columns wins: a model-level primary_key constraint (its columns, in order),
 * column-level primary_key constraints, columns tagged `primary_key`, else the first column with both
 * `unique` and `not_null` tests (several such columns are each a key alone, not one composite key).
 */
function primaryKeyOf(patch: DbtModelPatch | undefined): string[] {
  if (!patch) return [];
  if (patch.primaryKeyConstraint.length > 0) return [...new Set(patch.primaryKeyConstraint)];
  const columns = columnsOf(patch);
  const constrained = columns.filter((column) => column.hasPrimaryKeyConstraint);
  if (constrained.length > 0) return constrained.map((column) => column.name);
  const tagged = columns.filter((column) => column.tags.includes('primary_key'));
  if (tagged.length > 0) return tagged.map((column) => column.name);
  // Documented columns first, in their order; then columns only model-level tests name, by name.
  const testedOnly = [...patch.testedColumns].sort((left, right) => compareText(left.name, right.name));
  const tested = [...columns, ...testedOnly].find((column) => column.hasUniqueTest && column.hasNotNullTest);
  return tested ? [tested.name] : [];
}

/**
 * Relationships to models of this project only (a ref to a package's or a disabled model has no cube to
 * join), without repeats, sorted by column, then model and field, as the manifest reader gives them.
 */
function relationshipsOf(
  patch: DbtModelPatch | undefined,
  models: ReadonlyMap<string, unknown>,
): DbtRelationship[] {
  const unique = new Map<string, DbtRelationship>();
  for (const column of [...columnsOf(patch), ...(patch?.testedColumns ?? [])]) {
    for (const { toModel, toColumn } of column.relationships) {
      if (models.has(toModel))
        unique.set(JSON.stringify([column.name, toModel, toColumn]), {
          column: column.name,
          toModel,
          toColumn,
        });
    }
  }
  return [...unique.entries()]
    .sort(([left], [right]) => compareText(left, right))
    .map(([, relationship]) => relationship);
}
