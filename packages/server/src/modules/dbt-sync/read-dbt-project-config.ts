import { DbtProjectError } from './dbt-project-error.js';
import { isYamlRecord, readDbtYaml, type YamlRecord, yamlString, yamlStringList } from './read-dbt-yaml.js';

/** The configs the sync needs from dbt's hierarchy (dbt_project.yml, schema YAML, `config()` in SQL). */
export interface DbtModelConfig {
  materialized?: string;
  schema?: string;
  alias?: string;
  enabled?: boolean;
}

/** What dbt_project.yml says, with paths relative to the repository root. */
export interface DbtProjectConfig {
  /** Folder of dbt_project.yml in the repository: `` at the root, else `folder/`. */
  root: string;
  name: string;
  /** Repository paths of the model folders, each ending in `/`. */
  modelPaths: string[];
  macroPaths: string[];
  /** The `models:` block, for the folder-level configs. */
  modelsConfig: YamlRecord;
}

const projectFileName = 'dbt_project.yml';
const configKeys = new Set(['materialized', 'schema', 'alias', 'enabled']);

/** The project file at the root, else the only one exactly one folder down (a repository may hold the project in a folder). */
export function findDbtProjectFile(paths: Iterable<string>): string {
  const candidates = [...paths].filter(
    (path) => path === projectFileName || /^[^/]+\/dbt_project\.yml$/.test(path),
  );
  if (candidates.includes(projectFileName)) return projectFileName;
  if (candidates.length === 1 && candidates[0] !== undefined) return candidates[0];
  if (candidates.length > 1) {
    throw new DbtProjectError(
      `The repository holds several dbt projects (${candidates.sort().join(', ')}); keep one dbt_project.yml at the root or in one folder`,
    );
  }
  throw new DbtProjectError('No dbt_project.yml at the repository root or in a folder just below it');
}

export function readDbtProjectConfig(path: string, text: string): DbtProjectConfig {
  const document = readDbtYaml(path, text);
  if (!isYamlRecord(document)) throw new DbtProjectError(`${path} is not a YAML mapping`);
  const name = yamlString(document.name);
  if (name === undefined) throw new DbtProjectError(`${path} has no project name (\`name:\`)`);
  const root = path.slice(0, path.length - projectFileName.length);
  // `source-paths` is the pre-1.0 name of `model-paths`.
  const modelPaths = yamlStringList(document['model-paths'] ?? document['source-paths']);
  const macroPaths = yamlStringList(document['macro-paths']);
  return {
    root,
    name,
    modelPaths: (modelPaths.length > 0 ? modelPaths : ['models']).map((folder) =>
      folderPath(root, folder, path),
    ),
    macroPaths: (macroPaths.length > 0 ? macroPaths : ['macros']).map((folder) =>
      folderPath(root, folder, path),
    ),
    modelsConfig: isYamlRecord(document.models) ? document.models : {},
  };
}

function folderPath(root: string, folder: string, projectFile: string): string {
  const parts = folder.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.includes('..')) {
    throw new DbtProjectError(`${projectFile}: the path "${folder}" must name a folder inside the project`);
  }
  return `${root}${parts.join('/')}/`;
}

/**
 * dbt's hierarchical config from `models:`: configs directly under `models:`, then under the project's
 * name, then under each folder of the model's path, then under the model's own name; the deeper wins.
 * Configs of other packages (`models: {other_package: …}`) do not apply to this project's models.
 */
export function folderConfigOf(
  config: DbtProjectConfig,
  folders: string[],
  modelName: string,
): DbtModelConfig {
  let merged = ownConfigOf(config.modelsConfig);
  let node: unknown = config.modelsConfig;
  for (const key of [config.name, ...folders, modelName]) {
    node = isYamlRecord(node) ? node[key] : undefined;
    if (!isYamlRecord(node)) break;
    merged = { ...merged, ...ownConfigOf(node) };
  }
  return merged;
}

/**
 * The configs set at one level: `+key` always is a config; a bare key is one when it is a config name
 * with a plain value (a map under a bare key is a folder, even one named `schema`).
 */
export function ownConfigOf(node: YamlRecord): DbtModelConfig {
  const config: DbtModelConfig = {};
  for (const [key, value] of Object.entries(node)) {
    const name = key.startsWith('+') ? key.slice(1) : key;
    if (!configKeys.has(name) || (!key.startsWith('+') && isYamlRecord(value))) continue;
    setConfig(config, name, value);
  }
  return config;
}

/** Sets one config; a Jinja expression (`"{{ env_var('X') }}"`) cannot be evaluated without dbt, so it is skipped. */
export function setConfig(config: DbtModelConfig, name: string, value: unknown): void {
  if (name === 'enabled') {
    if (typeof value === 'boolean') config.enabled = value;
    else if (value === 'true' || value === 'false') config.enabled = value === 'true';
    return;
  }
  const text = yamlString(value);
  if (text === undefined || text.includes('{{')) return;
  if (name === 'materialized' || name === 'schema' || name === 'alias') config[name] = text;
}
